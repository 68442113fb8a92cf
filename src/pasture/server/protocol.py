"""The websocket messages (docs/server.md describes them) and their JSON encoding."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache, lru_cache
from typing import Any, NamedTuple

import orjson

from pasture.core.game import JSON, Action, Event, State

MAX_CLIENT_ID = 128


def dumps(message: JSON) -> str:
    """Compact JSON text (orjson: views are encoded for every seat after every move)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


def batch(texts: list[str]) -> str:
    """Several encoded messages as one frame: a JSON array of them, in order."""
    return "[" + ",".join(texts) + "]"


def loads(text: str | bytes) -> JSON:
    """Parse JSON text; raises ValueError (orjson.JSONDecodeError) on malformed input."""
    return orjson.loads(text)


def error(
    code: str,
    message: str,
    client_id: str | None = None,
    params: Mapping[str, int | str] | None = None,
) -> dict[str, JSON]:
    """An error frame; `params` are the values the sentence names, for the client's words."""
    out: dict[str, JSON] = {"type": "error", "code": code, "message": message}
    if params:
        out["params"] = dict(params)
    if client_id is not None:
        out["id"] = client_id
    return out


def ack(client_id: str | None, version: int, duplicate: bool = False) -> dict[str, JSON]:
    out: dict[str, JSON] = {"type": "ack", "id": client_id, "version": version}
    if duplicate:
        out["duplicate"] = True
    return out


def view(
    state: State, seat: int | None, version: int, legal_actions: Sequence[Action] | None = None
) -> dict[str, JSON]:
    """What `seat` sees now; `legal` and `turn` are its own choices (none for spectators).
    `legal_actions`: the seat's legal actions if already known."""
    if seat is None:
        legal: list[JSON] = []
        turn = False
    else:
        if legal_actions is None:
            legal_actions = state.legal_actions(seat)
        legal = [a.to_json() for a in legal_actions]
        turn = seat in state.actors()
    return {
        "type": "view",
        "version": version,
        "view": state.view(seat),
        "legal": legal,
        "turn": turn,
    }


class SeatParts(NamedTuple):
    """A game's split of its views (its view module's `SEAT_KEYS`, `seat_view` and, where
    it has them, `shared_view`, `LOG_KEY` with `log_events`, `OFTEN_THE_SPECTATORS`):
    `view(s, seat)` is the spectator's view with the keys of `seat_view(s, seat)`, all of
    them in `keys`, put in, and the seat's log under `log.key`. The rest is the
    spectator's: public by definition."""

    seat_view: Callable[[State, int | None], dict[str, JSON]]
    """The keys of `keys` a seat's view has, but the log."""
    keys: frozenset[str]
    shared_view: Callable[[State], dict[str, JSON]]
    """The keys of every view outside `keys` (the spectator's view less them when the
    game names no cheaper way)."""
    log: SeatLogSource | None
    often_the_spectators: tuple[str, ...]
    """Keys of `keys` whose value in a seat's view is often the very object the
    spectator's has (the view module's OFTEN_THE_SPECTATORS)."""


class SeatLogSource(NamedTuple):
    """A view's key that is the seat's log: `Event.for_seat(seat)` of each of a list of
    events from an index on, those it may not see left out. The list only grows (by
    appending) until the log starts again, so a server may keep each seat's log and
    filter only the events added since."""

    key: str
    events: Callable[[State], tuple[Sequence[Event], int]]
    """The events the log is read from, and the index of its first."""


def seat_parts(state: State) -> SeatParts | None:
    """The split of `state`'s views, if its game's view module offers one."""
    return _seat_parts(type(state))


@cache
def _seat_parts(state_type: type[State]) -> SeatParts | None:
    views = getattr(state_type, "views", None)
    seat_view = getattr(views, "seat_view", None)
    keys = getattr(views, "SEAT_KEYS", None)
    if seat_view is None or keys is None:
        return None
    own = frozenset(keys)

    def spectator_less_own(s: State) -> dict[str, JSON]:
        return {k: v for k, v in s.view(None).items() if k not in own}

    log_key = getattr(views, "LOG_KEY", None)
    log = None if log_key is None else SeatLogSource(log_key, views.log_events)  # type: ignore[union-attr]
    return SeatParts(
        seat_view,
        own,
        getattr(views, "shared_view", spectator_less_own),
        log,
        tuple(getattr(views, "OFTEN_THE_SPECTATORS", ())),
    )


