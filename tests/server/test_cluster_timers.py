"""Timers across processes: when a table's owner is SIGKILLed while a reaction window is
open, the process that takes the table over keeps the window's stored deadline (it
neither starts the window again nor closes it early) and passes the silent seat when it
is due."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import psycopg
import pytest
import redis
import websockets

from tests.server.cluster_harness import RedisServer, fresh_database, owner_pid
from tests.server.conftest import PostgresCluster
from tests.server.fake_game import GAME, Grab, Pass
from tests.server.harness import Client, Server

REACTION = 6.0
KILL_AFTER = 1.5
"""Seconds into the window when its owner is killed: a window started again by the
next owner would then end at least this much (plus the lease's 1 s) after its due time."""


@pytest.fixture
def pair(postgres_cluster: PostgresCluster, redis_server: RedisServer) -> Iterator[list[Server]]:
    db = fresh_database(postgres_cluster.url, "cluster_timers")
    redis.Redis.from_url(redis_server.url).flushall()
    args = ("--redis", redis_server.url, "--lease-ttl", "1", "--reaction-timeout", str(REACTION))
    servers = [Server(db, *args, with_test_game=True, bot_workers=0) for _ in range(2)]
    with ThreadPoolExecutor(2) as starting:
        list(starting.map(Server.start, servers))
    yield servers
    for server in servers:
        server.stop()


def stored_deadline(db: str, table_id: str, key: str) -> float | None:
    with psycopg.connect(db) as conn:
        row = conn.execute("SELECT deadlines FROM tables WHERE id = %s", (table_id,)).fetchone()
    deadlines = row[0] if row else None
    return None if not deadlines else deadlines.get(key)


def test_a_reaction_window_keeps_its_deadline_when_another_process_takes_the_table(
    pair: list[Server], redis_server: RedisServer
) -> None:
    first = pair[0]
    table_id, tokens = first.table_with_people(GAME.name, 2, options={"rounds": 1})
    limit = time.monotonic() + 10
    while (due := stored_deadline(first.db, table_id, "1:reaction")) is None:
        assert time.monotonic() < limit, "the window's deadline was never stored"
        time.sleep(0.05)
    while (pid := owner_pid(redis_server.url, table_id)) is None:
        assert time.monotonic() < limit, "nobody took the table's lease"
        time.sleep(0.05)
    owner = next(s for s in pair if s.proc is not None and s.proc.pid == pid)
    survivor = next(s for s in pair if s is not owner)
    time.sleep(max(0.0, due - REACTION + KILL_AFTER - time.time()))
    owner.kill()

    async def scenario() -> tuple[float, float]:
        limit = time.monotonic() + 30
        while True:  # the survivor answers once it holds the table
            try:
                client = await Client(survivor, table_id, tokens[0]).connect()
                clock = await client.until("clock")
                break
            except (websockets.WebSocketException, TimeoutError, OSError):
                assert time.monotonic() < limit, "the survivor never served the table"
                await asyncio.sleep(0.2)
        shown = {(c["seat"], c["kind"]): c["seconds"] for c in clock["clocks"]}
        implied_due = time.time() + shown[(1, "reaction")]
        assert client.view is not None  # the catch-up's view comes before the clock
        await client.act(Grab().to_json(), client.version, "grab")
        await client.until("end", timeout=REACTION + 20)
        ended = time.time()
        await client.close()
        return implied_due, ended

    implied_due, ended = asyncio.run(scenario())
    # The clock the new owner shows counts down to the stored deadline, not to a new
    # window's (which would be due KILL_AFTER + 1 s later or more) ...
    assert abs(implied_due - due) < (KILL_AFTER + 1) / 2, (implied_due - due, survivor.log())
    # ... and the silent seat is passed then, not before.
    assert ended >= due - 0.2
    record = survivor.get(f"/api/tables/{table_id}/record").json()
    assert record["actions"] == [
        {"seat": 0, "action": Grab().to_json()},
        {"seat": 1, "action": Pass().to_json()},
    ]
