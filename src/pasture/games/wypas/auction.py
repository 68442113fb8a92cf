"""The auction (W-3 to W-6): lots, openers, raises one card at a time, passes, the bluff.

A raise is built by laying cards one at a time (`lay`) and closed with `done`; the
total of everything a seat has laid on the lot is its bid (W-3). A seat whose raise can
no longer be completed (a Thief took a card it counted on) may still pass: the cards
it laid stay on the lot and are discarded with the others.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from pasture.core.game import Action, Event
from pasture.games.wypas import knowledge, rules
from pasture.games.wypas.actions import HideLot, Lay, NameLot, TieBreak
from pasture.games.wypas.edition import DOLLY, SHEEP, SUPER, Edition

if TYPE_CHECKING:
    from pasture.games.wypas.state import WypasState

FACE_UP, FACE_DOWN, REVEALED = 0, 1, 2


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
    s.lots = []
    s.lot = -1
    s.last_lot = None
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
    s.drawn[k] -= 1
    s.lots = [[k, 1, -1]]
    for j, c in enumerate(s.drawn):
        s.lots += [[j, 0, -1] for _ in range(c)]
        s.drawn[j] = 0
    s.opener = (s.baca + 1) % s.num_players
    s.phase = rules.NAME
    shown = [None if lot[1] else e.kinds[lot[0]] for lot in s.lots]
    ev.append(Event("lots", {"lots": shown}, {"face_down": card}, (s.baca,)))


def name_lot(s: WypasState, lot: int, ev: list[Event]) -> None:
    n = s.num_players
    s.lot = lot
    s.laid = [[] for _ in range(n)]
    s.committed = [0] * n
    s.passed = [0] * n
    s.high = 0
    s.high_bidder = -1
    s.checked = []
    s.tied = []
    s.bidder = s.opener
    s.phase = rules.BID
    ev.append(Event("auction", {"lot": lot, "opener": s.opener}))


# --- bidding ----------------------------------------------------------------------------------


def true_value(e: Edition, card: tuple[int, int, int]) -> int:
    """W-6: a face-down card is worth its printed value, a Dolly's declared value, else 0."""
    k, declared, hidden = card
    if not hidden:
        return declared
    role = e.roles[k]
    if role == SHEEP:
        return e.value[k]
    return declared if role in (DOLLY, SUPER) else 0


def declared_total(s: WypasState, seat: int) -> int:
    return sum(c[1] for c in s.laid[seat])


def is_bluff_bid(s: WypasState) -> bool:
    """The highest bid contains a face-down card."""
    hb = s.high_bidder
    return hb >= 0 and any(c[2] for c in s.laid[hb])


def _max_more(e: Edition, hand: list[int], face_down: bool) -> int:
    """The most a hand can still add to a bid (Dollies at their top value)."""
    top = e.dolly_values[-1]
    best_fd = e.declare_values[-1]
    total = 0
    lowest = best_fd
    other = 0
    for k, c in enumerate(hand):
        if not c:
            continue
        role = e.roles[k]
        if role == SHEEP:
            total += c * e.value[k]
            lowest = min(lowest, e.value[k])
        elif role in (DOLLY, SUPER):
            total += c * top
            lowest = min(lowest, top)
        else:
            other += c
    if face_down:
        if other:
            total += best_fd
        elif total:
            total += best_fd - lowest
    return total


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
    e = s.edition
    out: list[Action] = [rules.PASS]
    total = declared_total(s, seat)
    high = s.high
    checkable = s.bluff and is_bluff_bid(s)
    if len(s.laid[seat]) > s.committed[seat] and (total > high or (checkable and total == high)):
        out.append(rules.DONE)
    hand = s.hands[seat]
    face_down = s.bluff and not any(c[2] for c in s.laid[seat])
    kinds = e.kinds
    for k, c in enumerate(hand):
        if not c:
            continue
        role = e.roles[k]
        options: list[tuple[int, bool]] = []
        if role == SHEEP:
            options.append((e.value[k], False))
        elif role in (DOLLY, SUPER):  # W-4: its value is declared when laid
            options += [(v, False) for v in e.dolly_values]
        if face_down:  # W-6: any card, declared 1..6
            options += [(v, True) for v in e.declare_values]
        if not options:
            continue
        hand[k] -= 1
        for value, hidden in options:
            after = total + value
            if after > high:
                ok = True
            else:
                more_fd = face_down and not hidden
                ok = after + _max_more(e, hand, more_fd) > high
                if not ok and checkable:
                    ok = bool(_exact_sums(e, hand, more_fd) >> (high - after) & 1)
            if ok:
                out.append(lay_action(kinds[k], value, hidden))
        hand[k] += 1
    return out


