"""What one seat may see of a Wypas state, and re-drawing what it may not.

`view` is the single place hidden information is filtered; `seat_view` is the part of
it in which a seat's view differs from a spectator's, `shared_view` the rest (the public
part, built once per state and shared by its views). Hidden from a seat: the
other hands, the deck, the baca's drawn cards and face-down lot (until it is won, then
also known to its winner), other seats' face-down bid cards until revealed, and other
seats' face-down discards. `determinize` (redraw.py) pools every card in those places
and deals them back at random into the same places, so the seat's view is unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import TYPE_CHECKING, Final

from pasture.core.game import JSON
from pasture.games.wypas import pens, rules, specials
from pasture.games.wypas.auction import (
    FACE_DOWN,
    FACE_UP,
    REVEALED,
    declared_total,
    is_bluff_bid,
)
from pasture.games.wypas.edition import BLACK_SHEEP, ROLE_NAMES, THIEF, Edition
from pasture.games.wypas.redraw import determinize as determinize  # the views' re-draw

if TYPE_CHECKING:
    from pasture.games.wypas.state import WypasState


def _cards(s: WypasState, counts: Sequence[int]) -> dict[str, int]:
    if counts.count(0) == len(counts):  # the commonest case of a seat's face-down discards
        return {}
    # strict=False: the two run alike by construction, and checking costs half the call
    return dict(zip(compress(s.edition.kinds, counts), filter(None, counts)))  # noqa: B905 (compiled)


MAX_PEN_VIEWS: Final = 1 << 12
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


SEAT_KEYS: Final = (
    "seat",
    "auction",
    "hand",
    "my_face_down_discards",
    "drawn_cards",
    "thief_sees",
)
"""The keys of a view that `seat_view` gives for each seat: the server sends every seat
the spectator's view with these replaced, so the rest is built once per change."""

OFTEN_THE_SPECTATORS: Final = ("auction",)
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


_OWN_IN_PUBLIC: Final = ("seat", "auction")
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
