"""What one seat may see of a Wypas state, and re-drawing what it may not.

`view` is the single place hidden information is filtered; `seat_view` is the part of
it in which a seat's view differs from a spectator's, `shared_view` the rest (the public
part, built once per state and shared by its views). Hidden from a seat: the
other hands, the deck, the baca's drawn cards and face-down lot (until it is won, then
also known to its winner), other seats' face-down bid cards until revealed, and other
seats' face-down discards. `determinize` pools every card in those places and deals
them back at random into the same places, so the seat's view is unchanged.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import compress
from math import floor
from operator import getitem
from typing import TYPE_CHECKING

from pasture.core.game import JSON
from pasture.games.wypas import knowledge, pens, rules, specials
from pasture.games.wypas.auction import (
    FACE_DOWN,
    FACE_UP,
    REVEALED,
    LaidCard,
    Lot,
    declared_total,
    is_bluff_bid,
)
from pasture.games.wypas.edition import BLACK_SHEEP, ROLE_NAMES, THIEF, Edition

if TYPE_CHECKING:
    from pasture.games.wypas.state import WypasState


def _cards(s: WypasState, counts: Sequence[int]) -> dict[str, int]:
    if counts.count(0) == len(counts):  # the commonest case of a seat's face-down discards
        return {}
    # strict=False: the two run alike by construction, and checking costs half the call
    return dict(zip(compress(s.edition.kinds, counts), filter(None, counts), strict=False))


MAX_PEN_VIEWS = 1 << 12
_pen_views: dict[int, tuple[pens.Pen, Edition, dict[str, JSON]]] = {}
"""Each pen's part of a view, by the pen (a `Pen` is never changed: a change makes a
new one, so a state and its copies share their pens until one changes). Kept by
identity, the pen kept alive with it; starts over when MAX_PEN_VIEWS are kept. Views
share these dicts, as they share their public part: nothing may change a view."""


def _pen_view(s: WypasState, pen: pens.Pen) -> dict[str, JSON]:
    e = s.edition
    kept = _pen_views.get(id(pen))
    if kept is not None and kept[0] is pen and kept[1] is e:
        return kept[2]
    out = _pen_json(e, pen)
    if len(_pen_views) >= MAX_PEN_VIEWS:
        _pen_views.clear()
    _pen_views[id(pen)] = (pen, e, out)
    return out


def _pen_json(e: Edition, pen: pens.Pen) -> dict[str, JSON]:
    black = e.special[BLACK_SHEEP]
    mode = pen.row
    out: dict[str, JSON] = {
        "cards": [
            {
                "card": e.kinds[card.kind],
                "colour": e.colours[card.colour],
                "value": 0 if card.kind == black else card.value,
                "black": card.kind == black,
                **(
                    {"stands_for": [e.colours[card.colour], card.value]}
                    if card.kind == black
                    else {}
                ),
            }
            for card in pen.cards
        ],
        "wolf": pen.wolf,
        "row": pens.MODE_NAMES[mode],
    }
    if mode in (pens.SINGLE, pens.RUN):
        out["colour"] = e.colours[pen.colour]
    if mode != pens.ANY:
        out["value"] = pen.value
    if mode == pens.SET:
        out["colours"] = [e.colours[c] for c in range(len(e.colours)) if pen.has_colour(c)]
    return out


SEAT_KEYS = (
    "seat",
    "auction",
    "hand",
    "my_face_down_discards",
    "drawn_cards",
    "thief_sees",
)
"""The keys of a view that `seat_view` gives for each seat: the server sends every seat
the spectator's view with these replaced, so the rest is built once per change."""

OFTEN_THE_SPECTATORS = ("auction",)
"""A seat with nothing face down in the auction has the spectator's very auction: the
server encodes it once for all of them."""


def _public_part(s: WypasState) -> dict[str, JSON]:
    public = s._public_view
    if public is None:
        public = s._public_view = _public(s)
    return public


def view(s: WypasState, seat: int | None) -> dict[str, JSON]:
    out = dict(_public_part(s))
    out.update(seat_view(s, seat))
    return out


_OWN_IN_PUBLIC = ("seat", "auction")
"""The keys of SEAT_KEYS that the public part (`_public`) has: the spectator's values."""


def shared_view(s: WypasState) -> dict[str, JSON]:
    """The keys of every view outside SEAT_KEYS: the same for every seat."""
    out = dict(_public_part(s))  # a copy and two deletions: cheaper than a comprehension
    for key in _OWN_IN_PUBLIC:
        del out[key]
    return out


