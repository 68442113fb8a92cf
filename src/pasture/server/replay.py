"""Replays: a finished match stepped through move by move, as one seat saw it (through
`view()` and `Event.for_seat` only, exactly what that seat knew at each step) or with
every seat's view side by side. Built from the match record the server already keeps
(seed and players' actions), so a replay shows nothing before the match is over."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter, Request

from pasture.core.game import JSON, Event, Game
from pasture.core.match import Match
from pasture.server import protocol
from pasture.server.errors import ServerError
from pasture.server.limits import ClientLimits
from pasture.server.manager import TableManager

EVERYONE = "all"


def _seen(event: Event, seat: int | None) -> dict[str, JSON] | None:
    """The event as `seat` saw it; for everyone, as the seats it was told to saw it."""
    if seat is None and event.to:
        return event.for_seat(event.to[0])
    return event.for_seat(seat)


def steps(game: Game, record: Mapping[str, Any], seat: int | None, everyone: bool) -> list[Any]:
    """One entry per player's move (and one for the start): who moved, what they did as
    the viewer may know it, the events the viewer saw, and the viewer's view after it."""
    match = Match(game, record["players"], record["options"], record["seed"])
    seats: list[int | None] = list(range(match.num_players)) if everyone else [seat]

    def frame(before: int, actor: int | None, action: JSON) -> dict[str, Any]:
        events = [
            {"version": v, "event": seen}
            for v, e in match.events_since(before)
            if (seen := _seen(e, None if everyone else seat)) is not None
        ]
        views = {
            "spectator" if s is None else str(s): protocol.view(match.state, s, match.version, [])[
                "view"
            ]
            for s in seats
        }
        return {
            "version": match.version,
            "seat": actor,
            "action": action,
            "events": events,
            "views": views,
        }

    out = [frame(0, None, None)]
    for step in record["actions"]:
        before = match.version
        actor = int(step["seat"])
        match.act(actor, step["action"])
        # Another seat's secret choice (a card passed face down) is not the viewer's to see.
        shown = step["action"] if everyone or actor == seat else None
        out.append(frame(before, actor, shown))
    return out


def router(manager: TableManager, limits: ClientLimits) -> APIRouter:
    api = APIRouter(prefix="/api")

    @api.get(
        "/tables/{table_id}/replay",
        summary="A finished match, move by move, as one seat saw it (or everyone)",
    )
    async def replay(table_id: str, request: Request, seat: str = "spectator") -> dict[str, Any]:
        limits.replaying.check(request)
        table = await manager.get(table_id)
        record = manager.record(table)  # refuses before the end (not_over)
        players = int(record["players"])
        everyone = seat == EVERYONE
        viewer: int | None = None
        if seat not in ("spectator", EVERYONE):
            if not seat.isdigit() or not 0 <= int(seat) < players:
                raise ServerError(
                    422,
                    "unknown_seat",
                    f"'seat' is a seat index from 0 to {players - 1}, 'spectator' or 'all'.",
                )
            viewer = int(seat)
        return {
            "table": table.info(),
            "seat": viewer,
            "everyone": everyone,
            "steps": steps(table.game, record, viewer, everyone),
        }

    return api
