"""Play again: a finished table offers everyone the same seats in a new match.

The first seated player to ask opens the new table (same game, players, options, bots and
move clock) and sits in their old seat; everyone at the old table is told (a `rematch`
message) and each person who asks after takes their own old seat the same way. The offer
lives with the table in memory (after a restart, "Play again" makes a new offer)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, Request

from pasture.server.errors import ServerError
from pasture.server.limits import ClientLimits
from pasture.server.live import LiveTable, token_hash
from pasture.server.manager import TableManager


async def play_again(manager: TableManager, table: LiveTable, token: str) -> dict[str, Any]:
    """Seat the token's holder in the same seat of the table's rematch (opened if need be)."""
    seat = table.seat_of(token_hash(token))
    if seat is None:
        raise ServerError(403, "bad_token", "That token holds no seat at this table.")
    if table.status != "over":
        raise ServerError(409, "not_over", "A rematch is offered once the match is over.")
    async with table.rematch_lock:
        new = await _rematch_of(manager, table)
    name = table.seats[seat].name or f"Player {seat + 1}"
    if new.seats[seat].token_hash is not None:
        raise ServerError(
            409, "seat_taken", f"Seat {seat + 1} of the rematch is taken.", {"seat": seat + 1}
        )
    new_token = await manager.join(new, seat, name)
    return {"seat": seat, "token": new_token, "table": new.info()}


async def _rematch_of(manager: TableManager, table: LiveTable) -> LiveTable:
    if table.rematch is not None:
        try:
            return await manager.get(table.rematch)
        except ServerError:
            pass  # gone: offer a new one
    bots = {s.seat: s.bot for s in table.seats if s.bot is not None}
    new = await manager.create(
        table.game.name, table.match.num_players, table.match.options, bots, table.move_clock
    )
    table.rematch = new.id
    table.broadcast({"type": "rematch", "table": new.id})
    table.broadcast_table()
    return new


def router(manager: TableManager, limits: ClientLimits) -> APIRouter:
    api = APIRouter(prefix="/api")

    @api.post(
        "/tables/{table_id}/rematch",
        summary="Play again: the same seats in a new match (bots kept)",
    )
    async def rematch(
        table_id: str,
        request: Request,
        authorization: Annotated[str | None, Header(description="Bearer <seat token>")] = None,
    ) -> dict[str, Any]:
        limits.creating.check(request)
        if authorization is None or not authorization.startswith("Bearer "):
            raise ServerError(403, "bad_token", "Send the seat token as 'Authorization: Bearer …'.")
        table = await manager.get(table_id)
        return await play_again(manager, table, authorization[len("Bearer ") :].strip())

    return api
