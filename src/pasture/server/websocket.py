"""Play sockets served by pasture itself: the server side of RFC 6455 for
/ws/tables/{id} under `pasture serve`.

uvicorn parses a request's head (httptools, server/http_guard.py); when it is a websocket
upgrade to a play path, the connection is answered and kept here instead of by uvicorn's
websocket protocol. That protocol parsed the head a second time in Python, built an ASGI
scope, a response with its headers and a task per socket, and handed every message
through an asyncio queue and Starlette's `WebSocket`: about half a millisecond of the
event loop per handshake, a table set up four times, and a few dozen objects per socket
for the garbage collector. Here a handshake is checked and answered in one write, the
play handler runs as the socket's task, and each frame read goes from the transport's
data callback to that handler.

What a client may send is bounded as before: frames must be masked and their reserved
bits clear, control frames short and whole, a message at most `max_size` bytes and
`MAX_FRAGMENTS` frames (1009), text valid UTF-8 (1007), a close code one a peer may
send; anything else closes the socket with 1002. No extension is negotiated (frames are
small JSON texts: compressing them would cost more CPU than it saves). Pings are
answered, except while the client reads too slowly to take more; the server pings every
`ping_interval` seconds and closes (1011) a socket that does not answer within
`ping_timeout`, as uvicorn's protocol did with the same settings. A close is answered
and the connection closed; a close sent by the server waits `CLOSE_TIMEOUT` for the
client's answer. uvicorn's shutdown closes every socket with 1012 and waits for their
handlers (they are among its connections and tasks).

Any other websocket (another path, or an application that serves no play sockets) goes
on to uvicorn's own protocol; under another ASGI server, play sockets go through ASGI
(server/sockets.py `AsgiSocket`).
"""

from __future__ import annotations

import asyncio
import logging
import random
import struct
from collections import deque
from collections.abc import Awaitable
from typing import Any, Protocol
from urllib.parse import unquote

import httptools
from starlette.websockets import WebSocketDisconnect

from pasture.server import frames
from pasture.server.frames import BINARY, CLOSE, CONTINUATION, PING, PONG, TEXT
from pasture.server.handshake import HandshakeRefused, handshake_answer

try:
    from websockets.speedups import apply_mask
except ImportError:  # pragma: no cover - the library without its C extension
    from websockets.utils import apply_mask

log = logging.getLogger("pasture.server")

MAX_FRAGMENTS = 1024
"""Frames of one message, at the most (empty ones would otherwise pile up in memory
without counting towards its size)."""
CLOSE_TIMEOUT = 10.0
"""Seconds a close sent by the server waits for the client's before the connection is
closed anyway."""


class PlayRoute(Protocol):
    """The application's side: which paths are play sockets, and their handler (an
    application that has them says so by a true `serves_play_sockets`)."""

    serves_play_sockets: bool

    def play_table(self, path: str) -> str | None:
        """The table a play socket's path names (None: not a play path)."""
        ...

    async def play_socket(self, socket: ServerWebSocket, table_id: str) -> None:
        """Serve one play socket until it closes."""
        ...


def _valid_close_code(code: int) -> bool:
    """A code a peer may send in a close frame (RFC 6455 section 7.4)."""
    return code in (1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014) or (
        3000 <= code < 5000
    )


def find_route(app: Any) -> PlayRoute | None:
    """The application behind uvicorn's wrappers (each keeps the one it wraps as `app`)
    that serves play sockets, if any."""
    for _ in range(8):
        if getattr(app, "serves_play_sockets", False):
            return app  # type: ignore[no-any-return]
        app = getattr(app, "app", None)
        if app is None:
            return None
    return None


def take_upgrade(http: Any) -> bool:
    """Answer the websocket upgrade request that uvicorn's HTTP protocol `http` has just
    parsed, if it is to a play path of an application that serves play sockets; false:
    not one (uvicorn's websocket protocol takes it)."""
    route = find_route(http.app)
    if route is None:
        return False
    try:
        path = unquote(httptools.parse_url(http.url).path.decode("ascii"))
    except (httptools.HttpParserInvalidURLError, UnicodeDecodeError):
        return False
    table_id = route.play_table(path)
    if table_id is None:
        return False
    http.connections.discard(http)
    transport: asyncio.Transport = http.transport
    scope = http.scope
    try:
        answer = handshake_answer(
            scope["method"], scope.get("http_version", "1.1"), scope["headers"]
        )
    except HandshakeRefused as refused:
        transport.write(refused.response())
        transport.close()
        return True
    config = http.config
    socket = ServerWebSocket(
        transport,
        http.server_state.connections,
        max_size=config.ws_max_size,
        ping_interval=config.ws_ping_interval,
        ping_timeout=config.ws_ping_timeout,
    )
    transport.set_protocol(socket)
    transport.write(answer)
    socket.serve(route.play_socket(socket, table_id), http.server_state.tasks)
    return True


