"""Reads and writes of tables, seats and actions. Each function takes a Connection and
runs inside the transaction `Database.run` commits; none of them commits itself."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import orjson
from sqlalchemy import Connection, Dialect, bindparam, func, insert, select, tuple_, update

from pasture.store.models import ActionRow, Base, SeatRow, TableRow

# The statements of every new table and every match's end are built once, on the Core
# tables (not the ORM classes): building one and keying its compiled form costs more CPU
# than running it (bench/bench_server.py, the database thread). Those of every action
# and every join are the driver's own SQL (`ActionAppend`, `set_seat`).
_TABLES = Base.metadata.tables[TableRow.__tablename__]
_SEATS = Base.metadata.tables[SeatRow.__tablename__]
_ACTIONS = Base.metadata.tables[ActionRow.__tablename__]
_INSERT_TABLE = insert(_TABLES)
_INSERT_SEATS = insert(_SEATS)
_SET_TIMERS = (
    update(_TABLES)
    .where(_TABLES.c.id == bindparam("b_table"))
    .values(
        wake_at=bindparam("b_wake_at"),
        deadlines=bindparam("b_deadlines", type_=_TABLES.c.deadlines.type),
    )
)
_SET_RESULT = (
    update(_TABLES)
    .where(_TABLES.c.id == bindparam("b_table"))
    .values(status="over", result=bindparam("b_result", type_=_TABLES.c.result.type))
)
_SET_RESULT_TIMERS = _SET_RESULT.values(
    wake_at=bindparam("b_wake_at"),
    deadlines=bindparam("b_deadlines", type_=_TABLES.c.deadlines.type),
)


@dataclass(slots=True)
class SeatRecord:
    seat: int
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None
    since: int = 0
    """The match version when the current occupant took the seat: the seat's private
    events from before are not theirs to see."""


@dataclass(frozen=True, slots=True)
class StoredTimers:
    """When the server must act on a table by itself (Unix time; 0.0: at once, e.g. a
    bot's move; None: only when someone acts), and its running limits."""

    wake_at: float | None
    deadlines: dict[str, float]
    """"<seat>:reaction" or "<seat>:clock" -> Unix time."""


NO_TIMERS = StoredTimers(None, {})


@dataclass(slots=True)
class ActionRecord:
    seq: int
    version: int
    seat: int
    action: dict[str, Any]
    client_id: str | None


@dataclass(slots=True)
class TableRecord:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    seed_hash: str
    move_clock: float | None
    status: str
    created_at: datetime
    result: dict[str, Any] | None = None
    timers: StoredTimers = NO_TIMERS
    seats: list[SeatRecord] = field(default_factory=list)
    actions: list[ActionRecord] = field(default_factory=list)


def now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def insert_table(conn: Connection, table: TableRecord) -> None:
    conn.execute(
        _INSERT_TABLE,
        {
            "id": table.id,
            "game": table.game,
            "players": table.players,
            "options": table.options,
            "seed": str(table.seed),
            "seed_hash": table.seed_hash,
            "move_clock": table.move_clock,
            "status": table.status,
            "result": table.result,
            "created_at": table.created_at,
            "wake_at": table.timers.wake_at,
            "deadlines": table.timers.deadlines or None,
        },
    )
    conn.execute(
        _INSERT_SEATS,
        [
            {
                "table_id": table.id,
                "seat": s.seat,
                "bot": s.bot,
                "name": s.name,
                "token_hash": s.token_hash,
                "since_version": s.since,
            }
            for s in table.seats
        ],
    )


def set_seat(
    conn: Connection, table_id: str, seat: SeatRecord, status: str, timers: StoredTimers
) -> None:
    """Store who sits in `seat` now, and the table's status (a join may start play), in
    the driver's own SQL like every action's statements: four joins open each match."""
    sql = _driver_sql(conn.dialect)
    conn.exec_driver_sql(
        sql.set_seat, (seat.name, seat.token_hash, seat.bot, seat.since, table_id, seat.seat)
    )
    conn.exec_driver_sql(
        sql.set_status_timers,
        (status, timers.wake_at, _json_or_null(timers.deadlines), table_id),
    )


@dataclass(frozen=True, slots=True)
class ActionAppend:
    """Log players' actions (one, or the answers of a reaction window); with `result`,
    the match ended with them; with `timers`, the table's timers changed with them. A
    database job: the jobs of one batch (store/database.py: every table's actions that
    share a commit) are run together, one INSERT of all their rows and one UPDATE of
    all the timers that changed, each a single `executemany` on the driver's own SQL
    (no statement compiled or keyed per action)."""

    table_id: str
    actions: Sequence[ActionRecord]
    result: dict[str, Any] | None = None
    timers: StoredTimers | None = None

    def __call__(self, conn: Connection) -> None:
        ActionAppend.run_together(conn, [self])

    @staticmethod
    def run_together(conn: Connection, jobs: Sequence[ActionAppend]) -> list[None]:
        sql = _driver_sql(conn.dialect)
        rows = [
            (job.table_id, a.seq, a.version, a.seat, orjson.dumps(a.action).decode(), a.client_id)
            for job in jobs
            for a in job.actions
        ]
        if rows:
            conn.exec_driver_sql(sql.insert_actions, rows)
        timers = [
            (job.timers.wake_at, _json_or_null(job.timers.deadlines), job.table_id)
            for job in jobs
            if job.result is None and job.timers is not None
        ]
        if timers:
            conn.exec_driver_sql(sql.set_timers, timers)
        for job in jobs:
            if job.result is not None:
                values: dict[str, Any] = {"b_table": job.table_id, "b_result": job.result}
                if job.timers is None:
                    conn.execute(_SET_RESULT, values)
                else:
                    deadlines = job.timers.deadlines or None
                    values |= {"b_wake_at": job.timers.wake_at, "b_deadlines": deadlines}
                    conn.execute(_SET_RESULT_TIMERS, values)
        return [None] * len(jobs)


def _json_or_null(deadlines: dict[str, float]) -> str | None:
    """A JSON column's text as SQLAlchemy's JSON type writes it (an empty dict: NULL)."""
    return orjson.dumps(deadlines).decode() if deadlines else None


@dataclass(frozen=True, slots=True)
class _DriverSql:
    insert_actions: str
    set_timers: str
    set_seat: str
    set_status_timers: str


_DRIVER_SQL: dict[str, _DriverSql] = {}


def _driver_sql(dialect: Dialect) -> _DriverSql:
    """The statements every action and every join runs, in the driver's own parameter
    style (SQLite's `?`, psycopg's `%s`), for `exec_driver_sql` with rows of values."""
    sql = _DRIVER_SQL.get(dialect.name)
    if sql is None:
        if dialect.paramstyle == "qmark":
            mark = "?"
        elif dialect.paramstyle in ("format", "pyformat"):
            mark = "%s"
        else:
            raise NotImplementedError(f"parameter style {dialect.paramstyle!r}")
        marks = ", ".join([mark] * 6)
        sql = _DRIVER_SQL[dialect.name] = _DriverSql(
            insert_actions=(
                f"INSERT INTO {_ACTIONS.name} (table_id, seq, version, seat, action, client_id)"
                f" VALUES ({marks})"
            ),
            set_timers=(
                f"UPDATE {_TABLES.name} SET wake_at = {mark}, deadlines = {mark} WHERE id = {mark}"
            ),
            set_seat=(
                f"UPDATE {_SEATS.name} SET name = {mark}, token_hash = {mark}, bot = {mark},"
                f" since_version = {mark} WHERE table_id = {mark} AND seat = {mark}"
            ),
            set_status_timers=(
                f"UPDATE {_TABLES.name} SET status = {mark}, wake_at = {mark}, deadlines = {mark}"
                f" WHERE id = {mark}"
            ),
        )
    return sql


def _table(row: Any) -> TableRecord:
    return TableRecord(
        id=row.id,
        game=row.game,
        players=row.players,
        options=row.options,
        seed=int(row.seed),
        seed_hash=row.seed_hash,
        move_clock=row.move_clock,
        status=row.status,
        created_at=row.created_at,
        result=row.result,
        timers=StoredTimers(row.wake_at, dict(row.deadlines or {})),
    )


def load_table(conn: Connection, table_id: str) -> TableRecord | None:
    """The table with its seats and its whole action log, or None."""
    row = conn.execute(select(TableRow).where(TableRow.id == table_id)).first()
    if row is None:
        return None
    table = _table(row)
    seats = conn.execute(select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat))
    table.seats = [
        SeatRecord(s.seat, s.bot, s.name, s.token_hash, s.since_version or 0) for s in seats
    ]
    actions = conn.execute(
        select(ActionRow).where(ActionRow.table_id == table_id).order_by(ActionRow.seq)
    )
    table.actions = [ActionRecord(a.seq, a.version, a.seat, a.action, a.client_id) for a in actions]
    return table


