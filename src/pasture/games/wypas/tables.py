"""Per-edition tables the hot paths read instead of rebuilding: every action a kind of
card can be part of, made once, and every deal outcome by deck size.

Actions and chance outcomes are immutable values, so one shared object serves every
state; listing legal actions then allocates nothing but the list. A state holds its
edition's `Tables` (`s.tables`), made once per edition.
"""

from __future__ import annotations

from functools import cache
from itertools import compress, product
from math import prod
from operator import add, getitem
from struct import Struct
from typing import TYPE_CHECKING, Final

from pasture.core.game import ChanceOutcome
from pasture.games.wypas import events
from pasture.games.wypas.actions import Deal, HideLot, Lay, Place, Steal
from pasture.games.wypas.edition import (
    BLACK_SHEEP,
    DOLLY,
    SHEEP,
    SHEEPDOG,
    SUPER,
    THIEF,
    WOLF,
    Edition,
)

if TYPE_CHECKING:
    from pasture.games.wypas.auction import LayPlan

DealRow = tuple["ChanceOutcome | None", ...]
"""Every deal outcome for one deck size: `row[k * width + c]` is "the next card is of
kind k", c of the deck's cards being k (None at c = 0)."""

PENS: Final = 2
MAX_SEATS: Final = 6
"""The most seats at a table (the game's `max_players`)."""


class Tables:
    """What an edition's hot paths look up (kinds are indexes into the edition's tuples)."""

    __slots__ = (
        "kinds",
        "bit",
        "deal",
        "deal_kind",
        "dealt",
        "hide",
        "steal",
        "lay_up",
        "lay_down",
        "lay_up_actions",
        "lay_ids",
        "lay_plans",
        "number",
        "least_gap",
        "full_lead",
        "lay_within",
        "sheep_bits",
        "special_bits",
        "top",
        "places",
        "place",
        "value_width",
        "fits",
        "thief",
        "dog",
        "black",
        "wolf",
        "most",
        "width",
        "kind_base",
        "by_total",
        "runs",
        "kind_runs",
        "quads",
        "quad_keys",
    )

    def __init__(self, e: Edition) -> None:
        self.kinds = tuple(range(len(e.kinds)))
        """Every kind's index, as a tuple: `compress(kinds, counts)` walks it faster than a
        range (no int made per kind)."""
        self.bit = tuple(1 << k for k in self.kinds)
        """Kind -> its bit in a set of kinds (`WypasState.held`)."""
        self.deal = tuple(Deal(kind) for kind in e.kinds)
        self.deal_kind = {id(action): k for k, action in enumerate(self.deal)}
        """id(deal) -> its kind, for the deal objects above (kept alive here, so an id
        found is that very object): the commonest step skips the generic check."""
        self.dealt = tuple(
            tuple(events.dealt(to, kind) for kind in e.kinds) for to in range(MAX_SEATS)
        )
        """`dealt[seat][kind]`: the event of that card dealt to that seat."""
        self.hide = tuple(HideLot(kind) for kind in e.kinds)
        self.steal = tuple(Steal(kind) for kind in e.kinds)
        up: list[tuple[tuple[int, Lay], ...]] = []
        for k, kind in enumerate(e.kinds):
            role = e.roles[k]
            if role == SHEEP:
                up.append(((e.value[k], Lay(kind, e.value[k])),))
            elif role in (DOLLY, SUPER):  # W-4: its value is declared when laid
                up.append(tuple((v, Lay(kind, v)) for v in e.dolly_values))
            else:
                up.append(())
        self.lay_up = tuple(up)
        """Kind -> the (value, action) ways to lay it face up, lowest value first."""
        self.lay_up_actions = tuple(tuple(action for _, action in ways) for ways in up)
        self.lay_down = tuple(
            tuple((v, Lay(kind, v, True)) for v in e.declare_values) for kind in e.kinds
        )
        """Kind -> the (value, action) ways to lay it face down (W-6)."""
        self.lay_ids = frozenset(
            id(action) for ways in (*self.lay_up, *self.lay_down) for _, action in ways
        )
        """The ids of the Lay actions above (kept alive here)."""
        self.lay_plans: dict[int, LayPlan] = {}
        """id(action) × MAX_SEATS + seat -> what that seat laying that action does
        (`auction.lay`), for the actions above, made when first laid."""
        top = e.dolly_values[-1]
        self.number = tuple(
            e.value[k] if role == SHEEP else top if role in (DOLLY, SUPER) else 0
            for k, role in enumerate(e.roles)
        )
        """Kind -> the most it adds to a bid face up (0: a special card)."""
        self.least_gap = min(
            (ways[0][0] - self.number[k] for k, ways in enumerate(up) if ways), default=0
        )
        """The least, over kinds, of a kind's lowest face-up value less its most: a bid
        below a hand's face-up sum by more than this leaves every way of laying open."""
        self.full_lead = (
            max((self.number[k] - ways[0][0] for k, ways in enumerate(up) if ways), default=0) + 1
        )
        """The least lead of a hand's face-up sum over the bid that leaves every way of
        laying every card open."""
        self.lay_within = tuple(
            tuple(
                tuple(action for v, action in ways if v > self.number[k] - lead)
                for k, ways in enumerate(up)
            )
            for lead in range(self.full_lead + 1)
        )
        """`lay_within[lead][k]`: the ways to lay kind k face up that keep a raise within
        reach (the value beats the card's most less `lead`), by the lead of the hand's
        face-up sum over what the bid still needs, from 0 to `full_lead`."""
        self.top = top
        self.place: dict[tuple[int, int, int, int], Place] = {}
        """(kind, pen, colour, value) -> the Place action."""
        places: list[tuple[tuple[Place, ...], ...]] = []
        for k, kind in enumerate(e.kinds):
            role = e.roles[k]
            if role == SHEEP:
                shapes = [(e.colour[k], e.value[k])]
            elif role == DOLLY:
                shapes = [(e.colour[k], v) for v in e.dolly_values]
            elif role == SUPER:
                shapes = [(c, v) for c in range(len(e.colours)) for v in e.dolly_values]
            else:
                shapes = []
            by_pen: list[tuple[Place, ...]] = []
            for p in range(PENS):
                row: list[Place] = []
                for c, v in shapes:
                    action = self.place[k, p, c, v] = Place(kind, p, e.colours[c], v)
                    row.append(action)
                by_pen.append(tuple(row))
            places.append(tuple(by_pen))
        self.places = tuple(places)
        """Kind -> pen -> every Place into an empty pen, in the order Redyk lists them."""
        self.value_width = max((*e.value, *e.dolly_values)) + 2
        """Values a row may want, 0 to the top value + 1 (a run's next, past the top)."""
        self.fits = tuple(
            _fits(e, self.place, p, c, v)
            for p in range(PENS)
            for c in range(len(e.colours))
            for v in range(self.value_width)
        )
        """`fits[(pen × colours + colour) × value_width + value]`: the (kind, Place) of each
        card that may go into that pen as that colour and value, in the order Redyk lists
        them: the numbered sheep, the colour's Dolly, the Super Dolly."""
        self.sheep_bits = sum(1 << k for k, ways in enumerate(self.places) if ways[0])
        """The kinds that go into a pen (numbered sheep, Dollies), as a bit set."""
        self.thief = e.special[THIEF]
        self.dog = e.special[SHEEPDOG]
        self.black = e.special[BLACK_SHEEP]
        self.wolf = e.special[WOLF]
        self.special_bits = sum(1 << k for k in (self.thief, self.dog, self.black, self.wolf))
        self.most = max(e.counts)
        self.width = self.most + 1
        """Positions per kind in a `DealRow` (a count from 0 to the most copies of a kind)."""
        self.kind_base = tuple(k * self.width for k in self.kinds)
        """Kind -> where its outcomes start in a `DealRow`."""
        self.by_total: list[DealRow | None] = [None] * (e.size + 1)
        """Deck size -> its `DealRow` (built on first use)."""
        self.runs = tuple(
            tuple(bytes([k]) * c for c in range(count + 1)) for k, count in enumerate(e.counts)
        )
        """`runs[k][c]`: c cards of kind k spelled out as bytes (each byte a kind), for
        pooling a pile's cards by joining them."""
        self.kind_runs = tuple(
            tuple((k,) * c for c in range(count + 1)) for k, count in enumerate(e.counts)
        )
        """`kind_runs[k][c]`: c cards of kind k, as a tuple of c k's (`runs` as numbers)."""
        groups = pool_groups(e.counts)
        self.quads = tuple(
            {
                int.from_bytes(bytes(counts), "little"): b"".join(map(getitem, runs, counts))
                for counts in product(*(range(c + 1) for c in e.counts[start:end]))
            }
            for start, end in groups
            for runs in [self.runs[start:end]]
        )
        """Per group of up to four neighbouring kinds (`pool_groups`): their counts, read
        as one little-endian number -> their cards spelled out as bytes (`runs` joined).
        A deck's cards are then one join of a piece per group (`redraw.determinize`)."""
        self.quad_keys = Struct(
            "<" + "".join(KEY_CODES[end - start] for start, end in groups)
        ).unpack
        """`bytes(counts)` -> each group's key in `quads`, in one C call."""

    def deals(self, total: int) -> DealRow:
        """The `DealRow` of a deck of `total` cards."""
        row = self.by_total[total]
        if row is None:
            row = self.by_total[total] = tuple(
                ChanceOutcome(action, c / total) if c else None
                for action in self.deal
                for c in range(self.width)
            )
        return row

    def deck_at(self, deck: list[int]) -> list[int]:
        """The `DealRow` positions of a deck's outcomes: kind × width + count, for each
        kind it holds, in kind order (`WypasState.deck_at`)."""
        return list(compress(map(add, self.kind_base, deck), deck))


