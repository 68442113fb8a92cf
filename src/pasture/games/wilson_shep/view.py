"""What one seat may see of a Wilson & Shep state, and re-drawing what it may not.

`view` is the single place hidden information is filtered: only Wilson (in his own
round) sees where the Wilson tile is. `determinize` re-draws where Wilson hid, keeping
every public step: the Wilson tile then follows the same public swaps, and a hiding
place is kept only if no tile turned up since could have been Wilson.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Final

from pasture.core.game import JSON
from pasture.games.wilson_shep import rules
from pasture.games.wilson_shep.grid import CELLS

if TYPE_CHECKING:
    from pasture.games.wilson_shep.state import WilsonShepState

FULL: Final = "full"
NONE: Final = "none"
"""The `memory` option (WS-5)."""


def role(s: WilsonShepState, seat: int | None) -> str:
    if seat is None or not 0 <= seat < s.num_players:
        return "spectator"
    return "wilson" if seat == s.wilson else "shep"


def history_json(history: list[tuple[int, int, int]]) -> list[dict[str, JSON]]:
    """The round's public steps as the Shep team saw them (WS-5 memory `full`)."""
    out: list[dict[str, JSON]] = []
    for code, x, y in history:
        if code == rules.PLACED:
            out.append({"step": "place", "at": x})
        elif code == rules.SWAPPED:
            out.append({"step": "swap", "a": x, "b": y})
        else:
            out.append({"step": "move", "to": x, "turned_up": bool(y)})
    return out


SEAT_KEYS: Final = ("seat", "role", "wilson_at")
"""The keys of a view that `seat_view` gives for each seat: the server sends every seat
the spectator's view with these replaced, so the rest is built once per change."""


def seat_view(s: WilsonShepState, seat: int | None) -> dict[str, JSON]:
    """What of `view(s, seat)` is the seat's own: the keys of SEAT_KEYS it has."""
    out: dict[str, JSON] = {"seat": seat, "role": role(s, seat)}
    if seat == s.wilson and s.phase != rules.OVER:
        out["wilson_at"] = s.wilson_at
    return out


def shared_view(s: WilsonShepState) -> dict[str, JSON]:
    """The keys of every view outside SEAT_KEYS: the same for every seat (the server
    builds it once per change)."""
    face_down = rules.FACE_DOWN
    out: dict[str, JSON] = {
        "game": "wilson_shep",
        "players": s.num_players,
        "round": min(s.round + 1, s.rounds),
        "rounds": s.rounds,
        "wilson": s.wilson,
        "phase": s.phase,
        "to_act": list(rules.actors(s)),
        "shep_go": s.go if s.phase != rules.OVER else None,
        "grid": [None if cell == face_down else cell for cell in s.grid],
        "shep": s.shep,
        "turning_up": s.pending,
        "flips": s.flips,
        "flip_limit": rules.FLIP_LIMIT,
        "moves": s.moves,
        "max_moves": s.max_moves,
        "memory": s.memory,
        "tokens": s.tokens[:],
        "last_round": s.last_round,
    }
    if s.memory == FULL:  # WS-5: `none` shows only the current grid
        out["history"] = history_json(s.history)
    if s.phase == rules.OVER:
        out["result"] = s.result().to_json()
    return out


def view(s: WilsonShepState, seat: int | None) -> dict[str, JSON]:
    out: dict[str, JSON] = {"game": "wilson_shep", "seat": seat, "role": role(s, seat)}
    out.update(shared_view(s))  # "game" keeps its place: the keys' order is as it was
    if seat == s.wilson and s.phase != rules.OVER:  # never with the result
        out["wilson_at"] = s.wilson_at
    return out


def wilson_track(history: list[tuple[int, int, int]], start: int) -> int | None:
    """Where a Wilson tile hidden at `start` is after the round's public steps, or None
    if a tile turned up on the way would have been Wilson (the round would have ended)."""
    pos = start
    for code, x, y in history:
        if code == rules.SWAPPED:
            if pos == x:
                pos = y
            elif pos == y:
                pos = x
        elif code == rules.MOVED and y and pos == x:
            return None
    return pos


def hiding_places(s: WilsonShepState) -> list[tuple[int, int]]:
    """Every (hidden at, now at) for Wilson consistent with the round's public steps."""
    out = []
    for start in range(CELLS):
        now = wilson_track(s.history, start)
        if now is not None:
            out.append((start, now))
    return out


def determinize(s: WilsonShepState, seat: int | None, rng: random.Random) -> WilsonShepState:
    t = s.clone()
    if seat == s.wilson or s.phase in (rules.HIDE, rules.OVER):
        return t  # Wilson sees everything; before hiding and after the game nothing is hidden
    t.hidden_at, t.wilson_at = rng.choice(hiding_places(s))
    return t
