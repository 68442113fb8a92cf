"""A table in memory: its live Match (never replayed per action), seats, connections."""

from __future__ import annotations

import asyncio
import hashlib
import random
import time
from collections import OrderedDict
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from pasture import bots
from pasture.core.game import JSON, Action, Game
from pasture.core.match import Match
from pasture.server import protocol
from pasture.server.connection import Connection
from pasture.server.views import ChangeEvents, SeatLogs, VersionViews
from pasture.server.window import HeldAnswer
from pasture.store.repository import SeatRecord, StoredTimers, TableRecord

REMEMBERED_REJECTIONS = 1000


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def standin_bot_name(game: Game) -> str:
    """The bot that plays for an absent player: the game's heuristic if it has one."""
    return "heuristic" if "heuristic" in bots.available(game) else "random"


def new_table(
    game: Game,
    match: Match,
    bots_by_seat: Mapping[int, str],
    reaction_timeout: float,
    *,
    table_id: str,
    created_at: datetime,
    move_clock: float | None = None,
) -> tuple[LiveTable, TableRecord]:
    """A table for a match not yet begun, and the record that stores it: it plays once
    every seat is taken (at once when bots take them all)."""
    players = match.num_players
    record = TableRecord(
        id=table_id,
        game=game.name,
        players=players,
        options=match.options,
        seed=match.seed,
        seed_hash=match.seed_hash,
        move_clock=move_clock,
        status="playing" if len(bots_by_seat) == players else "waiting",
        created_at=created_at,
        seats=[SeatRecord(seat, bot=bots_by_seat.get(seat)) for seat in range(players)],
    )
    table = LiveTable(record, game, match, reaction_timeout)
    table.refresh_legal()
    return table, record


