"""Several server processes on one PostgreSQL and one Redis: owners are SIGKILLed
mid-match and restarted; every acknowledged action is in the log exactly once, every
match finishes, and each result is the replay of the match's seed and actions."""

from __future__ import annotations

import asyncio
import os
import random
import time
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
import redis
import websockets

from pasture import games
from pasture.core.match import Match
from tests.server.cluster_harness import RedisServer
from tests.server.conftest import PostgresCluster
from tests.server.harness import Client, RandomPlayer, Server

PROCESSES = 3
TABLES = int(os.environ.get("T", 30))
KILLS = int(os.environ.get("K", 10))
# (game, players, bot seats): bots and scripted players at every table
LAYOUTS = [("wilson_shep", 2, [1]), ("swipsheep", 3, [2]), ("baaaaa", 2, [0])]


def fresh_database(cluster: PostgresCluster, name: str) -> str:
    with psycopg.connect(cluster.url, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name}")
        conn.execute(f"CREATE DATABASE {name}")
    return cluster.url.rsplit("/", 1)[0] + f"/{name}"


@pytest.fixture
def site(
    postgres_cluster: PostgresCluster, redis_server: RedisServer
) -> Iterator[tuple[str, list[Server]]]:
    db = fresh_database(postgres_cluster, "cluster_failover")
    redis.Redis.from_url(redis_server.url).flushall()
    servers = [
        Server(db, "--redis", redis_server.url, "--bot-delay", "0.15") for _ in range(PROCESSES)
    ]
    for server in servers:
        server.start()
    yield db, servers
    for server in servers:
        server.stop()


class ThinkingPlayer(RandomPlayer):
    """A scripted player that pauses a little before each action, as people do, so the
    matches are still going when their owners are killed. `trail`: its reconnections."""

    def __init__(self, client: Client, rng: random.Random) -> None:
        super().__init__(client, rng, allow_errors=True)
        self.trail: list[str] = []

    async def _maybe_act(self) -> None:
        view = self.client.view
        if self.pending is None and view is not None and view["turn"] and view["legal"]:
            await asyncio.sleep(self.rng.uniform(0.0, 0.2))
        await super()._maybe_act()


async def play_across_kills(
    player: ThinkingPlayer, servers: list[Server], rng: random.Random
) -> None:
    """Play until the match ends, reconnecting to any live process whenever the
    connection drops, catching up from the last version seen, resending what is unacked."""
    client = player.client
    trail = player.trail
    while not client.ended:
        try:
            if client.ws is None:
                client.server = rng.choice(servers)
                trail.append(
                    f"{time.monotonic():.1f} connect {client.server.port} v{client.version}"
                )
                await client.connect(since=client.version or None)
                await player.resend()
            await player.run()
        except (websockets.ConnectionClosed, EOFError, TimeoutError, OSError) as e:
            trail.append(f"{time.monotonic():.1f} {type(e).__name__} {e}")
        if not client.ended:
            client.ws = None
            await asyncio.sleep(rng.uniform(0.05, 0.3))


def owner_pid(redis_url: str, table_id: str) -> int | None:
    holder = redis.Redis.from_url(redis_url, decode_responses=True).get(f"pasture:lease:{table_id}")
    return None if holder is None else int(str(holder).rsplit("-", 2)[1])


