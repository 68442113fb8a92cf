"""Wypas's fixed-shape observation of one seat's view.

Seats are counted from the observer clockwise (0: the observer, 1: its left
neighbour); a "seat" slot group of n+1 has a last slot for "nobody". K is the number
of card kinds (36 in the default edition), C the colours (5), L the lots per turn (2
with 3 players, else 3), n the number of players. Piles are counts per card kind.
Layout, in order:

| slots | what |
| --- | --- |
| 9 | phase one-hot: choose_baca, deal, hide, name, bid, tie, redyk, shear, over |
| 3 | options bluff and bleat_rule; the high bid is a bluff bid |
| 2 | turn / max_turns, max_turns |
| n | the baca (relative) one-hot |
| 4(n+1) | opener, bidder, the seat whose go it is, the high bidder |
| n+1 | the finisher (first fifth fleece) |
| n | seats to act (relative) |
| 2K | my hand; my face-down discards |
| n | hand sizes (relative) |
| 3 | cards in the deck, face-down discards, the baca's drawn cards |
| K | the face-up discard pile |
| K | the baca's drawn cards (the baca only) |
| L(2+K+n+1) | each lot: present, face down, its card if I may see it, its winner |
| L+1 | the lot being auctioned one-hot, last slot: none |
| 1 | the high bid |
| 6n | per seat: declared total, committed cards, passed, checked, tied, cards laid |
| nK | per seat: the laid cards I may see (face up, or my own) |
| 2n(K+C+8) | per seat and pen: its cards, Wolf, row kind (empty, single, run, set), |
| | colour (+ none), top value, Black Sheep |
| 3n | per seat: fleeces, score, still to have a final go |
| 2+n | reaction window: cards queued, resolving, seats still to answer (relative) |
| 4 | cards of each role queued (Thief, Sheepdog, Black Sheep, Wolf) |
| 2(n+1)+9 | the last card queued: its player, role (+ none), target, pen (+ none), cancels |
| 2(n+1)+6 | a special card's pending choice: role (none, Thief, Black Sheep), chooser, |
| | target seat, pen (+ none) |
| K | the hand the Thief looks at (the Thief only) |
| nK | what I know each seat holds (cards seen won, stolen or looked at) |
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pasture.core.encode import Section, hots, observe_sections, one_hot, rotated
from pasture.games.wypas import knowledge, pens, rules
from pasture.games.wypas.auction import FACE_DOWN, declared_total, is_bluff_bid, lots_per_turn
from pasture.games.wypas.edition import BLACK_SHEEP, SHEEPDOG, THIEF, WOLF

if TYPE_CHECKING:
    from pasture.games.wypas.edition import Edition
    from pasture.games.wypas.pens import Pen
    from pasture.games.wypas.state import WypasState

PHASES = (
    rules.CHOOSE_BACA,
    rules.DEAL,
    rules.HIDE,
    rules.NAME,
    rules.BID,
    rules.TIE,
    rules.REDYK,
    rules.SHEAR,
    rules.OVER,
)
ROLES = (THIEF, SHEEPDOG, BLACK_SHEEP, WOLF)
_PHASE_HOT = {phase: hots(len(PHASES))[i] for i, phase in enumerate(PHASES)}
_SHEARING = (rules.REDYK, rules.SHEAR)


def shape(kinds: int, colours: int, n: int) -> tuple[int, ...]:
    lots = lots_per_turn(n)
    seat = n + 1
    return (
        9 + 3 + 2 + n + 4 * seat + seat + n
        + 2 * kinds + n + 3 + kinds + kinds
        + lots * (2 + kinds + seat) + lots + 1 + 1
        + 6 * n + n * kinds
        + 2 * n * (kinds + colours + 8)
        + 3 * n
        + 2 + n + 4 + seat + 5 + seat + 3 + 1
        + 3 + 2 * seat + 3
        + kinds + n * kinds,
    )  # fmt: skip


def _seat(out: list[float], seat: int, me: int, n: int) -> None:
    one_hot(out, n if seat < 0 else (seat - me) % n, n + 1)


def _nothing(n: int, parts: tuple[tuple[int, int], ...]) -> tuple[float, ...]:
    """The slots of groups (one-hot index, size) that hold nothing, all together."""
    out: list[float] = []
    for index, size in parts:
        one_hot(out, index, size)
    return tuple(out)


_SEATS = range(1, 7)
_NO_CARD_QUEUED = {n: (*_nothing(n, ((n, n + 1), (4, 5), (n, n + 1), (2, 3))), 0.0) for n in _SEATS}
"""The last card queued when none is: no player, no role, no target, no pen, cancels 0."""
_NO_CHOICE_PENDING = {n: _nothing(n, ((0, 3), (n, n + 1), (n, n + 1), (2, 3))) for n in _SEATS}
"""A special card's pending choice when none is: role none, no chooser, target, pen."""


_PENS: dict[int, tuple[Pen, Edition, tuple[float, ...]]] = {}
"""Each pen's slots by the pen's address. A pen is an immutable value that lasts many
steps, and a seat's pens stay while the others change; the entry holds the pen, so no
other pen can take its address while it is here."""
_PENS_LIMIT = 4096


