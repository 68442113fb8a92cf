"""The auction (W-3 to W-6): lots, openers, raises one card at a time, passes, the bluff.

A raise is built by laying cards one at a time (`lay`) and closed with `done`; the
total of everything a seat has laid on the lot is its bid (W-3). A seat whose raise can
no longer be completed (a Thief took a card it counted on) may still pass: the cards
it laid stay on the lot and are discarded with the others.
"""

from __future__ import annotations

from enum import IntEnum
from functools import cache
from itertools import compress
from typing import TYPE_CHECKING, Final

from pasture.core.game import JSON, Action, Event, Record
from pasture.games.wypas import events, hand_facts, knowledge, rules
from pasture.games.wypas.actions import HideLot, Lay, NameLot, TieBreak
from pasture.games.wypas.edition import DOLLY, SHEEP, SUPER, Edition
from pasture.games.wypas.tables import MAX_SEATS

if TYPE_CHECKING:
    from pasture.games.wypas.state import WypasState


class Face(IntEnum):
    """How a card laid on a lot lies: face up, face down (W-6), or face down and since
    revealed at a showdown."""

    UP = 0
    DOWN = 1
    REVEALED = 2


FACE_UP: Final = Face.UP
FACE_DOWN: Final = Face.DOWN
REVEALED: Final = Face.REVEALED


class LaidCard(Record):
    """A card laid on the lot: its kind, the value it was declared as, how it lies."""

    _names = ("kind", "value", "face")
    __slots__ = _names

    def __init__(self, kind: int, value: int, face: Face) -> None:
        self.kind: Final = kind
        self.value: Final = value
        self.face: Final = face

    def _fields(self) -> tuple[int, int, Face]:
        return (self.kind, self.value, self.face)


class Lot(Record):
    """A card put up for auction this turn; `winner` is -1 until it is won."""

    _names = ("kind", "face_down", "winner")
    __slots__ = _names

    def __init__(self, kind: int, face_down: bool, winner: int = -1) -> None:
        self.kind: Final = kind
        self.face_down: Final = face_down
        self.winner: Final = winner

    def _fields(self) -> tuple[int, bool, int]:
        return (self.kind, self.face_down, self.winner)

    def to_json(self) -> list[int]:
        return [self.kind, 1 if self.face_down else 0, self.winner]


class Auction:
    """The turn's lots and the bidding on the lot being auctioned (W-3 to W-6)."""

    __slots__ = (
        "lots",
        "opener",
        "lot",
        "bidder",
        "laid",
        "committed",
        "passed",
        "high",
        "high_bidder",
        "checked",
        "tied",
        "last_lot",
    )

    def __new__(cls, *args: object) -> Auction:
        """Lets `copy` make one without `__init__` in the compiled build too (mypyc)."""
        return super().__new__(cls)

    def __init__(self, players: int) -> None:
        self.lots: list[Lot] = []
        self.opener = -1
        """Who names the next lot (-1: none yet this turn)."""
        self.lot = -1
        """The lot being auctioned (an index into `lots`), -1 between auctions."""
        self.bidder = -1
        self.laid: list[tuple[LaidCard, ...]] = [()] * players
        """Each seat's cards on the lot; a tuple, replaced on change, so copies share it."""
        self.committed: list[int] = [0] * players
        """How many of each seat's laid cards belong to finished raises or checks."""
        self.passed: list[bool] = [False] * players
        self.high = 0
        self.high_bidder = -1
        self.checked: list[int] = []
        """Seats that checked the bluff bid (W-6), in order (replaced on change, never
        changed in place, so copies share it; so is `tied`)."""
        self.tied: list[int] = []
        """Checkers tied at a showdown, for the baca to choose among."""
        self.last_lot: dict[str, JSON] | None = None
        """How the last lot was won (public)."""

    def copy(self) -> Auction:
        new = Auction.__new__(Auction)
        new.lots = self.lots[:]  # lots and laid cards are immutable values
        new.opener = self.opener
        new.lot = self.lot
        new.bidder = self.bidder
        new.laid = self.laid[:]
        new.committed = self.committed[:]
        new.passed = self.passed[:]
        new.high = self.high
        new.high_bidder = self.high_bidder
        new.checked = self.checked  # replaced on change, never changed in place
        new.tied = self.tied
        new.last_lot = self.last_lot
        return new

    def new_lot(self, players: int) -> None:
        """Clear the bidding for the next lot."""
        self.laid = [()] * players
        self.committed = [0] * players
        self.passed = [False] * players
        self.high = 0
        self.high_bidder = -1
        self.checked = []
        self.tied = []


