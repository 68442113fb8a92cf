"""HTTP requests about a table owned by another process are answered by that process:
this ASGI middleware sends the request over the bus and returns the owner's response."""

from __future__ import annotations

import base64
import re
from typing import Any
from urllib.parse import unquote

from starlette.types import ASGIApp, Receive, Scope, Send

from pasture.server import protocol
from pasture.server.cluster import FORWARDED, Cluster
from pasture.server.errors import ServerError

TABLE_PATH = re.compile(r"^/api/tables/([^/]+)(?:/|$)")
MAX_BODY = 1024 * 1024


class ForwardToOwner:
    def __init__(self, app: ASGIApp, state: dict[str, Any]) -> None:
        self.app = app
        self.state = state

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        cluster: Cluster | None = self.state.get("cluster")
        found = TABLE_PATH.match(scope["path"]) if scope["type"] == "http" else None
        if (
            cluster is None
            or found is None
            or any(name == FORWARDED for name, _ in scope.get("headers", []))
        ):
            await self.app(scope, receive, send)
            return
        try:
            owner = await cluster.owner_of(unquote(found.group(1)))
            if owner == cluster.node:
                await self.app(scope, receive, send)
                return
            body = await _read_body(receive)
            answer = await cluster.call(
                owner,
                "http",
                method=scope["method"],
                path=scope["path"],
                query=scope.get("query_string", b"").decode("latin-1"),
                headers=[(k.decode("latin-1"), v.decode("latin-1")) for k, v in scope["headers"]],
                body=base64.b64encode(body).decode(),
                client=list(scope.get("client") or ("?", 0)),
            )
        except ServerError as e:
            await _respond(send, e.status, [("content-type", "application/json")], _error(e))
            return
        await _respond(
            send, int(answer["status"]), answer["headers"], base64.b64decode(answer["body"])
        )


def _error(e: ServerError) -> bytes:
    return protocol.dumps(e.to_json()).encode()


async def _read_body(receive: Receive) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunk = bytes(message.get("body", b""))
        size += len(chunk)
        if size > MAX_BODY:
            raise ServerError(
                413, "too_large", f"Requests are limited to {MAX_BODY} bytes.", {"limit": MAX_BODY}
            )
        chunks.append(chunk)
        if not message.get("more_body"):
            break
    return b"".join(chunks)


async def _respond(send: Send, status: int, headers: list[Any], body: bytes) -> None:
    raw = [
        (str(k).encode("latin-1"), str(v).encode("latin-1"))
        for k, v in headers
        if str(k).lower() != "content-length"
    ]
    raw.append((b"content-length", str(len(body)).encode()))
    await send({"type": "http.response.start", "status": status, "headers": raw})
    await send({"type": "http.response.body", "body": body})