class LiveTable:
    def __init__(
        self, record: TableRecord, game: Game, match: Match, reaction_timeout: float
    ) -> None:
        self.id = record.id
        self.reaction_timeout = reaction_timeout
        """Seconds every seat gets to answer a reaction window (the server's setting)."""
        self.game = game
        self.match = match
        self.seats: list[SeatRecord] = record.seats
        self.status = record.status
        self.move_clock = record.move_clock
        self.created_at = record.created_at
        self.seq = len(record.actions)
        self.committed_version = match.version
        """The version the database holds: what REST shows (the live match may be ahead
        while a commit is in flight)."""
        self.held: dict[int, HeldAnswer] = {}
        """Answers of the open reaction window, applied when it closes (server/window.py)."""
        self.lock = asyncio.Lock()
        self.last_used = time.time()
        """When the table was last asked for (idle tables leave memory)."""
        self.broken = False
        self.rematch: str | None = None
        """The table that plays this one again, once someone asked (server/rematch.py)."""
        self.rematch_lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.away: set[int] = set()
        """Seats whose move clock ran out: a stand-in bot plays until they are back."""
        self.acked: dict[tuple[int, str], int] = {
            (a.seat, a.client_id): a.version for a in record.actions if a.client_id is not None
        }
        self.rejected: OrderedDict[tuple[int, str], dict[str, JSON]] = OrderedDict()
        n = match.num_players
        self.legal: list[list[Action]] = [[] for _ in range(n)]
        self._legal_json: list[str | None] = [None] * n
        """Each seat's legal actions encoded, until they change."""
        self.legal_since = [0] * n
        """The version at which each seat's legal actions last changed: an action sent
        from an older version was chosen from a menu that no longer exists."""
        self.deadlines: dict[tuple[int, str], float] = {}
        """Running limits, (seat, "reaction" or "clock") -> Unix time; stored (timers.py)."""
        self.saved_timers: StoredTimers = record.timers
        """What the database holds of the timers."""
        for key, due in record.timers.deadlines.items():
            seat, _, kind = key.partition(":")
            self.deadlines[(int(seat), kind)] = due
        self.timer_write: asyncio.Future[None] | None = None
        self.think_due: dict[int, tuple[int, float]] = {}
        """Bot seat -> (version the reaction window opened at, when it answers)."""
        self.timers: list[asyncio.TimerHandle] = []
        self.tasks: set[asyncio.Task[None]] = set()
        self.bot_slot = asyncio.Lock()
        """Held while one of the table's bots thinks: one decision of a table at a time."""
        self._rng = random.Random()
        self.view_parts = protocol.seat_parts(match.state)
        """How the game's views split into what seats share and what is each one's."""
        log = self.view_parts.log if self.view_parts is not None else None
        self.seat_logs = SeatLogs(log) if log is not None else None
        """Each seat's log, encoded, kept from change to change (server/views.py)."""

    # -- state ---------------------------------------------------------------------------

    @classmethod
    def rebuild(cls, record: TableRecord, game: Game, reaction_timeout: float) -> LiveTable:
        """Replay the stored log (Match.replay, step by step to track legal actions)."""
        match = Match(game, record.players, record.options, record.seed)
        table = cls(record, game, match, reaction_timeout)
        table.refresh_legal()
        for stored in record.actions:
            match.act(stored.seat, stored.action)
            if match.version != stored.version:
                raise RuntimeError(
                    f"table {record.id}: replay reached version {match.version}, the log"
                    f" says {stored.version} (did the game's rules change?)"
                )
            table.refresh_legal()
        table.committed_version = match.version
        return table

    def refresh_legal(self) -> None:
        state, version = self.match.state, self.match.version
        for seat, before in enumerate(self.legal):
            now = state.legal_actions(seat)
            if now != before:
                self.legal[seat] = now
                self._legal_json[seat] = None
                self.legal_since[seat] = version

    def legal_json(self, seat: int) -> str:
        text = self._legal_json[seat]
        if text is None:
            text = self._legal_json[seat] = protocol.actions_text(self.legal[seat])
        return text

    def seat_of(self, hashed: str) -> int | None:
        for seat in self.seats:
            if seat.token_hash is not None and seat.token_hash == hashed:
                return seat.seat
        return None

    def holds_seat(self, conn: Connection) -> bool:
        seat = conn.seat
        return seat is not None and self.seats[seat].token_hash == conn.token_hash

    def bot_name(self, seat: int) -> str:
        """The seat's own bot, or the stand-in for an absent player."""
        return self.seats[seat].bot or standin_bot_name(self.game)

    def bot_rng(self) -> random.Random:
        return random.Random(self._rng.getrandbits(64))

    def remember_rejection(self, key: tuple[int, str], message: dict[str, JSON]) -> None:
        self.rejected[key] = message
        while len(self.rejected) > REMEMBERED_REJECTIONS:
            self.rejected.popitem(last=False)

    # -- what clients see ----------------------------------------------------------------

    def info(self) -> dict[str, Any]:
        """Everything public about the table (never the seed before the end)."""
        match = self.match
        out: dict[str, Any] = {
            "id": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "players": match.num_players,
            "options": match.options,
            "move_clock": self.move_clock,
            "reaction_timeout": self.reaction_timeout,
            "status": self.status,
            "version": self.committed_version,
            "seed_hash": match.seed_hash,
            "seats": [
                {
                    "seat": s.seat,
                    "bot": s.bot,
                    "name": s.name,
                    "taken": s.bot is not None or s.token_hash is not None,
                    "away": s.seat in self.away,
                    "invite": f"/tables/{self.id}?seat={s.seat}",
                }
                for s in self.seats
            ],
        }
        if self.status == "over":
            out["result"] = match.state.result().to_json()
            out["seed"] = str(match.seed)
            out["rematch"] = self.rematch
        return out

    def free_seats(self) -> list[int]:
        return [s.seat for s in self.seats if s.bot is None and s.token_hash is None]

    def view_texts(
        self,
        seat: int | None,
        since: int | None,
        views: VersionViews | None = None,
        events: ChangeEvents | None = None,
    ) -> list[str]:
        """Catch-up for one connection: events after `since` (if given), then the view
        (from `views` and `events`, those of the current change, when several seats are
        sent it)."""
        match = self.match
        own_after = self.seats[seat].since if seat is not None else 0
        if since is None:
            texts = []
        else:
            texts = (events or ChangeEvents(match.events_since(since))).texts(seat, own_after)
        views = views or VersionViews(self)
        texts.append(views.text(seat))
        if self.status == "over":
            texts.append(views.end_text())
        return texts

    def view_message(self, seat: int | None) -> dict[str, JSON]:
        """The seat's view; its legal actions only while the table is playing (before
        every seat is taken nobody may act yet)."""
        match = self.match
        if self.status != "playing" and seat is not None:
            message = protocol.view(match.state, seat, match.version, [])
            message["turn"] = False
            return message
        return protocol.view(
            match.state, seat, match.version, self.legal[seat] if seat is not None else None
        )

    def end_message(self) -> dict[str, JSON]:
        match = self.match
        return protocol.end(match.version, match.state.result().to_json(), match.seed)

    def broadcast_since(self, before: int) -> None:
        """Send every connection the events since `before` it may see, then its view."""
        cache: dict[int | None, list[str]] = {}
        views = VersionViews(self)
        events = ChangeEvents(self.match.events_since(before))
        for conn in list(self.connections):
            texts = cache.get(conn.seat)
            if texts is None:
                texts = cache[conn.seat] = self.view_texts(conn.seat, before, views, events)
            conn.send_texts(texts)

    def broadcast(self, message: dict[str, JSON]) -> None:
        text = protocol.dumps(message)
        for conn in list(self.connections):
            conn.send_text(text)

    def broadcast_table(self) -> None:
        self.broadcast({"type": "table", "table": self.info()})
