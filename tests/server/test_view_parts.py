"""The views the server sends are each seat's own `view()`, though what the seats share is
built once: for every game that splits its views (`seat_view`, `SEAT_KEYS`), over random
matches of several sizes and variants, every seat's and the spectator's view message
(server/live.py `VersionViews`) equals the one `protocol.view` builds from `view()`, and
a seat's own keys are all named in SEAT_KEYS (the rest, shared, is the spectator's).
Likewise the event messages of a change, encoded once where seats see them alike
(`ChangeEvents`), are each seat's own `Event.for_seat`."""

from __future__ import annotations

import json
import random
from datetime import datetime
from typing import Any

import orjson
import pytest

from pasture import games
from pasture.core.game import JSON, Event
from pasture.core.match import Match
from pasture.server import protocol
from pasture.server.live import LiveTable, new_table
from pasture.server.views import ChangeEvents, SeatLogs, VersionViews

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


def _no_key_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object's pairs as a dict; a key given twice (a seat's own key also in the
    shared part) fails the test instead of the last one winning."""
    out = dict(pairs)
    assert len(out) == len(pairs), f"a key twice in {[k for k, _ in pairs]}"
    return out


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
            shared = parts.shared_view(match.state)
            spectator = match.state.view(None)
            assert shared == {k: v for k, v in spectator.items() if k not in parts.keys}
            # Not every seat is sent every version (a seat away, then back): a kept log
            # catches up on several changes at once.
            for seat in [s for s in [None, *range(players)] if rng.random() < 0.8]:
                own = parts.seat_view(match.state, seat)
                assert set(own) <= parts.keys, f"{name}: {set(own) - parts.keys} not in SEAT_KEYS"
                legal = table.legal[seat] if seat is not None else None
                expected = protocol.view(match.state, seat, match.version, legal)
                sent = views.text(seat)
                message = json.loads(sent, object_pairs_hook=_no_key_twice)
                assert message == expected, f"{name} seat {seat} step {steps}"
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


def test_a_kept_log_is_read_afresh_when_its_events_are_others() -> None:
    """`SeatLogs` keeps each seat's Swip'Sheep round log between changes; given another
    state (its events another list: a copy, or a re-draw whose private cards differ, with
    as many events or fewer), every seat's log is still its own `Event.for_seat`."""
    rng = random.Random(5)
    table = _table("swipsheep", 4, {}, 2)
    parts = table.view_parts
    assert parts is not None and parts.log is not None and table.seat_logs is not None
    logs, match = table.seat_logs, table.match
    key = parts.log.key
    for _ in range(150):
        if match.is_over():
            break
        state = match.state
        for other in (state, state.clone(), state.determinize(rng.randrange(4), rng), state):
            for seat in [None, *range(4)]:
                sent = orjson.loads(logs.field(other, seat))
                assert sent == {key: other.view(seat)[key]}, f"seat {seat}"
        seat = state.actors()[0]
        match.act(seat, rng.choice(state.legal_actions(seat)))


def test_a_kept_log_follows_events_replaced_in_place() -> None:
    """The engines only append to a log's events; should a list lose its last events and
    get others in their place, the kept log is read afresh (its last event read is gone)."""
    to_one = Event("card", {"seat": 1}, {"card": "wolf"}, (1,))
    public = Event("wolves", {"laid": [1, 0]})
    events = [public, to_one]
    logs = SeatLogs(protocol.SeatLogSource("log", lambda state: (events, 0)))
    state = _table("swipsheep", 3, {}, 0).match.state
    assert orjson.loads(logs.field(state, 1)) == {"log": [public.for_seat(1), to_one.for_seat(1)]}
    events[-1] = Event("card", {"seat": 2}, {"card": "sheep"}, (2,))
    for seat in (None, 1, 2):
        expected = [e.for_seat(seat) for e in events]
        assert orjson.loads(logs.field(state, seat)) == {"log": expected}


def test_an_events_kept_text_is_that_events_own_for_its_viewer() -> None:
    """`protocol.seen_text` keeps texts by the event object and by whom they are for: a
    seat among the event's `to` gets its own, everyone else the spectator's; a kept text
    is used only for the very event it was made from (an id may be reused once an event
    is gone), and a full store starts over."""
    event = Event("passed", {"from": 0, "to": 1}, {"card": "wolf"}, (0, 1))
    for seat in (None, 0, 1, 2):
        assert protocol.seen_text(event, seat) == protocol.dumps(event.for_seat(seat))
    assert protocol.seen_text(Event("private", None, {"card": "wolf"}, (1,)), 2) is None
    stale = Event("passed", {"from": 2, "to": 0}, {"card": "sheep"}, (2, 0))
    protocol._seen_texts[(id(event), None)] = (stale, "stale")
    assert protocol.seen_text(event, 3) == protocol.dumps(event.for_seat(None))
    for i in range(protocol.MAX_SEEN_TEXTS + 1):
        protocol.seen_text(Event("wolves", {"laid": [i]}), None)
    assert len(protocol._seen_texts) <= protocol.MAX_SEEN_TEXTS


def test_a_value_is_encoded_once_only_for_the_seats_that_have_that_very_object() -> None:
    """`OFTEN_THE_SPECTATORS`: a seat's own value that is the spectator's very object is
    encoded once for all; a seat without the key, or with another object (even an equal
    one), is sent its own."""
    table = _table("swipsheep", 3, {}, 4)
    parts = table.view_parts
    assert parts is not None
    shared_list: list[int] = [1, 2]

    def seat_view(state: Any, seat: int | None) -> dict[str, JSON]:
        out = parts.seat_view(state, seat)
        if seat is None:
            out.update(gone=None, alike=shared_list)
        elif seat == 1:
            out["alike"] = shared_list
        elif seat == 2:
            out["alike"] = [1, 2]
        return out

    table.view_parts = parts._replace(seat_view=seat_view, often_the_spectators=("gone", "alike"))
    views = VersionViews(table)
    sent = {seat: orjson.loads(views.text(seat))["view"] for seat in (None, 0, 1, 2)}
    assert sent[None]["gone"] is None and sent[None]["alike"] == [1, 2]
    assert "gone" not in sent[0] and "alike" not in sent[0]
    assert sent[1]["alike"] == [1, 2] and "gone" not in sent[1]
    assert sent[2]["alike"] == [1, 2] and "gone" not in sent[2]