def seat_view(s: WypasState, seat: int | None) -> dict[str, JSON]:
    """What of `view(s, seat)` is the seat's own: the keys of SEAT_KEYS it has."""
    me = seat if seat is not None and 0 <= seat < s.num_players else None
    public = _public_part(s)
    out: dict[str, JSON] = {"seat": me, "auction": public["auction"]}
    if me is None:
        return out
    a = s.auction
    if any(lot.face_down and (me == s.baca or me == lot.winner) for lot in a.lots) or any(
        c.face == FACE_DOWN for c in a.laid[me]
    ):
        auction = dict(public["auction"])
        auction["lots"] = _lots(s, me)
        bids = list(auction["bids"])
        bids[me] = _bids(s, me, me)
        auction["bids"] = bids
        out["auction"] = auction
    out["hand"] = _cards(s, s.hands[me])
    out["my_face_down_discards"] = _cards(s, s.hidden_discard[me])
    if me == s.baca and any(s.drawn):
        out["drawn_cards"] = _cards(s, s.drawn)
    pending = s.pending
    if pending is not None and pending.role == THIEF and pending.chooser == me:
        out["thief_sees"] = _cards(s, s.hands[pending.target])  # private to the thief
    return out


def _lots(s: WypasState, me: int | None) -> list[dict[str, JSON]]:
    kinds = s.edition.kinds
    lots: list[dict[str, JSON]] = []
    for lot in s.auction.lots:
        k, face_down, winner = lot.kind, lot.face_down, lot.winner
        visible = not face_down or me == s.baca or (winner >= 0 and me == winner)
        lots.append(
            {
                "card": kinds[k] if visible else None,
                "face_down": bool(face_down),
                "winner": winner if winner >= 0 else None,
            }
        )
    return lots


def _bids(s: WypasState, p: int, me: int | None) -> list[dict[str, JSON]]:
    kinds = s.edition.kinds
    return [
        {
            "card": kinds[c.kind] if c.face != FACE_DOWN or p == me else None,
            "value": c.value,
            "face_down": c.face != FACE_UP,
            "revealed": c.face == REVEALED,
        }
        for c in s.auction.laid[p]
    ]


def _public(s: WypasState) -> dict[str, JSON]:
    """Everything every seat sees (computed once per state, shared by the views)."""
    a = s.auction
    out: dict[str, JSON] = {
        "game": "wypas",
        "seat": None,
        "players": s.num_players,
        "options": {
            "bluff": s.bluff,
            "bleat_rule": s.bleat_rule,
            "max_turns": s.max_turns,
            "first_baca": s.first_baca,
        },
        "turn": s.turn,
        "baca": s.baca,
        "phase": s.phase,
        "to_act": _window_seats(s) if s.waiting and s.pending is None else list(s.actors()),
        "current": s.current if s.phase in (rules.REDYK, rules.SHEAR) else None,
        "deck": sum(s.deck),
        "discard": _cards(s, s.discard),
        "discard_face_down": sum(map(sum, s.hidden_discard)),
        "hand_sizes": list(map(sum, s.hands)),
        "pens": [[_pen_view(s, p) for p in seat_pens] for seat_pens in s.pens],
        "fleeces": s.fleeces[:],
        "fleece_points": [list(f) for f in s.fleece_points],
        "scores": s.scores[:],
        "finisher": s.finisher if s.finisher >= 0 else None,
        "final_go": s.final[:],
        "auction": {
            "drawn": sum(s.drawn),
            "lots": _lots(s, None),
            "lot": a.lot if a.lot >= 0 else None,
            "opener": a.opener if a.opener >= 0 else None,
            "bidder": a.bidder if s.phase == rules.BID else None,
            "high": a.high,
            "high_bidder": a.high_bidder if a.high_bidder >= 0 else None,
            "bluff_bid": is_bluff_bid(s),
            "checked": a.checked[:],
            "passed": a.passed[:] if a.lot >= 0 else [],
            "bids": [_bids(s, p, None) for p in range(s.num_players)],
            "totals": [declared_total(s, p) for p in range(s.num_players)],
            "committed": a.committed[:],
            "tied": a.tied[:],
            "last": a.last_lot,
        },
        "reaction": (
            {
                "queue": [specials.entry_json(q) for q in s.queue],
                "waiting": _window_seats(s) if s.waiting else [],
                "resolving": s.resolving >= 0,
            }
            if s.queue
            else None
        ),
        "pending": (
            {
                "card": ROLE_NAMES[s.pending.role],
                "seat": s.pending.chooser,
                "target": s.pending.target,
                "pen": s.pending.pen if s.pending.pen >= 0 else None,
            }
            if s.pending is not None
            else None
        ),
    }
    if s.phase == rules.OVER:
        out["result"] = s.result().to_json()
    return out


def _window_seats(s: WypasState) -> list[int]:
    """W-10a: every seat asked in the open window, answered or not (who has passed is not
    shown until the window closes)."""
    n = s.num_players
    last = s.queue[-1].seat
    return [(last + i) % n for i in range(1, n)]


