"""What each seat knows of the other hands, so that a re-drawn state stays consistent.

A *fact* is "observer knows holder holds at least c copies of kind k". Facts come from
public events (a face-up lot won, a Black Sheep's swap) and private ones (the face-down
lot won, known to the baca; a Thief's look and theft). They are kept in `s.known`:
`Witness(observer, holder)` (observer PUBLIC for what everyone knows) -> counts by kind.

A card that leaves a hand unseen (laid face down, stolen) may be any of the known ones,
so observers who did not see it forget what they knew of that hand: knowledge is only
ever under-estimated, never wrong. `determinize` keeps every fact its seat holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from pasture.games.wypas.state import WypasState

PUBLIC = 15
"""The observer of public facts (what everyone knows)."""


class Witness(NamedTuple):
    """Who knows (observer) about whose hand (holder)."""

    observer: int
    holder: int

    def to_json(self) -> int:
        """The stored form: one number, observer * 16 + holder."""
        return self.observer * 16 + self.holder

    @staticmethod
    def from_json(number: int) -> Witness:
        return Witness(*divmod(number, 16))


Knowledge = dict[Witness, list[int]]


def gain(s: WypasState, holder: int, k: int, seen_by: tuple[int, ...] | None) -> None:
    """`holder` takes a card of kind k, seen by everyone (None) or by `seen_by` only."""
    observers = (PUBLIC,) if seen_by is None else [o for o in seen_by if o != holder]
    size = len(s.edition.kinds)
    for o in observers:
        who = Witness(o, holder)
        fact = s.known.get(who)
        if fact is None:
            fact = s.known[who] = [0] * size
        fact[k] += 1


def lose(s: WypasState, holder: int, k: int, seen_by: tuple[int, ...] | None) -> None:
    """`holder` gives up a card of kind k, seen by everyone (None) or by `seen_by` only."""
    known = s.known
    if not known:
        return
    public_key = Witness(PUBLIC, holder)
    public = known.get(public_key)
    if seen_by is not None and public is not None:
        # Those who saw the card keep the public facts as their own; the rest forget.
        for o in seen_by:
            if o != holder:
                mine = known.setdefault(Witness(o, holder), [0] * len(public))
                for j, c in enumerate(public):
                    if c > mine[j]:
                        mine[j] = c
        del known[public_key]
    for who in [w for w in known if w.holder == holder]:
        fact = known[who]
        if seen_by is None or who.observer in seen_by:
            if fact[k]:
                fact[k] -= 1
            if not any(fact):
                del known[who]
        else:
            del known[who]


def looked(s: WypasState, observer: int, holder: int) -> None:
    """A Thief's look: `observer` knows `holder`'s whole hand."""
    s.known[Witness(observer, holder)] = s.hands[holder][:]


def known_to(s: WypasState, seat: int | None, holder: int) -> list[int]:
    """What `seat` (None: a spectator) knows `holder` holds."""
    out = list(s.known.get(Witness(PUBLIC, holder), ()))
    if seat is not None:
        mine = s.known.get(Witness(seat, holder))
        if mine is not None:
            out = mine[:] if not out else [max(a, b) for a, b in zip(out, mine, strict=True)]
    return out


def restrict(s: WypasState, seat: int | None) -> None:
    """Keep only the facts `seat` may know: public ones, its own, and those about its hand
    (its hand is not re-drawn, so they stay true)."""
    for who in list(s.known):
        if who.observer != PUBLIC and who.observer != seat and who.holder != seat:
            del s.known[who]


def check(s: WypasState) -> None:
    for who, fact in s.known.items():
        hand = s.hands[who.holder]
        assert all(c <= hand[k] for k, c in enumerate(fact)), "a known card is not in hand"