@pytest.mark.slow
def test_sigkilled_owners_lose_nothing_and_every_match_finishes(
    site: tuple[str, list[Server]], redis_server: RedisServer
) -> None:
    db, servers = site
    rng = random.Random(13)
    tables: list[tuple[str, str, list[int]]] = []  # (id, game, scripted seats)
    tokens: dict[tuple[str, int], str] = {}
    for n in range(TABLES):
        game, seats, bot_seats = LAYOUTS[n % len(LAYOUTS)]
        creator = servers[n % PROCESSES]
        table = creator.create(game, seats, bots={str(s): "random" for s in bot_seats})
        people = [s for s in range(seats) if s not in bot_seats]
        for seat in people:  # joined through any process: the owner answers
            tokens[(table["id"], seat)] = rng.choice(servers).join(table["id"], seat)
        tables.append((table["id"], game, people))

    players: dict[tuple[str, int], ThinkingPlayer] = {}
    kills: list[str] = []
    adoption: list[float] = []

    async def watch_adoption(table_id: str, pid: int, killed_at: float) -> None:
        while owner_pid(redis_server.url, table_id) in (pid, None):
            await asyncio.sleep(0.05)
        adoption.append(time.monotonic() - killed_at)

    async def restart(victim: Server) -> None:
        await asyncio.sleep(rng.uniform(0.5, 2.0))
        await asyncio.to_thread(victim.start)  # same port: clients find it again

    async def kill_owners() -> None:
        background = []
        give_up = time.monotonic() + 120  # bounded: the matches may all have ended
        while len(kills) < KILLS and time.monotonic() < give_up:
            await asyncio.sleep(rng.uniform(0.5, 1.2))
            going = [
                t
                for t, _, people in tables
                if not all(players[(t, s)].client.ended for s in people)
            ]
            if not going:
                break
            table_id = rng.choice(going)
            pid = owner_pid(redis_server.url, table_id)
            victim = next((s for s in servers if s.proc is not None and s.proc.pid == pid), None)
            alive = [s for s in servers if s.proc is not None and s.proc.poll() is None]
            if pid is None or victim is None or victim not in alive or len(alive) < 2:
                continue  # between owners right now, or the last one standing
            victim.kill()
            kills.append(table_id)
            background.append(asyncio.create_task(watch_adoption(table_id, pid, time.monotonic())))
            background.append(asyncio.create_task(restart(victim)))
        await asyncio.gather(*background)

    async def main() -> None:
        for table_id, _, people in tables:
            for seat in people:
                client = Client(rng.choice(servers), table_id, tokens[(table_id, seat)])
                players[(table_id, seat)] = ThinkingPlayer(
                    client, random.Random(rng.getrandbits(32))
                )
        play = [
            asyncio.create_task(play_across_kills(p, servers, random.Random(i)))
            for i, p in enumerate(players.values())
        ]
        await kill_owners()
        done, stuck = await asyncio.wait(play, timeout=120)
        for task in done:
            task.result()  # a player's failed assertion fails the test here
        if stuck:
            lost = [
                (key, p.client.version, p.trail[-6:], [m["type"] for m in p.client.messages[-8:]])
                for key, p in players.items()
                if not p.client.ended
            ]
            pytest.fail(f"{len(stuck)} players never finished: {lost[:3]}")

    asyncio.run(main())
    assert len(kills) == KILLS, f"only {len(kills)} owners were killed mid-match"
    print(f"{len(kills)} owners killed; adopted after {sorted(round(a, 2) for a in adoption)} s")

    with psycopg.connect(db) as conn:
        rows = conn.execute(
            "SELECT table_id, seat, client_id, version, action FROM actions"
            " WHERE client_id IS NOT NULL"
        ).fetchall()
        results: dict[str, Any] = dict(conn.execute("SELECT id, result FROM tables").fetchall())
    logged: dict[tuple[str, int, str], list[tuple[int, Any]]] = {}
    for table_id, seat, client_id, version, action in rows:
        logged.setdefault((table_id, seat, client_id), []).append((version, action))

    for (table_id, seat), player in players.items():
        assert player.client.ended, f"table {table_id} seat {seat} never saw the end"
        for client_id, (version, action) in player.acks.items():
            assert logged.get((table_id, seat, client_id)) == [(version, action)], (
                f"acknowledged action {client_id} at table {table_id} is not in the log once"
            )

    for table_id, game_name, _ in tables:
        record = rng.choice(servers).get(f"/api/tables/{table_id}/record").json()
        replayed = Match.from_record(games.get(game_name), record)
        assert replayed.is_over()
        assert replayed.state.result().to_json() == record["result"] == results[table_id]
