"""The tables: create, load (replaying the stored log), seat people, apply actions.

Every change to a table happens under its lock, is committed, and only then is
acknowledged and shown to anyone. Bots and timers (server/timers.py) go through the
same path as people; passes in a reaction window are held until it closes
(server/window.py). Tables are loaded when first asked for or when due (a sweep), and
leave memory when idle.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta
from functools import partial
from typing import TYPE_CHECKING, Any

from pasture import bots, games
from pasture.core.errors import IllegalAction, PastureError
from pasture.core.game import JSON, Action
from pasture.core.match import Match
from pasture.server import presence, protocol
from pasture.server.bot_pool import BotPool
from pasture.server.connection import Connection
from pasture.server.errors import ServerError, unknown_table
from pasture.server.live import LiveTable, new_table, token_hash
from pasture.server.settings import Settings
from pasture.server.text import check_text
from pasture.server.timers import Scheduler
from pasture.server.window import HeldAnswer, closes, in_window_order, is_window_answer
from pasture.store import repository as repo
from pasture.store.database import Database
from pasture.store.repository import ActionRecord, SeatRecord

if TYPE_CHECKING:
    from pasture.server.cluster import Cluster

log = logging.getLogger("pasture.server")

MAX_TABLE_ID = 32
LOAD_BATCH = 200
"""Tables due that one sweep loads before it lets other work run."""
MAX_NAME = 40


@dataclass(frozen=True, slots=True)
class Move:
    """One player's action to apply, with the id its client chose (None for bots)."""

    seat: int
    action: Action
    client_id: str | None


def _answered_within(moves: list[Move], before: set[int], after: tuple[int, ...]) -> bool:
    """Did one seat waited for answer, leaving the others waited for as they were (the
    same window)? Anything else (a card that asks someone new) reopens the window."""
    if len(moves) != 1 or moves[0].seat not in before:
        return False
    return set(after) == before - {moves[0].seat}


