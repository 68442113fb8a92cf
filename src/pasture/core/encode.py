"""Small helpers for writing fixed-shape observations as flat lists of floats."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache


@cache
def _hot(index: int, size: int) -> tuple[float, ...]:
    return tuple(1.0 if i == index else 0.0 for i in range(size))


@cache
def hots(size: int) -> tuple[tuple[float, ...], ...]:
    """`hots(size)[i]`: `size` slots with a 1 at `i`; `hots(size)[size]`: all 0 (none).
    For hot loops: an index into a kept table instead of a call per group."""
    return tuple(_hot(i, size) for i in range(size + 1))


def one_hot(out: list[float], index: int | None, size: int) -> None:
    """Append `size` slots with a 1 at `index` (none when `index` is None or out of range)."""
    out.extend(_hot(-1 if index is None else index, size))


def relative(seat: int | None, me: int, n: int) -> int | None:
    """A seat counted from `me` clockwise (0 is `me`, 1 the seat to its left), or None."""
    return None if seat is None or seat < 0 else (seat - me) % n


def rotated(values: Iterable[float], me: int, n: int) -> list[float]:
    """Per-seat values in the order me, my left, ... (seat `me` first)."""
    items = list(map(float, values))
    return items[me:] + items[:me] if len(items) == n else []