@lru_cache(maxsize=1 << 16)
def action_text(action: Action) -> str:
    """An action's JSON text. Actions hash and compare by value (core/game.py), and the
    same few recur in every seat's choices at every table: a seat's choices are encoded
    after every change that alters them, a score of actions each."""
    return dumps(action.to_json())


MAX_ACTION_TEXTS = 1 << 14
_action_texts: dict[int, tuple[Action, str]] = {}


def actions_text(actions: Sequence[Action]) -> str:
    """What `dumps([a.to_json() for a in actions])` gives. The engines make their legal
    actions once and hand out the same objects, so each one's text is first looked up by
    the object (by identity, the action kept alive with it: no hash of its fields), then
    by value (`action_text`); the identities start over when MAX_ACTION_TEXTS are kept."""
    kept_texts = _action_texts
    texts = []
    for action in actions:
        kept = kept_texts.get(id(action))
        if kept is None or kept[0] is not action:
            if len(kept_texts) >= MAX_ACTION_TEXTS:
                kept_texts.clear()
            kept = kept_texts[id(action)] = (action, action_text(action))
        texts.append(kept[1])
    return "[" + ",".join(texts) + "]"


def view_text(version: int, view_json: str, legal_json: str, turn: bool) -> str:
    """A view message already encoded, from its encoded parts (what `view` makes)."""
    return (
        f'{{"type":"view","version":{version},"view":{view_json},'
        f'"legal":{legal_json},"turn":{"true" if turn else "false"}}}'
    )


def join_objects(first: str, second: str) -> str:
    """Two encoded JSON objects with no key in common, as one."""
    if first == "{}":
        return second
    if second == "{}":
        return first
    return first[:-1] + "," + second[1:]


def events(
    steps: Iterable[tuple[int, Event]], seat: int | None, own_after: int = 0
) -> list[dict[str, JSON]]:
    """The events `seat` may see, each numbered by the version of the step that caused it.
    Events up to `own_after` (before the seat's occupant sat down) are shown as a
    spectator sees them: a previous occupant's private events are not the new one's."""
    out = []
    for version, event in steps:
        seen = event.for_seat(seat if version > own_after else None)
        if seen is not None:
            out.append(event_message(version, seen))
    return out


def event_message(version: int, seen: dict[str, JSON]) -> dict[str, JSON]:
    """One event as a seat sees it (`Event.for_seat`), numbered by its step's version."""
    return {"type": "event", "version": version, "event": seen}


def event_message_text(version: int, seen_json: str) -> str:
    """What `dumps(event_message(version, seen))` gives, from `seen` encoded."""
    return f'{{"type":"event","version":{version},"event":{seen_json}}}'


MAX_SEEN_TEXTS = 1 << 14
_seen_texts: dict[tuple[int, int | None], tuple[Event, str | None]] = {}


def seen_text(event: Event, seat: int | None) -> str | None:
    """`dumps(event.for_seat(seat))`, or None when the seat may not see the event. The
    engines make their common events once and share them, so the same few recur at every
    table: the texts are kept by the event object (by identity, the event kept alive with
    its text) and by whom they are for, a seat among the event's `to` or everyone else;
    they start over when MAX_SEEN_TEXTS are kept."""
    viewer = seat if seat is not None and seat in event.to else None
    key = (id(event), viewer)
    kept = _seen_texts.get(key)
    if kept is not None and kept[0] is event:
        return kept[1]
    seen = event.for_seat(viewer)
    text = None if seen is None else dumps(seen)
    if len(_seen_texts) >= MAX_SEEN_TEXTS:
        _seen_texts.clear()
    _seen_texts[key] = (event, text)
    return text


def end(version: int, result: dict[str, Any], seed: int) -> dict[str, JSON]:
    """The match is over: its result and its seed (a decimal string: 64 bits do not fit a
    JavaScript number)."""
    return {"type": "end", "version": version, "result": result, "seed": str(seed)}
