"""What each seat knows of the other hands, so that a re-drawn state stays consistent.

A *fact* is "observer knows holder holds at least c copies of kind k". Facts come from
public events (a face-up lot won, a Black Sheep's swap) and private ones (the face-down
lot won, known to the baca; a Thief's look and theft). They are kept in `s.known`:
key `observer * 16 + holder` (observer PUBLIC for what everyone knows) -> counts.

A card that leaves a hand unseen (laid face down, stolen) may be any of the known ones,
so observers who did not see it forget what they knew of that hand: knowledge is only
ever under-estimated, never wrong. `determinize` keeps every fact its seat holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pasture.games.wypas.state import WypasState

PUBLIC = 15


def key(observer: int, holder: int) -> int:
    return observer * 16 + holder


def gain(s: WypasState, holder: int, k: int, seen_by: tuple[int, ...] | None) -> None:
    """`holder` takes a card of kind k, seen by everyone (None) or by `seen_by` only."""
    observers = (PUBLIC,) if seen_by is None else [o for o in seen_by if o != holder]
    size = len(s.edition.kinds)
    for o in observers:
        fact = s.known.get(key(o, holder))
        if fact is None:
            fact = s.known[key(o, holder)] = [0] * size
        fact[k] += 1


def lose(s: WypasState, holder: int, k: int, seen_by: tuple[int, ...] | None) -> None:
    """`holder` gives up a card of kind k, seen by everyone (None) or by `seen_by` only."""
    public = s.known.get(key(PUBLIC, holder))
    if seen_by is not None and public is not None:
        # Those who saw the card keep the public facts as their own; the rest forget.
        for o in seen_by:
            if o != holder:
                mine = s.known.setdefault(key(o, holder), [0] * len(public))
                for j, c in enumerate(public):
                    if c > mine[j]:
                        mine[j] = c
        del s.known[key(PUBLIC, holder)]
    for fkey in [fk for fk in s.known if fk % 16 == holder]:
        observer = fkey // 16
        fact = s.known[fkey]
        if seen_by is None or observer in seen_by:
            if fact[k]:
                fact[k] -= 1
            if not any(fact):
                del s.known[fkey]
        else:
            del s.known[fkey]


def looked(s: WypasState, observer: int, holder: int) -> None:
    """A Thief's look: `observer` knows `holder`'s whole hand."""
    s.known[key(observer, holder)] = s.hands[holder][:]


def known_to(s: WypasState, seat: int | None, holder: int) -> list[int]:
    """What `seat` (None: a spectator) knows `holder` holds."""
    out = list(s.known.get(key(PUBLIC, holder), ()))
    if seat is not None:
        mine = s.known.get(key(seat, holder))
        if mine is not None:
            out = mine[:] if not out else [max(a, b) for a, b in zip(out, mine, strict=True)]
    return out


def restrict(s: WypasState, seat: int | None) -> None:
    """Keep only the facts `seat` may know: public ones, its own, and those about its hand
    (its hand is not re-drawn, so they stay true)."""
    for fkey in list(s.known):
        observer, holder = divmod(fkey, 16)
        if observer != PUBLIC and observer != seat and holder != seat:
            del s.known[fkey]


def check(s: WypasState) -> None:
    for fkey, fact in s.known.items():
        holder = fkey % 16
        hand = s.hands[holder]
        assert all(c <= hand[k] for k, c in enumerate(fact)), "a known card is not in hand"
