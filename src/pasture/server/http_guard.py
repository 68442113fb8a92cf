"""What every HTTP answer carries and every request is held to: security headers, a
bounded body, and a time limit on a request's headers (a client that trickles them
byte by byte is cut off instead of holding a connection for ever)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from starlette.exceptions import HTTPException
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from pasture.server import protocol
from pasture.server.websocket import take_upgrade

# The browser client loads only its own modules and stylesheet; it talks to this server
# only (the websocket included: 'self' covers ws:/wss: to the same host).
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
    " media-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none';"
    " form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
# The interactive API documentation (/docs, /redoc) loads its scripts from a CDN.
DOCS_PREFIXES = ("/docs", "/redoc")
_HEADERS = (*SECURITY_HEADERS, (b"content-security-policy", CSP.encode()))
_DOCS_HEADERS = tuple(SECURITY_HEADERS)

WEB_SUFFIXES = frozenset({".html", ".js", ".css", ".svg", ".png", ".ico", ".woff2", ".json"})


class HttpGuard:
    """ASGI middleware: refuse bodies over `max_body` bytes (413 `body_too_large`), and
    add the security headers to every answer."""

    def __init__(self, app: ASGIApp, max_body: int) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        headers = _DOCS_HEADERS if path.startswith(DOCS_PREFIXES) else _HEADERS

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *headers]}
            await send(message)

        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.max_body):
            await _too_large(send_with_headers, self.max_body)
            return
        received = 0

        async def bounded_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_body:  # a chunked body that never ends
                    # Closed after the answer: the rest of the body is never read, and no
                    # client may send another request behind it on this connection.
                    raise HTTPException(
                        413, _too_large_text(self.max_body), headers={"connection": "close"}
                    )
            return message

        await self.app(scope, bounded_receive, send_with_headers)


def _too_large_text(limit: int) -> str:
    return f"A request body is limited to {limit} bytes."


async def _too_large(send: Send, limit: int) -> None:
    body = protocol.dumps(
        {"code": "body_too_large", "message": _too_large_text(limit), "params": {"limit": limit}}
    ).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [(b"content-type", b"application/json"), (b"connection", b"close")],
        }
    )
    await send({"type": "http.response.body", "body": body})


class WebClientFiles(StaticFiles):
    """The browser client's own files only (pages, modules, styles, images): never the
    Python package they sit in (`__init__.py`, caches) nor hidden files."""

    def lookup_path(self, path: str) -> tuple[str, Any]:
        parts = Path(path).parts
        hidden = any(p.startswith((".", "_")) for p in parts)
        name = parts[-1] if parts else ""
        if hidden or ("." in name and Path(name).suffix not in WEB_SUFFIXES):
            return "", None
        return super().lookup_path(path)


class HeaderDeadline:
    """A request's headers must arrive within `seconds` of the connection, or of the last
    answer on it, or the connection is closed (uvicorn only bounds the idle time between
    requests)."""

    def __init__(self, loop: asyncio.AbstractEventLoop, seconds: float) -> None:
        self.loop, self.seconds = loop, seconds
        self._due: asyncio.TimerHandle | None = None
        self._transport: asyncio.BaseTransport | None = None

    def arm(self, transport: asyncio.BaseTransport) -> None:
        self.disarm()
        self._transport = transport
        self._due = self.loop.call_later(self.seconds, self._too_slow)

    def disarm(self) -> None:
        if self._due is not None:
            self._due.cancel()
            self._due = None

    def _too_slow(self) -> None:
        self._due = None
        if self._transport is not None and not self._transport.is_closing():
            self._transport.close()


MAX_HEADER_BYTES = 16 * 1024
"""A request's line and headers, at most (larger: 431 `headers_too_large`)."""


class _HeadersTooLarge(Exception):
    """Raised from a parser callback to stop parsing a refused request."""


class GuardedHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's HTTP/1.1 protocol (on httptools) with the header deadline and a bound on
    the size of a request's line and headers, which neither of uvicorn's HTTP protocols
    sets exactly (h11's bound counts only what is still incomplete after a read, so a
    large block of headers in one read passes).

    The bound is held twice. On the bytes as they arrive, before the parser sees them,
    from the end of the last request's body until the parser has the next one's headers:
    the parser never holds more than a bounded piece of a header. And on what the parser
    hands over (the URL, each header), for the requests pipelined behind another in the
    same read."""

    header_timeout = 10.0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline = HeaderDeadline(self.loop, self.header_timeout)
        self._counting = False
        self._header_bytes = 0
        self._tail = b""
        self._parsed_bytes = 0
        self._refused = False
        self._in_body = False
        """A request's headers are parsed and its body is still arriving: what comes is
        the body's, not the next request's head, even once the request is answered."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._start_counting()
        self._deadline.arm(self.transport)

    def data_received(self, data: bytes) -> None:
        if self._counting and not self._headers_fit(data):
            self._refuse()
            return
        super().data_received(data)

    def _headers_fit(self, data: bytes) -> bool:
        """Whether the request whose headers are awaited can still end them within
        MAX_HEADER_BYTES, `data` added: its blank line comes within the bound, or the
        bound is not reached yet (a byte search)."""
        room = MAX_HEADER_BYTES - self._header_bytes
        if b"\r\n\r\n" in self._tail + data[: max(room, 0)]:
            return True
        self._header_bytes += len(data)
        self._tail = (self._tail + data)[-3:]  # a blank line split between two reads
        return self._header_bytes <= MAX_HEADER_BYTES

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._parsed_bytes = len(b"GET  HTTP/1.1\r\n\r\n")

    def on_url(self, url: bytes) -> None:
        self._count_parsed(len(url))
        super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        self._count_parsed(len(name) + len(b": \r\n") + len(value))
        super().on_header(name, value)

    def _count_parsed(self, size: int) -> None:
        self._parsed_bytes += size
        if self._parsed_bytes > MAX_HEADER_BYTES:
            self._refuse()
            raise _HeadersTooLarge  # the parser stops; uvicorn's 400 is not sent after it

    def on_headers_complete(self) -> None:
        self._counting = False
        self._in_body = True
        self._deadline.disarm()
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        self._in_body = False
        super().on_message_complete()
        if not self.transport.is_closing():  # whatever follows is the next request's head
            self._start_counting()

    def on_response_complete(self) -> None:
        pipelined = bool(self.pipeline)  # a request parsed already is started next
        super().on_response_complete()
        if self.transport.is_closing():
            return
        if not self._counting and not self._in_body:
            self._start_counting()
        if not pipelined:
            self._deadline.arm(self.transport)

    def handle_websocket_upgrade(self) -> None:
        if not take_upgrade(self):  # a play socket is pasture's own (server/websocket.py)
            super().handle_websocket_upgrade()
        # The websocket's protocol has the connection now. The parser holds this one's
        # callbacks, a cycle only the garbage collector would free (uvicorn breaks it
        # when a connection is lost, which an upgraded one never is here): every
        # websocket would leave it behind for a middle or full collection to walk.
        self.parser = None  # type: ignore[assignment]

    def send_400_response(self, msg: str) -> None:
        if not self._refused:
            super().send_400_response(msg)

    def connection_lost(self, exc: Exception | None) -> None:
        self._deadline.disarm()
        super().connection_lost(exc)

    def _start_counting(self) -> None:
        self._counting, self._header_bytes, self._tail = True, 0, b""

    def _refuse(self) -> None:
        self._refused, self._counting = True, False
        self._deadline.disarm()
        self.transport.write(_headers_too_large())
        self.transport.close()


def _headers_too_large() -> bytes:
    text = f"A request's line and headers are limited to {MAX_HEADER_BYTES} bytes."
    body = protocol.dumps(
        {"code": "headers_too_large", "message": text, "params": {"limit": MAX_HEADER_BYTES}}
    ).encode()
    head = (
        "HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    )
    return head.encode() + body
