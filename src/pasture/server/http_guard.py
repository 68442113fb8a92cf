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
from uvicorn.protocols.http.h11_impl import H11Protocol

from pasture.server import protocol

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
        headers = list(SECURITY_HEADERS)
        if not path.startswith(DOCS_PREFIXES):
            headers.append((b"content-security-policy", CSP.encode()))

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
                    raise HTTPException(413, _too_large_text(self.max_body))
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


class GuardedH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a limit on the time a request's headers may take
    to arrive (uvicorn only bounds the idle time between requests)."""

    header_timeout = 10.0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._headers_due: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def handle_events(self) -> None:
        before = self.scope
        super().handle_events()
        if self.scope is not before:  # a request's headers are complete
            self._disarm()

    def _arm(self) -> None:
        self._disarm()
        self._headers_due = self.loop.call_later(self.header_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self._headers_due is not None:
            self._headers_due.cancel()
            self._headers_due = None

    def _too_slow(self) -> None:
        self._headers_due = None
        if not self.transport.is_closing():
            self.transport.close()
