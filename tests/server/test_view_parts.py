"""The views the server sends are each seat's own `view()`, though what the seats share is
built once: for every game that splits its views (`seat_view`, `SEAT_KEYS`), over random
matches of several sizes and variants, every seat's and the spectator's view message
(server/live.py `VersionViews`) equals the one `protocol.view` builds from `view()`, and
a seat's own keys are all named in SEAT_KEYS (the rest, shared, is the spectator's).
Likewise the event messages of a change, encoded once where seats see them alike
(`ChangeEvents`), are each seat's own `Event.for_seat`."""

from __future__ import annotations

import random
from datetime import datetime

import orjson
import pytest

from pasture import games
from pasture.core.game import JSON
from pasture.core.match import Match
from pasture.server import protocol
from pasture.server.live import ChangeEvents, LiveTable, VersionViews, new_table

CASES: list[tuple[str, int, dict[str, JSON]]] = [
    ("wilson_shep", 2, {}),
    ("wilson_shep", 4, {"memory": "none"}),
    ("wilson_shep", 5, {}),
    ("swipsheep", 3, {}),
    ("swipsheep", 5, {}),
    ("baaaaa", 1, {}),
    ("baaaaa", 4, {"wolf_player": True}),
    ("baaaaa", 6, {"wolf_player": True}),
    ("wypas", 3, {"bluff": True}),
    ("wypas", 4, {}),
    ("wypas", 6, {"bluff": True}),
]


def _table(name: str, players: int, options: dict[str, JSON], seed: int) -> LiveTable:
    game = games.get(name)
    match = Match(game, players, options, seed)
    bots = dict.fromkeys(range(players), "random")
    table, _ = new_table(game, match, bots, 10.0, table_id="t", created_at=datetime(2026, 1, 1))
    return table


@pytest.mark.parametrize(("name", "players", "options"), CASES)
def test_shared_views_are_each_seats_own_view(
    name: str, players: int, options: dict[str, JSON]
) -> None:
    rng = random.Random(7)
    parts = protocol.seat_parts(_table(name, players, options, 0).match.state)
    assert parts is not None, f"{name} splits its views"
    steps = 0
    for seed in range(3):
        table = _table(name, players, options, seed)
        match = table.match
        while steps < 150 * (seed + 1):
            views = VersionViews(table)
            for seat in [None, *range(players)]:
                own = parts.seat_view(match.state, seat)
                assert set(own) <= parts.keys, f"{name}: {set(own) - parts.keys} not in SEAT_KEYS"
                legal = table.legal[seat] if seat is not None else None
                expected = protocol.view(match.state, seat, match.version, legal)
                sent = views.text(seat)
                assert orjson.loads(sent) == expected, f"{name} seat {seat} step {steps}"
            if match.is_over():
                break
            seat = match.state.actors()[0]
            match.act(seat, rng.choice(match.state.legal_actions(seat)))
            table.refresh_legal()
            steps += 1


def test_a_waiting_table_offers_no_choices() -> None:
    table = _table("swipsheep", 3, {}, 1)
    table.status = "waiting"
    message = orjson.loads(VersionViews(table).text(0))
    assert message["legal"] == [] and message["turn"] is False
    assert message["view"] == table.match.state.view(0)


@pytest.mark.parametrize(("name", "players", "options"), CASES[::2])
def test_shared_event_texts_are_each_seats_own_events(
    name: str, players: int, options: dict[str, JSON]
) -> None:
    """Every change's events, and every catch-up from any version, for every seat and
    spectator and every `own_after` (a seat taken mid-match sees earlier events as a
    spectator does): the texts are those `protocol.events` makes for that seat alone."""
    rng = random.Random(11)
    table = _table(name, players, options, 3)
    match = table.match
    for _ in range(120):
        if match.is_over():
            break
        before = match.version
        seat = rng.choice(match.state.actors())
        match.act(seat, rng.choice(match.state.legal_actions(seat)))
        for since in {before, rng.randrange(before + 1)}:
            steps = match.events_since(since)
            shared = ChangeEvents(steps)
            for viewer in [None, *range(players)]:
                own_after = rng.choice([0, since, match.version])
                expected = [protocol.dumps(m) for m in protocol.events(steps, viewer, own_after)]
                assert shared.texts(viewer, own_after) == expected, f"{name} seat {viewer}"
