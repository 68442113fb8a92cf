"""The 4x4 field: positions 0-15 row by row, and which positions are adjacent.

Adjacent means orthogonally or diagonally next to each other (a king's step), for
Wilson's swaps and Shep's moves alike.
"""

from __future__ import annotations

from typing import Final

SIDE: Final = 4
CELLS: Final = SIDE * SIDE


def row_col(pos: int) -> tuple[int, int]:
    return divmod(pos, SIDE)


def distance(a: int, b: int) -> int:
    """King-step distance between two positions."""
    (ra, ca), (rb, cb) = row_col(a), row_col(b)
    return max(abs(ra - rb), abs(ca - cb))


NEIGHBOURS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(q for q in range(CELLS) if distance(p, q) == 1) for p in range(CELLS)
)
"""The up to 8 positions adjacent to each position."""

PAIRS: Final[tuple[tuple[int, int], ...]] = tuple(
    (a, b) for a in range(CELLS) for b in NEIGHBOURS[a] if a < b
)
"""Every pair of adjacent positions (a < b): 42 on a 4x4 field."""

PAIRS_CLEAR_OF: Final[tuple[tuple[tuple[int, int], ...], ...]] = tuple(
    tuple(pair for pair in PAIRS if pos not in pair) for pos in range(CELLS)
)
"""The adjacent pairs that leave each position alone: Wilson's swaps while Shep is there."""


def name(pos: int) -> str:
    """A position as people say it: row letter and column number, e.g. 'B3' (an error
    message may name a position off the field: then it is said as a number)."""
    if not 0 <= pos < CELLS:
        return f"position {pos}"
    r, c = row_col(pos)
    return f"{'ABCD'[r]}{c + 1}"
