"""Two server processes on one PostgreSQL and one Redis: Redis is killed and comes back
empty, PostgreSQL restarts abruptly. Play pauses and resumes; every acknowledged action
is in the log once, every match finishes with the result its seed and actions replay to."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
import redis

from tests.server.cluster_harness import RedisServer, Site, fresh_database
from tests.server.conftest import PostgresCluster
from tests.server.harness import Server

TABLES = 6


def _site(postgres: PostgresCluster, redis_server: RedisServer, pace: float) -> Iterator[Site]:
    """Two processes; `pace`: the bots' delay and the players' longest pause."""
    db = fresh_database(postgres.url, "cluster_outages")
    redis.Redis.from_url(redis_server.url).flushall()
    delay = str(pace)
    servers = [Server(db, "--redis", redis_server.url, "--bot-delay", delay) for _ in range(2)]
    with ThreadPoolExecutor(len(servers)) as starting:  # at once, on an empty database
        list(starting.map(Server.start, servers))
    yield Site(db, servers, random.Random(7), pause=2 * pace)
    with ThreadPoolExecutor(len(servers)) as stopping:
        list(stopping.map(Server.stop, servers))


@pytest.fixture
def site(postgres_cluster: PostgresCluster, redis_server: RedisServer) -> Iterator[Site]:
    """At a pace where five of the six matches outlast a 2 s outage."""
    yield from _site(postgres_cluster, redis_server, 0.1)


@pytest.fixture
def quick_site(postgres_cluster: PostgresCluster, redis_server: RedisServer) -> Iterator[Site]:
    """At a pace for an instant outage: every match is still going after it, and the
    longest (Wilson & Shep, up to 120 actions) end a few seconds later."""
    yield from _site(postgres_cluster, redis_server, 0.025)


def play_through(site: Site, outage: Callable[[], None]) -> int:
    """Play every table; `outage` happens once some actions were acknowledged. Returns
    the acknowledged actions at that moment."""
    site.open_tables(TABLES)

    async def main() -> int:
        play = site.start_playing()
        while site.acks() < 20:
            await asyncio.sleep(0.05)
        before = site.acks()
        await asyncio.to_thread(outage)
        await site.finish(play)
        return before

    return asyncio.run(main())


@pytest.mark.slow
def test_redis_killed_and_back_empty_play_resumes(site: Site, redis_server: RedisServer) -> None:
    def outage() -> None:
        redis_server.kill()  # leases and subscriptions gone
        asyncio.run(asyncio.sleep(2))
        redis_server.start()  # same port, empty

    before = play_through(site, outage)
    assert site.acks() > before  # play went on after Redis came back
    site.check()


@pytest.mark.slow
def test_postgres_restart_play_resumes(quick_site: Site, postgres_cluster: PostgresCluster) -> None:
    before = play_through(quick_site, postgres_cluster.restart)
    assert quick_site.acks() > before
    quick_site.check()


def test_one_process_needs_neither_redis_nor_postgres(tmp_path: object) -> None:
    """The zero-setup default: SQLite, no Redis, every table in the one process."""
    server = Server(f"sqlite:///{tmp_path}/one.sqlite").start()
    try:
        table = server.create("swipsheep", 3, bots={"0": "random", "1": "random", "2": "random"})
        assert server.get(f"/api/tables/{table['id']}").json()["game"] == "swipsheep"
    finally:
        server.stop()
