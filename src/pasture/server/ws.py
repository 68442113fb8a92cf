"""Play over a websocket: /ws/tables/{id}. The first message is a hello (with the seat
token, or none to watch); then the client sends actions and receives its seat's view and
the events it may see. docs/server.md describes every message and error code."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from fastapi import FastAPI, WebSocket, WebSocketDisconnect
from starlette.types import Receive, Scope, Send

from pasture.server import protocol
from pasture.server.chat import ChatService
from pasture.server.connection import Connection
from pasture.server.errors import ServerError
from pasture.server.limits import TokenBucket, rate_limited
from pasture.server.live import token_hash
from pasture.server.manager import TableManager
from pasture.server.protocol import loads
from pasture.server.settings import Settings
from pasture.server.sockets import AsgiSocket, PlaySocket
from pasture.server.text import check_message, is_plain

MAX_TOKEN = 256


def parse_message(text: str | bytes, limit: int) -> dict[str, Any]:
    """A message as a JSON object, or ServerError saying what is wrong with it (bytes:
    a binary message, refused)."""
    if not isinstance(text, str):
        raise ServerError(400, "malformed_message", "Send JSON in text frames.")
    if len(text) * 4 > limit and len(text.encode()) > limit:
        raise ServerError(
            413,
            "message_too_large",
            f"Messages are limited to {limit} bytes; this one is not read.",
            {"limit": limit},
        )
    try:
        data = loads(text)
    except ValueError:
        raise ServerError(400, "malformed_message", "That message is not valid JSON.") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ServerError(
            400, "malformed_message", "A message is a JSON object with a 'type'."
        ) from None
    if not is_plain(text):
        check_message(data)
    return data


class MessageReader:
    """One socket's messages, each bounded by `parse_message` and the socket's rate."""

    def __init__(self, socket: PlaySocket, settings: Settings) -> None:
        self.socket = socket
        self.limit = settings.max_message
        self.per_second = settings.socket_rate
        self.rate = TokenBucket(settings.socket_rate, settings.socket_burst)

    async def next(self) -> dict[str, Any]:
        message = parse_message(await self.socket.receive(), self.limit)
        if not self.rate.take():
            wait = self.rate.wait()
            raise rate_limited(
                f"At most {self.per_second:g} messages a second; this one"
                f" is not read. Wait {math.ceil(wait)} s.",
                wait,
            )
        return message

    async def messages(self, conn: Connection) -> AsyncIterator[dict[str, Any]]:
        """Every readable message while `conn` is open; one that is refused (too large,
        malformed, over the rate) is answered with its error, and reading goes on."""
        while not conn.closed:
            try:
                yield await self.next()
            except ServerError as e:
                conn.send(protocol.error(e.code, e.message, params=e.params))


async def _refuse(socket: PlaySocket, error: ServerError, close_code: int) -> None:
    with contextlib.suppress(Exception):
        await socket.send_text(
            protocol.dumps(protocol.error(error.code, error.message, params=error.params))
        )
        await socket.close(close_code)


log = logging.getLogger("pasture.server")
PATH = re.compile(r"^/ws/tables/([^/]+)$")
"""A play socket's path (unquoted), naming its table."""


class PlayApp(FastAPI):
    """FastAPI, with the play websockets served without the HTTP middleware stack: every
    message sent would otherwise pass through half a dozen wrappers (a tenth of the
    server's CPU under load). Under `pasture serve` they never reach ASGI at all
    (server/websocket.py finds this application by `serves_play_sockets`); under another
    ASGI server they are read and written through ASGI (`AsgiSocket`). The route is
    registered too, for the same handler."""

    play: Callable[[PlaySocket, str], Awaitable[None]] | None = None

    @property
    def serves_play_sockets(self) -> bool:
        return self.play is not None

    def play_table(self, path: str) -> str | None:
        found = PATH.match(path)
        return found.group(1) if found else None

    async def play_socket(self, socket: PlaySocket, table_id: str) -> None:
        assert self.play is not None
        await self.play(socket, table_id)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and self.play is not None:
            table_id = self.play_table(scope["path"])
            if table_id is not None:
                await _through_asgi(self.play, WebSocket(scope, receive, send), table_id)
                return
        await super().__call__(scope, receive, send)


