"""Several server processes on one PostgreSQL and one Redis, for the cluster tests: a
throwaway Redis, tables of bots and scripted players who reconnect to any live process,
and the check that every acknowledged action is in the log once and every result is the
replay of its match."""

from __future__ import annotations

import asyncio
import random
import shutil
import subprocess
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg
import redis
import websockets

from pasture import games
from pasture.core.match import Match
from tests.server.harness import Client, RandomPlayer, Server, free_port

# (game, players, bot seats): bots and scripted players at every table
LAYOUTS = [("wilson_shep", 2, [1]), ("swipsheep", 3, [2]), ("baaaaa", 2, [0])]


class RedisServer:
    """Debian's redis-server on a free loopback port, no persistence, in a temp dir."""

    def __init__(self) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="pasture-redis-"))
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen[bytes] | None = None
        self.start()

    def start(self) -> None:
        binary = shutil.which("redis-server")
        assert binary is not None
        args = [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", ""]
        args += ["--appendonly", "no", "--dir", str(self.dir)]
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        client = redis.Redis.from_url(self.url)
        deadline = time.monotonic() + 10
        while True:
            try:
                client.ping()
                break
            except redis.ConnectionError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        client.close()

    def kill(self) -> None:
        """SIGKILL: every lease and subscription is gone with it."""
        assert self.proc is not None
        self.proc.kill()
        self.proc.wait(10)

    def destroy(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.kill()
        shutil.rmtree(self.dir, ignore_errors=True)


def fresh_database(admin_url: str, name: str) -> str:
    """An empty PostgreSQL database `name` on the cluster at `admin_url`; its URL."""
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name}")
        conn.execute(f"CREATE DATABASE {name}")
    return admin_url.rsplit("/", 1)[0] + f"/{name}"


def owner_pid(redis_url: str, table_id: str) -> int | None:
    """The pid of the process holding the table's lease (node ids are host-pid-random)."""
    with redis.Redis.from_url(redis_url, decode_responses=True) as client:
        holder = client.get(f"pasture:lease:{table_id}")
    return None if holder is None else int(str(holder).rsplit("-", 2)[1])


class ThinkingPlayer(RandomPlayer):
    """A scripted player that pauses a little before each action (up to `pause` seconds),
    as people do, so the matches are still going when something is killed. `trail`: its
    reconnections."""

    def __init__(self, client: Client, rng: random.Random, pause: float = 0.2) -> None:
        super().__init__(client, rng, allow_errors=True)
        self.pause = pause
        self.trail: list[str] = []

    async def _maybe_act(self) -> None:
        view = self.client.view
        if self.pending is None and view is not None and view["turn"] and view["legal"]:
            await asyncio.sleep(self.rng.uniform(0.0, self.pause))
        await super()._maybe_act()

    async def play(self, servers: Sequence[Server], rng: random.Random) -> None:
        """Play until the match ends, reconnecting to any live process whenever the
        connection drops: catch up from the last version seen, resend what is unacked."""
        client = self.client
        while not client.ended:
            try:
                if client.ws is None:
                    client.server = rng.choice(servers)
                    self.trail.append(f"connect :{client.server.port} at v{client.version}")
                    await client.connect(since=client.version or None)
                    await self.resend()
                await self.run()
            except (websockets.WebSocketException, EOFError, TimeoutError, OSError) as e:
                # cut, refused, or a handshake with a process being killed
                self.trail.append(f"{type(e).__name__} {e}")
            if not client.ended:
                client.ws = None
                await asyncio.sleep(rng.uniform(0.05, 0.3))


@dataclass
class Site:
    """Processes serving one database, their tables and the players at them."""

    db: str
    servers: list[Server]
    rng: random.Random
    tables: list[tuple[str, str, list[int]]] = field(default_factory=list)
    """(table id, game, seats played by scripted players)"""
    players: dict[tuple[str, int], ThinkingPlayer] = field(default_factory=dict)
    pause: float = 0.2
    """The players' longest pause before an action (ThinkingPlayer)."""

    def open_tables(self, count: int) -> None:
        """Tables created round the processes; seats joined through any of them."""
        for n in range(count):
            game, seats, bot_seats = LAYOUTS[n % len(LAYOUTS)]
            table = self.servers[n % len(self.servers)].create(
                game, seats, bots={str(s): "random" for s in bot_seats}
            )
            people = [s for s in range(seats) if s not in bot_seats]
            for seat in people:
                token = self.rng.choice(self.servers).join(table["id"], seat)
                client = Client(self.rng.choice(self.servers), table["id"], token)
                rng = random.Random(self.rng.getrandbits(32))
                player = ThinkingPlayer(client, rng, self.pause)
                self.players[(table["id"], seat)] = player
            self.tables.append((table["id"], game, people))

    def going(self) -> list[str]:
        return [
            t
            for t, _, people in self.tables
            if not all(self.players[(t, s)].client.ended for s in people)
        ]

    def acks(self) -> int:
        return sum(len(p.acks) for p in self.players.values())

    def start_playing(self) -> dict[asyncio.Task[None], tuple[str, int]]:
        return {
            asyncio.create_task(p.play(self.servers, random.Random(i))): key
            for i, (key, p) in enumerate(self.players.items())
        }

    async def finish(self, play: dict[asyncio.Task[None], tuple[str, int]]) -> None:
        done, stuck = await asyncio.wait(play, timeout=120)
        for task in done:
            task.result()  # a player's failed assertion fails the test here
        lost = [
            (play[t], self.players[play[t]].trail[-2:], self.players[play[t]].errors[-2:])
            for t in stuck
        ]
        assert not stuck, f"{len(stuck)} players never saw the end: {lost[:3]}"

    def check(self) -> None:
        """Every acknowledged action is in the log exactly once, at the acknowledged
        version; every match ended, with the result its seed and actions replay to."""
        with psycopg.connect(self.db) as conn:
            rows = conn.execute(
                "SELECT table_id, seat, client_id, version, action FROM actions"
                " WHERE client_id IS NOT NULL"
            ).fetchall()
            results: dict[str, Any] = dict(conn.execute("SELECT id, result FROM tables").fetchall())
        logged: dict[tuple[str, int, str], list[tuple[int, Any]]] = {}
        for table_id, seat, client_id, version, action in rows:
            logged.setdefault((table_id, seat, client_id), []).append((version, action))
        for (table_id, seat), player in self.players.items():
            assert player.client.ended, f"table {table_id} seat {seat} never saw the end"
            for client_id, (version, action) in player.acks.items():
                assert logged.get((table_id, seat, client_id)) == [(version, action)], (
                    f"acknowledged action {client_id} at table {table_id} is not in the log once"
                )
        for table_id, game_name, _ in self.tables:
            record = self.rng.choice(self.servers).get(f"/api/tables/{table_id}/record").json()
            replayed = Match.from_record(games.get(game_name), record)
            assert replayed.is_over()
            assert replayed.state.result().to_json() == record["result"] == results[table_id]
