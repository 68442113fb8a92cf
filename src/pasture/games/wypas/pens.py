"""Pens and rows: which sheep a row accepts (Redyk), the Black Sheep swap (W-9), shearing.

A `Pen` is an immutable value (`core.game.Record`: slotted, cheap to read): every change
makes a new one, so copies of a state share their pens until one of them changes (a
state's clone copies only the lists of pens).
- `cards`: the row, as `PenCard`s; a Black Sheep holds the colour and value of the card
  it replaced (it stands in for it, W-9) but scores 0;
- `wolf`: a Wolf lies on the pen (W-8: at most one);
- `row`: ANY (empty, or only Black Sheep), SINGLE (one real sheep: the row may become a
  run or a set), RUN (colour `colour`, top value `value`), SET (value `value`, the
  colours already used in `colours`, a bit mask by colour index).
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

from pasture.core.game import JSON, Record


class Row(IntEnum):
    """What kind of row a pen holds, so what it accepts next."""

    ANY = 0
    SINGLE = 1
    RUN = 2
    SET = 3


ANY: Final = Row.ANY
SINGLE: Final = Row.SINGLE
RUN: Final = Row.RUN
SET: Final = Row.SET
MODE_NAMES: Final = ("empty", "single", "run", "set")


class PenCard(Record):
    """A card in a row: its kind, and the colour and value it counts as there."""

    _names = ("kind", "colour", "value")
    __slots__ = _names

    def __init__(self, kind: int, colour: int, value: int) -> None:
        self.kind: Final = kind
        self.colour: Final = colour
        self.value: Final = value

    def _fields(self) -> tuple[int, int, int]:
        return (self.kind, self.colour, self.value)


class Pen(Record):
    _names = ("cards", "wolf", "row", "colour", "value", "colours")
    __slots__ = _names

    def __init__(
        self,
        cards: tuple[PenCard, ...] = (),
        wolf: bool = False,
        row: Row = ANY,
        colour: int = -1,
        value: int = 0,
        colours: int = 0,
    ) -> None:
        self.cards: Final = cards
        self.wolf: Final = wolf
        self.row: Final = row
        self.colour: Final = colour
        self.value: Final = value
        self.colours: Final = colours
        """Bit mask of the colours a SET already holds (bit c: colour c)."""

    def _fields(self) -> tuple[tuple[PenCard, ...], bool, Row, int, int, int]:
        return (self.cards, self.wolf, self.row, self.colour, self.value, self.colours)

    def has_colour(self, colour: int) -> bool:
        return bool(self.colours >> colour & 1)

    def to_json(self) -> list[JSON]:
        return [
            [[c.kind, c.colour, c.value] for c in self.cards],
            1 if self.wolf else 0,
            int(self.row),
            self.colour,
            self.value,
            self.colours,
        ]

    @staticmethod
    def from_json(data: list[JSON]) -> Pen:
        cards, wolf, row, colour, value, colours = data
        return Pen(
            tuple(PenCard(c[0], c[1], c[2]) for c in cards),
            bool(wolf),
            Row(row),
            colour,
            value,
            colours,
        )


EMPTY: Final = Pen()


def accepts(pen: Pen, colour: int, value: int) -> bool:
    """May a sheep of this colour and value be added to the row (at its high end, W-7)?"""
    row = pen.row
    if row == ANY:
        return True
    if row == RUN:
        return colour == pen.colour and value == pen.value + 1
    if row == SET:
        return value == pen.value and not pen.has_colour(colour)
    return (colour == pen.colour and value == pen.value + 1) or (
        value == pen.value and colour != pen.colour
    )


def wanted(pen: Pen, colours: int) -> list[tuple[int, int]] | None:
    """The (colour, value) pairs the row accepts; None: any sheep (an empty pen)."""
    row = pen.row
    if row == ANY:
        return None
    if row == RUN:
        return [(pen.colour, pen.value + 1)]
    if row == SET:
        return [(c, pen.value) for c in range(colours) if not pen.has_colour(c)]
    out = [(pen.colour, pen.value + 1)]
    out += [(c, pen.value) for c in range(colours) if c != pen.colour]
    return out


def add(pen: Pen, card: PenCard) -> Pen:
    """The pen with an accepted sheep added; the row's kind follows from it."""
    colour, value = card.colour, card.value
    cards = (*pen.cards, card)
    old_colour, old_value, wolf, used = pen.colour, pen.value, pen.wolf, pen.colours
    row = pen.row
    if row == ANY:
        return Pen(cards, wolf, SINGLE, colour, value, 1 << colour)
    if row == SINGLE:
        if colour == old_colour:
            return Pen(cards, wolf, RUN, old_colour, value, used)
        return Pen(cards, wolf, SET, old_colour, old_value, used | 1 << colour)
    if row == RUN:
        return Pen(cards, wolf, RUN, old_colour, value, used)
    return Pen(cards, wolf, SET, old_colour, old_value, used | 1 << colour)