def _pen(pen: Pen, e: Edition) -> tuple[float, ...]:
    """A pen's slots: its cards per kind, Wolf, row kind, colour (+ none), top value,
    Black Sheep."""
    kept = _PENS.get(id(pen))
    if kept is not None and kept[0] is pen and kept[1] is e:
        return kept[2]
    kinds, colours = len(e.kinds), len(e.colours)
    cards = [0.0] * kinds
    for in_row in pen.cards:
        cards[in_row.kind] += 1.0
    out = cards[:]
    out.append(float(pen.wolf))
    one_hot(out, int(pen.row), 4)
    colour = pen.colour if pen.row in (pens.SINGLE, pens.RUN) else colours
    one_hot(out, colour, colours + 1)
    out += [float(pen.value), cards[e.special[BLACK_SHEEP]]]
    if len(_PENS) >= _PENS_LIMIT:
        _PENS.clear()
    slots = _PENS[id(pen)] = (pen, e, tuple(out))
    return slots[2]


# Keys (see SECTIONS): lists that change in place are copied into them; pens, lots, laid
# cards, queued cards, pending choices and known counts are values, replaced on change,
# so they are kept as they are.


def _head_key(s: WypasState, me: int) -> object:
    a = s.auction
    high = a.high_bidder
    return (
        s.phase,
        s.turn,
        s.baca,
        a.opener,
        a.bidder,
        s.current,
        high,
        a.laid[high] if high >= 0 else None,  # is_bluff_bid
        s.finisher,
        s.actors(),
        s.bluff,
        s.bleat_rule,
        s.max_turns,
    )


def _head(s: WypasState, me: int, out: list[float]) -> None:
    """Phase, options, turn, the baca and the seats whose go it is, who acts."""
    n = s.num_players
    seat_hot = hots(n + 1)  # seat_hot[n]: nobody (see _seat)
    phase = s.phase
    out += _PHASE_HOT[phase]
    out += [float(s.bluff), float(s.bleat_rule), float(is_bluff_bid(s))]
    out += [s.turn / s.max_turns, float(s.max_turns)]
    out += hots(n)[(s.baca - me) % n]
    a = s.auction
    for seat in (
        a.opener,
        a.bidder if phase == rules.BID else -1,
        s.current if phase in _SHEARING else -1,
        a.high_bidder,
        s.finisher,
    ):
        out += seat_hot[n if seat < 0 else (seat - me) % n]
    acting = [0.0] * n
    for p in s.actors():
        acting[(p - me) % n] = 1.0
    out += acting


def _mine_key(s: WypasState, me: int) -> object:
    return (tuple(s.hands[me]), s.hidden_discard[me])


def _mine(s: WypasState, me: int, out: list[float]) -> None:
    """My hand; my face-down discards."""
    out += map(float, s.hands[me])
    out += map(float, s.hidden_discard[me])


def _counts(s: WypasState, me: int, out: list[float]) -> None:
    """Hand sizes; cards in the deck, face-down discards, the baca's drawn cards."""
    out += rotated(map(sum, s.hands), me, s.num_players)
    out += [float(sum(s.deck)), float(sum(map(sum, s.hidden_discard))), float(sum(s.drawn))]


def _discard_key(s: WypasState, me: int) -> object:
    return tuple(s.discard)


def _discard(s: WypasState, me: int, out: list[float]) -> None:
    out += map(float, s.discard)


def _drawn_key(s: WypasState, me: int) -> object:
    return tuple(s.drawn) if me == s.baca else None


def _drawn(s: WypasState, me: int, out: list[float]) -> None:
    """The baca's drawn cards (the baca only)."""
    out += map(float, s.drawn) if me == s.baca else hots(len(s.edition.kinds))[-1]


def _lots_key(s: WypasState, me: int) -> object:
    a = s.auction
    return (tuple(a.lots), a.lot, me == s.baca)


def _lots(s: WypasState, me: int, out: list[float]) -> None:
    """Each lot: present, face down, its card if I may see it, its winner; the lot being
    auctioned."""
    n = s.num_players
    kinds = len(s.edition.kinds)
    seat_hot = hots(n + 1)
    kind_hot = hots(kinds)
    a = s.auction
    lots = lots_per_turn(n)
    for i in range(lots):
        if i < len(a.lots):
            lot = a.lots[i]
            out += [1.0, float(lot.face_down)]
            won = lot.winner >= 0 and me == lot.winner
            visible = not lot.face_down or me == s.baca or won
            out += kind_hot[lot.kind if visible else kinds]
            out += seat_hot[n if lot.winner < 0 else (lot.winner - me) % n]
        else:
            out += [0.0] * (2 + kinds + n + 1)
    one_hot(out, a.lot if a.lot >= 0 else lots, lots + 1)


def _bids_key(s: WypasState, me: int) -> object:
    a = s.auction
    return (
        a.high,
        a.lot,
        tuple(a.laid),
        tuple(a.committed),
        tuple(a.passed),
        tuple(a.checked),
        tuple(a.tied),
    )