@cache
def lay_action(card: str, value: int, hidden: bool) -> Lay:
    return Lay(card, value, hidden)


@cache
def name_action(lot: int) -> NameLot:
    return NameLot(lot)


@cache
def hide_action(card: str) -> HideLot:
    return HideLot(card)


@cache
def tie_action(seat: int) -> TieBreak:
    return TieBreak(seat)


def lots_per_turn(players: int) -> int:
    return 2 if players == 3 else 3


def start(s: WypasState, ev: list[Event]) -> None:
    """A new turn: the baca draws the lots (W-2: fewer if the cards run out)."""
    a = s.auction
    a.lots = []
    a.lot = -1
    a.last_lot = None
    s.phase = rules.DEAL
    s.after = "lots"
    s.deal_queue = [rules.LOT_AREA] * lots_per_turn(s.num_players)
    ev.append(Event("turn", {"turn": s.turn, "baca": s.baca}))
    rules._settle(s, ev)


def lots_drawn(s: WypasState, ev: list[Event]) -> None:
    if not any(s.drawn):  # W-2: no cards at all, no auction
        ev.append(Event("no_auction", {"baca": s.baca}))
        rules.start_redyk(s, ev)
        return
    s.phase = rules.HIDE


def hide_lot(s: WypasState, card: str, ev: list[Event]) -> None:
    """The baca lays the chosen card face down and the others face up."""
    e = s.edition
    k = e.position[card]
    a = s.auction
    drawn = s.drawn
    drawn[k] = drawn[k] - 1
    lots = [Lot(k, True)]
    for j in compress(range(len(drawn)), drawn):
        lots += [Lot(j, False)] * drawn[j]  # lots are values: copies may share one
        drawn[j] = 0
    a.lots = lots
    a.opener = (s.baca + 1) % s.num_players
    s.phase = rules.NAME
    shown = [None if lot.face_down else e.kinds[lot.kind] for lot in a.lots]
    ev.append(Event("lots", {"lots": shown}, {"face_down": card}, (s.baca,)))


def name_lot(s: WypasState, lot: int, ev: list[Event]) -> None:
    a = s.auction
    a.lot = lot
    a.new_lot(s.num_players)
    a.bidder = a.opener
    s.phase = rules.BID
    ev.append(events.auction(lot, a.opener))


# --- bidding ----------------------------------------------------------------------------------


def true_value(e: Edition, card: LaidCard) -> int:
    """W-6: a face-down card is worth its printed value, a Dolly's declared value, else 0."""
    k, declared = card.kind, card.value
    if card.face == FACE_UP:
        return declared
    role = e.roles[k]
    if role == SHEEP:
        return e.value[k]
    return declared if role in (DOLLY, SUPER) else 0


def declared_total(s: WypasState, seat: int) -> int:
    return sum(c.value for c in s.auction.laid[seat])


def is_bluff_bid(s: WypasState) -> bool:
    """The highest bid contains a face-down card."""
    hb = s.auction.high_bidder
    return hb >= 0 and any(c.face != FACE_UP for c in s.auction.laid[hb])


def _exact_sums(e: Edition, hand: list[int], face_down: bool) -> int:
    """Bit mask of the totals a hand can still add exactly (one face-down card allowed)."""
    mask = 1
    dolly_shift = e.dolly_values
    for k, c in enumerate(hand):
        if not c:
            continue
        role = e.roles[k]
        for _ in range(c):
            if role == SHEEP:
                mask |= mask << e.value[k]
            elif role in (DOLLY, SUPER):
                mask = mask | _shifts(mask, dolly_shift)
    if face_down and any(hand):
        mask |= _shifts(mask, e.declare_values)
    return mask


