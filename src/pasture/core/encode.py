"""Small helpers for writing fixed-shape observations as flat lists of floats, and the
observation in sections, kept per seat and rewritten only where it changed."""

from __future__ import annotations

import struct
from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Generic, TypeAlias, TypeVar


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


S = TypeVar("S")
"""A game's state type."""

Encode: TypeAlias = Callable[[S, int, list[float]], None]
"""Append one section of `seat`'s observation of a state to a list."""
Key: TypeAlias = Callable[[S, int], object]
"""Everything a section's slots depend on, as a value compared with `==`: equal keys
give equal slots. Mutable parts must be copied into it (a list that changes in place
would compare equal to itself)."""


@dataclass(frozen=True, slots=True)
class Section(Generic[S]):
    """One run of slots of an observation: how to write it, and (optionally) its key;
    a section without a key is written at every update."""

    encode: Encode[S]
    key: Key[S] | None = None


def observe_sections(sections: Sequence[Section[S]], state: S, seat: int) -> list[float]:
    """The whole observation: every section in order."""
    out: list[float] = []
    for section in sections:
        section.encode(state, seat, out)
    return out


_NEVER = object()
"""A key equal to no key."""


class IncrementalObservation(Generic[S]):
    """One seat's observation as float32 slots (`values`, an `array('f')` of a fixed
    size), rewritten at each `update` only in the sections whose key changed.

    Any state of the table may be given at any time: the slots depend on the keys only,
    never on which state came before, so the result is always `observe_sections`'s."""

    __slots__ = ("sections", "seat", "values", "_keys", "_writers")

    def __init__(self, sections: Sequence[Section[S]], seat: int, size: int) -> None:
        self.sections = tuple(sections)
        self.seat = seat
        self.values = array("f", bytes(4 * size))
        self._keys: list[object] = [_NEVER] * len(self.sections)
        self._writers: list[tuple[int, struct.Struct]] | None = None
        """Per section: where its slots start, in bytes, and the packer of their count
        (`struct` packs a list of floats several times faster than `array` takes it)."""

    def update(self, state: S) -> array[float]:
        seat, values, keys = self.seat, self.values, self._keys
        writers = self._writers
        if writers is None:
            writers = self._writers = self._measure(state)
        for i, section in enumerate(self.sections):
            key_of = section.key
            if key_of is not None:
                key = key_of(state, seat)
                if key == keys[i]:
                    continue
                keys[i] = key
            chunk: list[float] = []
            section.encode(state, seat, chunk)
            offset, packer = writers[i]
            try:
                packer.pack_into(values, offset, *chunk)
            except struct.error:
                size = packer.size // 4
                raise ValueError(
                    f"Observation section {i} wrote {len(chunk)} slots, not {size}."
                ) from None
            except OverflowError:  # beyond float32: stored as infinite, as numpy does
                values[offset // 4 : offset // 4 + len(chunk)] = array("f", chunk)
        return values

    def _measure(self, state: S) -> list[tuple[int, struct.Struct]]:
        """Where each section's slots lie (the same at every state of the table)."""
        writers = []
        start = 0
        for section in self.sections:
            chunk: list[float] = []
            section.encode(state, self.seat, chunk)
            writers.append((4 * start, _packer(len(chunk))))
            start += len(chunk)
        if start != len(self.values):
            raise ValueError(f"The observation has {start} slots, not {len(self.values)}.")
        return writers


@cache
def _packer(size: int) -> struct.Struct:
    return struct.Struct(f"={size}f")
