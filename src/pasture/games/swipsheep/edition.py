"""The Swip'Sheep card composition, read from a data file (the default: edition.toml)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, fields
from functools import cache
from pathlib import Path
from typing import Any

DEFAULT_EDITION = Path(__file__).with_name("edition.toml")


@dataclass(frozen=True)
class Edition:
    """Card kinds in a fixed order; hands and the deck are counts in that order."""

    name: str
    title: str
    kinds: tuple[str, ...]
    labels: tuple[str, ...]
    counts: tuple[int, ...]
    sheep: tuple[int, ...]
    """Sheep shown on each kind (0 for Wolf and Dog)."""
    assumed: tuple[bool, ...]
    wolf: int
    dog: int

    @property
    def position(self) -> dict[str | None, int]:
        """Kind name -> index (cached on first use)."""
        cached: dict[str | None, int] | None = self.__dict__.get("_position")
        if cached is None:
            cached = {kind: k for k, kind in enumerate(self.kinds)}
            object.__setattr__(self, "_position", cached)
        return cached

    @property
    def size(self) -> int:
        return sum(self.counts)

    def index(self, kind: str) -> int:
        return self.kinds.index(kind)

    def is_sheep(self, k: int) -> bool:
        return k != self.wolf and k != self.dog

    def to_json(self) -> dict[str, Any]:
        """The whole composition, so a state on another edition round-trips exactly."""
        return {
            f.name: list(value) if isinstance(value, tuple) else value
            for f in fields(self)
            for value in [getattr(self, f.name)]
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Edition:
        return cls(
            name=data["name"],
            title=data["title"],
            kinds=tuple(data["kinds"]),
            labels=tuple(data["labels"]),
            counts=tuple(data["counts"]),
            sheep=tuple(data["sheep"]),
            assumed=tuple(data["assumed"]),
            wolf=data["wolf"],
            dog=data["dog"],
        )


def parse_edition(text: str) -> Edition:
    data = tomllib.loads(text)
    cards = data["cards"]
    roles = [c["role"] for c in cards]
    if roles.count("wolf") != 1 or roles.count("dog") != 1:
        raise ValueError("A Swip'Sheep edition has exactly one Wolf and one Dog card kind.")
    return Edition(
        name=data["name"],
        title=data["title"],
        kinds=tuple(c["kind"] for c in cards),
        labels=tuple(c["label"] for c in cards),
        counts=tuple(int(c["count"]) for c in cards),
        sheep=tuple(int(c["sheep"]) for c in cards),
        assumed=tuple(bool(c.get("assumed", False)) for c in cards),
        wolf=roles.index("wolf"),
        dog=roles.index("dog"),
    )


@cache
def default_edition() -> Edition:
    return parse_edition(DEFAULT_EDITION.read_text(encoding="utf-8"))
