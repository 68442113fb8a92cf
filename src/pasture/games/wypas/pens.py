"""Pens and rows: which sheep a row accepts (Redyk), the Black Sheep swap (W-9), shearing.

A pen is a list `[cards, wolf, mode, colour, value, used]`:
- `cards`: tuples `(kind, colour, value)`; a Black Sheep holds the colour and value of
  the card it replaced (it stands in for it, W-9) but scores 0;
- `wolf`: 1 if a Wolf lies on the pen (W-8: at most one);
- `mode`: ANY (empty, or only Black Sheep), SINGLE (one real sheep: the row may become a
  run or a set), RUN (colour `colour`, top value `value`), SET (value `value`, colours
  already used as the bit mask `used`).
"""

from __future__ import annotations

from typing import Any

ANY, SINGLE, RUN, SET = 0, 1, 2, 3
MODE_NAMES = ("empty", "single", "run", "set")
Card = tuple[int, int, int]
Pen = list[Any]


def new_pen() -> Pen:
    return [[], 0, ANY, -1, 0, 0]


def copy_pen(pen: Pen) -> Pen:
    return [pen[0][:], pen[1], pen[2], pen[3], pen[4], pen[5]]


def accepts(pen: Pen, colour: int, value: int) -> bool:
    """May a sheep of this colour and value be added to the row (at its high end, W-7)?"""
    mode = pen[2]
    if mode == ANY:
        return True
    if mode == RUN:
        return colour == pen[3] and value == pen[4] + 1
    if mode == SET:
        return value == pen[4] and not pen[5] >> colour & 1
    return (colour == pen[3] and value == pen[4] + 1) or (value == pen[4] and colour != pen[3])


def wanted(pen: Pen, colours: int) -> list[tuple[int, int]] | None:
    """The (colour, value) pairs the row accepts; None: any sheep (an empty pen)."""
    mode = pen[2]
    if mode == ANY:
        return None
    if mode == RUN:
        return [(pen[3], pen[4] + 1)]
    if mode == SET:
        return [(c, pen[4]) for c in range(colours) if not pen[5] >> c & 1]
    out = [(pen[3], pen[4] + 1)]
    out += [(c, pen[4]) for c in range(colours) if c != pen[3]]
    return out


def add(pen: Pen, card: Card) -> None:
    """Add an accepted sheep; the row's kind follows from it."""
    _, colour, value = card
    mode = pen[2]
    pen[0].append(card)
    if mode == ANY:
        pen[2], pen[3], pen[4], pen[5] = SINGLE, colour, value, 1 << colour
    elif mode == SINGLE:
        if colour == pen[3]:
            pen[2], pen[4] = RUN, value
        else:
            pen[2], pen[5] = SET, pen[5] | 1 << colour
    elif mode == RUN:
        pen[4] = value
    else:
        pen[5] |= 1 << colour


def real_sheep(pen: Pen, black: int) -> list[int]:
    """Positions of the sheep that are not Black Sheep."""
    return [i for i, card in enumerate(pen[0]) if card[0] != black]


def swap_in_black(pen: Pen, index: int, black: int) -> int:
    """W-9: the Black Sheep takes the place of the sheep at `index`; return that sheep's kind.

    With one real sheep left the row's kind is reset to that sheep alone (it may grow as
    a run or a set from it); with none left the pen takes any sheep, like an empty pen.
    """
    kind, colour, value = pen[0][index]
    pen[0][index] = (black, colour, value)
    real = real_sheep(pen, black)
    if not real:
        pen[2], pen[3], pen[4], pen[5] = ANY, -1, 0, 0
    elif len(real) == 1:
        _, c, v = pen[0][real[0]]
        pen[2], pen[3], pen[4], pen[5] = SINGLE, c, v, 1 << c
    return kind


def score_value(card: Card, black: int) -> int:
    return 0 if card[0] == black else card[2]


def shear(pen: Pen, black: int, wolf: int) -> tuple[list[int], list[int], int, bool]:
    """Empty the pen. Return (kinds discarded, kinds kept in the fleece, points, fleece?).

    A Wolf first eats the sheep of highest value (both go to the discard pile); then
    n cards score: 1 -> discarded, no fleece; 2 -> the higher is discarded and the lower
    one's value scores; 3 -> the sum; 4 or more -> the sum + (n - 3).
    """
    cards = list(pen[0])
    discarded: list[int] = []
    if pen[1]:
        top = max(range(len(cards)), key=lambda i: score_value(cards[i], black))
        discarded.append(cards.pop(top)[0])
        discarded.append(wolf)
    pen[:] = new_pen()
    n = len(cards)
    if n == 0:
        return discarded, [], 0, False
    if n == 1:
        return discarded + [cards[0][0]], [], 0, False
    if n == 2:
        low, high = sorted(cards, key=lambda c: score_value(c, black))
        return discarded + [high[0]], [low[0]], score_value(low, black), True
    points = sum(score_value(c, black) for c in cards) + n - 3
    return discarded, [c[0] for c in cards], points, True
