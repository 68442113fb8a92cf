"""What the server's play path costs without a server process or websockets, per game:
building, encoding and a delta of a view, and a change's messages to every seat
(`view_costs`); and actions through `TableManager.act` on a temporary SQLite, with the
database thread's part and its CPU per commit (`path_costs`). bench/bench_server.py
runs them with --view-costs and --path-costs."""

from __future__ import annotations

import asyncio
import copy
import random
import tempfile
import time
from collections import deque
from typing import Any

from pasture.server.protocol import dumps

ACTIONS_PER_TABLE = 15
"""About as few actions as a match has (Swip'Sheep's are 20 or so): the tables set up
for `path_costs` are enough for every action however short the matches."""


def merge_patch(old: object, new: object) -> object:
    """The JSON merge patch (RFC 7386) that turns `old` into `new`: what a per-seat delta
    of a view would carry (lists are sent whole, as a patch must)."""
    if not isinstance(old, dict) or not isinstance(new, dict):
        return new
    patch: dict[str, object] = {k: None for k in old if k not in new}
    for key, value in new.items():
        if key not in old:
            patch[key] = value
        elif old[key] != value:
            patch[key] = merge_patch(old[key], value)
    return patch


def _live_table(name: str, players: int, seed: int) -> Any:
    """A table in memory (server/live.py) with a fresh match and every seat a bot."""
    from datetime import datetime

    from pasture import games as registry
    from pasture.core.match import Match
    from pasture.server.live import new_table

    game = registry.get(name)
    match = Match(game, players, None, seed)
    bots = dict.fromkeys(range(players), "random")
    table, _ = new_table(game, match, bots, 10.0, table_id="bench", created_at=datetime(2026, 1, 1))
    return table


def _logs_copy(logs: Any) -> Any:
    """A copy of a table's kept seat logs (server/views.py `SeatLogs`) as they stand."""
    copied = copy.copy(logs)
    copied._public = logs._public[:]
    copied._seats = {seat: copy.copy(kept) for seat, kept in logs._seats.items()}
    return copied


def view_costs(players: int, steps: int = 400) -> None:
    """Per game, over random matches, for seat 0 after every step: the CPU of building
    the view message (`State.view`, legal actions), of encoding it, and of computing a
    delta from the seat's previous view; and the bytes of the full view and of the delta.
    A delta needs the new view built first, so it can save only the encoding. Then, for
    every seat at once, what the server's messages of a change cost: one `view()` per
    seat, built and encoded, against the shared part built and encoded once
    (server/views.py `VersionViews`, each seat's kept log reading the last change's
    events); the least of 5 tries at each step. Last, what a change costs the table in
    all for four seated connections: the events and views each is sent, encoded and
    queued, with the choices of the seats whose choices changed and the kept logs as they
    were before the change (`LiveTable.broadcast_since`, the least of 5)."""
    from pasture import games as registry
    from pasture.server import protocol
    from pasture.server.connection import Connection
    from pasture.server.views import VersionViews

    def seated(table: Any) -> list[Connection]:
        conns = [Connection(None, seat, None, 1 << 30, batch=True) for seat in range(players)]  # type: ignore[arg-type]
        table.connections.update(conns)
        return conns

    print(f"Views of seat 0, {players} players, random play ({steps} steps per game):")
    print(
        f"{'game':<12} {'view':>8} {'encode':>8} {'delta':>8} {'full bytes':>11}"
        f" {'delta bytes':>12}  {'every seat: each view':>22} {'shared':>8}"
        f" {'a change, 4 seats':>18}"
    )
    for name in registry.names():
        build = encode = delta = each = shared = change = 0.0
        full_bytes = delta_bytes = n = 0
        rng = random.Random(1)
        previous: object = None
        seed = 0
        table = _live_table(name, players, seed)
        conns = seated(table)
        logs_prev = None
        while n < steps:
            match = table.match
            if match.is_over():
                seed += 1
                table = _live_table(name, players, seed)
                conns = seated(table)
                previous = None
                logs_prev = None
                continue
            t0 = time.perf_counter()
            message = protocol.view(match.state, 0, match.version)
            t1 = time.perf_counter()
            text = dumps(message)
            t2 = time.perf_counter()
            if previous is not None:
                patch = merge_patch(previous, message)
                delta += time.perf_counter() - t2
                delta_bytes += len(dumps(patch))
            build += t1 - t0
            encode += t2 - t1
            full_bytes += len(text)
            previous = message
            tries_each, tries_shared = [], []
            for _ in range(5):
                if hasattr(match.state, "_public_view"):
                    match.state._public_view = None  # Wypas keeps its public part a state
                t3 = time.perf_counter()
                for seat in range(players):
                    dumps(protocol.view(match.state, seat, match.version, table.legal[seat]))
                tries_each.append(time.perf_counter() - t3)
                if hasattr(match.state, "_public_view"):
                    match.state._public_view = None
                if logs_prev is not None:  # the logs as they were before the last change
                    table.seat_logs = _logs_copy(logs_prev)
                t4 = time.perf_counter()
                views = VersionViews(table)
                for seat in range(players):
                    views.text(seat)
                tries_shared.append(time.perf_counter() - t4)
            each += min(tries_each)
            shared += min(tries_shared)
            n += 1
            seat = match.state.actors()[0]
            before = match.version
            match.act(seat, rng.choice(match.state.legal_actions(seat)))
            table.refresh_legal()
            changed = [seat for seat, text in enumerate(table._legal_json) if text is None]
            tries_change = []
            logs_before = table.seat_logs and _logs_copy(table.seat_logs)
            for _ in range(5):
                if hasattr(match.state, "_public_view"):
                    match.state._public_view = None
                if logs_before is not None:  # each try has the change's new events to read
                    table.seat_logs = _logs_copy(logs_before)
                for seat in changed:  # their choices are encoded anew in each try
                    table._legal_json[seat] = None
                t5 = time.perf_counter()
                table.broadcast_since(before)
                tries_change.append(time.perf_counter() - t5)
                for conn in conns:
                    conn._outbox.clear()
            change += min(tries_change)
            logs_prev = logs_before
        print(
            f"{name:<12} {build / n * 1e6:>5.0f} us {encode / n * 1e6:>5.0f} us"
            f" {delta / n * 1e6:>5.0f} us {full_bytes / n:>11,.0f} {delta_bytes / n:>12,.0f}"
            f"  {each / n * 1e6:>19.0f} us {shared / n * 1e6:>5.0f} us"
            f" {change / n * 1e6:>15.0f} us"
        )


