"""Re-drawing what one seat may not see of a Wypas state (`determinize`).

Every hidden pile but the deck (the other hands, the baca's drawn cards, face-down
discards) and every hidden single card (the face-down lot, face-down bid cards) is
emptied into the deck; as many cards are then drawn from it at random and dealt back
into those places: a uniform re-deal, in which only the cards dealt back are drawn. A
hand's cards the seat knows of stay where they are (with what the seat knows of them);
the facts other seats hold are dropped, so the re-drawn state holds nothing the seat
could not know.

The re-drawn state is built in one go rather than cloned and then changed: the hands,
deck, facts and knowledge dealt into are made here, the rest copied as `clone` does.
The pool the cards are drawn from is the deck spelled out one byte per card in kind
order, joined from `Tables.quads` (four kinds' runs at once, keyed by their counts read
as one 32-bit number), so the join has nine pieces, not one per kind.
"""

from __future__ import annotations

import random
from itertools import compress
from math import floor
from operator import getitem
from typing import TYPE_CHECKING

from pasture.core.game import COMPILED
from pasture.games.wypas import rules
from pasture.games.wypas.auction import FACE_DOWN, Auction, LaidCard, Lot
from pasture.games.wypas.edition import THIEF
from pasture.games.wypas.knowledge import PUBLIC, Counts, Knowledge

if TYPE_CHECKING:
    from pasture.games.wypas.state import WypasState
    from pasture.games.wypas.tables import Tables


def determinize(s: WypasState, seat: int | None, rng: random.Random) -> WypasState:
    if s.phase == rules.OVER:
        return s.clone()
    n = s.num_players
    me = seat if seat is not None and 0 <= seat < n else None
    pending = s.pending
    thief_victim = (
        pending.target
        if pending is not None and pending.role == THIEF and pending.chooser == me
        else -1
    )
    tables = s.tables
    kinds, number, bit = tables.kinds, tables.number, tables.bit
    deck = s.deck[:]
    width = len(deck)
    hands = s.hands[:]
    held = s.held[:]
    reach = s.reach[:]
    known = s.known[:]
    redrawn: list[tuple[list[int], int, int]] = []  # each seat dealt back into, and how many
    for p in range(n):
        hand = hands[p]
        if p == me:  # its hand is not re-drawn, so what others know of it stays true
            hands[p] = hand[:]
            continue
        facts = known[p]
        if facts and len(facts) > (PUBLIC in facts) + (me in facts):
            # another seat's fact to drop: only what the seat may know is kept
            facts = known[p] = {o: c for o, c in facts.items() if o in (PUBLIC, me)}
        if not held[p] or p == thief_victim:  # nothing to deal back
            hands[p] = hand[:]
            continue
        size = 0
        if facts:  # the cards the seat knows are there stay (with their facts)
            stays = _known(facts, me, kinds)
            hands[p] = stays
            kinds_held = sum_up = 0
            for k in _kinds_in(held[p]) if COMPILED else compress(kinds, hand):
                kept = stays[k]
                if kept:
                    kinds_held |= bit[k]
                    sum_up += kept * number[k]
                back = hand[k] - kept
                deck[k] = deck[k] + back
                size += back
            held[p], reach[p] = kinds_held, sum_up
        else:
            hands[p] = [0] * width
            for k in _kinds_in(held[p]) if COMPILED else compress(kinds, hand):
                back = hand[k]
                deck[k] = deck[k] + back
                size += back
            held[p] = reach[p] = 0
        if size:
            redrawn.append((hands[p], p, size))
    bluff = s.bluff
    hidden_discard = s.hidden_discard[:]  # tuples: shared until changed
    piles: list[tuple[list[int], int]] = []  # each other place to deal back into, how many
    faced_down: list[tuple[int, list[int]]] = []
    if bluff:  # face-down discards come from face-down bids: the bluff rule only
        for p, discarded in enumerate(hidden_discard):
            if p != me and any(discarded):
                refill = list(discarded)
                faced_down.append((p, refill))
                piles.append((refill, _empty_into(refill, deck, kinds)))
    drawn = s.drawn[:]
    if me != s.baca and drawn.count(0) != width:  # (`count` is cheaper than `any`)
        piles.append((drawn, _empty_into(drawn, deck, kinds)))
    auction = s.auction.copy()
    lots, laid = auction.lots, auction.laid
    # the face-down lot (the first: `auction.hide_lot`), not yet auctioned
    lot_hidden = bool(lots) and me != s.baca and lots[0].face_down and lots[0].winner < 0
    if lot_hidden:
        deck[lots[0].kind] = deck[lots[0].kind] + 1
    laid_seats = (  # face-down bids: the bluff rule only
        [p for p in range(n) if p != me and any(c.face == FACE_DOWN for c in laid[p])]
        if bluff
        else ()
    )
    singles = 0
    for p in laid_seats:
        for c in laid[p]:
            if c.face == FACE_DOWN:
                deck[c.kind] = deck[c.kind] + 1
                singles += 1
    # (a list: its items are read and written by the list fast paths)
    pool = _spelled_out(tables, deck) if COMPILED else _joined(tables, deck)
    draw = rng.random
    left = len(pool)
    # Each card dealt back is drawn uniformly from those left in the pool (the drawn one
    # is replaced by the last, and the pool shrinks by one); a hand's facts are kept as
    # its cards come (hand_facts.add, written out).
    for hand, p, size in redrawn:
        kinds_held, sum_up = held[p], reach[p]
        for _ in range(size):
            j = floor(draw() * left)
            left -= 1
            k = pool[j]
            pool[j] = pool[left]
            hand[k] = hand[k] + 1
            deck[k] = deck[k] - 1
            kinds_held |= bit[k]
            sum_up += number[k]
        held[p], reach[p] = kinds_held, sum_up
    for pile, size in piles:
        for _ in range(size):
            j = floor(draw() * left)
            left -= 1
            k = pool[j]
            pool[j] = pool[left]
            pile[k] = pile[k] + 1
            deck[k] = deck[k] - 1
    for p, refill in faced_down:
        hidden_discard[p] = tuple(refill)
    if lot_hidden:
        j = floor(draw() * left)
        left -= 1
        k = pool[j]
        pool[j] = pool[left]
        deck[k] = deck[k] - 1
        lot = lots[0]
        lots[0] = Lot(k, lot.face_down, lot.winner)
    for p in laid_seats:
        cards = list(laid[p])
        for i, c in enumerate(cards):
            if c.face == FACE_DOWN:
                j = floor(draw() * left)
                left -= 1
                k = pool[j]
                pool[j] = pool[left]
                deck[k] = deck[k] - 1
                cards[i] = LaidCard(k, c.value, c.face)
        laid[p] = tuple(cards)
    # the copy: `WypasState.clone`, with what was made above
    # A compiled state (mypyc) has no `__dict__`: its own copy. (Asked, not found out by
    # catching the AttributeError, which cost a tenth of a compiled re-draw.)
    if COMPILED:
        return _native_copy(s, deck, hidden_discard, hands, held, reach, drawn, auction, known)
    d = s.__dict__.copy()
    t = object.__new__(s.__class__)
    t.__dict__ = d
    d["deal_queue"] = s.deal_queue[:]
    d["deck"] = deck
    d["deck_at"] = None  # worked out when the re-drawn state first deals, if it does
    d["discard"] = s.discard[:]
    d["hidden_discard"] = hidden_discard
    d["hands"] = hands
    d["held"] = held
    d["reach"] = reach
    d["drawn"] = drawn
    d["auction"] = auction
    d["pens"] = s.pens[:]
    d["known"] = known
    d["_legal_seat"] = -1
    d["_public_view"] = None
    return t


