"""Bots think in worker processes with a CPU budget per decision (server/bot_pool.py)."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

from pasture import games
from pasture.core.bot import Turn
from pasture.core.match import Match
from pasture.server.bot_pool import BotPool
from tests.server.harness import Server


def _turn(players: int, seed: int) -> Turn:
    match = Match(games.get("wypas"), players, None, seed)
    seat = match.state.actors()[0]
    return Turn(match.state.clone(), seat, random.Random(seed))


def test_a_bot_over_its_cpu_budget_is_stopped_and_the_worker_goes_on() -> None:
    game = games.get("wypas")

    async def scenario() -> None:
        pool = BotPool(workers=1, cpu_budget=30.0)
        slot = asyncio.Lock()
        try:
            # a search of hundreds of playouts of six-seat Wypas takes far more than 20 ms
            assert await pool.decide(game, "ismcts", _turn(6, 1), slot, budget=0.02) is None
            turn = _turn(3, 2)
            action = await pool.decide(game, "random", turn, slot)
            assert action is not None and action in turn.legal
            assert pool.decisions == 2 and pool.over_budget == 1
        finally:
            pool.close()

    asyncio.run(scenario())


def test_without_workers_bots_think_in_a_thread() -> None:
    game = games.get("wypas")

    async def scenario() -> None:
        pool = BotPool(workers=0, cpu_budget=1.0)
        try:
            turn = _turn(3, 3)
            assert await pool.decide(game, "heuristic", turn, asyncio.Lock()) in turn.legal
        finally:
            pool.close()

    asyncio.run(scenario())


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found |= {int(c) for c in (task / "children").read_text().split()}
    return found


def _alive(pid: int) -> bool:
    """Running (a zombie waiting for a reaper has left already)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "\nState:\tZ" not in status


def test_workers_leave_when_their_server_is_killed_outright(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path}/pool.sqlite").start()
    try:
        server.create("swipsheep", 3, bots={str(s): "random" for s in range(3)})
        assert server.proc is not None
        deadline = time.monotonic() + 30
        while not (workers := _children(server.proc.pid)):
            assert time.monotonic() < deadline, "no bot worker started"
            time.sleep(0.05)
        server.kill()
        deadline = time.monotonic() + 30  # a bound on waiting, not a timing assertion
        while any(_alive(pid) for pid in workers):
            assert time.monotonic() < deadline, "bot workers outlived their server"
            time.sleep(0.1)
    finally:
        server.stop()
