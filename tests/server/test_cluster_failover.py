"""Several server processes on one PostgreSQL and one Redis: owners are SIGKILLed
mid-match and restarted; every acknowledged action is in the log exactly once, every
match finishes, and each result is the replay of the match's seed and actions."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
import redis

from tests.server.cluster_harness import RedisServer, Site, fresh_database, owner_pid
from tests.server.conftest import PostgresCluster
from tests.server.harness import Server

PROCESSES = 3
"""One always serves; an owner is killed only while another one serves too."""
TABLES = 30
KILLS = 10
ADOPTION_WATCH = 60.0
"""Seconds a killed owner's table is watched for its next owner."""
LEASE_TTL = "1"
"""Seconds: a dead owner's tables are adopted sooner than with the default 3 s."""


@pytest.fixture
def site(postgres_cluster: PostgresCluster, redis_server: RedisServer) -> Iterator[Site]:
    db = fresh_database(postgres_cluster.url, "cluster_failover")
    redis.Redis.from_url(redis_server.url).flushall()
    args = ("--redis", redis_server.url, "--bot-delay", "0.15", "--lease-ttl", LEASE_TTL)
    # Random bots think in a thread: no start or restart spawns a worker process for them.
    servers = [Server(db, *args, bot_workers=0) for _ in range(PROCESSES)]
    with ThreadPoolExecutor(PROCESSES) as starting:  # at once, on an empty database
        list(starting.map(Server.start, servers))
    yield Site(db, servers, random.Random(13))
    with ThreadPoolExecutor(PROCESSES) as stopping:
        list(stopping.map(Server.stop, servers))


@pytest.mark.slow
def test_sigkilled_owners_lose_nothing_and_every_match_finishes(
    site: Site, redis_server: RedisServer
) -> None:
    site.open_tables(TABLES)
    rng = site.rng
    kills: list[str] = []
    adoption: list[float] = []
    starting: set[Server] = set()

    async def watch_adoption(table_id: str, pid: int, killed_at: float) -> None:
        # Bounded: a match that ends meanwhile needs no new owner and gets none.
        while owner_pid(redis_server.url, table_id) in (pid, None):
            if time.monotonic() - killed_at > ADOPTION_WATCH or table_id not in site.going():
                return
            await asyncio.sleep(0.05)
        adoption.append(time.monotonic() - killed_at)

    async def restart(victim: Server) -> None:
        starting.add(victim)  # not killed again before it serves (its start would fail)
        await asyncio.sleep(rng.uniform(0.2, 1.0))
        await asyncio.to_thread(victim.start)  # same port: clients find it again
        starting.discard(victim)

    async def kill_owners() -> None:
        background = []
        give_up = time.monotonic() + 120  # bounded: the matches may all have ended
        while len(kills) < KILLS and time.monotonic() < give_up:
            await asyncio.sleep(rng.uniform(0.3, 0.8))
            going = site.going()
            if not going:
                break
            table_id = rng.choice(going)
            pid = owner_pid(redis_server.url, table_id)
            victim = next((s for s in site.servers if s.proc and s.proc.pid == pid), None)
            alive = [
                s
                for s in site.servers
                if s.proc is not None and s.proc.poll() is None and s not in starting
            ]
            if pid is None or victim is None or victim not in alive or len(alive) < 2:
                continue  # between owners, starting again, or the last one standing
            victim.kill()  # SIGKILL, mid-match
            kills.append(table_id)
            background.append(asyncio.create_task(watch_adoption(table_id, pid, time.monotonic())))
            background.append(asyncio.create_task(restart(victim)))
        await asyncio.gather(*background)

    async def main() -> None:
        play = site.start_playing()
        await kill_owners()
        await site.finish(play)

    asyncio.run(main())
    assert len(kills) == KILLS, f"only {len(kills)} owners were killed mid-match"
    print(
        f"{len(kills)} owners killed; {len(adoption)} tables adopted, after"
        f" {sorted(round(a, 2) for a in adoption)} s (the others had ended)"
    )
    site.check()
