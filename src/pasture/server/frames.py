"""The frames a server writes (RFC 6455 section 5.2): never masked, two to ten bytes of
header before the payload."""

from __future__ import annotations

import struct

CONTINUATION, TEXT, BINARY, CLOSE, PING, PONG = 0x0, 0x1, 0x2, 0x8, 0x9, 0xA
"""The opcodes."""


def frame(opcode: int, payload: bytes) -> bytes:
    """One final frame from the server."""
    first = 0x80 | opcode
    n = len(payload)
    if n < 126:
        return bytes((first, n)) + payload
    if n < 1 << 16:
        return struct.pack("!BBH", first, 126, n) + payload
    return struct.pack("!BBQ", first, 127, n) + payload


def text_frame(payload: bytes) -> bytes:
    """One final text frame from the server."""
    n = len(payload)
    if n < 126:  # most messages: the short header, built without a call
        return bytes((0x81, n)) + payload
    return frame(TEXT, payload)


def close_frame(code: int, reason: str = "") -> bytes:
    """A close frame with `code` (1005: none, an empty close frame)."""
    if code == 1005:
        return frame(CLOSE, b"")
    # at most 125 bytes in all, and never half a character
    text = reason.encode()[:123].decode(errors="ignore").encode()
    return frame(CLOSE, struct.pack("!H", code) + text)
