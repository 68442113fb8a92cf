"""The lobby's two writes of every match, opening a table and taking a seat, answered
without FastAPI's request machinery: its routing, dependency solving and response
validation cost most of their CPU (bench/bench_server.py --setup-costs).

Only the ordinary request is answered here: a JSON body of declared length that the
route's own model accepts. Anything else (another content type, a body FastAPI would
refuse, a seat that is no number) goes on to the FastAPI route with its body, and is
answered there as before, so every refusal keeps its status, code and sentence. Either
way the same `rest.Lobby` method does the work and the same model shapes the answer.
The lane sits inside HttpGuard (security headers, body bound) and, with --redis,
inside the forwarding of a table's requests to its owner (server/forward.py).
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, TypeAdapter, ValidationError
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pasture.server.errors import ServerError, http_answer
from pasture.server.rest import Join, Joined, Lobby, NewTable, TableOut

SEAT_PATH = re.compile(r"^/api/tables/([A-Za-z0-9_-]{1,32})/seats/([0-9]{1,6})$")
JSON_TYPES = (b"application/json", b"application/json; charset=utf-8")

_TABLE_OUT = TypeAdapter(TableOut)
_JOINED = TypeAdapter(Joined)


class LobbyLane:
    """ASGI middleware: POST /api/tables and POST /api/tables/{id}/seats/{n}, when
    ordinary, are answered here; every other request goes on to `app`."""

    def __init__(self, app: ASGIApp, lobby: Lobby) -> None:
        self.app = app
        self.lobby = lobby

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        seat_path = None if path == "/api/tables" else SEAT_PATH.match(path)
        if seat_path is None and path != "/api/tables":
            await self.app(scope, receive, send)
            return
        length = content_type = None
        for name, value in scope["headers"]:
            if name == b"content-length":
                length = value
            elif name == b"content-type":
                content_type = value.lower()
        if content_type not in JSON_TYPES or length is None or not length.isdigit():
            await self.app(scope, receive, send)
            return
        body = await _read_body(receive)
        if body is None:  # the client went away
            return
        try:
            parsed = (NewTable if seat_path is None else Join).model_validate_json(body)
        except ValidationError:  # FastAPI's route says what is wrong, as it always has
            await self.app(scope, _replay(body, receive), send)
            return
        request = Request(scope)
        try:
            if isinstance(parsed, NewTable):
                status, content = (
                    201,
                    _dump(_TABLE_OUT, await self.lobby.open_table(parsed, request)),
                )
            else:
                assert isinstance(parsed, Join) and seat_path is not None
                table_id, seat = seat_path.group(1), int(seat_path.group(2))
                joined = await self.lobby.take_seat(table_id, seat, parsed, request)
                status, content = 200, _dump(_JOINED, joined)
            headers = [(b"content-type", b"application/json")]
        except ServerError as e:
            status = e.status
            content, headers = http_answer(e)
        headers.append((b"content-length", str(len(content)).encode()))
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": content})


def _dump(model: TypeAdapter[Any], content: dict[str, Any]) -> bytes:
    """The answer as FastAPI's route gives it: checked against its response model and
    written by it."""
    value: BaseModel = model.validate_python(content)
    return model.dump_json(value, by_alias=True)


async def _read_body(receive: Receive) -> bytes | None:
    """The request's body (of a declared length, within HttpGuard's bound), or None
    when the client disconnects first."""
    chunks: list[bytes] = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return None
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            return b"".join(chunks)


def _replay(body: bytes, receive: Receive) -> Receive:
    """A receive that hands the body read already to the next app, then reads on."""
    pending = True

    async def replayed() -> Message:
        nonlocal pending
        if pending:
            pending = False
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replayed
