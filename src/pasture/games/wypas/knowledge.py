"""What each seat knows of the other hands, so that a re-drawn state stays consistent.

A *fact* is "observer knows holder holds at least c copies of kind k". Facts come from
public events (a face-up lot won, a Black Sheep's swap) and private ones (the face-down
lot won, known to the baca; a Thief's look and theft). They are kept in `s.known`, a
`Knowledge`: by holder, then by observer (PUBLIC for what everyone knows), the counts
by kind.

A card that leaves a hand unseen (laid face down, stolen) may be any of the known ones,
so observers who did not see it forget what they knew of that hand: knowledge is only
ever under-estimated, never wrong. `determinize` keeps every fact its seat holds.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, Final

from pasture.core.game import COMPILED

if TYPE_CHECKING:
    from pasture.games.wypas.state import WypasState

PUBLIC: Final = 15
"""The observer of public facts (what everyone knows)."""

Counts = tuple[int, ...]
"""Counts by kind, never changed in place (a change makes a new tuple), so copies of a
state share them."""
Knowledge = list[dict[int, Counts]]
"""`known[holder][observer]`: the counts by kind `observer` knows `holder` holds. A
holder's dict is never changed in place either (a change makes a new one), so a copy of
the state copies only the list."""


def empty(players: int) -> Knowledge:
    return [{} for _ in range(players)]


def to_json(known: Knowledge) -> list[tuple[int, Counts]]:
    """The stored form: (observer * 16 + holder, counts) pairs, in that number's order."""
    return sorted((o * 16 + h, c) for h, facts in enumerate(known) for o, c in facts.items())


def from_json(players: int, pairs: list[tuple[int, list[int]]]) -> Knowledge:
    known = empty(players)
    for number, counts in pairs:
        observer, holder = divmod(number, 16)
        known[holder][observer] = tuple(counts)
    return known


def gain(s: WypasState, holder: int, k: int, seen_by: tuple[int, ...] | None) -> None:
    """`holder` takes a card of kind k, seen by everyone (None) or by `seen_by` only."""
    observers = (PUBLIC,) if seen_by is None else [o for o in seen_by if o != holder]
    facts = s.known[holder] = s.known[holder].copy()
    for o in observers:
        fact = facts.get(o)
        counts = list(fact) if fact is not None else [0] * len(s.edition.kinds)
        counts[k] = counts[k] + 1
        facts[o] = tuple(counts)


def lose(s: WypasState, holder: int, k: int, seen_by: tuple[int, ...] | None) -> None:
    """`holder` gives up a card of kind k, seen by everyone (None) or by `seen_by` only."""
    facts = s.known[holder]
    if not facts or (seen_by is None and _untouched(facts, k)):
        return  # (the common case, a card laid or placed face up: no copy made)
    facts = s.known[holder] = facts.copy()
    public = facts.get(PUBLIC)
    if seen_by is not None and public is not None:
        # Those who saw the card keep the public facts as their own; the rest forget.
        for o in seen_by:
            if o != holder:
                mine = facts.get(o)
                facts[o] = public if mine is None else tuple(map(max, public, mine))
        del facts[PUBLIC]
    for observer in list(facts):
        fact = facts[observer]
        if seen_by is None or observer in seen_by:
            if fact[k]:
                counts = list(fact)
                counts[k] = counts[k] - 1
                fact = facts[observer] = tuple(counts)
            if not (_counted(fact) if COMPILED else any(fact)):
                del facts[observer]
        else:
            del facts[observer]


def _untouched(facts: dict[int, Counts], k: int) -> bool:
    """True when a card of kind k lost in everyone's sight changes none of `facts`: none
    counts kind k, and none is empty (`lose` would drop it)."""
    for fact in facts.values():
        if fact[k] or not (_counted(fact) if COMPILED else any(fact)):
            return False
    return True


def _counted(fact: Counts) -> bool:
    """`any(fact)` by a native loop: compiled, `any` of a tuple is a generic call, while
    `any` of a generator becomes a loop (which the interpreter runs slower than `any`)."""
    return any(count for count in fact)


def looked(s: WypasState, observer: int, holder: int) -> None:
    """A Thief's look: `observer` knows `holder`'s whole hand."""
    s.known[holder] = {**s.known[holder], observer: tuple(s.hands[holder])}


def known_to(s: WypasState, seat: int | None, holder: int) -> list[int]:
    """What `seat` (None: a spectator) knows `holder` holds."""
    facts = s.known[holder]
    out = list(facts.get(PUBLIC, ()))
    if seat is not None:
        mine = facts.get(seat)
        if mine is not None:
            if not out:
                return list(mine)
            for k in compress(s.tables.kinds, mine):  # a fact names few kinds: walk those
                if mine[k] > out[k]:
                    out[k] = mine[k]
    return out


def check(s: WypasState) -> None:
    for holder, facts in enumerate(s.known):
        hand = s.hands[holder]
        for fact in facts.values():
            assert all(c <= hand[k] for k, c in enumerate(fact)), "a known card is not in hand"
