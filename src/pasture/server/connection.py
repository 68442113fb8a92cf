"""One websocket client: who it is, and a queue of messages written by its own task, so a
slow client never holds up its table."""

from __future__ import annotations

import asyncio
import contextlib

from starlette.websockets import WebSocket

from pasture.core.game import JSON
from pasture.server import protocol


class Connection:
    def __init__(self, websocket: WebSocket, seat: int | None, token_hash: str | None, limit: int):
        self.websocket = websocket
        self.seat = seat
        self.token_hash = token_hash
        self.closed = False
        self._limit = limit
        self._outbox: asyncio.Queue[str | int] = asyncio.Queue()

    def send(self, message: dict[str, JSON]) -> None:
        self.send_text(protocol.dumps(message))

    def send_text(self, text: str) -> None:
        if self.closed:
            return
        if self._outbox.qsize() >= self._limit:
            self.close(1013)  # too far behind: it reconnects and catches up from its version
            return
        self._outbox.put_nowait(text)

    def close(self, code: int = 1000) -> None:
        """Close after what is already queued has been sent."""
        if not self.closed:
            self.closed = True
            self._outbox.put_nowait(code)

    async def pump(self) -> None:
        """Write queued messages until closed."""
        ws = self.websocket
        outbox = self._outbox
        while True:
            item = await outbox.get()
            while True:  # send everything already queued before waiting again
                if isinstance(item, int):
                    with contextlib.suppress(Exception):
                        await ws.close(item)
                    return
                await ws.send_text(item)
                if outbox.empty():
                    break
                item = outbox.get_nowait()