def lay(s: WypasState, seat: int, action: Lay, ev: list[Event]) -> None:
    k = s.edition.position[action.card]
    s.hands[seat][k] -= 1
    knowledge.lose(s, seat, k, (seat,) if action.hidden else None)
    s.laid[seat].append((k, action.value, FACE_DOWN if action.hidden else FACE_UP))
    public = {
        "seat": seat,
        "card": None if action.hidden else action.card,
        "value": action.value,
        "face_down": action.hidden,
    }
    ev.append(Event("laid", public, {"card": action.card}, (seat,)))


def done(s: WypasState, seat: int, ev: list[Event]) -> None:
    total = declared_total(s, seat)
    s.committed[seat] = len(s.laid[seat])
    if total > s.high:
        s.high = total
        s.high_bidder = seat
        s.checked = []
        ev.append(Event("raised", {"seat": seat, "bid": total}))
    else:  # a check: the declared total equals the bluff bid
        s.checked.append(seat)
        ev.append(Event("checked", {"seat": seat, "bid": total}))
    _advance(s, seat, ev)


def pass_lot(s: WypasState, seat: int, ev: list[Event]) -> None:
    s.passed[seat] = 1
    s.committed[seat] = len(s.laid[seat])
    if seat in s.checked:
        s.checked.remove(seat)
    ev.append(Event("passed", {"seat": seat}))
    _advance(s, seat, ev)


def _advance(s: WypasState, seat: int, ev: list[Event]) -> None:
    """W-5: clockwise, skipping those who passed, until the turn would come back to the
    highest bidder; if all passed and nobody bid, the baca takes the lot."""
    n = s.num_players
    q = seat
    for _ in range(n):
        q = (q + 1) % n
        if q == s.high_bidder:
            if s.checked:
                _showdown(s, ev)
            else:
                award(s, q, ev)
            return
        if not s.passed[q]:
            s.bidder = q
            return
    award(s, s.baca, ev)


def _showdown(s: WypasState, ev: list[Event]) -> None:
    """Every other seat still in has checked the bluff bid: all face-down cards on the lot
    are revealed and the highest true total wins. The bluffer wins a tie with a checker;
    a tie among checkers only is the baca's decision."""
    e = s.edition
    revealed: dict[str, list[str]] = {}
    for seat, cards in enumerate(s.laid):
        for i, card in enumerate(cards):
            if card[2] == FACE_DOWN:
                cards[i] = (card[0], card[1], REVEALED)
                revealed.setdefault(str(seat), []).append(e.kinds[card[0]])
    contenders = [s.high_bidder, *s.checked]
    totals = {seat: sum(true_value(e, c) for c in s.laid[seat]) for seat in contenders}
    best = max(totals.values())
    ev.append(
        Event(
            "showdown",
            {"revealed": revealed, "totals": {str(k): v for k, v in totals.items()}},
        )
    )
    if totals[s.high_bidder] == best:
        award(s, s.high_bidder, ev)
        return
    tied = [seat for seat in s.checked if totals[seat] == best]
    if len(tied) == 1:
        award(s, tied[0], ev)
        return
    s.tied = sorted(tied)
    s.phase = rules.TIE
    ev.append(Event("tie", {"seats": s.tied, "baca": s.baca}))


def tie_break(s: WypasState, seat: int, ev: list[Event]) -> None:
    ev.append(Event("tie_broken", {"baca": s.baca, "seat": seat}))
    award(s, seat, ev)


def award(s: WypasState, winner: int, ev: list[Event]) -> None:
    """The winner takes the lot; every card laid on it goes to the discard pile (face-down
    ones that were never revealed stay private to their owner)."""
    e = s.edition
    lot = s.lots[s.lot]
    lot[2] = winner
    s.hands[winner][lot[0]] += 1
    knowledge.gain(s, winner, lot[0], (s.baca, winner) if lot[1] else None)
    for seat, cards in enumerate(s.laid):
        for k, _, hidden in cards:
            if hidden == FACE_DOWN:
                s.hidden_discard[seat][k] += 1
            else:
                s.discard[k] += 1
    s.laid = [[] for _ in range(s.num_players)]
    s.committed = [0] * s.num_players
    took = "baca" if s.high_bidder < 0 else "bid"
    card = None if lot[1] else e.kinds[lot[0]]
    s.last_lot = {"lot": s.lot, "card": card, "winner": winner, "bid": s.high, "how": took}
    to = (s.baca, winner) if lot[1] else ()
    ev.append(
        Event(
            "lot_won",
            {"lot": s.lot, "card": card, "winner": winner, "bid": s.high, "how": took},
            {"card": e.kinds[lot[0]]} if lot[1] else None,
            to,
        )
    )
    s.high = 0
    s.high_bidder = -1
    s.checked = []
    s.tied = []
    s.passed = [0] * s.num_players
    s.bidder = -1
    s.lot = -1
    if any(other[2] < 0 for other in s.lots):
        s.opener = (s.opener + 1) % s.num_players  # the next opener: left of the last
        s.phase = rules.NAME
    else:
        rules.start_redyk(s, ev)