@dataclass(slots=True)
class LobbyEntry:
    """A table with a free seat, as the lobby lists it (read from stored columns only:
    listing never builds a match)."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    move_clock: float | None
    status: str
    created_at: datetime
    seats: list[SeatRecord]


def open_tables(
    conn: Connection, limit: int, after: str | None = None, game: str | None = None
) -> list[LobbyEntry]:
    """Unfinished tables with a free seat, newest first, `limit` of them after the table
    `after` (the last one of the previous page)."""
    free = (
        select(SeatRow.table_id)
        .where(SeatRow.table_id == TableRow.id, SeatRow.bot.is_(None))
        .where(SeatRow.token_hash.is_(None))
        .exists()
    )
    query = select(TableRow).where(TableRow.status.in_(("waiting", "playing")), free)
    if game is not None:
        query = query.where(TableRow.game == game)
    if after is not None:
        last = conn.execute(
            select(TableRow.created_at, TableRow.id).where(TableRow.id == after)
        ).first()
        if last is not None:
            query = query.where(
                tuple_(TableRow.created_at, TableRow.id) < tuple_(last.created_at, last.id)
            )
    order = (TableRow.created_at.desc(), TableRow.id.desc())
    rows = conn.execute(query.order_by(*order).limit(limit)).all()
    entries = {
        r.id: LobbyEntry(
            r.id, r.game, r.players, r.options, r.move_clock, r.status, r.created_at, []
        )
        for r in rows
    }
    if entries:
        seats = conn.execute(
            select(SeatRow)
            .where(SeatRow.table_id.in_(list(entries)))
            .order_by(SeatRow.table_id, SeatRow.seat)
        )
        for s in seats:
            entries[s.table_id].seats.append(SeatRecord(s.seat, s.bot, s.name, s.token_hash))
    return list(entries.values())


def set_timers(conn: Connection, table_id: str, timers: StoredTimers) -> None:
    conn.execute(
        _SET_TIMERS,
        {"b_table": table_id, "b_wake_at": timers.wake_at, "b_deadlines": timers.deadlines or None},
    )


def logged_counts(conn: Connection, table_ids: Sequence[str]) -> dict[str, int]:
    """How many actions the log holds for each of these tables (absent: none)."""
    rows = conn.execute(
        select(ActionRow.table_id, func.max(ActionRow.seq))
        .where(ActionRow.table_id.in_(table_ids))
        .group_by(ActionRow.table_id)
    )
    return {table_id: int(count) for table_id, count in rows}


def due_table_ids(conn: Connection, before: float, limit: int) -> Sequence[str]:
    """Unfinished tables the server must act on by itself before `before` (Unix time)."""
    rows = conn.execute(
        select(TableRow.id)
        .where(TableRow.status == "playing", TableRow.wake_at.is_not(None))
        .where(TableRow.wake_at <= before)
        .order_by(TableRow.wake_at)
        .limit(limit)
    )
    return [r.id for r in rows]


def expire_waiting(conn: Connection, created_before: datetime) -> Sequence[str]:
    """Tables still waiting for players since before `created_before` are closed."""
    query = select(TableRow.id).where(
        TableRow.status == "waiting", TableRow.created_at < created_before
    )
    ids = [r.id for r in conn.execute(query)]
    if ids:
        conn.execute(update(TableRow).where(TableRow.id.in_(ids)).values(status="expired"))
    return ids
