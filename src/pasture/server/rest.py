"""The lobby over HTTP: games, tables, seats, spectator view, and the record after the end.

Errors are JSON {code, message} with an HTTP status (app.py turns ServerError into it).
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Header
from fastapi.responses import PlainTextResponse
from pydantic import BaseModel, Field

from pasture import bots, games, i18n
from pasture.core.errors import PastureError
from pasture.server import protocol
from pasture.server.errors import ServerError
from pasture.server.manager import TableManager


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
    name: str = Field(min_length=1, max_length=40, description="The name others see.")


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


ERRORS: dict[int | str, dict[str, Any]] = {s: {"model": ErrorOut} for s in (403, 404, 409, 422)}


def router(manager: TableManager) -> APIRouter:
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
    async def create_table(body: NewTable) -> dict[str, Any]:
        table = await manager.create(
            body.game, body.players, body.options, body.bots, body.move_clock
        )
        return table.info()

    @api.get("/tables", summary="Tables with a free seat", response_model=list[TableOut])
    async def open_tables() -> list[dict[str, Any]]:
        tables = sorted(manager.tables.values(), key=lambda t: t.created_at)
        return [t.info() for t in tables if t.status != "over" and t.free_seats()]

    @api.get("/tables/{table_id}", summary="One table", response_model=TableOut)
    async def get_table(table_id: str) -> dict[str, Any]:
        return (await manager.get(table_id)).info()

    @api.get("/tables/{table_id}/view", summary="What a spectator sees now")
    async def spectator_view(table_id: str) -> dict[str, Any]:
        table = await manager.get(table_id)
        async with table.lock:
            return protocol.view(table.match.state, None, table.match.version)

    @api.post("/tables/{table_id}/seats/{seat}", summary="Take a free seat", response_model=Joined)
    async def join(table_id: str, seat: int, body: Join) -> dict[str, Any]:
        table = await manager.get(table_id)
        token = await manager.join(table, seat, body.name.strip() or "?")
        return {"seat": seat, "token": token, "table": table.info()}

    @api.delete("/tables/{table_id}/seats/{seat}", status_code=204, summary="Leave a seat")
    async def leave(
        table_id: str,
        seat: int,
        authorization: Annotated[str | None, Header(description="Bearer <seat token>")] = None,
    ) -> None:
        table = await manager.get(table_id)
        await manager.leave(table, seat, _bearer(authorization))

    @api.get("/tables/{table_id}/record", summary="The full record, once the match is over")
    async def record(table_id: str) -> dict[str, Any]:
        return manager.record(await manager.get(table_id))

    return api


def _rules_text(name: str, lang: str | None = None) -> str:
    """The RULES.md beside the game's package (the same text as `pasture rules`), or its
    translation RULES.<lang>.md when there is one."""
    try:
        game = games.get(name)
    except PastureError as e:
        raise ServerError(404, e.code, e.message) from None
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
