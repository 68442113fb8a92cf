"""Across processes, still nothing a seat may not see: every table is owned by one
process and every websocket is on the other, so every frame is relayed through Redis.
Each client's stream is checked like tests/server/test_no_leaks.py checks it, and every
frame published on a seat's channel is one that seat's own client received."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
import redis
import redis.asyncio as aioredis

from pasture import games
from pasture.core.game import Game
from pasture.server.protocol import loads
from tests.server.cluster_harness import RedisServer, fresh_database, owner_pid
from tests.server.conftest import PostgresCluster
from tests.server.harness import Client, Server
from tests.server.test_no_leaks import _check_stream, _expected, _play, _roundtrip

SHORTER = {"wypas": {"max_turns": 10}}
"""Wypas played to its safety cap of 10 turns (of 60): relaying is the same for every kind
of frame, two such matches play every kind of action (all 14, in each of 10 seeded pairs
of random three-seat playouts), and whole Wypas matches are checked in one process by
tests/server/test_no_leaks.py."""


class Relayed(Server):
    """Tables are opened on `owner`; seats are joined and websockets opened here."""

    def __init__(self, owner: Server, *args: Any) -> None:
        super().__init__(owner.db, *args)
        self.owner = owner

    def create(self, game: str, players: int, **body: Any) -> dict[str, Any]:
        return self.owner.create(game, players, **body)


@pytest.fixture(scope="module")
def relayed(postgres_cluster: PostgresCluster, redis_server: RedisServer) -> Iterator[Relayed]:
    db = fresh_database(postgres_cluster.url, "cluster_leaks")
    redis.Redis.from_url(redis_server.url).flushall()
    owner = Server(db, "--redis", redis_server.url).start()
    relay = Relayed(owner, "--redis", redis_server.url).start()
    assert isinstance(relay, Relayed)
    yield relay
    relay.stop()
    owner.stop()


@pytest.mark.slow
@pytest.mark.parametrize("game", games.all_games(), ids=lambda g: g.name)
def test_relayed_streams_are_exactly_what_each_seat_may_see(
    relayed: Relayed, redis_server: RedisServer, game: Game
) -> None:
    published: list[tuple[str, str]] = []

    async def main() -> list[tuple[str, dict[int | None, Client]]]:
        listener = aioredis.Redis.from_url(redis_server.url, decode_responses=True).pubsub()
        await listener.psubscribe("pasture:t:*")

        async def listen() -> None:
            async for message in listener.listen():
                if message["type"] == "pmessage":
                    published.append((message["channel"], message["data"]))

        listening = asyncio.create_task(listen())
        players = game.min_players
        options = SHORTER.get(game.name, {})
        plays = [
            _play(relayed, game, players, None, 1, options),
            _play(relayed, game, players, 0, 2, options),
        ]
        results = list(await asyncio.gather(*plays))
        await asyncio.sleep(0.3)  # the last frames reach the listener too
        listening.cancel()
        await listener.aclose()  # type: ignore[no-untyped-call]
        return results

    tables = asyncio.run(main())
    assert published, "nothing was relayed: the websockets were not on the other process"
    for table_id, clients in tables:
        holder = owner_pid(redis_server.url, table_id)  # the relay never owned it
        assert relayed.proc is not None and holder != relayed.proc.pid
        record = relayed.get(f"/api/tables/{table_id}/record").json()
        match, views = _expected(game, record)
        for seat, client in clients.items():
            _check_stream(seat, client, match, views, record)
            channel = f"pasture:t:{table_id}:{'s' if seat is None else seat}"
            received = set(client.raw)
            frames = [data for ch, data in published if ch == channel and not data.startswith("!")]
            may_see = [
                {"type": "event", "version": v, "event": seen}
                for v, step in enumerate(match.log, start=1)
                for seen in (e.for_seat(seat) for e in step.events)
                if seen is not None
            ]
            for frame in frames:
                if frame in received:
                    continue  # checked with the client's stream above
                # Published before this websocket was attached (its catch-up covers
                # it), or after the client stopped reading: still this seat's own.
                m = loads(frame)
                if m["type"] == "event":
                    assert m in _roundtrip(may_see), f"seat {seat}'s channel carried {m}"
                elif m["type"] == "view":
                    expected = views[m["version"]][seat]
                    assert m in (expected, {**expected, "legal": [], "turn": False}), m
                else:
                    assert m["type"] in ("table", "end"), m
