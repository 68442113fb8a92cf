"""W-10a on the server: a pass in a reaction window is held until every seat waited for
has answered, so no connection learns who has passed, or when, before the window closes."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator

import pytest

from pasture import games
from pasture.core.match import Match
from tests.server.fake_game import GAME, Grab, Pass
from tests.server.harness import Client, Server


@pytest.fixture(scope="module")
def reflex_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("db") / "reflex.sqlite"
    server = Server(f"sqlite:///{db}?synchronous=NORMAL", with_test_game=True, bot_workers=0)
    yield server.start()
    server.stop()


async def _nothing_pending(client: Client) -> None:
    """The next message after a ping is its pong: nothing else was sent meanwhile."""
    await client.send({"type": "ping"})
    assert (await client.recv())["type"] == "pong"


def test_w10a_passes_are_held_and_acknowledged_together(reflex_server: Server) -> None:
    server = reflex_server
    tid, tokens = server.table_with_people(GAME.name, 3, options={"rounds": 2})

    async def scenario() -> None:
        seats = [await Client(server, tid, t).connect() for t in tokens]
        spectator = await Client(server, tid).connect()
        views = [await c.until("view") for c in seats]
        await spectator.until("view")
        for c in (*seats, spectator):  # the window's limits, told on arrival (presence.py)
            await c.until("clock")
        version = views[0]["version"]
        await seats[0].act(Pass().to_json(), version, "p0")
        await _nothing_pending(seats[0])  # no ack yet: the window is open
        for other in (seats[1], seats[2], spectator):
            await _nothing_pending(other)  # and nobody hears of the pass
        assert server.get(f"/api/tables/{tid}").json()["version"] == version
        # the same id again is answered once, at the close; another answer is refused
        await seats[0].act(Pass().to_json(), version, "p0")
        await _nothing_pending(seats[0])
        await seats[0].act(Pass().to_json(), version, "again")
        assert (await seats[0].until("error"))["code"] == "already_answered"
        # a grab is not a pass: it is applied at once, and the window stays the same
        await seats[1].act(Grab().to_json(), version, "g1")
        grabbed = await seats[1].until("ack")
        assert grabbed["version"] == version + 1
        await seats[2].act(Pass().to_json(), version, "p2")
        acks = [await seats[0].until("ack"), await seats[2].until("ack")]
        assert [a["id"] for a in acks] == ["p0", "p2"]
        assert acks[0]["version"] == acks[1]["version"] == version + 3
        assert server.get(f"/api/tables/{tid}").json()["version"] == version + 3
        for c in (*seats, spectator):
            await c.close()

    asyncio.run(scenario())
    record = server.get(f"/api/tables/{tid}/record")
    assert record.status_code == 409  # two rounds: the match goes on after the window


def _window_state(seed: int) -> Match:
    """A 4-seat Wypas match played at random until a reaction window waits for 3 seats."""
    game = games.get("wypas")
    rng = random.Random(seed)
    match = Match(game, 4, None, seed)
    while not match.is_over():
        state = match.state
        view = state.view(None)
        reaction = view["reaction"]
        if reaction is not None and len(state.actors()) == 3 and view["pending"] is None:
            return match
        seat = rng.choice(state.actors())
        match.act(seat, rng.choice(state.legal_actions(seat)))
    pytest.skip("no reaction window in this match")


@pytest.mark.parametrize("seed", range(3))
def test_w10a_a_pass_changes_no_view_while_the_window_is_open(seed: int) -> None:
    match = _window_state(seed)
    state = match.state
    before = [state.view(seat) for seat in (None, *range(4))]
    first = state.actors()[0]
    events = match.act(first, state.timeout_action(first))
    assert events == []  # a pass is not announced
    assert len(match.state.actors()) == 2  # the window is still open
    after = [match.state.view(seat) for seat in (None, *range(4))]
    assert after == before
