"""The jobs an event loop queues in one pass share one commit; the actions of several
tables that share a commit are logged by one statement, and a
batch where one table's actions cannot be stored (a primary key already taken, as when
a commit was lost after the database applied it) still stores every other table's and
fails only that one (store/database.py, repository.ActionAppend; real SQLite)."""

from __future__ import annotations

import asyncio
import threading
import time
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.exc import IntegrityError

from pasture.store import repository as repo
from pasture.store.database import Database
from pasture.store.repository import ActionAppend, ActionRecord, SeatRecord, TableRecord


def record(table_id: str) -> TableRecord:
    return TableRecord(
        id=table_id,
        game="wypas",
        players=1,
        options={},
        seed=1,
        seed_hash="h",
        move_clock=None,
        status="playing",
        created_at=repo.now(),
        seats=[SeatRecord(0)],
    )


def act(seq: int, client_id: str | None) -> ActionRecord:
    return ActionRecord(seq, seq, 0, {"kind": "pass", "n": seq}, client_id)


def test_a_batch_logs_every_tables_actions_at_once_and_a_bad_one_fails_alone(
    tmp_path: Path,
) -> None:
    db = Database(f"sqlite:///{tmp_path / 'db.sqlite'}")
    inserts: list[int] = []

    @event.listens_for(db.engine, "before_cursor_execute")
    def count(_c: Any, _cur: Any, statement: str, params: Any, _ctx: Any, many: bool) -> None:
        if statement.startswith("INSERT INTO actions"):
            inserts.append(len(params) if many else 1)

    async def batch(*jobs: ActionAppend) -> list[BaseException | None]:
        """`jobs` queued behind a job that holds the writer, so that they share a batch."""
        gate = threading.Event()
        blocker = asyncio.ensure_future(db.run(lambda _conn: gate.wait(10)))
        await asyncio.sleep(0.05)  # the writer takes the blocker (else they share its batch)
        runs = [asyncio.ensure_future(db.run(job)) for job in jobs]
        gate.set()
        await blocker
        return [
            e if isinstance(e, BaseException) else None
            for e in await asyncio.gather(*runs, return_exceptions=True)
        ]

    async def scenario() -> None:
        for table_id in ("a", "b", "c"):
            await db.run(partial(repo.insert_table, table=record(table_id)))
        inserts.clear()
        outcomes = await batch(
            ActionAppend("a", [act(1, "a1")]),
            ActionAppend("b", [act(1, "b1"), act(2, "b2")]),
            ActionAppend("c", [act(1, "c1")], timers=repo.StoredTimers(5.0, {"0:clock": 9.0})),
        )
        assert outcomes == [None, None, None]
        assert inserts == [4]  # one statement, four rows
        inserts.clear()
        outcomes = await batch(
            ActionAppend("a", [act(2, "a2")]),
            ActionAppend("b", [act(2, "again")]),  # seq 2 is b's already
            ActionAppend("c", [act(2, "c2")]),
        )
        assert outcomes[0] is None and outcomes[2] is None
        assert isinstance(outcomes[1], IntegrityError)
        assert inserts == [3, 1, 1, 1]  # together, then each alone
        logged = {}
        for table_id in ("a", "b", "c"):
            loaded = await db.run(partial(repo.load_table, table_id=table_id))
            assert loaded is not None
            logged[table_id] = [(a.seq, a.client_id, a.action) for a in loaded.actions]
            if table_id == "c":
                assert loaded.timers == repo.StoredTimers(5.0, {"0:clock": 9.0})
        assert logged == {
            "a": [(1, "a1", act(1, "").action), (2, "a2", act(2, "").action)],
            "b": [(1, "b1", act(1, "").action), (2, "b2", act(2, "").action)],
            "c": [(1, "c1", act(1, "").action), (2, "c2", act(2, "").action)],
        }

    try:
        asyncio.run(scenario())
    finally:
        db.close()


@pytest.mark.parametrize("empty", [True, False])
def test_timers_logged_with_actions_read_back_as_written(tmp_path: Path, empty: bool) -> None:
    db = Database(f"sqlite:///{tmp_path / 'db.sqlite'}")
    timers = repo.StoredTimers(None, {}) if empty else repo.StoredTimers(0.0, {"1:reaction": 3.5})

    async def scenario() -> repo.StoredTimers:
        await db.run(partial(repo.insert_table, table=record("t")))
        await db.run(ActionAppend("t", [act(1, None)], timers=timers))
        loaded = await db.run(partial(repo.load_table, table_id="t"))
        assert loaded is not None
        return loaded.timers

    try:
        assert asyncio.run(scenario()) == timers
    finally:
        db.close()


def test_the_jobs_of_one_pass_of_the_event_loop_share_one_commit(tmp_path: Path) -> None:
    """Jobs queued in one pass of the loop's callbacks are handed to an idle writer
    together: one commit for them all, each answered only after it (a job queued later,
    once the first are answered, gets a commit of its own)."""
    db = Database(f"sqlite:///{tmp_path / 'db.sqlite'}")
    commits: list[int] = []

    @event.listens_for(db.engine, "commit")
    def count(_conn: Any) -> None:
        commits.append(len(commits))

    async def scenario() -> None:
        for table_id in ("a", "b", "c"):
            await db.run(partial(repo.insert_table, table=record(table_id)))
        await asyncio.sleep(0.05)  # the writer waits for work
        commits.clear()

        async def slow_then_queue(job: ActionAppend) -> None:
            time.sleep(0.02)  # work of the pass, with the GIL let go meanwhile
            await db.run(job)

        jobs = [ActionAppend(t, [act(1, f"{t}1")]) for t in ("a", "b", "c")]
        runs = [asyncio.ensure_future(slow_then_queue(job)) for job in jobs]  # one pass
        await asyncio.gather(*runs)
        assert len(commits) == 1
        await db.run(ActionAppend("a", [act(2, "a2")]))
        assert len(commits) == 2
        loaded = await db.run(partial(repo.load_table, table_id="a"))
        assert loaded is not None and [a.client_id for a in loaded.actions] == ["a1", "a2"]

    try:
        asyncio.run(scenario())
    finally:
        db.close()