def _bids(s: WypasState, me: int, out: list[float]) -> None:
    """The high bid; per seat: declared total, committed cards, passed, checked, tied,
    cards laid."""
    n = s.num_players
    a = s.auction
    out.append(float(a.high))
    auctioning = a.lot >= 0
    for i in range(n):
        p = (me + i) % n
        laid = a.laid[p]
        out += [
            float(declared_total(s, p)),
            float(a.committed[p]),
            float(a.passed[p]) if auctioning else 0.0,
            float(p in a.checked),
            float(p in a.tied),
            float(len(laid)),
        ]


def _laid_key(s: WypasState, me: int) -> object:
    return tuple(s.auction.laid)


def _laid(s: WypasState, me: int, out: list[float]) -> None:
    """Per seat: the laid cards I may see (face up, or my own)."""
    n = s.num_players
    kinds = len(s.edition.kinds)
    for i in range(n):
        p = (me + i) % n
        laid = s.auction.laid[p]
        if not laid:
            out += hots(kinds)[kinds]
            continue
        seen = [0.0] * kinds
        for card in laid:
            if card.face != FACE_DOWN or p == me:
                seen[card.kind] += 1.0
        out += seen


def _pens_key(s: WypasState, me: int) -> object:
    return tuple(s.pens)


def _pens(s: WypasState, me: int, out: list[float]) -> None:
    n = s.num_players
    e = s.edition
    for i in range(n):
        for pen in s.pens[(me + i) % n]:
            out += _pen(pen, e)


def _tail_key(s: WypasState, me: int) -> object:
    pending = s.pending
    looked_at = (
        tuple(s.hands[pending.target])
        if pending is not None and pending.role == THIEF and pending.chooser == me
        else None
    )
    return (
        tuple(s.fleeces),
        tuple(s.scores),
        tuple(s.final),
        tuple(s.queue),
        s.resolving,
        tuple(s.waiting),
        pending,
        looked_at,
    )


def _tail(s: WypasState, me: int, out: list[float]) -> None:
    """Fleeces, scores, final goes; the reaction window, its queue and last card; a
    special card's pending choice; the hand the Thief looks at."""
    n = s.num_players
    kinds = len(s.edition.kinds)
    out += rotated(s.fleeces, me, n)
    out += rotated(s.scores, me, n)
    out += rotated([float(p in s.final) for p in range(n)], me, n)
    out += [float(len(s.queue)), float(s.resolving >= 0)]
    waiting = [0.0] * n
    for p in s.waiting:
        waiting[(p - me) % n] = 1.0
    out += waiting
    queued = [0.0] * 4
    for entry in s.queue:
        queued[ROLES.index(entry.role)] += 1.0
    out += queued
    if s.queue:
        last = s.queue[-1]
        _seat(out, last.seat, me, n)
        one_hot(out, ROLES.index(last.role), 5)
        _seat(out, last.target, me, n)
        one_hot(out, last.pen if last.pen >= 0 else 2, 3)
        out.append(float(last.cancels >= 0))
    else:
        out += _NO_CARD_QUEUED[n]
    pending = s.pending
    if pending is not None:
        one_hot(out, 1 if pending.role == THIEF else 2, 3)
        _seat(out, pending.chooser, me, n)
        _seat(out, pending.target, me, n)
        one_hot(out, pending.pen if pending.pen >= 0 else 2, 3)
    else:
        out += _NO_CHOICE_PENDING[n]
    if pending is not None and pending.role == THIEF and pending.chooser == me:
        out += map(float, s.hands[pending.target])  # the Thief looks at this hand
    else:
        out += hots(kinds)[kinds]


def _known_key(s: WypasState, me: int) -> object:
    # What `knowledge.known_to` reads: the public facts and mine (tuples, never changed
    # in place), per holder.
    return [(facts.get(knowledge.PUBLIC), facts.get(me)) for facts in s.known]


def _known(s: WypasState, me: int, out: list[float]) -> None:
    """What I know each seat holds (cards seen won, stolen or looked at)."""
    n = s.num_players
    kinds = len(s.edition.kinds)
    kind_hot = hots(kinds)
    out += kind_hot[kinds]  # my own hand is in "my hand"
    for i in range(1, n):
        known = knowledge.known_to(s, me, (me + i) % n)
        out += map(float, known) if known else kind_hot[kinds]


SECTIONS: tuple[Section[WypasState], ...] = (
    Section(_head, _head_key),
    Section(_mine, _mine_key),
    Section(_counts),  # a key would cost more than the sums
    Section(_discard, _discard_key),
    Section(_drawn, _drawn_key),
    Section(_lots, _lots_key),
    Section(_bids, _bids_key),
    Section(_laid, _laid_key),
    Section(_pens, _pens_key),
    Section(_tail, _tail_key),
    Section(_known, _known_key),
)
"""The observation in the layout's order; a section's key holds everything its slots
read (see `core.encode.IncrementalObservation`)."""


def observe(s: WypasState, me: int) -> list[float]:
    return observe_sections(SECTIONS, s, me)
