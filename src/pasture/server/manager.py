"""The tables: create, load (replaying the stored log), seat people, apply actions.

Every change to a table happens under its lock, is committed, and only then is
acknowledged and shown to anyone. Bots and timers (server/timers.py) go through the
same path as people.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Mapping
from functools import partial
from typing import TYPE_CHECKING, Any

from pasture import bots, games
from pasture.core.errors import IllegalAction, PastureError
from pasture.core.game import JSON, Action
from pasture.core.match import Match
from pasture.server import presence, protocol
from pasture.server.connection import Connection
from pasture.server.errors import ServerError, unknown_table
from pasture.server.live import LiveTable, token_hash
from pasture.server.settings import Settings
from pasture.server.timers import Scheduler
from pasture.store import repository as repo
from pasture.store.database import Database
from pasture.store.repository import ActionRecord, SeatRecord, TableRecord

if TYPE_CHECKING:
    from pasture.server.cluster import Cluster

log = logging.getLogger("pasture.server")

MAX_TABLE_ID = 32


class TableManager:
    def __init__(self, db: Database, settings: Settings) -> None:
        self.db = db
        self.settings = settings
        self.tables: dict[str, LiveTable] = {}
        self._loading = asyncio.Lock()
        self.scheduler = Scheduler(self, settings)
        self.cluster: Cluster | None = None
        """Several processes (server/cluster.py): only a table's lease holder loads it."""

    async def start(self) -> None:
        """Bring every unfinished match back into memory: its bots and clocks go on."""
        for table_id in await self.db.run(repo.unfinished_table_ids):
            try:
                await self.get(table_id)
            except Exception:
                log.exception("table %s could not be restored", table_id)

    def stop(self) -> None:
        for table in self.tables.values():
            self.scheduler.cancel(table)
            for conn in table.connections:
                conn.close(1012)  # service restart: clients reconnect

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
        except ServerError:
            raise
        except PastureError as e:
            raise ServerError(422, e.code, e.message) from None
        seed = secrets.randbits(64)
        match = Match(game, players, resolved, seed)
        seats = [SeatRecord(seat, bot=seat_bots.get(seat)) for seat in range(players)]
        record = TableRecord(
            id=secrets.token_urlsafe(12),
            game=game.name,
            players=players,
            options=resolved,
            seed=seed,
            seed_hash=match.seed_hash,
            move_clock=move_clock,
            status="playing" if len(seat_bots) == players else "waiting",
            created_at=repo.now(),
            seats=seats,
        )
        if self.cluster is not None:  # cluster hook: the creator owns the new table
            await self.cluster.hold(record.id)
        await self.db.run(partial(repo.insert_table, table=record))
        table = LiveTable(record, game, match, self.settings.reaction_timeout)
        table.refresh_legal()
        self.tables[table.id] = table
        self.scheduler.reschedule(table)
        return table

    async def get(self, table_id: str) -> LiveTable:
        table = self.tables.get(table_id)
        if table is not None:
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
        async with table.lock:
            self._check_seat(table, seat)
            current = table.seats[seat]
            if table.status == "over":
                raise ServerError(409, "game_over", "This match is over.")
            if current.bot is not None:
                raise ServerError(409, "seat_taken", f"Seat {seat + 1} is played by a bot.")
            if current.token_hash is not None:
                raise ServerError(
                    409, "seat_taken", f"Seat {seat + 1} is taken: pick another seat, or watch."
                )
            token = secrets.token_urlsafe(24)
            new = SeatRecord(seat, bot=None, name=name, token_hash=token_hash(token))
            full = all(
                s.bot is not None or s.token_hash is not None or s.seat == seat for s in table.seats
            )
            status = "playing" if table.status == "waiting" and full else table.status
            await self._write(
                table, partial(repo.set_seat, table_id=table.id, seat=new, status=status)
            )
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
            await self._write(
                table, partial(repo.set_seat, table_id=table.id, seat=new, status=table.status)
            )
            table.seats[seat] = new
            table.away.discard(seat)
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
    def _is_back(table: LiveTable, seat: int) -> None:
        """The seat's person is here: no stand-in, a fresh move clock, and everyone told."""
        table.deadlines = {k: d for k, d in table.deadlines.items() if k != (seat, "clock")}
        if seat in table.away:
            table.away.discard(seat)
            table.broadcast_table()

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
                before = await self.apply(table, seat, action, client_id)
                self._is_back(table, seat)  # acting is being back; the clock starts again
                conn.send(protocol.ack(client_id, table.match.version))
                self._after_change(table, before)
        except PastureError as e:
            reply = protocol.error(e.code, e.message, client_id)
            if key is not None and e.code != "unavailable":
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
        return False

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

    async def apply(
        self, table: LiveTable, seat: int, action: Action, client_id: str | None
    ) -> int:
        """Apply and commit one action (the table lock is held). Returns the version
        before it. Raises IllegalAction (nothing changed) or ServerError."""
        match = table.match
        before = match.version
        try:
            match.act(seat, action)  # IllegalAction here changes nothing
        except IllegalAction:
            raise
        except Exception:  # a bug in the game: its state may be half changed
            log.exception("table %s: the game failed on %s by seat %s", table.id, action, seat)
            self._break(table)
            raise ServerError(
                500, "unavailable", "The game failed on that action; the table is reloaded."
            ) from None
        record = ActionRecord(table.seq + 1, match.version, seat, action.to_json(), client_id)
        result = match.state.result().to_json() if match.is_over() else None
        try:
            await self.db.run(
                partial(repo.append_action, table_id=table.id, action=record, result=result)
            )
        except Exception:
            log.exception("table %s: commit failed", table.id)
            self._break(table)
            raise ServerError(503, "unavailable", "The action could not be saved.") from None
        table.seq += 1
        if client_id is not None:
            table.acked[(seat, client_id)] = match.version
        if result is not None:
            table.status = "over"
        table.refresh_legal()
        return before

    def _after_change(self, table: LiveTable, before: int) -> None:
        table.broadcast_since(before)
        if table.status == "over":
            table.broadcast_table()
            self.scheduler.cancel(table)
            self.forget_if_idle(table)
        else:
            self.scheduler.reschedule(table)

    async def apply_for(self, table: LiveTable, seat: int, action: Action, version: int) -> bool:
        """A bot's or a timer's action chosen at `version` (False: the table moved on)."""
        async with table.lock:
            if table.broken or table.status != "playing" or table.match.version != version:
                return False
            try:
                before = await self.apply(table, seat, action, None)
            except IllegalAction:
                log.exception("table %s: seat %s's automatic action was illegal", table.id, seat)
                return False
            except ServerError:
                return False
            self._after_change(table, before)
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