class ServerWebSocket(asyncio.Protocol):
    """One play socket, from its handshake's answer until its connection is lost."""

    def __init__(
        self,
        transport: asyncio.Transport,
        connections: set[Any],
        max_size: int,
        ping_interval: float | None = None,
        ping_timeout: float | None = None,
    ) -> None:
        self.transport = transport
        self._loop = asyncio.get_running_loop()
        self._connections = connections
        connections.add(self)
        self._max_size = max_size
        self._buffer = bytearray()
        self._messages: deque[str | bytes] = deque()
        self._waiter: asyncio.Future[None] | None = None
        self._parts: list[bytes] = []
        """The frames so far of a fragmented message (empty: none is begun)."""
        self._size = 0
        self._text = True
        self._ended: int | None = None
        """The close code once no more messages will come (what is queued is read first)."""
        self.close_sent = False
        self._lost = False
        self._read_paused = False
        self._writable = True
        self._drained: asyncio.Future[None] | None = None
        self._close_timer: asyncio.TimerHandle | None = None
        self._ping_interval = ping_interval if ping_interval else None
        self._ping_timeout = ping_timeout
        self._ping_timer: asyncio.TimerHandle | None = None
        self._pong_timer: asyncio.TimerHandle | None = None
        self._ping_payload: bytes | None = None
        if self._ping_interval is not None:
            self._ping_timer = self._loop.call_later(self._ping_interval, self._ping)

    def serve(self, handler: Awaitable[None], tasks: set[asyncio.Task[None]]) -> None:
        """Run the socket's handler as its task, one of `tasks` while it runs (uvicorn
        waits for those when it shuts down); a socket its handler left open is closed."""
        task = asyncio.ensure_future(handler)
        tasks.add(task)

        def done(task: asyncio.Task[None]) -> None:
            tasks.discard(task)
            failed = not task.cancelled() and task.exception() is not None
            if failed:
                log.error("play socket handler failed", exc_info=task.exception())
            self.close_now(1011 if failed else 1000)

        task.add_done_callback(done)

    # -- what the play handler uses (server/sockets.py PlaySocket) -------------------------

    async def receive(self) -> str | bytes:
        messages = self._messages
        while not messages:
            if self._ended is not None:
                raise WebSocketDisconnect(self._ended)
            waiter = self._waiter = self._loop.create_future()
            try:
                await waiter
            finally:
                self._waiter = None
        message = messages.popleft()
        if not messages and self._read_paused and not self._lost:
            self._read_paused = False
            self.transport.resume_reading()
        return message

    async def send_text(self, text: str) -> None:
        while not self._writable and not self._lost:
            if self._drained is None:  # one future for every sender waiting
                self._drained = self._loop.create_future()
            await asyncio.shield(self._drained)
        if not self.close_sent and not self._lost:
            self.transport.write(frames.text_frame(text.encode()))

    async def close(self, code: int) -> None:
        self.close_now(code)

    def ready(self) -> bool:
        return self._writable and not self.close_sent and not self._lost

    def write_frames(self, data: bytes) -> None:
        self.transport.write(data)

    def close_now(self, code: int, reason: str = "") -> None:
        """Send a close frame (once) and wait `CLOSE_TIMEOUT` for the client's; no
        message is read after it."""
        if self.close_sent or self._lost:
            return
        self.close_sent = True
        self.transport.write(frames.close_frame(code, reason))
        self._end(code)
        self._stop_pinging()
        self._close_timer = self._loop.call_later(CLOSE_TIMEOUT, self.transport.close)
        if self._read_paused:  # read on, for the client's close
            self._read_paused = False
            self.transport.resume_reading()

    def shutdown(self) -> None:
        """The server is shutting down (uvicorn calls this on its connections)."""
        self.close_now(1012)
        self.transport.close()

    # -- the transport's callbacks -------------------------------------------------------------

    def data_received(self, data: bytes) -> None:
        if self.transport.is_closing():
            return
        buffer = self._buffer
        buffer += data
        start = 0
        end = len(buffer)
        while end - start >= 2:
            first, second = buffer[start], buffer[start + 1]
            length = second & 0x7F
            head = 6
            if length == 126:
                if end - start < 4:
                    break
                length = (buffer[start + 2] << 8) | buffer[start + 3]
                head = 8
            elif length == 127:
                if end - start < 10:
                    break
                (length,) = struct.unpack_from("!Q", buffer, start + 2)
                head = 14
            opcode = first & 0x0F
            problem = self._frame_problem(first, second, opcode, length)
            if problem is not None:
                self._fail(*problem)
                return
            if end - start < head + length:
                break
            mask = bytes(buffer[start + head - 4 : start + head])
            payload = apply_mask(buffer[start + head : start + head + length], mask)
            start += head + length
            self._frame(opcode, bool(first & 0x80), payload)
            if self.transport.is_closing():
                return
        del buffer[:start]

    def _frame_problem(
        self, first: int, second: int, opcode: int, length: int
    ) -> tuple[int, str] | None:
        """Why a frame with this header closes the socket (code, reason), if it does."""
        if first & 0x70:
            return 1002, "reserved bits set"
        if not second & 0x80:
            return 1002, "frames from a client must be masked"
        if opcode >= CLOSE:
            if opcode > PONG:
                return 1002, "unknown opcode"
            if not first & 0x80 or length > 125:
                return 1002, "control frames are whole and at most 125 bytes"
            return None
        if opcode > BINARY:
            return 1002, "unknown opcode"
        if (opcode == CONTINUATION) != bool(self._parts):
            return 1002, "a fragment out of place"
        if self._size + length > self._max_size:
            return 1009, f"messages are limited to {self._max_size} bytes"
        if len(self._parts) >= MAX_FRAGMENTS:
            return 1009, f"messages are limited to {MAX_FRAGMENTS} frames"
        return None

    def _frame(self, opcode: int, fin: bool, payload: bytes) -> None:
        if opcode in (TEXT, BINARY):
            self._text = opcode == TEXT
            if fin:
                self._message(payload)
            else:
                self._parts, self._size = [payload], len(payload)
        elif opcode == CONTINUATION:
            self._parts.append(payload)
            self._size += len(payload)
            if fin:
                parts, self._parts, self._size = self._parts, [], 0
                self._message(b"".join(parts))
        elif opcode == PING:
            # Not while the client reads too slowly: pongs would pile up in memory for a
            # ping flood (RFC 6455 5.5.3 lets a pong answer only the latest ping).
            if self._writable and not self.close_sent:
                self.transport.write(frames.frame(PONG, payload))
        elif opcode == PONG:
            if payload == self._ping_payload:
                self._pong()
        else:
            self._closed_by_client(payload)

    def _message(self, data: bytes) -> None:
        if self.close_sent:  # past our close: read no more
            return
        message: str | bytes = data
        if self._text:
            try:
                message = data.decode()
            except UnicodeDecodeError:
                self._fail(1007, "text must be UTF-8")
                return
        self._messages.append(message)
        if not self._wake_reader() and not self._read_paused:
            # the reader is busy: read on once it is free
            self._read_paused = True
            self.transport.pause_reading()

    def _closed_by_client(self, payload: bytes) -> None:
        if self.close_sent:  # the answer to ours: the closing handshake is complete
            self.transport.close()
            return
        if len(payload) == 1:
            self._fail(1002, "a close frame's code is two bytes")
            return
        code = 1005
        if payload:
            (code,) = struct.unpack_from("!H", payload)
            if not _valid_close_code(code):
                self._fail(1002, "not a close code a client may send")
                return
            try:
                payload[2:].decode()
            except UnicodeDecodeError:
                self._fail(1007, "a close reason must be UTF-8")
                return
        self._fail(code)  # the answer, then the connection closed at once

    def _fail(self, code: int, reason: str = "") -> None:
        """Close with `code`, and the connection at once (the client broke the protocol,
        or closed first)."""
        self.close_now(code, reason)
        self.transport.close()

    def _end(self, code: int) -> None:
        if self._ended is None:
            self._ended = code
        self._wake_reader()

    def _wake_reader(self) -> bool:
        """Wake the reader if it waits (true if it did)."""
        waiter = self._waiter
        if waiter is None or waiter.done():
            return False
        waiter.set_result(None)
        return True

    def connection_lost(self, exc: Exception | None) -> None:
        self._lost = True
        self._connections.discard(self)
        self._end(1006)
        self._stop_pinging()
        if self._close_timer is not None:
            self._close_timer.cancel()
            self._close_timer = None
        self.resume_writing()

    def eof_received(self) -> bool | None:
        return None  # the transport closes itself

    def pause_writing(self) -> None:
        self._writable = False

    def resume_writing(self) -> None:
        self._writable = True
        drained = self._drained
        if drained is not None and not drained.done():
            drained.set_result(None)
        self._drained = None

    # -- keep-alive ----------------------------------------------------------------------------

    def _ping(self) -> None:
        self._ping_timer = None
        if self.close_sent or self._lost:
            return
        self._ping_payload = struct.pack("!I", random.getrandbits(32))
        self.transport.write(frames.frame(PING, self._ping_payload))
        if self._ping_timeout:
            self._pong_timer = self._loop.call_later(self._ping_timeout, self._no_pong)
        else:
            self._schedule_ping()

    def _pong(self) -> None:
        self._ping_payload = None
        if self._pong_timer is not None:
            self._pong_timer.cancel()
            self._pong_timer = None
            self._schedule_ping()

    def _schedule_ping(self) -> None:
        if self._ping_interval is not None:
            self._ping_timer = self._loop.call_later(self._ping_interval, self._ping)

    def _no_pong(self) -> None:
        self._pong_timer = None
        self._fail(1011, "keepalive ping timeout")

    def _stop_pinging(self) -> None:
        for timer in (self._ping_timer, self._pong_timer):
            if timer is not None:
                timer.cancel()
        self._ping_timer = self._pong_timer = None
        self._ping_payload = None
