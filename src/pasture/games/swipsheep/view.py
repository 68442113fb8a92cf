"""What one seat may see of a Swip'Sheep state, and re-drawing what it may not.

`view` is the single place hidden information is filtered. The server builds it in
parts: `shared_view`, the same for every seat (built once per change), `seat_view`, the
part in which a seat's view differs from a spectator's, and the round's log (`LOG_KEY`),
each seat's kept from change to change, so only new events are filtered (`log_events`).
`determinize` re-draws the current round's hidden cards and choices consistently with
the seat's view (`redraw.py` says how).
"""

from __future__ import annotations

import random
from itertools import compress
from typing import TYPE_CHECKING, Final

from pasture.core.game import JSON, Event
from pasture.games.swipsheep import redraw, rules

if TYPE_CHECKING:
    from pasture.games.swipsheep.state import SwipSheepState


def _cards(s: SwipSheepState, counts: list[int]) -> dict[str, int]:
    # strict=False: the two run alike by construction, and checking costs half the call
    return dict(zip(compress(s.edition.kinds, counts), filter(None, counts)))  # noqa: B905 (compiled)


SEAT_KEYS: Final = ("seat", "log", "hand", "my_pass")
"""The keys in which a seat's view differs from a spectator's."""

LOG_KEY: Final = "log"
"""The round's events as the seat may see them: `Event.for_seat(seat)` of each of
`log_events`, those it may not see left out."""


def log_events(s: SwipSheepState) -> tuple[list[Event], int]:
    """The events the log is read from, and where this round's begin: the list only grows
    until the next round begins."""
    return s.events, s.log_start


def _log(s: SwipSheepState, seat: int | None) -> list[dict[str, JSON]]:
    seen = (event.for_seat(seat) for event in s.events[s.log_start :])
    return [e for e in seen if e is not None]


def _my_pass(s: SwipSheepState, seat: int) -> dict[str, JSON] | None:
    choice = s.passes[seat] if s.phase == rules.PASS else None
    if choice is None:
        return None
    kinds = s.edition.kinds
    return {
        side: None if k is None else kinds[k]
        for side, k in zip(("left", "right"), choice)  # noqa: B905 (compiled)
    }


def seat_view(s: SwipSheepState, seat: int | None) -> dict[str, JSON]:
    """What of `view(s, seat)` is the seat's own: the keys of SEAT_KEYS it has, but the
    log (LOG_KEY)."""
    out: dict[str, JSON] = {"seat": seat}
    if seat is not None and 0 <= seat < s.num_players:
        out["hand"] = _cards(s, s.hands[seat])
        out["my_pass"] = _my_pass(s, seat)
    return out


def _table(s: SwipSheepState) -> dict[str, JSON]:
    """Every key of a view but the seat's own and the result, in the view's order; the
    seat and the log are left None."""
    return {
        "game": "swipsheep",
        "seat": None,
        "players": s.num_players,
        "round": min(s.round + 1, s.rounds),
        "rounds": s.rounds,
        "first_player": s.first,
        "phase": s.phase,
        "to_act": list(s.actors()),
        "deck": sum(s.deck),
        "hand_sizes": list(map(sum, s.hands)),
        "chosen": [p is not None for p in s.passes] if s.phase == rules.PASS else None,
        "laid_wolves": s.laid[:],
        "attacker": s.attacker,
        "set_aside": _cards(s, s.aside),
        "scored": [_cards(s, pile) for pile in s.scored],
        "scores": s.scores(),
        "log": None,
        "last_round": s.last_round,
    }


def shared_view(s: SwipSheepState) -> dict[str, JSON]:
    """The keys of every view outside SEAT_KEYS: the same for every seat."""
    out = _table(s)
    del out["seat"], out["log"]
    if s.phase == rules.OVER:
        out["result"] = s.result().to_json()
    return out


def view(s: SwipSheepState, seat: int | None) -> dict[str, JSON]:
    out = _table(s)
    out["log"] = _log(s, seat)
    out.update(seat_view(s, seat))
    if s.phase == rules.OVER:
        out["result"] = s.result().to_json()
    return out


def determinize(s: SwipSheepState, seat: int | None, rng: random.Random) -> SwipSheepState:
    return redraw.determinize(s, seat, rng)