def _native_copy(
    s: WypasState,
    deck: list[int],
    hidden_discard: list[tuple[int, ...]],
    hands: list[list[int]],
    held: list[int],
    reach: list[int],
    drawn: list[int],
    auction: Auction,
    known: Knowledge,
) -> WypasState:
    """The re-drawn state of a compiled build's state: the parts made by `determinize`,
    the rest as `clone` makes it."""
    t = s._native_shared()
    t.deal_queue = s.deal_queue[:]
    t.discard = s.discard[:]
    t.pens = s.pens[:]
    t.deck = deck
    t.deck_at = None
    t.hidden_discard = hidden_discard
    t.hands = hands
    t.held = held
    t.reach = reach
    t.drawn = drawn
    t.auction = auction
    t.known = known
    return t


def _kinds_in(bits: int) -> list[int]:
    """The kinds of a bit set of kinds (`WypasState.held`), in order. Compiled, this native
    loop costs a fraction of walking a hand's counts with `compress`, a generic iterator
    there; the interpreter walks the counts faster with `compress`."""
    kinds: list[int] = []
    while bits:
        low = bits & -bits
        kinds.append(low.bit_length() - 1)
        bits ^= low
    return kinds


def _joined(tables: Tables, deck: list[int]) -> list[int]:
    """The deck's cards, one entry each (its kind), in kind order: nine runs of bytes
    joined, in C (`Tables.quads`)."""
    return list(b"".join(map(getitem, tables.quads, tables.quad_keys(bytes(deck)))))


def _spelled_out(tables: Tables, deck: list[int]) -> list[int]:
    """`_joined`'s list, by a native loop over the kinds, each kind's cards added by one
    C call (`Tables.kind_runs`): compiled, the join's `map` and look-ups are generic calls,
    and a card appended at a time costs three times this."""
    pool: list[int] = []
    runs = tables.kind_runs
    for k in range(len(deck)):
        count = deck[k]
        if count:
            pool.extend(runs[k][count])
    return pool


def _known(facts: dict[int, Counts], me: int | None, kinds: tuple[int, ...]) -> list[int]:
    """The cards of a hand `me` knows of, from its facts (only the public ones and
    `me`'s, at least one of them: `knowledge.known_to`)."""
    public = facts.get(PUBLIC)
    mine = facts.get(me) if me is not None else None
    if public is None:
        assert mine is not None
        return list(mine)
    out = list(public)
    if mine is not None:
        for k in compress(kinds, mine):  # a fact names few kinds: walk those
            if mine[k] > out[k]:
                out[k] = mine[k]
    return out


def _empty_into(pile: list[int], deck: list[int], kinds: tuple[int, ...]) -> int:
    """Move every card of `pile` into `deck`; return how many there were."""
    size = 0
    for k in compress(kinds, pile):
        c = pile[k]
        deck[k] = deck[k] + c
        pile[k] = 0
        size += c
    return size
