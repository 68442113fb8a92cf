"""Two server processes on one PostgreSQL and one Redis: Redis is killed and comes back
empty, PostgreSQL restarts abruptly. Play pauses and resumes; every acknowledged action
is in the log once, every match finishes with the result its seed and actions replay to."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
import redis
import websockets

from tests.server.cluster_harness import RedisServer, Site, fresh_database
from tests.server.conftest import PostgresCluster
from tests.server.harness import Client, Server

TABLES = 6


def _site(postgres: PostgresCluster, redis_server: RedisServer, pace: float) -> Iterator[Site]:
    """Two processes; `pace`: the bots' delay and the players' longest pause."""
    db = fresh_database(postgres.url, "cluster_outages")
    redis.Redis.from_url(redis_server.url).flushall()
    delay = str(pace)
    args = ("--redis", redis_server.url, "--bot-delay", delay)
    servers = [Server(db, *args, bot_workers=0) for _ in range(2)]  # random bots, in a thread
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


def test_a_table_taken_while_its_old_owner_still_wrote_catches_up_with_the_log(
    site: Site, redis_server: RedisServer
) -> None:
    """Redis forgot a lease (restarted empty): another process takes the table while the
    old owner, not knowing yet, acknowledges one more action. The new owner loads the
    log again once the old one must have stopped, though nobody acts there any more."""
    old, new = site.servers
    leases = redis.Redis.from_url(redis_server.url)

    async def one_more_action_after_the_takeover() -> tuple[str, int, int] | None:
        table_id, tokens = old.table_with_people("baaaaa", 1)
        client = await Client(old, table_id, tokens[0]).connect()
        try:
            view = await client.until("view")
            leases.delete(f"pasture:lease:{table_id}")
            taken_at = new.get(f"/api/tables/{table_id}").json()["version"]  # loaded there
            await client.act(view["legal"][0], view["version"], "late")
            answer = await client.until_any(("ack", "error"))
        except (websockets.WebSocketException, TimeoutError):
            return None
        finally:
            await client.close()
        return (table_id, taken_at, answer["version"]) if answer["type"] == "ack" else None

    for _ in range(5):  # the old owner may notice first (it renews every second): again
        if (late := asyncio.run(one_more_action_after_the_takeover())) is not None:
            break
    assert late is not None, "the old owner never acknowledged after the takeover"
    table_id, taken_at, acked = late
    assert acked > taken_at
    limit = time.monotonic() + 30
    while (shown := new.get(f"/api/tables/{table_id}").json()["version"]) != acked:
        assert time.monotonic() < limit, f"the new owner stays at v{shown}, the log at v{acked}"
        time.sleep(0.2)


def test_one_process_needs_neither_redis_nor_postgres(tmp_path: object) -> None:
    """The zero-setup default: SQLite, no Redis, every table in the one process."""
    server = Server(f"sqlite:///{tmp_path}/one.sqlite").start()
    try:
        table = server.create("swipsheep", 3, bots={"0": "random", "1": "random", "2": "random"})
        assert server.get(f"/api/tables/{table['id']}").json()["game"] == "swipsheep"
    finally:
        server.stop()
