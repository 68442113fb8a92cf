"""One websocket client: who it is, and a queue of messages written by its own task, so a
slow client never holds up its table."""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque

from starlette.websockets import WebSocket

from pasture.core.game import JSON
from pasture.server import protocol
from pasture.server.frames import DirectSocket


class Connection:
    def __init__(
        self,
        websocket: WebSocket,
        seat: int | None,
        token_hash: str | None,
        limit: int,
        batch: bool = False,
    ):
        self.websocket = websocket
        self.seat = seat
        self.token_hash = token_hash
        self.closed = False
        self.batch = batch
        """The client said `batch` in its hello: what is queued goes out as one frame (a
        JSON array of messages), so a change costs one frame per connection."""
        self._limit = limit
        self._outbox: deque[str | int] = deque()
        self._ready = asyncio.Event()

    def send(self, message: dict[str, JSON]) -> None:
        self.send_text(protocol.dumps(message))

    def send_text(self, text: str) -> None:
        if self.closed:
            return
        if len(self._outbox) >= self._limit:
            self.close(1013)  # too far behind: it reconnects and catches up from its version
            return
        self._outbox.append(text)
        self._ready.set()

    def close(self, code: int = 1000) -> None:
        """Close after what is already queued has been sent."""
        if not self.closed:
            self.closed = True
            self._outbox.append(code)
            self._ready.set()

    async def pump(self) -> None:
        """Write queued messages until closed: everything queued at once goes out together
        (one frame with `batch`, else one frame each)."""
        ws = self.websocket
        direct = DirectSocket.of(ws)
        outbox = self._outbox
        ready = self._ready
        while True:
            await ready.wait()
            ready.clear()
            texts: list[str] = []
            close: int | None = None
            while outbox:
                item = outbox.popleft()
                if isinstance(item, int):
                    close = item
                    break
                texts.append(item)
            if len(texts) > 1 and self.batch:
                texts = [protocol.batch(texts)]
            for text in texts:
                if direct is not None and direct.ready():
                    direct.write(text.encode())
                else:  # handshake, back-pressure, closing: the ordinary, awaited way
                    await ws.send_text(text)
            if close is not None:
                with contextlib.suppress(Exception):
                    await ws.close(close)
                return