async def _through_asgi(
    play: Callable[[PlaySocket, str], Awaitable[None]], websocket: WebSocket, table_id: str
) -> None:
    socket = AsgiSocket(websocket)
    await socket.accept()
    await play(socket, table_id)


def install(app: FastAPI, manager: TableManager, settings: Settings) -> None:
    chat = ChatService()
    app.state.chat = chat  # cluster hook: sockets relayed from other processes chat too

    async def play(socket: PlaySocket, table_id: str) -> None:
        """One play socket, its handshake answered, until it closes."""
        try:
            async with asyncio.timeout(settings.hello_timeout):  # no task, unlike wait_for
                hello = parse_message(await socket.receive(), settings.max_message)
            if hello["type"] != "hello":
                raise ServerError(400, "expected_hello", "The first message must be a hello.")
            token = hello.get("token")
            since = hello.get("since")
            if token is not None and (not isinstance(token, str) or len(token) > MAX_TOKEN):
                raise ServerError(
                    400, "malformed_message", f"'token' must be a string of at most {MAX_TOKEN}."
                )
            if since is not None and (isinstance(since, bool) or not isinstance(since, int)):
                raise ServerError(400, "bad_version", "'since' must be a version number.")
            batch = hello.get("batch", False)
            if not isinstance(batch, bool):
                raise ServerError(400, "malformed_message", "'batch' must be true or false.")
            if manager.cluster is not None:  # cluster hook: a table owned elsewhere
                remote = await manager.cluster.open_remote(table_id, token, since)
                if remote is not None:
                    await manager.cluster.play_remote(remote, socket, since, batch)
                    return
            table = await manager.get(table_id)
            seat = hashed = None
            if token is not None:
                hashed = token_hash(token)
                seat = table.seat_of(hashed)
                if seat is None:
                    raise ServerError(403, "bad_token", "That token holds no seat at this table.")
        except WebSocketDisconnect:
            return
        except TimeoutError:
            await _refuse(socket, ServerError(408, "no_hello", "No hello was sent."), 4408)
            return
        except ServerError as e:
            await _refuse(socket, e, 4000 + e.status)
            return
        except Exception:  # e.g. the database is unreachable: the client retries
            log.exception("table %s: could not open", table_id)
            error = ServerError(503, "unavailable", "The table cannot be opened now; retry.")
            await _refuse(socket, error, 1011)
            return

        conn = Connection(socket, seat, hashed, settings.send_queue, batch)
        pump = asyncio.create_task(conn.pump())
        reader = MessageReader(socket, settings)
        try:
            try:
                await manager.attach(table, conn, since)
                chat.welcome(table, conn)
            except ServerError as e:  # e.g. a bad 'since': refused like any bad hello
                conn.send(protocol.error(e.code, e.message, params=e.params))
                conn.close(4000 + e.status if e.status < 500 else 1011)
            async for message in reader.messages(conn):
                kind = message["type"]
                if kind == "act":
                    await manager.act(table, conn, message)
                elif kind == "chat":
                    chat.say(table, conn, message)
                elif kind == "back":
                    await manager.back(table, conn)
                elif kind == "ping":
                    conn.send({"type": "pong"})
                else:
                    conn.send(protocol.error("unknown_type", f"Unknown message type {kind!r}."))
        except WebSocketDisconnect:
            pass
        except ServerError as e:
            conn.send(protocol.error(e.code, e.message, params=e.params))
        finally:
            manager.detach(table, conn)
            chat.forget(conn)
            conn.close()
            try:
                await asyncio.wait_for(pump, 5)
            except (Exception, asyncio.CancelledError):
                pump.cancel()

    @app.websocket("/ws/tables/{table_id}")
    async def play_route(websocket: WebSocket, table_id: str) -> None:
        await _through_asgi(play, websocket, table_id)

    if isinstance(app, PlayApp):
        app.play = play