def _shifts(mask: int, values: tuple[int, ...]) -> int:
    out = 0
    for v in values:
        out |= mask << v
    return out


def bid_actions(s: WypasState, seat: int) -> list[Action]:
    """Pass; `done` when the cards laid make a raise (or a check of a bluff bid); and every
    card that can be laid with the raise or check still within reach."""
    if s.bluff:
        return _bluff_bid_actions(s, seat)
    # Without the bluff rule every card is laid face up, and what the hand could still
    # add is its face-up sum at Dollies' top value: a card's way of laying keeps the
    # raise within reach when its value beats its most by less than that sum's lead
    # over the bid (`Tables.lay_within`).
    a = s.auction
    laid = a.laid[seat]
    total = 0
    for card in laid:
        total += card.value
    high = a.high
    out: list[Action] = (
        [rules.PASS, rules.DONE] if total > high and len(laid) > a.committed[seat] else [rules.PASS]
    )
    lead = s.reach[seat] + total - high
    if lead > 0:  # W-3: else no card laid can reach a raise
        t = s.tables
        ways = t.lay_within[lead if lead < t.full_lead else t.full_lead]
        held = s.held[seat]
        while held:  # each kind held, lowest first
            low = held & -held
            out += ways[low.bit_length() - 1]
            held ^= low
    return out


def _bluff_bid_actions(s: WypasState, seat: int) -> list[Action]:
    """`bid_actions` with the bluff rule: one face-down card allowed, bluff bids checked."""
    e = s.edition
    t = s.tables
    a = s.auction
    out: list[Action] = [rules.PASS]
    laid = a.laid[seat]
    total = 0
    face_down = s.bluff
    for card in laid:
        total += card.value
        if card.face != FACE_UP:
            face_down = False
    high = a.high
    checkable = s.bluff and is_bluff_bid(s)
    if len(laid) > a.committed[seat] and (total > high or (checkable and total == high)):
        out.append(rules.DONE)
    hand = s.hands[seat]
    held = list(compress(t.kinds, hand))
    # What the hand could still add (Dollies at their top value, a face-down card at the
    # best declared value), kept as totals so that the same with one card taken out costs
    # a few subtractions: the face-up sum at Dollies' top value, how many cards count
    # nothing face up, and the lowest face-up values.
    number = t.number
    best_fd = e.declare_values[-1]
    whole = 0
    others = 0
    values: list[int] = []
    for k in held:
        c = hand[k]
        v = number[k]
        if v:
            whole += c * v
            if face_down:
                values += [v] * c
        else:
            others += c
    lay_up, lay_down, lay_up_actions = t.lay_up, t.lay_down, t.lay_up_actions
    if not (face_down or checkable) and high - total - whole < t.least_gap:
        # W-3 (below): with the hand's face-up sum this far above the bid, every way of
        # laying every card keeps the raise within reach (the common case).
        for k in held:
            out += lay_up_actions[k]
        return out
    lowest = second = best_fd  # the lowest face-up values (needed with a face-down card)
    if values:
        values.sort()
        lowest = min(values[0], best_fd)
        if len(values) > 1:
            second = min(values[1], best_fd)
    for k in held:
        v = number[k]
        rest = whole - v  # the hand's face-up sum without this card
        up = lay_up[k]
        if up:  # a sheep or a Dolly (v > 0)
            more = rest
            if face_down:  # a face-down card may still follow
                if others:
                    more += best_fd
                elif rest:
                    more += best_fd - (second if v == values[0] else lowest)
            # W-3: the raise stays within reach when value + more > high - total.
            need = high - total - more
            if need < up[0][0] and not checkable:
                out += lay_up_actions[k]  # every way of laying it (the common case)
            else:
                _reachable(s, out, up, need, checkable, hand, k, face_down, total)
        if face_down:
            _reachable(s, out, lay_down[k], high - total - rest, checkable, hand, k, False, total)
    return out


