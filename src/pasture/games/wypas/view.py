"""What one seat may see of a Wypas state, and re-drawing what it may not.

`view` is the single place hidden information is filtered. Hidden from a seat: the
other hands, the deck, the baca's drawn cards and face-down lot (until it is won, then
also known to its winner), other seats' face-down bid cards until revealed, and other
seats' face-down discards. `determinize` pools every card in those places and deals
them back at random into the same places, so the seat's view is unchanged.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from pasture.core.game import JSON
from pasture.games.wypas import knowledge, pens, rules, specials
from pasture.games.wypas.auction import FACE_DOWN, declared_total, is_bluff_bid
from pasture.games.wypas.edition import BLACK_SHEEP, ROLE_NAMES, THIEF

if TYPE_CHECKING:
    from pasture.games.wypas.state import WypasState


def _cards(s: WypasState, counts: list[int]) -> dict[str, int]:
    kinds = s.edition.kinds
    return {kinds[k]: c for k, c in enumerate(counts) if c}


def _pen_json(s: WypasState, pen: pens.Pen) -> dict[str, JSON]:
    e = s.edition
    black = e.special[BLACK_SHEEP]
    mode = pen[2]
    out: dict[str, JSON] = {
        "cards": [
            {
                "card": e.kinds[k],
                "colour": e.colours[c],
                "value": 0 if k == black else v,
                "black": k == black,
                **({"stands_for": [e.colours[c], v]} if k == black else {}),
            }
            for k, c, v in pen[0]
        ],
        "wolf": bool(pen[1]),
        "row": pens.MODE_NAMES[mode],
    }
    if mode in (pens.SINGLE, pens.RUN):
        out["colour"] = e.colours[pen[3]]
    if mode != pens.ANY:
        out["value"] = pen[4]
    if mode == pens.SET:
        out["colours"] = [e.colours[c] for c in range(len(e.colours)) if pen[5] >> c & 1]
    return out


def view(s: WypasState, seat: int | None) -> dict[str, JSON]:
    me = seat if seat is not None and 0 <= seat < s.num_players else None
    public = s._public_view
    if public is None:
        public = s._public_view = _public(s)
    out = dict(public)
    out["seat"] = me
    if me is None:
        return out
    if any(lot[1] and (me == s.baca or me == lot[2]) for lot in s.lots) or any(
        c[2] == FACE_DOWN for c in s.laid[me]
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
    if s.pending is not None and s.pending[0] == THIEF and s.pending[1] == me:
        out["thief_sees"] = _cards(s, s.hands[s.pending[2]])  # private to the thief
    return out


def _lots(s: WypasState, me: int | None) -> list[dict[str, JSON]]:
    kinds = s.edition.kinds
    lots: list[dict[str, JSON]] = []
    for lot in s.lots:
        k, face_down, winner = lot
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
            "card": kinds[k] if hidden != FACE_DOWN or p == me else None,
            "value": value,
            "face_down": hidden != 0,
            "revealed": hidden == 2,
        }
        for k, value, hidden in s.laid[p]
    ]


def _public(s: WypasState) -> dict[str, JSON]:
    """Everything every seat sees (computed once per state, shared by the views)."""
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
        "discard_face_down": sum(sum(h) for h in s.hidden_discard),
        "hand_sizes": [sum(h) for h in s.hands],
        "pens": [[_pen_json(s, p) for p in seat_pens] for seat_pens in s.pens],
        "fleeces": s.fleeces[:],
        "fleece_points": [f[:] for f in s.fleece_points],
        "scores": s.scores[:],
        "finisher": s.finisher if s.finisher >= 0 else None,
        "final_go": s.final[:],
        "auction": {
            "drawn": sum(s.drawn),
            "lots": _lots(s, None),
            "lot": s.lot if s.lot >= 0 else None,
            "opener": s.opener if s.opener >= 0 else None,
            "bidder": s.bidder if s.phase == rules.BID else None,
            "high": s.high,
            "high_bidder": s.high_bidder if s.high_bidder >= 0 else None,
            "bluff_bid": is_bluff_bid(s),
            "checked": s.checked[:],
            "passed": [bool(x) for x in s.passed] if s.lot >= 0 else [],
            "bids": [_bids(s, p, None) for p in range(s.num_players)],
            "totals": [declared_total(s, p) for p in range(s.num_players)],
            "committed": s.committed[:],
            "tied": s.tied[:],
            "last": s.last_lot,
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
                "card": ROLE_NAMES[s.pending[0]],
                "seat": s.pending[1],
                "target": s.pending[2],
                "pen": s.pending[3] if s.pending[3] >= 0 else None,
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
    last = s.queue[-1][0]
    return [(last + i) % n for i in range(1, n)]


def determinize(s: WypasState, seat: int | None, rng: random.Random) -> WypasState:
    t = s.clone()
    if s.phase == rules.OVER:
        return t
    me = seat if seat is not None and 0 <= seat < s.num_players else None
    kinds = len(s.edition.kinds)
    knowledge.restrict(t, me)
    pool: list[int] = []
    # Every hidden place, as (pile, size); face-down single cards are handled below.
    piles: list[list[int]] = [t.deck]
    thief_victim = (
        t.pending[2]
        if t.pending is not None and t.pending[0] == THIEF and t.pending[1] == me
        else -1
    )
    kept: list[tuple[list[int], list[int]]] = []
    for p in range(t.num_players):
        if p != me and p != thief_victim:
            fixed = knowledge.known_to(t, me, p)
            if fixed:  # cards the seat knows are there stay; the rest is re-drawn
                hand = t.hands[p]
                hand[:] = [a - b for a, b in zip(hand, fixed, strict=True)]
                kept.append((hand, fixed))
            piles.append(t.hands[p])
        if p != me:
            piles.append(t.hidden_discard[p])
    if me != t.baca:
        piles.append(t.drawn)
    sizes = []
    zeros = [0] * kinds
    for pile in piles:
        sizes.append(sum(pile))
        pool += [k for k, c in enumerate(pile) if c for _ in range(c)]
        pile[:] = zeros
    lot_slots = [
        lot for lot in t.lots if lot[1] and lot[2] < 0 and me != t.baca
    ]  # the face-down lot, not yet auctioned
    for lot in lot_slots:
        pool.append(lot[0])
    laid_slots = [
        (p, i)
        for p in range(t.num_players)
        if p != me
        for i, c in enumerate(t.laid[p])
        if c[2] == FACE_DOWN
    ]
    for p, i in laid_slots:
        pool.append(t.laid[p][i][0])
    draws = [rng.random() for _ in pool]  # a uniform shuffle, cheaper than rng.shuffle
    pool = [k for _, k in sorted(zip(draws, pool, strict=True))]
    at = 0
    for pile, size in zip(piles, sizes, strict=True):
        for k in pool[at : at + size]:
            pile[k] += 1
        at += size
    for lot in lot_slots:
        lot[0] = pool[at]
        at += 1
    for p, i in laid_slots:
        _, value, hidden = t.laid[p][i]
        t.laid[p][i] = (pool[at], value, hidden)
        at += 1
    assert at == len(pool)
    for hand, fixed in kept:
        hand[:] = [a + b for a, b in zip(hand, fixed, strict=True)]
    return t
