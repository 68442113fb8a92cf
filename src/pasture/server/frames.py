"""Text frames written straight to the socket of uvicorn's websockets-sansio protocol.

Every change sends each connection a frame. Through Starlette and uvicorn, one frame is
an ASGI message, an awaited send, the websockets state machine and a join of its output:
about as much CPU as encoding the view itself. A server text frame is two to ten bytes of
header and the payload (unmasked, RFC 6455 section 5.2), so while the socket is open and
not applying back-pressure the frame is written here directly; in any other state (the
handshake, a close, a slow client, another ASGI server, a test client) the message goes
the ordinary way, through `WebSocket.send_text`, which waits or raises as it should.
"""

from __future__ import annotations

import asyncio
import struct
from typing import Any

from starlette.websockets import WebSocket
from websockets.protocol import State


def text_frame(payload: bytes) -> bytes:
    """One final text frame from the server (never masked)."""
    n = len(payload)
    if n < 126:
        return bytes((0x81, n)) + payload
    if n < 1 << 16:
        return struct.pack("!BBH", 0x81, 126, n) + payload
    return struct.pack("!BBQ", 0x81, 127, n) + payload


class DirectSocket:
    """The uvicorn protocol object behind a Starlette websocket, when it is one that keeps
    a `websockets` sans-I/O connection and an asyncio transport."""

    def __init__(self, protocol: Any) -> None:
        self._protocol = protocol
        self._transport: asyncio.Transport = protocol.transport
        self._writable: asyncio.Event = protocol.writable

    @classmethod
    def of(cls, websocket: WebSocket) -> DirectSocket | None:
        protocol = getattr(websocket._send, "__self__", None)  # the ASGI send's owner
        needed = ("transport", "writable", "conn", "close_sent", "disconnected")
        if protocol is None or not all(hasattr(protocol, name) for name in needed):
            return None
        if not isinstance(getattr(protocol.conn, "state", None), State):
            return None
        if not isinstance(protocol.writable, asyncio.Event):
            return None
        return cls(protocol)

    def ready(self) -> bool:
        """Open, handshake done, nothing closing, and the transport takes more now."""
        p = self._protocol
        return (
            self._writable.is_set()
            and not p.close_sent
            and not p.disconnected
            and p.conn.state is State.OPEN
            and not self._transport.is_closing()
        )

    def write(self, payload: bytes) -> None:
        self._transport.write(text_frame(payload))

    def write_frames(self, frames: bytes) -> None:
        """Frames already made (`text_frame`), in one write: one system call."""
        self._transport.write(frames)
