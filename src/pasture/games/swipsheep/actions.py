"""Swip'Sheep's actions. Cards are named by kind: copies of a card are alike."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from pasture.core.game import Action


@dataclass(frozen=True, slots=True)
class Deal(Action):
    """Chance: the next card dealt is of this kind."""

    kind: ClassVar[str] = "deal"
    card: str

    def __str__(self) -> str:
        return f"deal {self.card}"


@dataclass(frozen=True, slots=True)
class PassCards(Action):
    """Give `left` to the left neighbour and `right` to the right one (None: nothing)."""

    kind: ClassVar[str] = "pass"
    left: str | None
    right: str | None

    def __str__(self) -> str:
        return f"pass {self.left or 'nothing'} left, {self.right or 'nothing'} right"


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Send one laid wolf against `target`."""

    kind: ClassVar[str] = "attack"
    target: int

    def __str__(self) -> str:
        return f"attack seat {self.target + 1}"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Chance: the card drawn at random from a hand is of this kind."""

    kind: ClassVar[str] = "draw"
    card: str

    def __str__(self) -> str:
        return f"draw {self.card}"


ACTION_TYPES = (Deal, PassCards, Attack, Draw)
