"""What one seat may see of a Swip'Sheep state, and re-drawing what it may not.

`view` is the single place hidden information is filtered. `seat_view` is the part of
it in which a seat's view differs from a spectator's (the server sends every seat the
spectator's view with those keys replaced, so the rest is built once per change).
`determinize` re-draws the current round's hidden cards and choices consistently with
the seat's view (`redraw.py` says how).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from pasture.core.game import JSON
from pasture.games.swipsheep import redraw, rules

if TYPE_CHECKING:
    from pasture.games.swipsheep.state import SwipSheepState


def _cards(s: SwipSheepState, counts: list[int]) -> dict[str, int]:
    return {s.edition.kinds[k]: c for k, c in enumerate(counts) if c}


def _log(s: SwipSheepState, seat: int | None) -> list[dict[str, JSON]]:
    """This round's events as `seat` may see them."""
    seen = (event.for_seat(seat) for event in s.events[s.log_start :])
    return [e for e in seen if e is not None]


SEAT_KEYS = ("seat", "log", "hand", "my_pass")
"""The keys of a view that `seat_view` gives for each seat."""


def _my_pass(s: SwipSheepState, seat: int) -> dict[str, JSON] | None:
    choice = s.passes[seat] if s.phase == rules.PASS else None
    if choice is None:
        return None
    kinds = s.edition.kinds
    return {
        side: None if k is None else kinds[k]
        for side, k in zip(("left", "right"), choice, strict=True)
    }


def seat_view(s: SwipSheepState, seat: int | None) -> dict[str, JSON]:
    """What of `view(s, seat)` is the seat's own: the keys of SEAT_KEYS it has."""
    out: dict[str, JSON] = {"seat": seat, "log": _log(s, seat)}
    if seat is not None and 0 <= seat < s.num_players:
        out["hand"] = _cards(s, s.hands[seat])
        out["my_pass"] = _my_pass(s, seat)
    return out


def view(s: SwipSheepState, seat: int | None) -> dict[str, JSON]:
    out: dict[str, JSON] = {
        "game": "swipsheep",
        "seat": seat,
        "players": s.num_players,
        "round": min(s.round + 1, s.rounds),
        "rounds": s.rounds,
        "first_player": s.first,
        "phase": s.phase,
        "to_act": list(s.actors()),
        "deck": sum(s.deck),
        "hand_sizes": [sum(h) for h in s.hands],
        "chosen": [p is not None for p in s.passes] if s.phase == rules.PASS else None,
        "laid_wolves": s.laid[:],
        "attacker": s.attacker,
        "set_aside": _cards(s, s.aside),
        "scored": [_cards(s, pile) for pile in s.scored],
        "scores": s.scores(),
        "log": _log(s, seat),
        "last_round": s.last_round,
    }
    if seat is not None and 0 <= seat < s.num_players:
        out["hand"] = _cards(s, s.hands[seat])
        out["my_pass"] = _my_pass(s, seat)
    if s.phase == rules.OVER:
        out["result"] = s.result().to_json()
    return out


def determinize(s: SwipSheepState, seat: int | None, rng: random.Random) -> SwipSheepState:
    return redraw.determinize(s, seat, rng)
