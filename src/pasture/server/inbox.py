"""Messages read straight from the socket of uvicorn's websockets-sansio protocol: the
reading half of server/frames.py.

Through uvicorn and Starlette, every message a client sends is parsed by the protocol's
`websockets` connection, made an ASGI message dict and put on an asyncio queue; reading
is paused until the application takes it, then resumed (two calls into the event loop
per message), and Starlette's `WebSocket.receive` checks and hands it on. Once a play
socket is open and that queue is empty, an `Inbox` takes over the transport's callbacks
from the protocol: the same sans-I/O connection still parses every frame (so its bounds
and checks stay: the size limit, masking, control frames, UTF-8), a complete message
goes straight to the one reader, and everything else goes to the protocol's own
handlers (a ping, a pong, a close, a parser error: the close handshake, the keep-alive
and the bookkeeping stay uvicorn's). Reading is paused only while a message waits for
a busy reader. Where no such protocol is found (another ASGI server, a test client), or
while messages still wait in the queue, the socket is read the ordinary way.
"""

from __future__ import annotations

import asyncio
import weakref
from collections import deque
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect
from websockets.frames import Frame, Opcode
from websockets.protocol import State

from pasture.server.frames import DirectSocket


class Inbox(asyncio.Protocol):
    """A play socket's messages, from the transport's data callback to `next`."""

    def __init__(self, protocol: Any) -> None:
        self._protocol = protocol
        self._conn = protocol.conn
        self._transport: asyncio.Transport = protocol.transport
        self._messages: deque[str | bytes] = deque()
        self._waiter: asyncio.Future[None] | None = None
        self._closed: int | None = None
        """The close code once the client is gone or being closed (what is queued is
        still read first)."""
        self._parts: list[bytes | bytearray | memoryview] = []
        """The frames so far of a fragmented message."""
        self._text = True

    @classmethod
    def take(cls, websocket: WebSocket) -> Inbox | None:
        """Read `websocket` directly from now on, if it is an open uvicorn sans-I/O
        socket that is reading and holds no message read but not yet taken (none in its
        ASGI queue, no part of one): else None (read it the ordinary way, and try again
        later)."""
        if DirectSocket.of(websocket) is None:
            return None
        protocol = websocket._send.__self__  # type: ignore[attr-defined]
        queue = getattr(protocol, "queue", None)
        transport = protocol.transport
        if (
            not isinstance(queue, asyncio.Queue)
            or not queue.empty()
            or getattr(protocol, "read_paused", None) is not False
            or getattr(protocol, "frames", None) != []  # part of a fragmented message
            or protocol.close_sent
            or protocol.disconnected
            or protocol.conn.state is not State.OPEN
            or transport.is_closing()
            or transport.get_protocol() is not protocol
        ):
            return None
        inbox = cls(protocol)
        protocol.queue = _Disconnects(inbox)
        transport.set_protocol(inbox)
        return inbox

    async def next(self) -> str | bytes:
        """The next message (text, or the bytes of a binary one); WebSocketDisconnect
        once the client is gone and every message it sent before has been read."""
        messages = self._messages
        while not messages:
            if self._closed is not None:
                raise WebSocketDisconnect(self._closed)
            waiter = self._waiter = asyncio.get_running_loop().create_future()
            try:
                await waiter
            finally:
                self._waiter = None
        message = messages.popleft()
        protocol = self._protocol
        if not messages and protocol.read_paused and not protocol.close_sent:
            protocol.read_paused = False
            self._transport.resume_reading()
        return message

    # -- the transport's callbacks ---------------------------------------------------------

    def data_received(self, data: bytes) -> None:
        conn = self._conn
        conn.receive_data(data)
        if conn.parser_exc is not None:  # e.g. too large, unmasked: uvicorn closes
            self._protocol.handle_parser_exception()
            return
        for event in conn.events_received():
            if not isinstance(event, Frame):
                continue
            opcode = event.opcode
            if opcode is Opcode.TEXT or opcode is Opcode.BINARY:
                self._text = opcode is Opcode.TEXT
                self._parts = [event.data]
                if event.fin:
                    self._message()
            elif opcode is Opcode.CONT:
                self._parts.append(event.data)
                if event.fin:
                    self._message()
            elif opcode is Opcode.PING:
                self._protocol.handle_ping()
            elif opcode is Opcode.PONG:
                self._protocol.handle_pong(event)
            elif opcode is Opcode.CLOSE:
                self._protocol.handle_close(event)

    def _message(self) -> None:
        parts, self._parts = self._parts, []
        data = bytes(parts[0]) if len(parts) == 1 else b"".join(parts)
        protocol = self._protocol
        if protocol.close_sent:  # past our close: read no more (as uvicorn does)
            return
        message: str | bytes = data
        if self._text:
            try:
                message = data.decode()
            except UnicodeDecodeError:  # as uvicorn answers it
                self._conn.send_close(1007)
                protocol.handle_parser_exception()
                return
        self._messages.append(message)
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)
        elif not protocol.read_paused:  # the reader is busy: read on once it is free
            protocol.read_paused = True
            self._transport.pause_reading()

    def gone(self, code: int) -> None:
        """The client is gone, or is being closed (`code`): `next` says so once what
        came before is read."""
        if self._closed is None:
            self._closed = code
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    def connection_lost(self, exc: Exception | None) -> None:
        self._protocol.connection_lost(exc)

    def eof_received(self) -> bool | None:
        return self._protocol.eof_received()  # type: ignore[no-any-return]

    def pause_writing(self) -> None:
        self._protocol.pause_writing()

    def resume_writing(self) -> None:
        self._protocol.resume_writing()


class _Disconnects:
    """Stands in for the protocol's ASGI queue once an Inbox reads its socket: what
    uvicorn puts there is then only ever the disconnect it tells the application of
    (the client's close, a close sent by the server, a broken frame, a lost
    connection, the server shutting down), which the Inbox's reader is told at once,
    as it was through the queue."""

    def __init__(self, inbox: Inbox) -> None:
        # Weak: the protocol holds this and the Inbox the protocol, a cycle that would
        # leave every closed socket's objects to the garbage collector.
        self._inbox = weakref.ref(inbox)

    def put_nowait(self, message: dict[str, Any]) -> None:
        inbox = self._inbox()
        if inbox is not None and message.get("type") == "websocket.disconnect":
            inbox.gone(int(message.get("code", 1005)))
