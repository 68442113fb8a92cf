"""Nothing a seat may not see ever leaves the server.

Bot matches of every registered game are played through real websockets: a connection
per seat (random legal actions) and a spectator, sometimes with a server bot in a seat.
Every message received is kept. After the end, the stored record is replayed offline and
every message is checked: each view sent to seat s at version v is exactly state.view(s)
(with s's own legal actions) at v, the events are exactly Event.for_seat(s) of every step
after the first view, in order, and nothing else (acks, table info, end) carries
anything but public facts.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from pasture import games
from pasture.core.game import Game
from pasture.core.match import Match, seed_hash
from pasture.server.protocol import dumps, loads
from tests.server.harness import RACES, Client, RandomPlayer, Server

ACTIONS_WANTED = 400  # per game: more batches of short games, one batch of long ones
MAX_BATCHES = 4
SEAT_KEYS = {"seat", "bot", "name", "taken", "away", "invite"}


def _roundtrip(value: Any) -> Any:
    return loads(dumps(value))


def _counts(game: Game) -> list[int]:
    return sorted({game.min_players, game.max_players})


async def _play(
    server: Server,
    game: Game,
    players: int,
    bot_seat: int | None,
    rng_seed: int,
    options: dict[str, Any] | None = None,
) -> tuple[str, dict[int | None, Client]]:
    bots = {str(bot_seat): "random"} if bot_seat is not None else {}
    table = server.create(game.name, players, bots=bots, options=options or {})
    spectator = await Client(server, table["id"]).connect()
    tokens = {s: server.join(table["id"], s, f"p{s}") for s in range(players) if s != bot_seat}
    clients: dict[int | None, Client] = {None: spectator}
    for seat, token in tokens.items():
        clients[seat] = await Client(server, table["id"], token).connect()
    mid = server.get(f"/api/tables/{table['id']}").json()
    assert mid["seed"] is None or mid["status"] == "over"
    players_ = [
        RandomPlayer(c, random.Random(rng_seed * 100 + s)).run()
        for s, c in clients.items()
        if s is not None
    ]
    await asyncio.gather(*players_, spectator.until("end", timeout=60))
    for c in clients.values():
        await c.close()
    return table["id"], clients


def _expected(game: Game, record: dict[str, Any]) -> tuple[Match, dict[int, dict[int | None, Any]]]:
    """Replay the record; the view message every seat (and None) should get at each
    version where the table rested."""
    match = Match(game, record["players"], record["options"], record["seed"])
    seats: list[int | None] = [None, *range(match.num_players)]

    def views() -> dict[int | None, Any]:
        state = match.state
        return {
            s: _roundtrip(
                {
                    "type": "view",
                    "version": match.version,
                    "view": state.view(s),
                    "legal": [] if s is None else [a.to_json() for a in state.legal_actions(s)],
                    "turn": s is not None and s in state.actors(),
                }
            )
            for s in seats
        }

    by_version = {match.version: views()}
    for step in record["actions"]:
        match.act(step["seat"], step["action"])
        by_version[match.version] = views()
    return match, by_version


def views_start(views: dict[int, dict[int | None, Any]]) -> int:
    return min(views)


def _check_stream(
    seat: int | None,
    client: Client,
    match: Match,
    views: dict[int, dict[int | None, Any]],
    record: dict[str, Any],
) -> None:
    messages = client.messages
    assert len(client.raw) == len(messages)  # each frame was parsed into one message
    welcome = messages[0]
    assert welcome["type"] == "welcome" and welcome["seat"] == seat
    first_view = None
    events: list[dict[str, Any]] = []
    last_version = -1
    for m in messages:
        kind = m["type"]
        if kind in ("welcome", "table"):
            table = m["table"]
            assert table["seed_hash"] == seed_hash(record["seed"])
            if table["status"] != "over":
                assert "seed" not in table and "result" not in table
            for s in table["seats"]:
                assert set(s) == SEAT_KEYS
        elif kind == "view":
            assert m["version"] >= last_version
            last_version = m["version"]
            expected = views[m["version"]][seat]
            if m != expected:  # only a view sent before play started may differ: no choices
                assert seat is not None and m == {**expected, "legal": [], "turn": False}
                assert m["version"] == views_start(views)
            if first_view is None:
                first_view = m["version"]
        elif kind == "event":
            events.append(m)
        elif kind == "ack":
            assert seat is not None and set(m) == {"type", "id", "version"}
        elif kind == "clock":  # public: whom the table waits for, and for how long
            assert set(m) == {"type", "version", "clocks"} and m["version"] <= match.version
            for clock in m["clocks"]:
                assert set(clock) == {"seat", "kind", "seconds"}
                assert clock["kind"] in ("clock", "reaction") and clock["seconds"] >= 0
        elif kind == "error":  # only a race lost to another seat (harness.RACES)
            assert seat is not None and m["code"] in RACES, m
            assert set(m) == {"type", "code", "message", "id"}
        elif kind == "end":
            assert m == {
                "type": "end",
                "version": match.version,
                "result": record["result"],
                "seed": str(record["seed"]),
            }
        else:
            raise AssertionError(f"seat {seat} was sent {m}")
    assert first_view is not None and last_version == match.version
    expected_events = [
        {"type": "event", "version": v, "event": seen}
        for v, step in enumerate(match.log, start=1)
        if v > first_view
        for seen in (e.for_seat(seat) for e in step.events)
        if seen is not None
    ]
    assert events == _roundtrip(expected_events), f"seat {seat} events"


def _check_swipsheep_hands(seat: int | None, client: Client) -> None:
    """Direct check: no hand but the seat's own, and no card the seat did not hold, pass,
    receive or draw, ever appears in the seat's stream."""

    def walk(value: Any, path: str) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                if key in ("hand", "my_pass"):
                    assert path == "view", f"seat {seat}: '{key}' at {path}"
                walk(inner, f"{path}.{key}" if path else key)
        elif isinstance(value, list):
            for inner in value:
                walk(inner, path)

    for m in client.messages:
        walk({k: v for k, v in m.items() if k != "type"}, "")
        if m["type"] == "view":
            assert ("hand" in m["view"]) == (seat is not None)
    # a card named in an event was dealt to, passed by or to, or drawn by or from s
    involved = {"dealt": ("to",), "passed": ("from", "to"), "drew": ("drawer", "victim")}
    for m in client.messages:
        if m["type"] == "event" and "card" in m["event"]:
            event = m["event"]
            assert seat is not None, f"a spectator saw a card: {event}"
            assert seat in [event[k] for k in involved[event["type"]]], (seat, event)