def real_sheep(pen: Pen, black: int) -> list[int]:
    """Positions of the sheep that are not Black Sheep."""
    return [i for i, card in enumerate(pen.cards) if card.kind != black]


def swap_in_black(pen: Pen, index: int, black: int) -> tuple[Pen, int]:
    """W-9: the Black Sheep takes the place of the sheep at `index`. Return the new pen and
    the kind of the sheep taken out.

    With one real sheep left the row's kind is reset to that sheep alone (it may grow as
    a run or a set from it); with none left the pen takes any sheep, like an empty pen.
    """
    taken = pen.cards[index]
    cards = list(pen.cards)
    cards[index] = PenCard(black, taken.colour, taken.value)
    new = Pen(tuple(cards), pen.wolf, pen.row, pen.colour, pen.value, pen.colours)
    real = real_sheep(new, black)
    if not real:
        new = Pen(new.cards, pen.wolf)
    elif len(real) == 1:
        last = new.cards[real[0]]
        new = Pen(new.cards, pen.wolf, SINGLE, last.colour, last.value, 1 << last.colour)
    return new, taken.kind


PenPair = tuple[Pen, Pen]
"""A seat's two pens. A change makes a new pair, so copies of a state share them."""


def put(pair: PenPair, p: int, pen: Pen) -> PenPair:
    """The pair with pen `p` replaced."""
    return (pen, pair[1]) if p == 0 else (pair[0], pen)


def with_wolf(pen: Pen, wolf: bool) -> Pen:
    """The same row with a Wolf laid on it, or driven off."""
    return Pen(pen.cards, wolf, pen.row, pen.colour, pen.value, pen.colours)


def score_value(card: PenCard, black: int) -> int:
    return 0 if card.kind == black else card.value


class Shorn(Record):
    """What shearing a pen gives: the kinds discarded, the kinds kept in the fleece, the
    points, and whether it is a fleece at all."""

    _names = ("discarded", "kept", "points", "fleece")
    __slots__ = _names

    def __init__(self, discarded: list[int], kept: list[int], points: int, fleece: bool) -> None:
        self.discarded: Final = discarded
        self.kept: Final = kept
        self.points: Final = points
        self.fleece: Final = fleece

    def _fields(self) -> tuple[list[int], list[int], int, bool]:
        return (self.discarded, self.kept, self.points, self.fleece)


def shear(pen: Pen, black: int, wolf: int) -> Shorn:
    """Shear a pen (the caller empties it).

    A Wolf first eats the sheep of highest value (both go to the discard pile); then
    n cards score: 1 -> discarded, no fleece; 2 -> the higher is discarded and the lower
    one's value scores; 3 -> the sum; 4 or more -> the sum + (n - 3).
    (Explicit loops: compiled, `max` or `sorted` with a key calls the key generically.)
    """
    cards = list(pen.cards)
    discarded: list[int] = []
    if pen.wolf:
        top = _first_highest(cards, black)
        discarded.append(cards.pop(top).kind)
        discarded.append(wolf)
    n = len(cards)
    if n == 0:
        return Shorn(discarded, [], 0, False)
    if n == 1:
        return Shorn([*discarded, cards[0].kind], [], 0, False)
    if n == 2:
        low, high = cards[0], cards[1]
        if score_value(high, black) < score_value(low, black):  # as a stable sort orders them
            low, high = high, low
        return Shorn([*discarded, high.kind], [low.kind], score_value(low, black), True)
    points = n - 3
    for card in cards:
        points += score_value(card, black)
    return Shorn(discarded, [c.kind for c in cards], points, True)


def _first_highest(cards: list[PenCard], black: int) -> int:
    """The index of the first card of highest score value (as `max` with a key finds)."""
    top = 0
    for i in range(1, len(cards)):
        if score_value(cards[i], black) > score_value(cards[top], black):
            top = i
    return top