def _reachable(
    s: WypasState,
    out: list[Action],
    ways: tuple[tuple[int, Lay], ...],
    need: int,
    checkable: bool,
    hand: list[int],
    k: int,
    face_down: bool,
    total: int,
) -> None:
    """Add to `out` each way of laying kind k whose value beats `need`, or (a bluff bid to
    check) that the rest of the hand can still bring exactly to the bid."""
    if need < ways[0][0] and not checkable:
        out += [action for _, action in ways]
        return
    high = s.auction.high
    for value, action in ways:
        if value > need:
            out.append(action)
        elif checkable:
            hand[k] = hand[k] - 1
            exact = _exact_sums(s.edition, hand, face_down)
            hand[k] = hand[k] + 1
            if exact >> (high - total - value) & 1:
                out.append(action)


def lay(s: WypasState, seat: int, action: Lay, ev: list[Event]) -> None:
    plan = _lay_plan(s, seat, action)
    k = plan.kind
    hand = s.hands[seat]  # hand_facts.remove, written out: a fifth of a game's steps
    hand[k] = hand[k] - 1
    if not hand[k]:
        s.held[seat] = s.held[seat] ^ (1 << k)
    s.reach[seat] = s.reach[seat] - s.tables.number[k]
    if s.known[seat]:  # facts about this hand to update
        knowledge.lose(s, seat, k, (seat,) if plan.hidden else None)
    laid = s.auction.laid
    laid[seat] = (*laid[seat], plan.laid)
    ev.append(plan.event)


class LayPlan(Record):
    """What laying a card does for one seat: the card's kind, whether it lies face down,
    the card on the lot and the event. One per action of the tables' (`Tables.lay_plans`)
    and seat, made when first laid."""

    _names = ("action", "kind", "hidden", "laid", "event")
    __slots__ = _names

    def __init__(self, action: Lay, kind: int, hidden: bool, laid: LaidCard, event: Event) -> None:
        self.action: Final = action
        self.kind: Final = kind
        self.hidden: Final = hidden
        self.laid: Final = laid
        self.event: Final = event

    def _fields(self) -> tuple[Lay, int, bool, LaidCard, Event]:
        return (self.action, self.kind, self.hidden, self.laid, self.event)


def _lay_plan(s: WypasState, seat: int, action: Lay) -> LayPlan:
    """The plan of `action` for `seat`: kept for the tables' own actions (alive as long as
    the tables, so an id found is that very action), made afresh for an equal one made
    elsewhere. (Compiled, the action's fields are generic reads: read once a plan.)"""
    t = s.tables
    key = id(action) * MAX_SEATS + seat
    plan = t.lay_plans.get(key)
    if plan is not None and plan.action is action:
        return plan
    card, value, hidden = action.card, action.value, action.hidden
    k = s.edition.position[card]
    laid = _laid_card(k, value, FACE_DOWN if hidden else FACE_UP)
    plan = LayPlan(action, k, hidden, laid, events.laid(seat, card, value, hidden))
    if id(action) in t.lay_ids:
        t.lay_plans[key] = plan
    return plan


@cache
def _laid_card(kind: int, value: int, face: Face) -> LaidCard:
    return LaidCard(kind, value, face)  # a value: one object serves every lot and state


def done(s: WypasState, seat: int, ev: list[Event]) -> None:
    a = s.auction
    total = declared_total(s, seat)
    a.committed[seat] = len(a.laid[seat])
    if total > a.high:
        a.high = total
        a.high_bidder = seat
        a.checked = []
        ev.append(events.bid("raised", seat, total))
    else:  # a check: the declared total equals the bluff bid
        a.checked = [*a.checked, seat]  # replaced, not changed in place: copies share it
        ev.append(events.bid("checked", seat, total))
    _advance(s, seat, ev)


def pass_lot(s: WypasState, seat: int, ev: list[Event]) -> None:
    a = s.auction
    a.passed[seat] = True
    a.committed[seat] = len(a.laid[seat])
    if seat in a.checked:
        checked = a.checked = a.checked[:]
        checked.remove(seat)
    ev.append(events.of_seat("passed", seat))
    _advance(s, seat, ev)


