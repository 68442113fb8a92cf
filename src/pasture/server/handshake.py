"""A websocket's opening handshake, server side (RFC 6455 section 4.2): the answer to an
upgrade request, or why it is refused, from the request's head as uvicorn's HTTP
protocol has parsed it (server/websocket.py keeps the socket after it)."""

from __future__ import annotations

import base64
import binascii
import hashlib

GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
"""RFC 6455 section 1.3: appended to the client's key to make the accept value."""


class HandshakeRefused(Exception):
    """An upgrade request that is not a websocket handshake this server accepts."""

    def __init__(self, status: int, reason: str, message: str, headers: str = "") -> None:
        super().__init__(message)
        self.status, self.reason, self.message, self.headers = status, reason, message, headers

    def response(self) -> bytes:
        body = f"Failed to open a WebSocket connection: {self.message}\n".encode()
        return (
            f"HTTP/1.1 {self.status} {self.reason}\r\n{self.headers}"
            "content-type: text/plain; charset=utf-8\r\n"
            f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
        ).encode() + body


def _tokens(headers: list[tuple[bytes, bytes]], name: bytes) -> list[bytes]:
    """The comma-separated tokens of every header `name` (lowercase), lowercased."""
    return [t.strip().lower() for n, v in headers if n == name for t in v.split(b",")]


def handshake_answer(method: str, http_version: str, headers: list[tuple[bytes, bytes]]) -> bytes:
    """The 101 answering a websocket opening handshake (RFC 6455 section 4.2), or
    HandshakeRefused saying what is wrong with it. `headers` as uvicorn keeps them: names
    lowercase, values as sent."""
    if method != "GET" or http_version != "1.1":
        raise HandshakeRefused(400, "Bad Request", "the request must be GET over HTTP/1.1.")
    if b"websocket" not in _tokens(headers, b"upgrade"):
        raise HandshakeRefused(400, "Bad Request", "missing 'Upgrade: websocket'.")
    if b"upgrade" not in _tokens(headers, b"connection"):
        raise HandshakeRefused(400, "Bad Request", "missing 'Connection: Upgrade'.")
    versions = [v for n, v in headers if n == b"sec-websocket-version"]
    if versions != [b"13"]:
        raise HandshakeRefused(
            426,
            "Upgrade Required",
            "Sec-WebSocket-Version must be 13.",
            "sec-websocket-version: 13\r\n",
        )
    keys = [v.strip() for n, v in headers if n == b"sec-websocket-key"]
    try:
        valid = len(keys) == 1 and len(base64.b64decode(keys[0], validate=True)) == 16
    except binascii.Error:
        valid = False
    if not valid:
        raise HandshakeRefused(
            400, "Bad Request", "Sec-WebSocket-Key must be one key of 16 bytes in base64."
        )
    accept = base64.b64encode(hashlib.sha1(keys[0] + GUID).digest())
    return (
        b"HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: Upgrade\r\n"
        b"sec-websocket-accept: " + accept + b"\r\n\r\n"
    )
