"""The Baaaaa! card composition, read from a data file (the default: edition.toml)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Final

DEFAULT_EDITION: Final = Path(__file__).with_name("edition.toml")

SHEEP_EFFECTS: Final = ("move", "trio", "shepherd")
WOLF_EFFECTS: Final = ("move", "disguised", "sated", "escaped", "lightning", "eagle")
SHEEP_DIRECTIONS: Final = ("up", "left", "right")
WOLF_DIRECTIONS: Final = ("up", "down", "left", "right")
MAX_COUNT: Final = 255
"""The most sheep, or copies of a card, an edition may have."""


@dataclass(frozen=True)
class Edition:
    """Card kinds in a fixed order; available cards and the deck are counts in that order."""

    name: str
    title: str
    sheep: int
    """Sheep in the flock."""
    sheep_kinds: tuple[str, ...]
    sheep_labels: tuple[str, ...]
    sheep_counts: tuple[int, ...]
    sheep_effects: tuple[str, ...]
    sheep_moves: tuple[tuple[str, int] | None, ...]
    """(direction, steps) of each move card; None for Trio and Shepherd."""
    wolf_kinds: tuple[str, ...]
    wolf_labels: tuple[str, ...]
    wolf_counts: tuple[int, ...]
    wolf_effects: tuple[str, ...]
    wolf_moves: tuple[str | None, ...]
    """Direction of each wolf move card; None for the others."""

    def __post_init__(self) -> None:
        # The engine keys its tables by counts held as bytes (sheep per space, the deck).
        if not all(
            0 <= n <= MAX_COUNT for n in (self.sheep, *self.sheep_counts, *self.wolf_counts)
        ):
            raise ValueError(f"A Baaaaa! edition counts 0 to {MAX_COUNT} of each card and sheep.")

    @property
    def sheep_index(self) -> dict[str, int]:
        return {k: i for i, k in enumerate(self.sheep_kinds)}

    @property
    def wolf_index(self) -> dict[str, int]:
        return {k: i for i, k in enumerate(self.wolf_kinds)}

    @property
    def wolf_deck_size(self) -> int:
        return sum(self.wolf_counts)


def _check(value: str, allowed: tuple[str, ...], what: str) -> str:
    if value not in allowed:
        raise ValueError(f"Unknown {what} {value!r}; expected one of {', '.join(allowed)}.")
    return value


def parse_edition(text: str) -> Edition:
    data = tomllib.loads(text)
    sheep_cards = data["sheep_cards"]
    wolf_cards = data["wolf_cards"]
    sheep_moves: list[tuple[str, int] | None] = []
    for c in sheep_cards:
        _check(c["effect"], SHEEP_EFFECTS, "sheep card effect")
        if c["effect"] == "move":
            steps = int(c["steps"])
            if steps not in (1, 2):
                raise ValueError("A sheep move card moves 1 or exactly 2 spaces.")
            sheep_moves.append((_check(c["direction"], SHEEP_DIRECTIONS, "direction"), steps))
        else:
            sheep_moves.append(None)
    wolf_moves: list[str | None] = []
    for c in wolf_cards:
        _check(c["effect"], WOLF_EFFECTS, "wolf card effect")
        moving = c["effect"] == "move"
        wolf_moves.append(_check(c["direction"], WOLF_DIRECTIONS, "direction") if moving else None)
    return Edition(
        name=data["name"],
        title=data["title"],
        sheep=int(data["sheep"]),
        sheep_kinds=tuple(c["kind"] for c in sheep_cards),
        sheep_labels=tuple(c["label"] for c in sheep_cards),
        sheep_counts=tuple(int(c["count"]) for c in sheep_cards),
        sheep_effects=tuple(c["effect"] for c in sheep_cards),
        sheep_moves=tuple(sheep_moves),
        wolf_kinds=tuple(c["kind"] for c in wolf_cards),
        wolf_labels=tuple(c["label"] for c in wolf_cards),
        wolf_counts=tuple(int(c["count"]) for c in wolf_cards),
        wolf_effects=tuple(c["effect"] for c in wolf_cards),
        wolf_moves=tuple(wolf_moves),
    )


@cache
def default_edition() -> Edition:
    return parse_edition(DEFAULT_EDITION.read_text(encoding="utf-8"))
