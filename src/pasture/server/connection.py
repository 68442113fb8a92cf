"""One websocket client: who it is, and a queue of messages, so a slow client never holds
up its table. What a change queues is written once the change is done, straight to the
socket by one callback for every connection of the event loop; while a socket is not
ready for that (the handshake, back-pressure, a close), by the connection's own task."""

from __future__ import annotations

import asyncio
import contextlib
import weakref
from collections import deque

from pasture.core.game import JSON
from pasture.server import protocol
from pasture.server.frames import text_frame
from pasture.server.sockets import PlaySocket


class _Flusher:
    """The connections of one event loop with something to write, flushed together by
    one callback: a change queues frames for every connection of its table."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.due: list[Connection] = []

    def add(self, conn: Connection) -> None:
        if not self.due:
            self.loop.call_soon(self.flush)
        self.due.append(conn)

    def flush(self) -> None:
        due, self.due = self.due, []
        for conn in due:
            conn._flush()


_flushers: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Flusher] = (
    weakref.WeakKeyDictionary()
)


def _flusher() -> _Flusher:
    loop = asyncio.get_running_loop()
    flusher = _flushers.get(loop)
    if flusher is None:
        flusher = _flushers[loop] = _Flusher(loop)
    return flusher


class Connection:
    def __init__(
        self,
        socket: PlaySocket,
        seat: int | None,
        token_hash: str | None,
        limit: int,
        batch: bool = False,
    ):
        self.socket = socket
        self.seat = seat
        self.token_hash = token_hash
        self.closed = False
        self.batch = batch
        """The client said `batch` in its hello: what is queued goes out as one frame (a
        JSON array of messages), so a change costs one frame per connection."""
        self._limit = limit
        self._outbox: deque[str | int] = deque()
        self._ready = asyncio.Event()
        self._pumping = True
        """The pump task owns the outbox (at the start, on back-pressure, to close): what
        is queued waits for it. Otherwise a flush callback writes the outbox directly."""
        self._flush_due = False
        self._flusher: _Flusher | None = None

    def send(self, message: dict[str, JSON]) -> None:
        self.send_text(protocol.dumps(message))

    def send_text(self, text: str) -> None:
        if self.closed:
            return
        if len(self._outbox) >= self._limit:
            self.close(1013)  # too far behind: it reconnects and catches up from its version
            return
        self._outbox.append(text)
        self._wake()

    def send_texts(self, texts: list[str]) -> None:
        """Several encoded messages, in order (what `send_text` does for each)."""
        if self.closed:
            return
        if len(self._outbox) + len(texts) > self._limit:
            self.close(1013)
            return
        self._outbox.extend(texts)
        self._wake()

    def close(self, code: int = 1000) -> None:
        """Close after what is already queued has been sent."""
        if not self.closed:
            self.closed = True
            self._outbox.append(code)
            self._wake()

    def _wake(self) -> None:
        """Have what is queued written once the current callback is done: what one change
        queues (ack, events, view) goes out together, as one write."""
        if self._pumping:
            self._ready.set()
        elif not self._flush_due and self._flusher is not None:  # set when the pump started
            self._flush_due = True
            self._flusher.add(self)

    def _take(self) -> tuple[list[str], int | None]:
        """What is queued up to a close (the close code is taken too)."""
        outbox = self._outbox
        texts: list[str] = []
        while outbox:
            item = outbox.popleft()
            if isinstance(item, int):
                return texts, item
            texts.append(item)
        return texts, None

    def _frames(self, texts: list[str]) -> list[str]:
        if len(texts) > 1 and self.batch:
            return [protocol.batch(texts)]
        return texts

    def _flush(self) -> None:
        """Write the outbox straight to the socket in one write (a callback, not a task:
        one change of a table wakes no task per connection), unless the socket is not
        ready or a close is queued: then the pump takes over."""
        self._flush_due = False
        outbox = self._outbox
        if self._pumping or not outbox:
            return
        socket = self.socket
        if not socket.ready() or isinstance(outbox[-1], int):
            self._pumping = True
            self._ready.set()
            return
        texts, _ = self._take()
        socket.write_frames(b"".join(text_frame(t.encode()) for t in self._frames(texts)))

    async def pump(self) -> None:
        """Write queued messages while the socket cannot be written to directly, and the
        close: everything queued at once goes out together (one frame with `batch`, else
        one frame each)."""
        socket = self.socket
        self._flusher = _flusher()
        outbox = self._outbox
        ready = self._ready
        while True:
            await ready.wait()
            ready.clear()
            texts, close = self._take()
            for text in self._frames(texts):
                if socket.ready():
                    socket.write_frames(text_frame(text.encode()))
                else:  # back-pressure, ASGI: the awaited way
                    await socket.send_text(text)
            if close is not None:
                with contextlib.suppress(Exception):
                    await socket.close(close)
                return
            if outbox:
                ready.set()
            elif socket.ready():
                self._pumping = False  # back to direct writes, from the next message on
