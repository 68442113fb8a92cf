"""Wilson & Shep's fixed-shape observation of one seat's view.

Seats are counted from the observer clockwise (0: the observer); positions are 0-15
row by row; n is the number of players. Layout, in order:

| slots | what |
| --- | --- |
| 6 | phase one-hot: hide, place, swap, move, reveal, over |
| 1 | I am Wilson this round |
| n | Wilson (relative) one-hot |
| n | the Shep team member whose go it is (relative) one-hot |
| 2 | round / rounds, rounds |
| 16 | tiles turned up |
| 17 | Shep's position one-hot, last slot: not on the field |
| 17 | the tile being turned up one-hot, last slot: none |
| 17 | Wilson's position, for Wilson only (last slot: unknown) |
| 16 | where Wilson may be, from the public steps ('full' memory) or the face-down tiles ('none') |
| 3 | sheep turned up / 8, moves / max_moves, max_moves |
| n | reward tokens (relative) |

Pictures are cosmetic and not encoded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pasture.core.encode import one_hot, rotated
from pasture.games.wilson_shep import rules, view
from pasture.games.wilson_shep.grid import CELLS

if TYPE_CHECKING:
    from pasture.games.wilson_shep.state import WilsonShepState

PHASES = (rules.HIDE, rules.PLACE, rules.SWAP, rules.MOVE, rules.REVEAL, rules.OVER)


def shape(n: int) -> tuple[int, ...]:
    return (6 + 1 + 2 * n + 2 + CELLS + 3 * (CELLS + 1) + CELLS + 3 + n,)


def wilson_may_be_at(history: list[tuple[int, int, int]]) -> list[float]:
    """1 for each cell where a Wilson tile may be after the round's public steps: the
    cells `view.hiding_places` ends at, in one pass over the steps rather than one per
    starting cell. `at[cell]` is whether the tile now on `cell` may still be Wilson."""
    at = [True] * CELLS
    swapped, moved = rules.SWAPPED, rules.MOVED
    for code, x, y in history:
        if code == swapped:
            at[x], at[y] = at[y], at[x]
        elif code == moved and y:
            at[x] = False  # turned up on the way: had it been Wilson, the round would be over
    return [1.0 if may else 0.0 for may in at]


def observe(s: WilsonShepState, me: int) -> list[float]:
    n = s.num_players
    out: list[float] = []
    one_hot(out, PHASES.index(s.phase), 6)
    wilson = me == s.wilson and s.phase != rules.OVER
    out.append(float(wilson))
    one_hot(out, (s.wilson - me) % n, n)
    one_hot(out, (s.go - me) % n if s.phase != rules.OVER else None, n)
    out += [min(s.round + 1, s.rounds) / s.rounds, float(s.rounds)]
    face_down = rules.FACE_DOWN
    out += [0.0 if cell == face_down else 1.0 for cell in s.grid]
    one_hot(out, CELLS if s.shep is None else s.shep, CELLS + 1)
    one_hot(out, CELLS if s.pending is None else s.pending, CELLS + 1)
    one_hot(out, s.wilson_at if wilson and s.wilson_at is not None else CELLS, CELLS + 1)
    possible = [0.0] * CELLS
    if s.phase not in (rules.HIDE, rules.OVER):
        if s.memory == view.FULL:
            possible = wilson_may_be_at(s.history)
        else:
            possible = [1.0 if cell == face_down else 0.0 for cell in s.grid]
    out += possible
    out += [s.flips / rules.FLIP_LIMIT, s.moves / s.max_moves, float(s.max_moves)]
    out += rotated(s.tokens, me, n)
    return out