def _fits(
    e: Edition, place: dict[tuple[int, int, int, int], Place], pen: int, colour: int, value: int
) -> tuple[tuple[int, Place], ...]:
    """The cards that may go into `pen` as `colour` and `value` (`Tables.fits`)."""
    kinds = [e.numbered.get((colour, value), -1)]
    if value in e.dolly_values:
        kinds += [e.dolly_of[colour], e.super_dolly]
    return tuple((k, place[k, pen, colour, value]) for k in kinds if k >= 0)


KEY_CODES: Final = {1: "B", 2: "H", 4: "I"}
"""A group of kinds' counts (one byte each) read as an unsigned little-endian number."""
MAX_GROUP_KEYS: Final = 4096
"""The most make-ups a group of kinds in `Tables.quads` may have."""


def pool_groups(counts: tuple[int, ...]) -> list[tuple[int, int]]:
    """The kinds cut into runs of 4, 2 or 1 neighbours (the sizes a struct reads as one
    number), each with at most MAX_GROUP_KEYS make-ups: (start, end) of each."""
    groups: list[tuple[int, int]] = []
    start = 0
    while start < len(counts):
        for size in (4, 2, 1):
            end = start + size
            if end <= len(counts) and (
                size == 1 or prod(c + 1 for c in counts[start:end]) <= MAX_GROUP_KEYS
            ):
                break
        groups.append((start, end))
        start = end
    return groups


@cache
def for_edition(e: Edition) -> Tables:
    return Tables(e)
