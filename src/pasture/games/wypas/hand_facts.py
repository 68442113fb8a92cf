"""What the engine keeps about each hand besides its counts by kind, so that listing a
seat's actions need not read all of them: the kinds held, as a bit set (`held`, bit k:
kind k), and the hand's reach (`reach`: its face-up sum with Dollies at their top
value, `Tables.number`, what it could still add to a bid without the bluff rule, W-3).

Every card that enters or leaves a hand goes through `add` or `remove`; a hand made
anew (re-drawn, read from JSON) has its facts worked out again (`facts`). They are not
part of the JSON form; `check` compares them with the counts.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from pasture.games.wypas.state import WypasState
    from pasture.games.wypas.tables import Tables


class HandFacts(NamedTuple):
    """A hand's kinds held (a bit set) and its reach."""

    held: int
    reach: int


def add(s: WypasState, seat: int, k: int) -> None:
    """A card of kind k enters `seat`'s hand."""
    hand = s.hands[seat]
    if not hand[k]:
        s.held[seat] = s.held[seat] | (1 << k)
    hand[k] = hand[k] + 1
    s.reach[seat] = s.reach[seat] + s.tables.number[k]


def remove(s: WypasState, seat: int, k: int) -> None:
    """A card of kind k (one the hand holds) leaves `seat`'s hand."""
    hand = s.hands[seat]
    hand[k] = hand[k] - 1
    if not hand[k]:
        s.held[seat] = s.held[seat] ^ (1 << k)
    s.reach[seat] = s.reach[seat] - s.tables.number[k]


def facts(t: Tables, hand: list[int]) -> HandFacts:
    """The facts of a hand, from its counts."""
    held = reach = 0
    number = t.number
    for k in compress(t.kinds, hand):
        held |= 1 << k
        reach += hand[k] * number[k]
    return HandFacts(held, reach)


def refresh(s: WypasState, seat: int) -> None:
    """`seat`'s hand was made anew: its facts are worked out again."""
    s.held[seat], s.reach[seat] = facts(s.tables, s.hands[seat])


def check(s: WypasState) -> None:
    for seat, hand in enumerate(s.hands):
        kept = HandFacts(s.held[seat], s.reach[seat])
        assert kept == facts(s.tables, hand), f"seat {seat}'s hand facts out of step"
