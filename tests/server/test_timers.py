"""Bots, reaction-window timeouts and move clocks, on a test game with a reaction window."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pasture.core.game import Action
from pasture.server.connection import Connection
from pasture.server.live import token_hash
from pasture.server.manager import TableManager
from pasture.server.protocol import loads
from pasture.server.settings import Settings
from pasture.store.database import Database
from tests.server.fake_game import GAME, Grab, Pass
from tests.server.harness import RACES, Client, RandomPlayer, Server

REACTION = 2.0


@pytest.fixture(scope="module")
def reflex_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("db") / "reflex.sqlite"
    server = Server(
        f"sqlite:///{db}?synchronous=NORMAL",
        "--reaction-timeout",
        str(REACTION),
        with_test_game=True,
        bot_workers=0,
    )
    yield server.start()
    server.stop()


def _actions(server: Server, table_id: str) -> list[dict[str, Any]]:
    record = server.get(f"/api/tables/{table_id}/record").json()
    return list(record["actions"])


def test_unanswered_reaction_windows_pass_by_themselves(reflex_server: Server) -> None:
    server = reflex_server
    table = server.create(GAME.name, 2, options={"rounds": 1})
    tokens = [server.join(table["id"], 0)]
    tokens.append(server.join(table["id"], 1))
    started = time.monotonic()  # play (and the window) starts with the last join

    async def scenario() -> None:
        clients = [await Client(server, table["id"], t).connect() for t in tokens]
        view = await clients[0].until("view")
        assert view["turn"] and view["view"]["window"]
        await clients[0].act(Grab().to_json(), view["version"], "g")  # seat 0 answers
        end = await clients[0].until("end", timeout=REACTION + 5)
        # seat 1 never answered: its window closed REACTION seconds after it opened
        assert REACTION - 0.1 < time.monotonic() - started < REACTION + 5
        assert end["result"]["scores"] == [1, 0]
        for c in clients:
            await c.close()

    asyncio.run(scenario())
    assert _actions(server, table["id"]) == [
        {"seat": 0, "action": Grab().to_json()},
        {"seat": 1, "action": Pass().to_json()},
    ]


def test_bots_play_their_seats_to_the_end(reflex_server: Server) -> None:
    table = reflex_server.create(GAME.name, 3, bots={str(s): "random" for s in range(3)})

    async def scenario() -> None:
        spectator = await Client(reflex_server, table["id"]).connect()
        end = await spectator.until("end", timeout=10)
        assert len(end["seed"]) > 0
        await spectator.close()

    asyncio.run(scenario())
    assert len(_actions(reflex_server, table["id"])) == 6 // 2 * 3 + 6 // 2


def test_a_bot_stands_in_when_the_move_clock_runs_out_until_the_player_is_back(
    reflex_server: Server,
) -> None:
    server = reflex_server
    # seat 0 goes quiet; seat 1 plays. Round 1 is seat 0's turn: its clock runs out.
    tid, tokens = server.table_with_people(GAME.name, 2, options={"rounds": 10_000}, move_clock=0.3)

    async def scenario() -> None:
        quiet = await Client(server, tid, tokens[0]).connect()
        other = await Client(server, tid, tokens[1]).connect()
        opponent = asyncio.create_task(RandomPlayer(other, random.Random(1)).run())
        view = await quiet.until("view")
        await quiet.act(Pass().to_json(), view["version"], "p")  # answer the first window
        await quiet.until("ack")
        message = await quiet.until("table", timeout=5)
        while not message["table"]["seats"][0]["away"]:
            message = await quiet.until("table", timeout=5)
        await quiet.close()
        # the stand-in plays seat 0 while its player is gone: the match goes on
        version = server.get(f"/api/tables/{tid}").json()["version"]
        await asyncio.sleep(0.3)
        table = server.get(f"/api/tables/{tid}").json()
        assert table["version"] > version and table["seats"][0]["away"]
        # coming back takes the seat back: the stand-in stops, the clock starts again
        back = await Client(server, tid, tokens[0]).connect()
        message = await back.until("table", timeout=5)
        assert message["table"]["seats"][0]["away"] is False
        for attempt in range(5):
            if not (back.view and back.view["turn"]):
                await back.until("view", turn=True, timeout=5)
            await back.act(Grab().to_json(), back.version, f"mine-{attempt}")
            reply = await back.until_any(("ack", "error"))
            if reply["type"] == "ack":
                assert reply["id"] == f"mine-{attempt}"
                break
            # in a reaction window the other seat may answer first: act again on the new view
            assert reply["code"] in RACES, reply
        else:
            raise AssertionError("the seat's player never acted again")
        opponent.cancel()
        for c in (back, other):
            await c.close()

    asyncio.run(scenario())


def test_acting_starts_the_players_move_clock_again(tmp_path: Path) -> None:
    """A player who acts and is still waited for gets a fresh move clock (the one
    running before the action is not carried on): the timers the change planned before
    its commit are planned again when acting changed them. Baaaaa! alone: its one seat
    is waited for after every action."""
    db = Database(f"sqlite:///{tmp_path / 'db.sqlite'}")
    manager = TableManager(db, Settings(bot_workers=0))

    def clocks(conn: Connection) -> list[Any]:
        sent = [loads(t) for t in conn._outbox if isinstance(t, str)]
        conn._outbox.clear()
        return [m["clocks"] for m in sent if m["type"] == "clock"]

    async def scenario() -> None:
        table = await manager.create("baaaaa", 1, None, {}, 60.0)
        token = await manager.join(table, 0, "solo")
        conn = Connection(None, 0, token_hash(token), 1 << 20)  # type: ignore[arg-type]
        await manager.attach(table, conn, None)
        assert clocks(conn)[-1] == [{"seat": 0, "kind": "clock", "seconds": 60.0}]
        first = table.deadlines[(0, "clock")]
        later = first + 30.0  # the player thinks for half the clock
        for step in range(3):
            if table.status != "playing":
                break
            action: Action = random.Random(step).choice(table.legal[0])
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(time, "time", lambda now=later: now)
                await manager.act(
                    table,
                    conn,
                    {"type": "act", "action": action.to_json(), "version": table.match.version},
                )
            assert table.deadlines[(0, "clock")] == later + 60.0
            assert clocks(conn)[-1] == [{"seat": 0, "kind": "clock", "seconds": 60.0}]
            later += 30.0
        manager.stop()

    try:
        asyncio.run(scenario())
    finally:
        db.close()
