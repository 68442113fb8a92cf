"""Wilson & Shep's actions. Positions are 0-15, row by row (see grid.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from pasture.core.game import Action
from pasture.games.wilson_shep.grid import name


@dataclass(frozen=True, slots=True)
class Hide(Action):
    """Wilson puts the Wilson tile face down at `at` (private to Wilson)."""

    kind: ClassVar[str] = "hide"
    at: int

    def __str__(self) -> str:
        return f"hide at {name(self.at)}"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """The Shep team puts Shep on `at`; the tile there stays face down."""

    kind: ClassVar[str] = "place"
    at: int

    def __str__(self) -> str:
        return f"place Shep on {name(self.at)}"


@dataclass(frozen=True, slots=True)
class Swap(Action):
    """Wilson swaps the tiles at two adjacent positions (public). The two may be named in
    either order: (a, b) and (b, a) are the same swap, kept as `a` < `b`."""

    kind: ClassVar[str] = "swap"
    a: int
    b: int

    def __post_init__(self) -> None:
        a, b = self.a, self.b
        if type(a) is int and type(b) is int and a > b:
            object.__setattr__(self, "a", b)
            object.__setattr__(self, "b", a)

    def __str__(self) -> str:
        return f"swap {name(self.a)} and {name(self.b)}"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """The Shep team moves Shep to the adjacent position `to`."""

    kind: ClassVar[str] = "move"
    to: int

    def __str__(self) -> str:
        return f"move Shep to {name(self.to)}"


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """Chance: the sheep tile just turned up shows `picture` (0-15)."""

    kind: ClassVar[str] = "reveal"
    picture: int

    def __str__(self) -> str:
        return f"reveal picture {self.picture}"


ACTION_TYPES = (Hide, Place, Swap, Move, Reveal)