def _advance(s: WypasState, seat: int, ev: list[Event]) -> None:
    """W-5: clockwise, skipping those who passed, until the turn would come back to the
    highest bidder; if all passed and nobody bid, the baca takes the lot."""
    n = s.num_players
    a = s.auction
    q = seat
    for _ in range(n):
        q = (q + 1) % n
        if q == a.high_bidder:
            if a.checked:
                _showdown(s, ev)
            else:
                award(s, q, ev)
            return
        if not a.passed[q]:
            a.bidder = q
            return
    award(s, s.baca, ev)


def _showdown(s: WypasState, ev: list[Event]) -> None:
    """Every other seat still in has checked the bluff bid: all face-down cards on the lot
    are revealed and the highest true total wins. The bluffer wins a tie with a checker;
    a tie among checkers only is the baca's decision."""
    e = s.edition
    a = s.auction
    revealed: dict[str, list[str]] = {}
    for seat, cards in enumerate(a.laid):
        if any(card.face == FACE_DOWN for card in cards):
            for card in cards:
                if card.face == FACE_DOWN:
                    revealed.setdefault(str(seat), []).append(e.kinds[card.kind])
            a.laid[seat] = tuple(
                LaidCard(c.kind, c.value, REVEALED) if c.face == FACE_DOWN else c for c in cards
            )
    contenders = [a.high_bidder, *a.checked]
    totals = {seat: sum(true_value(e, c) for c in a.laid[seat]) for seat in contenders}
    best = max(totals.values())
    ev.append(
        Event(
            "showdown",
            {"revealed": revealed, "totals": {str(k): v for k, v in totals.items()}},
        )
    )
    if totals[a.high_bidder] == best:
        award(s, a.high_bidder, ev)
        return
    tied = [seat for seat in a.checked if totals[seat] == best]
    if len(tied) == 1:
        award(s, tied[0], ev)
        return
    a.tied = sorted(tied)
    s.phase = rules.TIE
    ev.append(Event("tie", {"seats": a.tied, "baca": s.baca}))


def tie_break(s: WypasState, seat: int, ev: list[Event]) -> None:
    ev.append(Event("tie_broken", {"baca": s.baca, "seat": seat}))
    award(s, seat, ev)


def award(s: WypasState, winner: int, ev: list[Event]) -> None:
    """The winner takes the lot; every card laid on it goes to the discard pile (face-down
    ones that were never revealed stay private to their owner)."""
    e = s.edition
    a = s.auction
    won = a.lots[a.lot]
    lot = a.lots[a.lot] = Lot(won.kind, won.face_down, winner)
    hand_facts.add(s, winner, lot.kind)
    knowledge.gain(s, winner, lot.kind, (s.baca, winner) if lot.face_down else None)
    for seat, cards in enumerate(a.laid):
        for card in cards:
            if card.face == FACE_DOWN:
                h = list(s.hidden_discard[seat])
                h[card.kind] = h[card.kind] + 1
                s.hidden_discard[seat] = tuple(h)
            else:
                s.discard[card.kind] = s.discard[card.kind] + 1
    took = "baca" if a.high_bidder < 0 else "bid"
    card_name = None if lot.face_down else e.kinds[lot.kind]
    a.last_lot = {"lot": a.lot, "card": card_name, "winner": winner, "bid": a.high, "how": took}
    to = (s.baca, winner) if lot.face_down else ()
    ev.append(
        Event(
            "lot_won",
            {"lot": a.lot, "card": card_name, "winner": winner, "bid": a.high, "how": took},
            {"card": e.kinds[lot.kind]} if lot.face_down else None,
            to,
        )
    )
    a.new_lot(s.num_players)
    a.bidder = -1
    a.lot = -1
    if any(other.winner < 0 for other in a.lots):
        a.opener = (a.opener + 1) % s.num_players  # the next opener: left of the last
        s.phase = rules.NAME
    else:
        rules.start_redyk(s, ev)
