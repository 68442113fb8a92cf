"""SIGKILL at any moment loses no acknowledged action; every match goes on after a
restart; clients reconnect and catch up. On SQLite (default settings) and PostgreSQL."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from pathlib import Path
from typing import Any

import pytest
import websockets

from pasture import games
from pasture.core.match import Match
from tests.server.harness import Client, RandomPlayer, Server

TABLES = 4
PLAYERS = 3
KILL_AFTER_ACKS = 30


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/kill.sqlite"  # default: synchronous=FULL
    return str(request.getfixturevalue("postgres_url"))


async def _run_until_closed(player: RandomPlayer) -> None:
    with contextlib.suppress(websockets.ConnectionClosed, EOFError, TimeoutError):
        await player.run()


def _steps_by_version(record: dict[str, Any]) -> dict[int, tuple[int, dict[str, Any]]]:
    """Replay the record: the version each player's action led to."""
    game = games.get(record["game"])
    match = Match(game, record["players"], record["options"], record["seed"])
    out = {}
    for step in record["actions"]:
        match.act(step["seat"], step["action"])
        out[match.version] = (step["seat"], step["action"])
    assert match.is_over()
    return out


def test_sigkill_and_restart_lose_no_acknowledged_action(db_url: str) -> None:
    server = Server(db_url, "--bot-delay", "0.1", bot_workers=0).start()  # random bots
    tables = [server.table_with_people("swipsheep", PLAYERS) for _ in range(TABLES)]
    bots = {str(seat): "random" for seat in range(PLAYERS)}

    async def before_kill() -> list[list[tuple[Client, RandomPlayer]]]:
        seats = []
        for table_id, tokens in tables:
            row = []
            for seat, token in enumerate(tokens):
                client = await Client(server, table_id, token).connect()
                row.append((client, RandomPlayer(client, random.Random(seat), allow_errors=True)))
            seats.append(row)
        players = [p for row in seats for _, p in row]
        tasks = [asyncio.create_task(_run_until_closed(p)) for p in players]
        deadline = time.monotonic() + 60
        while sum(len(p.acks) for p in players) < KILL_AFTER_ACKS:
            assert time.monotonic() < deadline, "the matches did not get going"
            await asyncio.sleep(0.005)
        bot_tables.append(server.create("swipsheep", PLAYERS, bots=bots)["id"])
        await asyncio.sleep(0.3)  # a few bot moves
        server.kill()  # SIGKILL while actions are in flight
        await asyncio.gather(*tasks)
        return seats

    bot_tables: list[str] = []
    seats = asyncio.run(before_kill())
    bot_table = bot_tables[0]

    server.start()  # same database, same port

    async def after_restart() -> None:
        players = []
        for row in seats:
            for client, player in row:
                await client.connect(since=client.version)  # what did I miss?
                await player.resend()  # the action left unanswered, same id
                players.append(player)
        await asyncio.gather(*(p.run() for p in players))

    asyncio.run(after_restart())
    for (table_id, _), row in zip(tables, seats, strict=True):
        record = server.get(f"/api/tables/{table_id}/record").json()
        steps = _steps_by_version(record)
        for seat, (_, player) in enumerate(row):
            for version, action in player.acks.values():
                assert steps[version] == (seat, action), "an acknowledged action was lost"
            assert all(e["code"] != "unavailable" for e in player.errors)
        # nothing applied twice: every action in the log was acknowledged to its seat once
        acked = sorted(v for _, p in row for v, _ in p.acks.values())
        unacked = {v: steps[v] for v in sorted(set(steps) - set(acked))}
        errors = [(p.errors, p.races) for _, p in row]
        assert acked == sorted(steps), f"logged, never acked: {unacked}; errors: {errors}"

    deadline = time.monotonic() + 60  # the bots' match went on by itself
    while server.get(f"/api/tables/{bot_table}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots' match did not finish after a restart"
        time.sleep(0.1)
    _steps_by_version(server.get(f"/api/tables/{bot_table}/record").json())
    server.stop()


def test_a_postgresql_restart_does_not_lose_or_refuse_an_action(postgres_cluster: Any) -> None:
    """The database connection is cut under the server: the next action is retried on a
    new connection, committed and acknowledged as usual."""
    server = Server(postgres_cluster.url, bot_workers=0).start()
    try:
        table_id, tokens = server.table_with_people("swipsheep", PLAYERS)

        async def scenario() -> None:
            client = await Client(server, table_id, tokens[0]).connect()
            view = await client.until("view")
            postgres_cluster.restart()
            await client.act(view["legal"][0], view["version"], "after-restart")
            ack = await client.until("ack", timeout=20)
            assert ack["version"] == view["version"] + 1
            await client.close()

        asyncio.run(scenario())
        assert server.get(f"/api/tables/{table_id}").json()["version"] > 0
    finally:
        server.stop()
