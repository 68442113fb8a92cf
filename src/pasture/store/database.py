"""Writer threads own the database connections; every read and write runs there.

Jobs queued while a commit is in flight are run together and share the next commit
(group commit). The jobs an event loop queues in one pass of its callbacks are handed to
the writers together, at the end of the pass: one wake-up of a writer thread for them
all, which would otherwise take the core from the event loop once per job. Each caller
is answered only after the commit that holds its writes, so "acknowledged" always means
"committed", and many tables still commit at the rate of one transaction per batch
instead of one per action. Jobs of a type that knows how (a static
`run_together(conn, jobs)`: every table's logged actions, store/repository.py
`ActionAppend`) are run together within the batch: one statement for all their rows.

SQLite has one writer at a time anyway: one thread. PostgreSQL gets several, and every
statement a time limit (`statement_timeout`), so one stuck statement (a lock held by
someone else, a slow disk) fails its own job after the limit and holds up only the few
jobs that shared its batch, never every table.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import orjson
from sqlalchemy import Connection, Engine, create_engine, event, inspect, text, update
from sqlalchemy.engine import make_url

from pasture.store.models import Base, TableRow

T = TypeVar("T")
log = logging.getLogger("pasture.store")

MAX_BATCH = 512


def engine_url(url: str) -> str:
    """A SQLAlchemy URL: a bare path means a SQLite file; PostgreSQL uses psycopg 3."""
    if "://" not in url:
        return f"sqlite:///{url}"
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def safe_url(url: str) -> str:
    """The URL with its password hidden, for printing."""
    return make_url(engine_url(url)).render_as_string(hide_password=True)


SYNC_LEVELS = ("FULL", "NORMAL", "EXTRA")


def _json_text(value: Any) -> str:
    return orjson.dumps(value).decode()


# JSON columns (actions, options, timers) are encoded for every action: orjson, not json.
_JSON = {"json_serializer": _json_text, "json_deserializer": orjson.loads}


def make_engine(url: str, statement_timeout: float = 5.0) -> Engine:
    parsed = make_url(engine_url(url))
    if parsed.drivername.startswith("sqlite"):
        # `?synchronous=NORMAL` trades durability across power cuts (not across a killed
        # process) for speed: commits are then not fsynced one by one. Default FULL.
        sync = str(parsed.query.get("synchronous", "FULL")).upper()
        if sync not in SYNC_LEVELS:
            raise ValueError(f"synchronous must be one of {', '.join(SYNC_LEVELS)}, not {sync}")
        engine = create_engine(parsed.difference_update_query(["synchronous"]), **_JSON)

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cursor = dbapi_conn.cursor()
            # WAL: readers never block the writer. FULL: every commit is fsynced, so an
            # acknowledged action survives a power cut, not only a killed process.
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute(f"PRAGMA synchronous={sync}")
            cursor.execute(f"PRAGMA busy_timeout={int(statement_timeout * 1000)}")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    if parsed.drivername.startswith("postgresql"):
        limit = int(statement_timeout * 1000)
        return create_engine(
            parsed,
            pool_pre_ping=True,
            **_JSON,
            connect_args={"options": f"-c statement_timeout={limit} -c lock_timeout={limit}"},
        )
    return create_engine(parsed, pool_pre_ping=True, **_JSON)


# Any constant key: every pasture process sharing a PostgreSQL database takes the same lock.
_SCHEMA_LOCK = 0x70617374


def prepare_schema(engine: Engine) -> set[str]:
    """Create the schema, or bring an older one up to date; returns the columns added.
    Several processes may start at once on one PostgreSQL database: they take turns
    under an advisory lock, else two would both create the tables and one would fail."""
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _SCHEMA_LOCK})
        Base.metadata.create_all(conn)
        return _add_missing_columns(conn)


def _add_missing_columns(conn: Connection) -> set[str]:
    """Columns added to the schema since a database was created are added to it (each
    is nullable): an older database keeps working. Returns them, as "table.column"."""
    inspector = inspect(conn)
    added: set[str] = set()
    for table in Base.metadata.sorted_tables:
        have = {c["name"] for c in inspector.get_columns(table.name)}
        for column in table.columns:
            if column.name not in have:
                kind = column.type.compile(conn.dialect)
                conn.execute(text(f"ALTER TABLE {table.name} ADD COLUMN {column.name} {kind}"))
                added.add(f"{table.name}.{column.name}")
    if "tables.wake_at" in added:  # tables from before it: load each once, then it is set
        conn.execute(update(TableRow).where(TableRow.status == "playing").values(wake_at=0.0))
    return added


def run_jobs(conn: Connection, fns: list[Callable[[Connection], Any]]) -> list[Any]:
    """Each job's result, in order; neighbouring jobs of one type that has a static
    `run_together(conn, jobs)` are run together by it."""
    results: list[Any] = []
    i = 0
    while i < len(fns):
        kind = type(fns[i])
        together = getattr(kind, "run_together", None)
        if together is None:
            results.append(fns[i](conn))
            i += 1
            continue
        j = i + 1
        while j < len(fns) and type(fns[j]) is kind:
            j += 1
        results.extend(together(conn, fns[i:j]))
        i = j
    return results


@dataclass(slots=True)
class _Job:
    fn: Callable[[Connection], Any]
    future: asyncio.Future[Any]
    loop: asyncio.AbstractEventLoop


def _deliver(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.cancelled():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


def _deliver_all(answers: list[tuple[asyncio.Future[Any], Any]]) -> None:
    for future, result in answers:
        _deliver(future, result, None)


def _answer(loop: asyncio.AbstractEventLoop, callback: Callable[..., None], *args: Any) -> None:
    """Have `loop` run `callback(*args)`, unless it is closed: nobody is left to answer
    (a job queued as its loop ended), and the writer goes on with the next batch."""
    with contextlib.suppress(RuntimeError):
        loop.call_soon_threadsafe(callback, *args)


class Database:
    """The store's single writer: `await db.run(fn)` runs `fn(connection)` and commits."""

    def __init__(self, url: str, statement_timeout: float = 5.0, writers: int = 4) -> None:
        self.url = url
        self.engine = make_engine(url, statement_timeout)
        prepare_schema(self.engine)
        if self.engine.dialect.name == "sqlite":
            writers = 1  # one writer at a time: more threads would only wait on its lock
        self._jobs: queue.SimpleQueue[list[_Job] | None] = queue.SimpleQueue()
        self._queued: dict[asyncio.AbstractEventLoop, list[_Job]] = {}
        """Each event loop's jobs of its current pass, not yet handed to the writers."""
        self._threads = [
            threading.Thread(target=self._work, name=f"pasture-db-{i}", daemon=True)
            for i in range(writers)
        ]
        for thread in self._threads:
            thread.start()

    async def run(self, fn: Callable[[Connection], T]) -> T:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        queued = self._queued.get(loop)
        if queued is None:
            queued = self._queued[loop] = []
            loop.call_soon(self._hand_over, loop)
        queued.append(_Job(fn, future, loop))
        return await future

    def _hand_over(self, loop: asyncio.AbstractEventLoop) -> None:
        queued = self._queued.pop(loop, None)
        if queued is not None:  # (None: `close` handed them over)
            self._jobs.put(queued)

    def close(self) -> None:
        """Run what is queued (jobs of a pass not yet handed over too), then stop."""
        for loop in list(self._queued):
            self._jobs.put(self._queued.pop(loop))
        for _ in self._threads:
            self._jobs.put(None)
        for thread in self._threads:
            thread.join(timeout=10)
        self.engine.dispose()

    def _work(self) -> None:
        with self.engine.connect() as conn:
            while True:
                jobs = self._jobs.get()
                if jobs is None:
                    return
                batch = jobs
                stop = False
                while len(batch) < MAX_BATCH:
                    try:
                        more = self._jobs.get_nowait()
                    except queue.Empty:
                        break
                    if more is None:
                        stop = True
                        break
                    batch += more
                self._run_batch(conn, batch)
                if stop:
                    return

    def _run_batch(self, conn: Connection, batch: list[_Job], retry: bool = True) -> None:
        try:
            results = run_jobs(conn, [job.fn for job in batch])
            conn.commit()
        except Exception as error:
            conn.rollback()
            if retry and conn.invalidated:  # the connection dropped (e.g. PostgreSQL
                # restarted): nothing was committed, so run the batch again on a new one.
                # Were the commit itself lost after the server applied it, the retry fails
                # on the primary key and the callers reload what was committed.
                log.warning("database connection lost; retrying on a new one")
                self._run_batch(conn, batch, retry=False)
                return
            if len(batch) > 1:  # run each alone, so one bad job fails only itself
                for job in batch:
                    self._run_batch(conn, [job], retry=False)
                return
            log.exception("database job failed")
            job = batch[0]
            _answer(job.loop, _deliver, job.future, None, error)
            return
        # One wake-up of each event loop per commit, not one per job.
        by_loop: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[Any], Any]]] = {}
        for job, result in zip(batch, results, strict=True):
            by_loop.setdefault(job.loop, []).append((job.future, result))
        for loop, answers in by_loop.items():
            _answer(loop, _deliver_all, answers)
