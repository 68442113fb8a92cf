"""The lobby over HTTP: games, tables, seats, spectator view, and the record after the end.

Errors are JSON {code, message} with an HTTP status (app.py turns ServerError into it).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import partial
from http import HTTPStatus
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import PlainTextResponse
from pydantic import BaseModel, Field

from pasture import bots, games, i18n
from pasture.core.errors import PastureError
from pasture.server import protocol
from pasture.server.errors import ServerError
from pasture.server.limits import ClientLimits
from pasture.server.manager import TableManager
from pasture.store import repository as repo

MAX_PAGE = 200


class ErrorOut(BaseModel):
    code: str = Field(examples=["unknown_table"])
    message: str


class NewTable(BaseModel):
    game: str = Field(description="A game's name, as listed by GET /api/games.")
    players: int = Field(description="How many seats the table has.")
    options: dict[str, Any] = Field(
        default_factory=dict, description="Table options, checked against the game's list."
    )
    bots: dict[int, str] = Field(
        default_factory=dict,
        description="Seats played by a bot: seat number -> bot name (see GET /api/games).",
    )
    move_clock: float | None = Field(
        default=None,
        gt=0,
        le=86400,
        description="Seconds a person has for each move; then a bot plays for them until"
        " they act or reconnect. None: no clock.",
    )


class Join(BaseModel):
    name: str = Field(
        min_length=1, max_length=400, description="The name others see (up to 40 characters)."
    )


class Joined(BaseModel):
    seat: int
    token: str = Field(description="Proves the seat: keep it secret. Only its hash is stored.")
    table: dict[str, Any]


class SeatOut(BaseModel):
    seat: int
    bot: str | None
    name: str | None
    taken: bool
    away: bool
    invite: str


class LobbySeatOut(BaseModel):
    seat: int
    bot: str | None
    name: str | None
    taken: bool
    invite: str


class LobbyOut(BaseModel):
    """A table as the lobby lists it (from what is stored: no version, no seed hash)."""

    id: str
    game: str
    title: str
    players: int
    options: dict[str, Any]
    move_clock: float | None
    status: str
    seats: list[LobbySeatOut]


class TableOut(BaseModel):
    id: str
    game: str
    title: str
    players: int
    options: dict[str, Any]
    move_clock: float | None
    reaction_timeout: float = Field(
        description="Seconds every seat gets to answer a reaction window before it passes."
    )
    status: str = Field(description="waiting (for players), playing or over")
    version: int
    seed_hash: str = Field(description="SHA-256 of the seed's decimal digits.")
    seats: list[SeatOut]
    result: dict[str, Any] | None = None
    seed: str | None = Field(default=None, description="Revealed when the match is over.")
    rematch: str | None = Field(
        default=None, description="Once over: the table that plays it again, if offered."
    )


# The errors every route may answer, documented by a reference to ErrorOut's schema
# (app.py adds it to the document): a model here would be built anew for each status
# of each route, a fifth of the time it takes to build the routes at every start.
ERRORS: dict[int | str, dict[str, Any]] = {
    s: {
        "description": HTTPStatus(s).phrase,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorOut"}}},
    }
    for s in (403, 404, 409, 413, 422, 429)
}


@dataclass(frozen=True, slots=True)
class Lobby:
    """The lobby's two writes of every match, whichever way their request comes: the
    routes below, or server/lobby_lane.py for the ordinary request."""

    manager: TableManager
    limits: ClientLimits

    async def open_table(self, body: NewTable, request: Request) -> dict[str, Any]:
        self.limits.creating.check(request)
        table = await self.manager.create(
            body.game, body.players, body.options, body.bots, body.move_clock
        )
        return table.info()

    async def take_seat(
        self, table_id: str, seat: int, body: Join, request: Request
    ) -> dict[str, Any]:
        self.limits.writing.check(request)
        table = await self.manager.get(table_id)
        token = await self.manager.join(table, seat, body.name)
        return {"seat": seat, "token": token, "table": table.info()}


def router(lobby: Lobby) -> APIRouter:
    manager, limits = lobby.manager, lobby.limits
    api = APIRouter(prefix="/api", responses=ERRORS)

    @api.get("/games", summary="Every game this server plays")
    async def list_games() -> list[dict[str, Any]]:
        return [{**g.describe(), "bots": list(bots.available(g))} for g in games.all_games()]

    @api.get(
        "/games/{game}/rules",
        summary="A game's rules reference (Markdown)",
        response_class=PlainTextResponse,
    )
    async def game_rules(game: str, lang: str | None = None) -> PlainTextResponse:
        text = _rules_text(game, lang)
        return PlainTextResponse(text, media_type="text/markdown; charset=utf-8")

    @api.post("/tables", status_code=201, summary="Open a table", response_model=TableOut)
    async def create_table(body: NewTable, request: Request) -> dict[str, Any]:
        return await lobby.open_table(body, request)

    @api.get(
        "/tables", summary="Tables with a free seat, newest first", response_model=list[LobbyOut]
    )
    async def open_tables(
        limit: Annotated[int, Query(ge=1, le=MAX_PAGE, description="Tables per page.")] = 50,
        after: Annotated[
            str | None,
            Query(max_length=32, description="The id of the last table of the previous page."),
        ] = None,
        game: Annotated[str | None, Query(max_length=64, description="Only this game.")] = None,
    ) -> list[dict[str, Any]]:
        entries = await manager.db.run(
            partial(repo.open_tables, limit=limit, after=after, game=game)
        )
        titles = {g.name: g.title for g in games.all_games()}
        return [_lobby_entry(e, titles) for e in entries]

    @api.get("/tables/{table_id}", summary="One table", response_model=TableOut)
    async def get_table(table_id: str) -> dict[str, Any]:
        return (await manager.get(table_id)).info()

    @api.get("/tables/{table_id}/view", summary="What a spectator sees now")
    async def spectator_view(table_id: str) -> dict[str, Any]:
        table = await manager.get(table_id)
        async with table.lock:
            return protocol.view(table.match.state, None, table.match.version)

    @api.post("/tables/{table_id}/seats/{seat}", summary="Take a free seat", response_model=Joined)
    async def join(table_id: str, seat: int, body: Join, request: Request) -> dict[str, Any]:
        return await lobby.take_seat(table_id, seat, body, request)

    @api.delete("/tables/{table_id}/seats/{seat}", status_code=204, summary="Leave a seat")
    async def leave(
        table_id: str,
        seat: int,
        request: Request,
        authorization: Annotated[str | None, Header(description="Bearer <seat token>")] = None,
    ) -> None:
        limits.writing.check(request)
        table = await manager.get(table_id)
        await manager.leave(table, seat, _bearer(authorization))

    @api.get("/tables/{table_id}/record", summary="The full record, once the match is over")
    async def record(table_id: str) -> dict[str, Any]:
        return manager.record(await manager.get(table_id))

    return api


def _lobby_entry(entry: repo.LobbyEntry, titles: dict[str, str]) -> dict[str, Any]:
    return {
        "id": entry.id,
        "game": entry.game,
        "title": titles.get(entry.game, entry.game),  # a game this server no longer knows
        "players": entry.players,
        "options": entry.options,
        "move_clock": entry.move_clock,
        "status": entry.status,
        "seats": [
            {
                "seat": s.seat,
                "bot": s.bot,
                "name": s.name,
                "taken": s.bot is not None or s.token_hash is not None,
                "invite": f"/tables/{entry.id}?seat={s.seat}",
            }
            for s in entry.seats
        ],
    }


def _rules_text(name: str, lang: str | None = None) -> str:
    """The RULES.md beside the game's package (the same text as `pasture rules`), or its
    translation RULES.<lang>.md when there is one."""
    try:
        game = games.get(name)
    except PastureError as e:
        raise ServerError(404, e.code, e.message, e.params) from None
    module = importlib.import_module(type(game).__module__.rsplit(".", 1)[0])
    path = Path(module.__file__ or "").with_name("RULES.md")
    if lang in i18n.LANGUAGES and lang != i18n.DEFAULT:
        translated = path.with_name(f"RULES.{lang}.md")
        path = translated if translated.is_file() else path
    if not path.is_file():
        raise ServerError(404, "no_rules", f"{game.title} has no rules text yet.")
    return path.read_text(encoding="utf-8")


def _bearer(header: str | None) -> str:
    if header is None or not header.startswith("Bearer "):
        raise ServerError(403, "bad_token", "Send the seat token as 'Authorization: Bearer …'.")
    return header[len("Bearer ") :].strip()
