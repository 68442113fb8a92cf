"""Small helpers for writing fixed-shape observations as flat lists of floats."""

from __future__ import annotations

from collections.abc import Iterable


def one_hot(out: list[float], index: int | None, size: int) -> None:
    """Append `size` slots with a 1 at `index` (none when `index` is None or out of range)."""
    start = len(out)
    out.extend([0.0] * size)
    if index is not None and 0 <= index < size:
        out[start + index] = 1.0


def relative(seat: int | None, me: int, n: int) -> int | None:
    """A seat counted from `me` clockwise (0 is `me`, 1 the seat to its left), or None."""
    return None if seat is None or seat < 0 else (seat - me) % n


def rotated(values: Iterable[float], me: int, n: int) -> list[float]:
    """Per-seat values in the order me, my left, ... (seat `me` first)."""
    items = list(values)
    return [float(v) for v in items[me:] + items[:me]] if len(items) == n else []