def path_costs(
    players: int, tables: int = 100, sync: str = "FULL", actions: int = 1500, tries: int = 3
) -> None:
    """Per game, the play path without websockets: a TableManager on a temporary SQLite
    (`sync`: its `synchronous` level; FULL is the server's default), tables set up first
    (enough for `actions`, at least `tables`), every seat with a connection
    (server/connection.py; its frames are queued and dropped), then `tables` tables at a
    time have their seats play random legal actions through `TableManager.act` as fast as
    they are acknowledged (a finished match is followed by the next table), until
    `actions` are done. With many tables at once commits are shared as under load; with
    one, every action is a commit of its own. Prints the CPU per action of the event
    loop's thread (checks, the game's step, timers, the hand-off to the database, every
    seat's events and views) and of the database thread (statements and commits), and the
    database thread's CPU per commit (its batches counted); the least of `tries` runs
    (the machine may be shared)."""
    from pasture import games as registry
    from pasture.server.connection import Connection
    from pasture.server.live import LiveTable, token_hash
    from pasture.server.manager import TableManager
    from pasture.server.settings import Settings
    from pasture.store.database import Database

    async def one(file: str, name: str, folder: str) -> tuple[float, float, int, float]:
        db = Database(f"sqlite:///{folder}/{file}.sqlite?synchronous={sync}")
        manager = TableManager(db, Settings(bot_delay=0))
        writer = time.pthread_getcpuclockid(db._threads[0].ident or 0)
        rng = random.Random(1)
        done = 0
        batches = [0]
        run_batch = db._run_batch

        def counted(*args: Any, **kwargs: Any) -> None:  # the writer's batches: a commit each
            batches[0] += 1
            run_batch(*args, **kwargs)

        db._run_batch = counted  # type: ignore[method-assign]

        async def set_up() -> tuple[LiveTable, list[Connection]]:
            table = await manager.create(name, players, None, {}, None)
            conns = []
            for seat in range(players):
                token = await manager.join(table, seat, f"p{seat}")
                conn = Connection(None, seat, token_hash(token), 1 << 30, batch=True)  # type: ignore[arg-type]
                await manager.attach(table, conn, None)
                conns.append(conn)
            return table, conns

        async def play(table: LiveTable, conns: list[Connection]) -> None:
            nonlocal done
            while table.status == "playing" and done < actions:
                seat = rng.choice(table.match.state.actors())
                act = {
                    "type": "act",
                    "action": rng.choice(table.legal[seat]).to_json(),
                    "version": table.match.version,
                    "id": str(done),
                }
                done += 1
                await manager.act(table, conns[seat], act)
                for conn in conns:
                    conn._outbox.clear()

        seated = deque([await set_up() for _ in range(max(tables, actions // ACTIONS_PER_TABLE))])

        async def one_after_another() -> None:
            while seated and done < actions:
                await play(*seated.popleft())

        batches[0] = 0
        loop0, db0 = time.thread_time(), time.clock_gettime(writer)
        await asyncio.gather(*(one_after_another() for _ in range(tables)))
        loop_cpu, db_cpu = time.thread_time() - loop0, time.clock_gettime(writer) - db0
        commits = batches[0]
        manager.stop()
        db.close()
        return loop_cpu / done * 1e6, db_cpu / done * 1e6, done, db_cpu / commits * 1e6

    print(
        f"The play path without websockets: {tables} table{'s' if tables > 1 else ''}"
        f" of {players} seats at a time,"
        f" random actions, SQLite synchronous={sync} (the least of {tries} runs):"
    )
    print(
        f"{'game':<12} {'actions':>8} {'event loop':>11} {'database':>9}  (CPU per action)"
        f"  {'database':>9} (CPU per commit)"
    )
    with tempfile.TemporaryDirectory(prefix="pasture-bench-") as folder:
        for name in registry.names():
            runs = [asyncio.run(one(f"{name}-{i}", name, folder)) for i in range(tries)]
            loop_us = min(run[0] for run in runs)
            db_us = min(run[1] for run in runs)
            commit_us = min(run[3] for run in runs)
            print(
                f"{name:<12} {runs[0][2]:>8} {loop_us:>8.0f} us {db_us:>6.0f} us"
                f"  {' ' * 16} {commit_us:>6.0f} us"
            )