def determinize(s: WypasState, seat: int | None, rng: random.Random) -> WypasState:
    t = s.clone()
    if s.phase == rules.OVER:
        return t
    me = seat if seat is not None and 0 <= seat < s.num_players else None
    pending = t.pending
    thief_victim = (
        pending.target
        if pending is not None and pending.role == THIEF and pending.chooser == me
        else -1
    )
    # Every hidden pile but the deck, and every face-down single card, is emptied into the
    # deck; as many cards are then drawn from it at random and dealt back into those
    # places: a uniform re-deal, in which only the cards dealt back are drawn.
    tables = t.tables
    kinds = tables.kinds
    deck = t.deck
    hands, held, reach, known = t.hands, t.held, t.reach, t.known
    number, bit = tables.number, tables.bit
    redrawn: list[tuple[int, int]] = []  # each seat whose hand is dealt back into, and how many
    for p in range(t.num_players):
        if p == me:  # its hand is not re-drawn, so what others know of it stays true
            continue
        facts = known[p]
        if facts:  # only what the seat may know of this hand is kept
            facts = known[p] = knowledge.as_known_to(facts, me)
        if not held[p] or p == thief_victim:  # an empty hand has nothing to deal back
            continue
        hand = hands[p]
        size = 0
        stays = knowledge.known_to(t, me, p) if facts else None
        if stays:  # cards the seat knows are there stay (with their facts); the rest go back
            hands[p] = stays
            kinds_held = sum_up = 0
            for k in compress(kinds, hand):
                kept = stays[k]
                if kept:
                    kinds_held |= bit[k]
                    sum_up += kept * number[k]
                back = hand[k] - kept
                deck[k] += back
                size += back
            held[p], reach[p] = kinds_held, sum_up
        else:
            hands[p] = [0] * len(deck)
            held[p] = reach[p] = 0
            for k in compress(kinds, hand):
                back = hand[k]
                deck[k] += back
                size += back
        if size:
            redrawn.append((p, size))
    piles: list[tuple[list[int], int]] = []  # each other place to deal back into, how many
    faced_down: list[tuple[int, list[int]]] = []
    if t.bluff:  # face-down discards come from face-down bids: the bluff rule only
        for p, discarded in enumerate(t.hidden_discard):
            if p != me and any(discarded):
                refill = list(discarded)
                faced_down.append((p, refill))
                piles.append((refill, _empty_into(refill, deck, kinds)))
    drawn = t.drawn
    if me != t.baca and drawn.count(0) != len(drawn):  # (`count` is cheaper than `any`)
        piles.append((drawn, _empty_into(drawn, deck, kinds)))
    lots, laid = t.auction.lots, t.auction.laid
    lot_slots = (  # the face-down lot (the first: `auction.hide_lot`), not yet auctioned
        [0] if lots and me != t.baca and lots[0].face_down and lots[0].winner < 0 else []
    )
    for i in lot_slots:
        deck[lots[i].kind] += 1
    single_cards = len(lot_slots)
    laid_seats = (  # face-down bids: the bluff rule only
        [p for p in range(t.num_players) if p != me and any(c.face == FACE_DOWN for c in laid[p])]
        if t.bluff
        else []
    )
    for p in laid_seats:
        for c in laid[p]:
            if c.face == FACE_DOWN:
                deck[c.kind] += 1
                single_cards += 1
    pool = bytearray().join(map(getitem, tables.runs, deck))  # each card: its kind
    draw = rng.random
    left = len(pool)
    # Each card dealt back is drawn uniformly from those left in the pool (the drawn one
    # is replaced by the last, and the pool shrinks by one); a hand's facts are kept as
    # its cards come (hand_facts.add, written out).
    for p, size in redrawn:
        hand = hands[p]
        kinds_held, sum_up = held[p], reach[p]
        for _ in range(size):
            j = floor(draw() * left)
            left -= 1
            k = pool[j]
            pool[j] = pool[left]
            hand[k] += 1
            deck[k] -= 1
            kinds_held |= bit[k]
            sum_up += number[k]
        held[p], reach[p] = kinds_held, sum_up
    for pile, size in piles:
        for _ in range(size):
            j = floor(draw() * left)
            left -= 1
            k = pool[j]
            pool[j] = pool[left]
            pile[k] += 1
            deck[k] -= 1
    singles: list[int] = []
    for _ in range(single_cards):
        j = floor(draw() * left)
        left -= 1
        k = pool[j]
        pool[j] = pool[left]
        singles.append(k)
        deck[k] -= 1
    at = 0
    for p, refill in faced_down:
        t.hidden_discard[p] = tuple(refill)
    for i in lot_slots:
        lots[i] = Lot(singles[at], lots[i].face_down, lots[i].winner)
        at += 1
    for p in laid_seats:
        cards = list(laid[p])
        for i, c in enumerate(cards):
            if c.face == FACE_DOWN:
                cards[i] = LaidCard(singles[at], c.value, c.face)
                at += 1
        laid[p] = tuple(cards)
    assert at == len(singles)
    t.deck_at = None  # worked out when the re-drawn state first deals, if it does
    return t


def _empty_into(pile: list[int], deck: list[int], kinds: tuple[int, ...]) -> int:
    """Move every card of `pile` into `deck`; return how many there were."""
    size = 0
    for k in compress(kinds, pile):
        c = pile[k]
        deck[k] += c
        pile[k] = 0
        size += c
    return size
