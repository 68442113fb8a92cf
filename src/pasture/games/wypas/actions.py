"""Wypas's actions. Cards are named by kind (e.g. `green_3`, `dolly_red`): copies are alike.

A choice made of several cards (a bid, a Redyk) is made one card at a time and closed
with `done`, so legal-action lists stay small.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from pasture.core.game import Action


@dataclass(frozen=True, slots=True)
class Deal(Action):
    """Chance: the next card taken from the deck is of this kind."""

    kind: ClassVar[str] = "deal"
    card: str

    def __str__(self) -> str:
        return f"deal {self.card}"


@dataclass(frozen=True, slots=True)
class FirstBaca(Action):
    """Chance: the first baca, when the table chose `random_first_baca`."""

    kind: ClassVar[str] = "first_baca"
    seat: int

    def __str__(self) -> str:
        return f"first baca: seat {self.seat + 1}"


@dataclass(frozen=True, slots=True)
class HideLot(Action):
    """The baca lays this drawn card face down; the others go face up."""

    kind: ClassVar[str] = "hide_lot"
    card: str

    def __str__(self) -> str:
        return f"lay {self.card} face down"


@dataclass(frozen=True, slots=True)
class NameLot(Action):
    """The opener names the lot to auction next (an index into the lots)."""

    kind: ClassVar[str] = "name_lot"
    lot: int

    def __str__(self) -> str:
        return f"auction lot {self.lot + 1}"


@dataclass(frozen=True, slots=True)
class Lay(Action):
    """Lay one card on the lot (face up, or face down with `hidden`), counting `value`."""

    kind: ClassVar[str] = "lay"
    card: str
    value: int
    hidden: bool = False

    def __str__(self) -> str:
        if self.hidden:
            return f"lay {self.card} face down as {self.value}"
        return f"lay {self.card} ({self.value})"


@dataclass(frozen=True, slots=True)
class Done(Action):
    """Close the current choice: a raise or check, a Redyk go, a shearing go."""

    kind: ClassVar[str] = "done"

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass on the lot being auctioned."""

    kind: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class TieBreak(Action):
    """The baca gives a tied lot to this seat."""

    kind: ClassVar[str] = "tie_break"
    seat: int

    def __str__(self) -> str:
        return f"tie to seat {self.seat + 1}"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Redyk: put a sheep card into one of your pens as `colour` `value`."""

    kind: ClassVar[str] = "place"
    card: str
    pen: int
    colour: str
    value: int

    def __str__(self) -> str:
        return f"place {self.card} as {self.colour} {self.value} in pen {self.pen + 1}"


@dataclass(frozen=True, slots=True)
class Shear(Action):
    """Shear the row in `pen`; `bleat` is the bleat that earns the points."""

    kind: ClassVar[str] = "shear"
    pen: int
    bleat: bool

    def __str__(self) -> str:
        return f"shear pen {self.pen + 1}" + (" (baaa!)" if self.bleat else " (silently)")


@dataclass(frozen=True, slots=True)
class NoReaction(Action):
    """Answer a reaction window without playing a card."""

    kind: ClassVar[str] = "no_reaction"

    def __str__(self) -> str:
        return "no reaction"


@dataclass(frozen=True, slots=True)
class PlayThief(Action):
    kind: ClassVar[str] = "thief"
    target: int

    def __str__(self) -> str:
        return f"Thief on seat {self.target + 1}"


@dataclass(frozen=True, slots=True)
class PlayWolf(Action):
    kind: ClassVar[str] = "wolf"
    seat: int
    pen: int

    def __str__(self) -> str:
        return f"Wolf on seat {self.seat + 1}'s pen {self.pen + 1}"


@dataclass(frozen=True, slots=True)
class PlayBlackSheep(Action):
    kind: ClassVar[str] = "black_sheep"
    seat: int
    pen: int

    def __str__(self) -> str:
        return f"Black Sheep on seat {self.seat + 1}'s pen {self.pen + 1}"


@dataclass(frozen=True, slots=True)
class PlaySheepdog(Action):
    """Cancel the last special card played (seat and pen None), or drive off a Wolf."""

    kind: ClassVar[str] = "sheepdog"
    seat: int | None = None
    pen: int | None = None

    def __str__(self) -> str:
        if self.seat is None or self.pen is None:
            return "Sheepdog: cancel the last special card"
        return f"Sheepdog drives the Wolf off seat {self.seat + 1}'s pen {self.pen + 1}"


@dataclass(frozen=True, slots=True)
class Steal(Action):
    """The Thief takes this card from the victim's hand."""

    kind: ClassVar[str] = "steal"
    card: str

    def __str__(self) -> str:
        return f"steal {self.card}"


@dataclass(frozen=True, slots=True)
class Swap(Action):
    """The Black Sheep replaces the sheep at `index` in the pen."""

    kind: ClassVar[str] = "swap"
    index: int

    def __str__(self) -> str:
        return f"swap the sheep at position {self.index + 1}"


ACTION_TYPES: tuple[type[Action], ...] = (
    Deal,
    FirstBaca,
    HideLot,
    NameLot,
    Lay,
    Done,
    Pass,
    TieBreak,
    Place,
    Shear,
    NoReaction,
    PlayThief,
    PlayWolf,
    PlayBlackSheep,
    PlaySheepdog,
    Steal,
    Swap,
)
SPECIAL_PLAYS = (PlayThief, PlayWolf, PlayBlackSheep, PlaySheepdog)
