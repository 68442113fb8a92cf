"""What a table's change sends its seats, encoded once where seats share it: the view
messages of the new version (`VersionViews`), the change's events (`ChangeEvents`), and
each seat's log, kept from change to change (`SeatLogs`). Every text is what the seat's
own `view()` and `Event.for_seat` give (tests/server/test_view_parts.py checks it)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pasture.core.game import JSON, Event, State
from pasture.server import protocol

if TYPE_CHECKING:
    from pasture.server.live import LiveTable


class VersionViews:
    """The view messages of a table's current version, seat by seat. For a game that
    splits its views (`protocol.seat_parts`), what every seat's view shares with the
    spectator's is built and encoded once, and each seat's message is that text joined
    with its own keys and its log: the shared part is the spectator's view, public by
    definition. A seat's own value that is the very object the spectator has under the
    same key, of the keys a game names (`often_the_spectators`: Wypas' auction, for a
    seat with nothing face down in it), is encoded once too: an object's text is the
    same whoever it is sent to."""

    def __init__(self, table: LiveTable) -> None:
        self.table = table
        self.parts = table.view_parts
        self._shared: str | None = None
        self._actors: tuple[int, ...] = ()
        self._spectators: dict[str, JSON] = {}
        """The spectator's values of the keys that seats often share with it."""
        self._pairs: dict[str, str] = {}
        """Of those, each one encoded with its key (`"key":value`), once a seat has it."""
        self._end: str | None = None

    def end_text(self) -> str:
        """The `end` message of a finished match, encoded once for every seat."""
        if self._end is None:
            self._end = protocol.dumps(self.table.end_message())
        return self._end

    def text(self, seat: int | None) -> str:
        table = self.table
        parts = self.parts
        if parts is None:
            return protocol.dumps(table.view_message(seat))
        state = table.match.state
        if self._shared is None:
            self._shared = protocol.dumps(parts.shared_view(state))
            self._actors = state.actors()
            if parts.often_the_spectators:
                spectator = parts.seat_view(state, None)
                self._spectators = {
                    k: spectator[k] for k in parts.often_the_spectators if k in spectator
                }
        view_json = protocol.join_objects(
            self._shared, self._own_text(parts.seat_view(state, seat))
        )
        if table.seat_logs is not None:
            view_json = protocol.join_objects(view_json, table.seat_logs.field(state, seat))
        if seat is None or table.status != "playing":  # before every seat is taken: no choices
            return protocol.view_text(table.match.version, view_json, "[]", False)
        turn = seat in self._actors
        return protocol.view_text(table.match.version, view_json, table.legal_json(seat), turn)

    def _own_text(self, own: dict[str, JSON]) -> str:
        spectators = self._spectators
        if not spectators:
            return protocol.dumps(own)
        alike = [k for k, v in spectators.items() if k in own and own[k] is v]
        if not alike:
            return protocol.dumps(own)
        pairs = self._pairs
        texts = []
        for key in alike:
            pair = pairs.get(key)
            if pair is None:
                pair = pairs[key] = protocol.dumps({key: own[key]})[1:-1]
            texts.append(pair)
        rest = protocol.dumps({k: v for k, v in own.items() if k not in alike})
        return protocol.join_objects(rest, "{" + ",".join(texts) + "}")


@dataclass(slots=True)
class _KeptLog:
    """One seat's log as last sent."""

    read: int
    """How many of the log's events it has read."""
    text: str
    """The log's entries so far, encoded and joined by commas (no brackets)."""


class SeatLogs:
    """Each seat's log (a game's `protocol.SeatLogSource`), encoded and kept on the table
    from change to change: only the events added since a seat's log was last sent are
    filtered and encoded. An event reads the same for every seat not among its `to` (its
    text is read once for all of them); a seat among them gets its own
    (`protocol.seen_text`: the seat's own `Event.for_seat`). The logs are read afresh
    whenever their list of events is another, or starts at another index, or holds fewer
    events than were read, or the last one read is not the same event: the source only
    appends until the log starts again."""

    def __init__(self, source: protocol.SeatLogSource) -> None:
        self.source = source
        self._events: Sequence[Event] = ()
        self._start = 0
        self._public: list[str | None] = []
        """Each event read, as a spectator sees it, encoded (None: it sees nothing)."""
        self._last: Event | None = None
        """The last event read."""
        self._seats: dict[int | None, _KeptLog] = {}

    def field(self, state: State, seat: int | None) -> str:
        """The log as one encoded JSON object: `{"<key>": [...]}`."""
        return f'{{"{self.source.key}":[{self.text(state, seat)}]}}'

    def text(self, state: State, seat: int | None) -> str:
        """The seat's log entries, encoded and joined by commas."""
        events, start = self.source.events(state)
        public = self._public
        read = len(public)
        if (
            events is not self._events
            or start != self._start
            or len(events) < start + read
            or (read and events[start + read - 1] is not self._last)
        ):
            self._events, self._start = events, start
            public.clear()
            self._seats.clear()
            read = 0
        count = len(events) - start
        if read < count:
            seen_text = protocol.seen_text
            public.extend(seen_text(events[i], None) for i in range(start + read, start + count))
            self._last = events[-1]
        kept = self._seats.get(seat)
        if kept is None:
            kept = self._seats[seat] = _KeptLog(0, "")
        if kept.read < count:
            new = [kept.text] if kept.text else []
            for i in range(kept.read, count):
                event = events[start + i]
                text = (
                    protocol.seen_text(event, seat)
                    if seat is not None and seat in event.to
                    else public[i]
                )
                if text is not None:
                    new.append(text)
            kept.text = ",".join(new)
            kept.read = count
        return kept.text


class ChangeEvents:
    """The event messages of one change, encoded. Most events read the same for every
    seat that is not among their `to` (`Event.for_seat`): such an event is encoded once
    and its text shared; only a seat it tells more gets a text of its own."""

    def __init__(self, steps: list[tuple[int, Event]]) -> None:
        self.steps = steps
        self._public: dict[int, str | None] = {}

    def texts(self, seat: int | None, own_after: int) -> list[str]:
        """What `protocol.events(steps, seat, own_after)` gives, encoded."""
        out: list[str] = []
        public = self._public
        seen_text, message_text = protocol.seen_text, protocol.event_message_text
        for i, (version, event) in enumerate(self.steps):
            if seat is not None and version > own_after and seat in event.to:
                seen = seen_text(event, seat)
                if seen is not None:
                    out.append(message_text(version, seen))
                continue
            if i in public:
                text = public[i]
            else:
                shown = seen_text(event, None)
                text = public[i] = None if shown is None else message_text(version, shown)
            if text is not None:
                out.append(text)
        return out
