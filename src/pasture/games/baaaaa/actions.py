"""Baaaaa!'s actions. Cards are named by kind: copies of a card are alike."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from pasture.core.game import Action
from pasture.games.baaaaa.board import name


@dataclass(frozen=True, slots=True)
class PlaySheepCard(Action):
    """Play an available sheep card.

    `space`: the space of the sheep that moves (Trio: of the `count` sheep that go up;
    Shepherd: where the shepherd goes); None is the card played with no effect (B-4),
    offered only when the card can have none.
    """

    kind: ClassVar[str] = "play"
    card: str
    space: int | None = None
    count: int = 1

    def __str__(self) -> str:
        if self.space is None:
            return f"play {self.card} (no effect)"
        if self.card == "shepherd":
            return f"play {self.card} to {name(self.space)}"
        sheep = f"{self.count} sheep" if self.count != 1 else "a sheep"
        return f"play {self.card}: {sheep} from {name(self.space)}"


@dataclass(frozen=True, slots=True)
class TurnWolfCard(Action):
    """Chance: the next wolf card turned over is of this kind."""

    kind: ClassVar[str] = "turn"
    card: str

    def __str__(self) -> str:
        return f"turn {self.card}"


@dataclass(frozen=True, slots=True)
class PlayWolfCard(Action):
    """Wolf-player variant: play this one of the two cards drawn; the other is discarded."""

    kind: ClassVar[str] = "wolf_card"
    card: str

    def __str__(self) -> str:
        return f"wolf plays {self.card}"


@dataclass(frozen=True, slots=True)
class TakeSheep(Action):
    """A tie of the Disguised Wolf or the Lightning (B-7): the sheep taken is on `space`."""

    kind: ClassVar[str] = "take"
    space: int

    def __str__(self) -> str:
        return f"take the sheep on {name(self.space)}"


ACTION_TYPES = (PlaySheepCard, TurnWolfCard, PlayWolfCard, TakeSheep)