@pytest.mark.parametrize("game", games.all_games(), ids=lambda g: g.name)
def test_every_message_is_exactly_what_the_seat_may_see(server: Server, game: Game) -> None:
    """A batch: two matches at one player count (min, then max, alternately), one with
    people only and one with a server bot in seat 0; batches until enough actions were
    checked (one batch for a long game such as Wypas: its 6-player matches are checked by
    the same code, but would make this test too slow)."""

    async def batch(k: int) -> list[tuple[str, dict[int | None, Client]]]:
        counts = _counts(game)
        players = counts[k % len(counts)]
        plays = [
            _play(server, game, players, None, k * 10),
            _play(server, game, players, 0, k * 10 + 1),  # a server bot in seat 0
        ]
        return list(await asyncio.gather(*plays))

    checked = 0
    for k in range(MAX_BATCHES):
        for table_id, clients in asyncio.run(batch(k)):
            record = server.get(f"/api/tables/{table_id}/record").json()
            match, views = _expected(game, record)
            assert match.state.is_over() and match.state.result().to_json() == record["result"]
            for seat, client in clients.items():
                _check_stream(seat, client, match, views, record)
                if game.name == "swipsheep":
                    _check_swipsheep_hands(seat, client)
            checked += len(record["actions"])
        if checked >= ACTIONS_WANTED:
            break