class TableManager:
    def __init__(self, db: Database, settings: Settings) -> None:
        self.db = db
        self.settings = settings
        self.tables: dict[str, LiveTable] = {}
        self._loading = asyncio.Lock()
        self._sweeper: asyncio.Task[None] | None = None
        self.scheduler = Scheduler(self, settings)
        self.bot_pool = BotPool(settings.bot_workers, settings.bot_cpu_budget)
        self.cluster: Cluster | None = None
        """Several processes (server/cluster.py): only a table's lease holder loads it."""

    async def start(self) -> None:
        """Bring back into memory only the tables the server must act on by itself soon
        (bots to move, limits running out); any other table is loaded when first asked
        for. A sweep goes on doing so, and puts idle tables out of memory."""
        self.bot_pool.warm_up()
        await self._load_due()
        self._sweeper = asyncio.create_task(self._sweep_forever())

    def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        self.bot_pool.close()
        for table in self.tables.values():
            self.scheduler.cancel(table)
            for conn in table.connections:
                conn.close(1012)  # service restart: clients reconnect

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.settings.sweep_interval)
            try:
                await self._load_due()
                self._evict_idle()
                await self._expire_waiting()
            except Exception:
                log.exception("the table sweep failed; it runs again")

    async def _load_due(self) -> None:
        if self.cluster is not None:  # cluster hook: due tables are adopted (cluster.py)
            return
        horizon = time.time() + 2 * self.settings.sweep_interval
        while True:
            due = await self.db.run(partial(repo.due_table_ids, before=horizon, limit=LOAD_BATCH))
            for table_id in due:
                if table_id not in self.tables:
                    try:
                        await self.get(table_id)
                    except Exception:
                        log.exception("table %s could not be restored", table_id)
            if len(due) < LOAD_BATCH or all(t in self.tables for t in due):
                return

    def _evict_idle(self) -> None:
        """Tables nobody has used for `idle_after` seconds and that are not due soon leave
        memory; they are loaded again when asked for, or by the sweep when due."""
        now = time.time()
        soon = now + 2 * self.settings.sweep_interval
        for table in list(self.tables.values()):
            if table.connections or table.held or table.tasks or table.lock.locked():
                continue
            if now - table.last_used < self.settings.idle_after:
                continue
            wake = table.saved_timers.wake_at
            if wake is not None and wake < soon:
                continue
            self.scheduler.cancel(table)
            del self.tables[table.id]

    async def _expire_waiting(self) -> None:
        """Tables that waited for players longer than `waiting_ttl` are closed."""
        before = repo.now() - timedelta(seconds=self.settings.waiting_ttl)
        for table_id in await self.db.run(partial(repo.expire_waiting, created_before=before)):
            table = self.tables.get(table_id)
            if table is not None and table.status == "waiting":
                table.status = "expired"
                table.broadcast_table()

    # -- tables --------------------------------------------------------------------------

    async def create(
        self,
        game_name: str,
        players: int,
        options: Mapping[str, JSON] | None,
        seat_bots: Mapping[int, str],
        move_clock: float | None,
    ) -> LiveTable:
        try:
            game = games.get(game_name)
            resolved = game.resolve_options(players, options)
            for seat, name in seat_bots.items():
                if not 0 <= seat < players:
                    raise ServerError(
                        422,
                        "unknown_seat",
                        f"There is no seat {seat + 1} at a {players}-player table.",
                    )
                bots.make(game, name)
            seed = secrets.randbits(64)
            match = Match(game, players, resolved, seed)  # the game may refuse options too
        except ServerError:
            raise
        except PastureError as e:
            raise ServerError(422, e.code, e.message, e.params) from None
        table, record = new_table(
            game,
            match,
            seat_bots,
            self.settings.reaction_timeout,
            table_id=secrets.token_urlsafe(12),
            created_at=repo.now(),
            move_clock=move_clock,
        )
        record.timers = table.saved_timers = self.scheduler.plan(table)
        if self.cluster is not None:  # cluster hook: the creator owns the new table
            await self.cluster.hold(record.id)
        await self.db.run(partial(repo.insert_table, table=record))
        self.tables[table.id] = table
        self.scheduler.reschedule(table)
        return table

    async def get(self, table_id: str) -> LiveTable:
        table = self.tables.get(table_id)
        if table is not None:
            table.last_used = time.time()
            return table
        if len(table_id) > MAX_TABLE_ID:
            raise unknown_table(table_id)
        async with self._loading:
            table = self.tables.get(table_id)
            if table is None:
                if self.cluster is not None:  # cluster hook: load only what we own
                    await self.cluster.hold(table_id)
                record = await self.db.run(partial(repo.load_table, table_id=table_id))
                if record is None:
                    raise unknown_table(table_id)
                game = games.get(record.game)
                table = LiveTable.rebuild(record, game, self.settings.reaction_timeout)
                self.tables[table_id] = table
                self.scheduler.reschedule(table)
        return table

    def forget_if_idle(self, table: LiveTable) -> None:
        """A finished table nobody watches leaves memory (it is reloaded on demand)."""
        if table.status == "over" and not table.connections:
            self.scheduler.cancel(table)
            if self.tables.get(table.id) is table:
                del self.tables[table.id]

    def _break(self, table: LiveTable) -> None:
        """The database refused a write: the live match may be ahead of it. Drop it; the
        next client to connect gets the table rebuilt from what was committed."""
        table.broken = True
        self.scheduler.cancel(table)
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
        for conn in table.connections:
            conn.send(protocol.error("unavailable", "The table must be reloaded; reconnect."))
            conn.close(1011)

    # -- seats ---------------------------------------------------------------------------

    async def join(self, table: LiveTable, seat: int, name: str) -> str:
        """Seat a person; returns their token (only its hash is stored)."""
        name = check_text(name, "A name", MAX_NAME).strip() or "?"
        async with table.lock:
            self._check_seat(table, seat)
            current = table.seats[seat]
            if table.status == "over":
                raise ServerError(409, "game_over", "This match is over.")
            if table.status == "expired":
                raise ServerError(
                    409, "expired", "This table waited too long for players and is closed."
                )
            if current.bot is not None:
                raise ServerError(
                    409, "seat_taken", f"Seat {seat + 1} is played by a bot.", {"seat": seat + 1}
                )
            if current.token_hash is not None:
                raise ServerError(
                    409,
                    "seat_taken",
                    f"Seat {seat + 1} is taken: pick another seat, or watch.",
                    {"seat": seat + 1},
                )
            token = secrets.token_urlsafe(24)
            new = SeatRecord(
                seat, name=name, token_hash=token_hash(token), since=table.match.version
            )
            full = all(
                s.bot is not None or s.token_hash is not None or s.seat == seat for s in table.seats
            )
            status = "playing" if table.status == "waiting" and full else table.status
            timers = self.scheduler.plan(table, status)
            await self._write(
                table,
                partial(repo.set_seat, table_id=table.id, seat=new, status=status, timers=timers),
            )
            table.saved_timers = timers
            table.seats[seat] = new
            table.away.discard(seat)
            started = status != table.status
            table.status = status
            table.broadcast_table()
            self.scheduler.reschedule(table)
            if started:  # the views now carry everybody's choices
                log.info("table %s: every seat taken, play starts", table.id)
                table.broadcast_since(table.match.version)
            return token

    async def leave(self, table: LiveTable, seat: int, token: str) -> None:
        async with table.lock:
            self._check_seat(table, seat)
            current = table.seats[seat]
            if current.token_hash is None or current.token_hash != token_hash(token):
                raise ServerError(403, "bad_token", f"That token does not hold seat {seat + 1}.")
            new = SeatRecord(seat)
            timers = self.scheduler.plan(table)
            await self._write(
                table,
                partial(
                    repo.set_seat, table_id=table.id, seat=new, status=table.status, timers=timers
                ),
            )
            table.saved_timers = timers
            table.seats[seat] = new
            table.away.discard(seat)
            table.held.pop(seat, None)  # never acknowledged: the next occupant answers
            for conn in list(table.connections):
                if conn.seat == seat:
                    conn.send(protocol.error("seat_left", f"Seat {seat + 1} was left."))
                    conn.close(4403)
                    table.connections.discard(conn)
            table.broadcast_table()
            self.scheduler.reschedule(table)

    @staticmethod
    def _check_seat(table: LiveTable, seat: int) -> None:
        if not 0 <= seat < len(table.seats):
            raise ServerError(
                404,
                "unknown_seat",
                f"There is no seat {seat + 1} (the seats are 1 to {len(table.seats)}).",
            )

    async def _write(self, table: LiveTable, job: Any) -> None:
        if table.broken:
            raise ServerError(503, "unavailable", "The table must be reloaded; retry.")
        try:
            await self.db.run(job)
        except Exception:
            log.exception("table %s: write failed", table.id)
            raise ServerError(503, "unavailable", "The database refused the change.") from None

    # -- connections ---------------------------------------------------------------------

    async def attach(self, table: LiveTable, conn: Connection, since: int | None) -> None:
        """Register a connection and send it the table, what it missed, and its view."""
        async with table.lock:
            if table.broken:
                raise ServerError(503, "unavailable", "The table must be reloaded; retry.")
            if since is not None and not 0 <= since <= table.match.version:
                raise ServerError(
                    400,
                    "bad_version",
                    f"'since' must be a version from 0 to {table.match.version}.",
                )
            table.connections.add(conn)
            conn.send({"type": "welcome", "seat": conn.seat, "table": table.info()})
            for text in table.view_texts(conn.seat, since):
                conn.send_text(text)
            clock = presence.clock_message(table)
            if clock is not None:
                conn.send(clock)
            if conn.seat is not None and conn.seat in table.away:
                self._is_back(table, conn.seat)  # reconnecting is being back
                self.scheduler.reschedule(table)

    async def back(self, table: LiveTable, conn: Connection) -> None:
        """A player says they are back ("I'm back"): their stand-in bot stops."""
        if conn.seat is None or not table.holds_seat(conn):
            conn.send(protocol.error("spectator", "Only a seated player can be back."))
            return
        async with table.lock:
            if conn.seat in table.away:
                self._is_back(table, conn.seat)
                self.scheduler.reschedule(table)

    @staticmethod
    def _is_back(table: LiveTable, seat: int) -> bool:
        """The seat's person is here: no stand-in, a fresh move clock, and everyone told.
        Says whether that changed anything the table's timers are planned from."""
        changed = (seat, "clock") in table.deadlines
        if changed:
            table.deadlines = {k: d for k, d in table.deadlines.items() if k != (seat, "clock")}
        if seat in table.away:
            table.away.discard(seat)
            table.broadcast_table()
            changed = True
        return changed

    def detach(self, table: LiveTable, conn: Connection) -> None:
        table.connections.discard(conn)
        self.forget_if_idle(table)

    # -- actions -------------------------------------------------------------------------

    async def act(self, table: LiveTable, conn: Connection, message: dict[str, Any]) -> None:
        """A client's {type: act, action, version, id}: answer with an ack or an error."""
        client_id = message.get("id")
        if client_id is not None and (
            not isinstance(client_id, str) or len(client_id) > protocol.MAX_CLIENT_ID
        ):
            conn.send(
                protocol.error(
                    "malformed_message",
                    f"'id' must be a string of at most {protocol.MAX_CLIENT_ID} characters.",
                )
            )
            return
        seat = conn.seat
        if seat is None:
            conn.send(protocol.error("spectator", "Spectators watch; they cannot act.", client_id))
            return
        key = (seat, client_id) if client_id is not None else None
        if key is not None and self._answer_again(table, conn, key):
            return
        try:
            action, version = self._parse(table, message)
            async with table.lock:
                if key is not None and self._answer_again(table, conn, key):
                    return
                self._check_turn(table, conn, version)
                if is_window_answer(table.match.state, seat, action):
                    await self._hold(table, HeldAnswer(seat, action, client_id, conn))
                    return
                before = await self.apply(table, [Move(seat, action, client_id)])
                back = self._is_back(table, seat)  # acting is being back; the clock restarts
                conn.send(protocol.ack(client_id, table.match.version))
                self._after_change(table, before, replan=back)
                await self._close_if_answered(table)
        except PastureError as e:
            reply = protocol.error(e.code, e.message, client_id, e.params)
            if key is not None and e.code not in ("unavailable", "already_answered"):
                table.remember_rejection(key, reply)
            conn.send(reply)

    def _answer_again(self, table: LiveTable, conn: Connection, key: tuple[int, str]) -> bool:
        """An id already answered gets the same answer; nothing is applied again."""
        version = table.acked.get(key)
        if version is not None:
            conn.send(protocol.ack(key[1], version, duplicate=True))
            return True
        rejection = table.rejected.get(key)
        if rejection is not None:
            conn.send(rejection)
            return True
        held = table.held.get(key[0])
        if held is not None and held.client_id == key[1]:
            held.conn = conn  # answered when the window closes, on this connection
            return True
        return False

    # -- reaction windows (server/window.py) -----------------------------------------------

    async def _hold(self, table: LiveTable, answer: HeldAnswer) -> None:
        """Keep a seat's pass until every seat waited for has answered (W-10a)."""
        if answer.seat in table.held:
            raise ServerError(
                409,
                "already_answered",
                "You have answered this window; the answers are shown together when it closes.",
            )
        table.held[answer.seat] = answer
        await self._close_if_answered(table)

    async def _close_if_answered(self, table: LiveTable) -> None:
        if not table.held or not closes(table.match.state, table.held):
            return
        answers = in_window_order(table.match.state, table.held)
        table.held = {}
        try:
            before = await self.apply(table, [Move(a.seat, a.action, a.client_id) for a in answers])
        except PastureError as e:
            for a in answers:
                if a.conn is not None:
                    a.conn.send(protocol.error(e.code, e.message, a.client_id, e.params))
            return
        back = False
        for a in answers:
            if a.conn is not None:
                back = self._is_back(table, a.seat) or back
                a.conn.send(protocol.ack(a.client_id, table.match.version))
        self._after_change(table, before, replan=back)

    @staticmethod
    def _drop_held(table: LiveTable) -> None:
        """Something else was played: the window reopens and every seat is asked again."""
        dropped, table.held = table.held, {}
        for a in dropped.values():
            if a.conn is not None:
                a.conn.send(
                    protocol.error(
                        "window_reopened",
                        "A card was played before the window closed: answer again.",
                        a.client_id,
                    )
                )

    @staticmethod
    def _parse(table: LiveTable, message: dict[str, Any]) -> tuple[Action, int]:
        version = message.get("version")
        if isinstance(version, bool) or not isinstance(version, int):
            raise ServerError(
                400, "malformed_message", "'version' must be the version of the view you saw."
            )
        if "action" not in message:
            raise ServerError(400, "malformed_message", "An 'act' message needs an 'action'.")
        return table.game.parse_action(message["action"]), version

    @staticmethod
    def _check_turn(table: LiveTable, conn: Connection, version: int) -> None:
        if table.broken:
            raise ServerError(503, "unavailable", "The table must be reloaded; reconnect.")
        if not table.holds_seat(conn):
            raise ServerError(403, "seat_lost", "Your seat was left; join again.")
        if table.status == "waiting":
            raise ServerError(409, "not_started", "Play starts when every seat is taken.")
        if table.status == "expired":
            raise ServerError(409, "expired", "This table waited too long for players.")
        if table.status == "over":
            raise ServerError(409, "game_over", "This match is over.")
        assert conn.seat is not None
        if not table.legal_since[conn.seat] <= version <= table.match.version:
            raise ServerError(
                409,
                "stale_version",
                f"Your choices changed at version {table.legal_since[conn.seat]}; the table"
                f" is at version {table.match.version}. Act on the latest view.",
            )

    async def apply(self, table: LiveTable, moves: list[Move]) -> int:
        """Apply and commit players' actions, in order and in one transaction (the table
        lock is held). Returns the version before them. Raises IllegalAction (nothing
        changed) or ServerError. Answers held in a reaction window that these actions did
        not close are refused (`window_reopened`)."""
        match = table.match
        before = match.version
        waited_for = set(match.state.actors())
        records: list[ActionRecord] = []
        try:
            for move in moves:
                match.act(move.seat, move.action)  # IllegalAction here changes nothing
                records.append(
                    ActionRecord(
                        table.seq + len(records) + 1,
                        match.version,
                        move.seat,
                        move.action.to_json(),
                        move.client_id,
                    )
                )
        except IllegalAction:
            if not records:
                raise
            self._break(table)  # some of a batch were applied: reload from the database
            raise ServerError(503, "unavailable", "The table is reloaded; retry.") from None
        except Exception:  # a bug in the game: its state may be half changed
            log.exception("table %s: the game failed on %s", table.id, moves)
            self._break(table)
            raise ServerError(
                500, "unavailable", "The game failed on that action; the table is reloaded."
            ) from None
        result = match.state.result().to_json() if match.is_over() else None
        timers = self.scheduler.plan(table, "over" if result is not None else None)
        changed = timers if timers != table.saved_timers else None
        try:
            await self.db.run(repo.ActionAppend(table.id, records, result, changed))
        except Exception:
            log.exception("table %s: commit failed", table.id)
            self._break(table)
            raise ServerError(503, "unavailable", "The action could not be saved.") from None
        table.seq += len(records)
        table.committed_version = match.version
        table.saved_timers = timers
        for record in records:
            if record.client_id is not None:
                table.acked[(record.seat, record.client_id)] = record.version
        if result is not None:
            table.status = "over"
        table.refresh_legal()
        if table.held and not _answered_within(moves, waited_for, match.state.actors()):
            self._drop_held(table)
        return before

    def _after_change(self, table: LiveTable, before: int, replan: bool = False) -> None:
        """Show the change, and set the timers `apply` planned (`replan`: plan them again,
        something they are planned from changed since)."""
        table.broadcast_since(before)
        if table.status == "over":
            table.broadcast_table()
            self.scheduler.cancel(table)
            self.forget_if_idle(table)
        else:
            self.scheduler.reschedule(table, replan)

    async def apply_for(self, table: LiveTable, seat: int, action: Action, version: int) -> bool:
        """A bot's or a timer's action chosen at `version` (False: the table moved on)."""
        async with table.lock:
            if table.broken or table.status != "playing" or table.match.version != version:
                return False
            if is_window_answer(table.match.state, seat, action):
                if seat in table.held:
                    return False
                await self._hold(table, HeldAnswer(seat, action, None, None))
                return True
            try:
                before = await self.apply(table, [Move(seat, action, None)])
            except IllegalAction:
                log.exception("table %s: seat %s's automatic action was illegal", table.id, seat)
                return False
            except ServerError:
                return False
            self._after_change(table, before)
            await self._close_if_answered(table)
            return True

    def record(self, table: LiveTable) -> dict[str, JSON]:
        if table.status != "over":
            raise ServerError(
                409, "not_over", "The record (with the seed) is published when the match ends."
            )
        record = table.match.record()
        record["seed_hash"] = table.match.seed_hash
        record["table"] = table.id
        return record
