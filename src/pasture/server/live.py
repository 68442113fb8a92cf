"""A table in memory: its live Match (never replayed per action), seats, connections."""

from __future__ import annotations

import asyncio
import hashlib
import random
from collections import OrderedDict
from typing import Any

from pasture import bots
from pasture.core.bot import Bot
from pasture.core.game import JSON, Action, Game
from pasture.core.match import Match
from pasture.server import protocol
from pasture.server.connection import Connection
from pasture.store.repository import SeatRecord, TableRecord

REMEMBERED_REJECTIONS = 1000


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def standin_bot_name(game: Game) -> str:
    """The bot that plays for an absent player: the game's heuristic if it has one."""
    return "heuristic" if "heuristic" in bots.available(game) else "random"


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
        self.lock = asyncio.Lock()
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
        self.legal_since = [0] * n
        """The version at which each seat's legal actions last changed: an action sent
        from an older version was chosen from a menu that no longer exists."""
        self.deadlines: dict[tuple[int, str], float] = {}
        self.timers: list[asyncio.TimerHandle] = []
        self.tasks: set[asyncio.Task[None]] = set()
        self._bots: dict[int, Bot] = {}
        self._rng = random.Random()

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
        return table

    def refresh_legal(self) -> None:
        state, version = self.match.state, self.match.version
        for seat, before in enumerate(self.legal):
            now = state.legal_actions(seat)
            if now != before:
                self.legal[seat] = now
                self.legal_since[seat] = version

    def seat_of(self, hashed: str) -> int | None:
        for seat in self.seats:
            if seat.token_hash is not None and seat.token_hash == hashed:
                return seat.seat
        return None

    def holds_seat(self, conn: Connection) -> bool:
        seat = conn.seat
        return seat is not None and self.seats[seat].token_hash == conn.token_hash

    def bot_for(self, seat: int) -> Bot:
        """The seat's own bot, or the stand-in for an absent player."""
        bot = self._bots.get(seat)
        if bot is None:
            name = self.seats[seat].bot or standin_bot_name(self.game)
            bot = self._bots[seat] = bots.make(self.game, name)
        return bot

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
            "version": match.version,
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

    def view_texts(self, seat: int | None, since: int | None) -> list[str]:
        """Catch-up for one connection: events after `since` (if given), then the view."""
        match = self.match
        messages = protocol.events(match.events_since(since), seat) if since is not None else []
        messages.append(self.view_message(seat))
        if self.status == "over":
            messages.append(self.end_message())
        return [protocol.dumps(m) for m in messages]

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
        for conn in list(self.connections):
            texts = cache.get(conn.seat)
            if texts is None:
                texts = cache[conn.seat] = self.view_texts(conn.seat, before)
            for text in texts:
                conn.send_text(text)

    def broadcast(self, message: dict[str, JSON]) -> None:
        text = protocol.dumps(message)
        for conn in list(self.connections):
            conn.send_text(text)

    def broadcast_table(self) -> None:
        self.broadcast({"type": "table", "table": self.info()})
