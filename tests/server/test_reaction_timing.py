"""W-10a: how long a Wypas reaction window stays open tells nobody who holds a card.

A person plays seat 0 of three-seat Wypas tables whose other seats are `heuristic` bots,
passes every window at once, and plays a special card whenever it may (to open many
windows). It times each window as its connection sees it: from the view that opens it to
the first message of a later version. After the match, an offline replay of the record
tells which windows waited for a bot holding a special card. The two groups of durations
must not be told apart: a two-sample Kolmogorov–Smirnov test must not reach p < 0.01.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from pasture import games
from pasture.core.match import Match
from tests.server.harness import Client, Server
from tests.server.stats import ks_two_sample

SPECIALS = ("thief", "sheepdog", "black_sheep", "wolf")
PLAYS = ("play_thief", "play_sheepdog", "play_black_sheep", "play_wolf")
THINK = 0.25
"""Every bot answers a window this long after it opened. Long enough for a bot's decision
to end before it on a loaded machine: a bot still thinking at the answer time passes, but
its worker's CPU then competes with the server's at the very moment the window closes."""
TABLES = 6  # three-seat tables played at once; ~15 windows each


@dataclass(frozen=True, slots=True)
class Window:
    version: int
    seconds: float


@pytest.fixture(scope="module")
def timed_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("db") / "timing.sqlite"
    server = Server(f"sqlite:///{db}?synchronous=NORMAL", "--bot-reaction-time", str(THINK))
    yield server.start()
    server.stop()


def _open_window(view: dict[str, Any]) -> bool:
    reaction = view["view"]["reaction"]
    return reaction is not None and bool(reaction["waiting"]) and view["view"]["pending"] is None


async def _observe(server: Server, table_id: str, token: str, rng: random.Random) -> list[Window]:
    """Play seat 0; return every reaction window with how long it stayed open."""
    client = await Client(server, table_id, token).connect()
    windows: list[Window] = []
    opened: tuple[int, float] | None = None
    acted_on = -1
    count = count_views = 0
    while not client.ended:
        message = await client.recv(30)
        now = time.monotonic()
        version = message.get("version")
        if opened is not None and isinstance(version, int) and version > opened[0]:
            windows.append(Window(opened[0], now - opened[1]))
            opened = None
        if message["type"] != "view" or client.ended:
            continue
        if opened is None and _open_window(message) and count_views:
            opened = (message["version"], now)  # not the first view: it may be late
        count_views += 1
        legal = message["legal"]
        if message["turn"] and legal and message["version"] > acted_on:
            acted_on = message["version"]
            if _open_window(message):
                choice = next(a for a in legal if a["kind"] == "no_reaction")
            else:
                specials = [a for a in legal if a["kind"] in PLAYS]
                choice = rng.choice(specials or legal)
            count += 1
            await client.act(choice, message["version"], f"a{count}")
    await client.close()
    return windows


def _classify(record: dict[str, Any], windows: list[Window]) -> tuple[list[float], list[float]]:
    """Durations of windows closed by passes alone, split by whether a bot waited for
    held a special card when the window opened."""
    game = games.get("wypas")
    opened = {w.version: w for w in windows}
    match = Match(game, record["players"], record["options"], record["seed"])
    holding: list[float] = []
    empty: list[float] = []
    for step in record["actions"]:
        window = opened.pop(match.version, None)
        if window is not None and step["action"]["kind"] == "no_reaction":
            waited = match.state.actors()
            held = any(
                match.state.view(seat)["hand"].get(card, 0)
                for seat in waited
                if seat != 0
                for card in SPECIALS
            )
            (holding if held else empty).append(window.seconds)
        match.act(step["seat"], step["action"])
    return holding, empty


def _play_tables(server: Server) -> tuple[list[float], list[float]]:
    """Play TABLES tables at once; the windows' durations split as `_classify` does."""
    bots = {"1": "heuristic", "2": "heuristic"}
    tables = [server.create("wypas", 3, bots=bots)["id"] for _ in range(TABLES)]
    tokens = [server.join(t, 0) for t in tables]

    async def play() -> list[list[Window]]:
        seats = zip(tables, tokens, strict=True)
        return await asyncio.gather(
            *(_observe(server, t, tok, random.Random(i)) for i, (t, tok) in enumerate(seats))
        )

    holding: list[float] = []
    empty: list[float] = []
    for table_id, windows in zip(tables, asyncio.run(play()), strict=True):
        record = server.get(f"/api/tables/{table_id}/record").json()
        a, b = _classify(record, windows)
        holding += a
        empty += b
    return holding, empty


def test_w10a_window_timing_does_not_tell_who_holds_a_special_card(timed_server: Server) -> None:
    holding: list[float] = []
    empty: list[float] = []
    # Each table's seed is its own, so how many windows of each kind it opens varies:
    # more tables are played until both groups are large enough to compare.
    for _ in range(4):
        a, b = _play_tables(timed_server)
        holding += a
        empty += b
        if len(holding) >= 15 and len(empty) >= 15:
            break
    assert len(holding) >= 15 and len(empty) >= 15, (len(holding), len(empty))
    result = ks_two_sample(holding, empty)
    assert result.p_value >= 0.01, (result, sorted(holding), sorted(empty))
