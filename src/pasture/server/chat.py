"""Table chat: seated players talk in one channel, spectators in another.

Players read only the players' channel (a spectator can see every hand a player cannot, so
nothing a spectator writes reaches a player); spectators read both. Every message is
bounded (CHAT_LIMIT characters, no control characters), each connection may send at most
RATE messages per WINDOW seconds, and the last HISTORY messages of each channel are kept
in memory and sent to whoever connects. Quick emotes are sent by name (EMOTES) and worded
by each reader's page, in their own language."""

from __future__ import annotations

import math
import time
import unicodedata
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from typing import Any

from pasture.core.errors import ErrorParams
from pasture.core.game import JSON
from pasture.server import protocol
from pasture.server.connection import Connection
from pasture.server.live import LiveTable

CHAT_LIMIT = 200
RATE = 5
WINDOW = 10.0
HISTORY = 50
ROOMS = 5000
"""Rooms kept in memory at most; the longest unused goes first."""
EMOTES = ("hello", "well_played", "good_game", "thanks", "oops", "wow", "baa")
PLAYERS, SPECTATORS = "players", "spectators"


class ChatError(ValueError):
    """A chat message refused: `params` holds the limits its sentence names, for a client
    to word it in its own language (error.<code> in the catalogues)."""

    def __init__(self, code: str, message: str, params: ErrorParams | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params: ErrorParams = params or {}


def clean_text(raw: object) -> str:
    """The message text, or ChatError saying what is wrong with it."""
    if not isinstance(raw, str):
        raise ChatError("bad_chat", "'text' must be a string.")
    text = raw.strip()
    if not text:
        raise ChatError("bad_chat", "A chat message needs some text.")
    if len(text) > CHAT_LIMIT:
        raise ChatError(
            "chat_too_long",
            f"Chat messages are at most {CHAT_LIMIT} characters.",
            {"limit": CHAT_LIMIT},
        )
    if any(unicodedata.category(c) in ("Cc", "Cs") for c in text):
        raise ChatError("bad_chat", "Chat messages cannot hold control characters.")
    return text


@dataclass
class Room:
    """One table's two channels."""

    history: dict[str, deque[dict[str, JSON]]] = field(
        default_factory=lambda: {PLAYERS: deque(maxlen=HISTORY), SPECTATORS: deque(maxlen=HISTORY)}
    )


class ChatService:
    def __init__(self, clock: Any = time.monotonic) -> None:
        self.rooms: OrderedDict[str, Room] = OrderedDict()
        self.clock = clock
        self._sent: dict[int, deque[float]] = {}
        """Per connection (by id): when its recent messages were sent, for the rate limit."""

    def _room(self, table: LiveTable) -> Room:
        room = self.rooms.get(table.id)
        if room is None:
            room = self.rooms[table.id] = Room()
            while len(self.rooms) > ROOMS:
                self.rooms.popitem(last=False)
        self.rooms.move_to_end(table.id)
        return room

    @staticmethod
    def channel_of(table: LiveTable, conn: Connection) -> str:
        return PLAYERS if table.holds_seat(conn) else SPECTATORS

    @staticmethod
    def reads(table: LiveTable, conn: Connection, channel: str) -> bool:
        return channel == PLAYERS or not table.holds_seat(conn)

    def welcome(self, table: LiveTable, conn: Connection) -> None:
        """The channels' recent messages this connection may read."""
        room = self._room(table)
        messages: list[JSON] = [
            m
            for channel in (PLAYERS, SPECTATORS)
            if self.reads(table, conn, channel)
            for m in room.history[channel]
        ]
        if messages:
            conn.send({"type": "chat_history", "messages": messages})

    def say(self, table: LiveTable, conn: Connection, message: dict[str, Any]) -> None:
        """A client's {type: chat, text} or {type: chat, emote}: shown to its channel."""
        try:
            entry = self._entry(table, conn, message)
        except ChatError as e:
            conn.send(protocol.error(e.code, e.message, params=e.params))
            return
        self._room(table).history[str(entry["channel"])].append(entry)
        for other in list(table.connections):
            if self.reads(table, other, str(entry["channel"])):
                other.send(entry)

    def _entry(
        self, table: LiveTable, conn: Connection, message: dict[str, Any]
    ) -> dict[str, JSON]:
        emote = message.get("emote")
        if emote is not None:
            if emote not in EMOTES:
                raise ChatError("bad_chat", f"The emotes are {', '.join(EMOTES)}.")
            content: dict[str, JSON] = {"emote": emote}
        else:
            content = {"text": clean_text(message.get("text"))}
        now = self.clock()
        sent = self._sent.setdefault(id(conn), deque())
        while sent and now - sent[0] > WINDOW:
            sent.popleft()
        if len(sent) >= RATE:
            wait = max(1, math.ceil(WINDOW - (now - sent[0])))
            raise ChatError(
                "chat_too_fast",
                f"At most {RATE} chat messages per {WINDOW:g} seconds; wait {wait} s.",
                {"count": RATE, "seconds": int(WINDOW), "retry_after": wait},
            )
        sent.append(now)
        channel = self.channel_of(table, conn)
        seat = conn.seat if channel == PLAYERS else None
        name = table.seats[seat].name if seat is not None else None
        return {"type": "chat", "channel": channel, "seat": seat, "name": name, **content}

    def forget(self, conn: Connection) -> None:
        self._sent.pop(id(conn), None)
