"""Wypas's turn: setup, dealing (W-2), Redyk, shearing, drawing, the end (W-11, W-12).

The auction lives in `auction.py`, special cards and the reaction window in
`specials.py`, row rules in `pens.py`. Rulings from `shared/rules/wypas.md` are named
where they are implemented. Decisions that skip a seat use public facts only (hand
sizes, rows), so that who is asked never reveals what a hand holds.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence
from functools import cache
from itertools import compress
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Final, cast

from pasture.core.game import COMPILED, Action, ActionInput, ChanceOutcome, Event
from pasture.games.wypas import auction, events, hand_facts, knowledge, pens, specials
from pasture.games.wypas.actions import (
    Deal,
    Done,
    FirstBaca,
    HideLot,
    Lay,
    NameLot,
    NoReaction,
    Pass,
    Place,
    Shear,
    Steal,
    Swap,
    TieBreak,
)

if TYPE_CHECKING:
    from pasture.games.wypas.state import WypasState

CHOOSE_BACA: Final = "choose_baca"
DEAL: Final = "deal"
HIDE: Final = "hide"
NAME: Final = "name"
BID: Final = "bid"
TIE: Final = "tie"
REDYK: Final = "redyk"
SHEAR: Final = "shear"
OVER: Final = "over"
LOT_AREA: Final = -2
"""Deal-queue destination: the baca's drawn lot cards."""
START_HAND: Final = 5
DRAW: Final = 3
FLEECES_TO_END: Final = 5
FINISH_BONUS: Final = 4
FINAL_BONUS: Final = 2

DONE: Final = Done()
PASS: Final = Pass()
NO_REACTION: Final = NoReaction()


@cache
def shear_action(pen: int, bleat: bool) -> Shear:
    return Shear(pen, bleat)


NAME_LOT: Final = tuple(NameLot(lot) for lot in range(16))
"""The NameLot actions, made once (more lots than any turn draws)."""
SHEARS: Final = tuple((shear_action(p, True), shear_action(p, False)) for p in (0, 1))
"""Pen -> the two ways to shear it, in the order they are listed."""


@cache
def place_action(card: str, pen: int, colour: str, value: int) -> Place:
    return Place(card, pen, colour, value)


# --- setup and dealing -------------------------------------------------------------------


def start_game(s: WypasState) -> None:
    s.turn = 1
    if s.first_baca == "random":  # a chance outcome, so the match's seed decides it
        s.phase = CHOOSE_BACA
        return
    assert isinstance(s.first_baca, int)
    s.baca = s.first_baca
    _deal_hands(s, [])


def _deal_hands(s: WypasState, ev: list[Event]) -> None:
    """The baca deals 5 cards to each, one at a time, starting at the baca's left."""
    n = s.num_players
    s.deal_queue = [(s.baca + 1 + i) % n for i in range(START_HAND * n)]
    s.after = "auction"
    s.phase = DEAL
    ev.append(Event("setup", {"baca": s.baca, "players": n}))
    _settle(s, ev)


def chance_outcomes(s: WypasState) -> Sequence[ChanceOutcome]:
    if s.phase == DEAL:  # the commonest: a quarter of a game's steps
        at = s.deck_at
        if at is None:  # a re-drawn state's, worked out when it first deals
            at = s.deck_at = s.tables.deck_at(s.deck)
        if len(at) > 1:
            t = s.tables
            if COMPILED:  # native loops (compiled, the C calls below cost nearly twice as much)
                total = 0
                for count in s.deck:
                    total += count
                row = t.by_total[total] or t.deals(total)
                return [row[i] for i in at]  # type: ignore[misc]  # `at` holds no None
            total = sum(s.deck)
            # one C call picks every kind's outcome out of the deck size's row
            return itemgetter(*at)(t.by_total[total] or t.deals(total))  # type: ignore[no-any-return]
        if at:
            total = sum(s.deck)
            row = s.tables.by_total[total] or s.tables.deals(total)
            return (row[at[0]],)  # type: ignore[return-value]
        return ()
    if s.phase == CHOOSE_BACA:
        n = s.num_players
        return [ChanceOutcome(FirstBaca(p), 1 / n) for p in range(n)]
    return ()


def chance_ok(s: WypasState, action: ActionInput) -> bool:
    """True when `action` is certainly a possible chance outcome now."""
    if type(action) is Deal and s.phase == DEAL:
        assert isinstance(action, Deal)
        k = s.edition.position.get(action.card)
        return k is not None and s.deck[k] > 0
    return False


def _settle(s: WypasState, ev: list[Event]) -> None:
    """W-2: an empty deck is replaced by the shuffled discard pile; with both empty, fewer
    cards are dealt. When nothing is left to deal, the game moves on."""
    while s.deal_queue and not any(s.deck):
        hidden = sum(sum(h) for h in s.hidden_discard)
        if any(s.discard) or hidden:
            for k, c in enumerate(s.discard):
                s.deck[k] = s.deck[k] + c
                s.discard[k] = 0
            for seat, h in enumerate(s.hidden_discard):
                for k, c in enumerate(h):
                    s.deck[k] = s.deck[k] + c
                s.hidden_discard[seat] = (0,) * len(h)
            s.deck_at = s.tables.deck_at(s.deck)
            ev.append(Event("reshuffle", {"deck": sum(s.deck)}))
        else:
            ev.append(Event("deck_exhausted", {"undealt": len(s.deal_queue)}))
            s.deal_queue.clear()
    if s.deal_queue:
        s.phase = DEAL
        return
    after, s.after = s.after, ""
    if after == "auction":
        auction.start(s, ev)
    elif after == "lots":
        auction.lots_drawn(s, ev)
    elif after == "end_turn":
        _end_turn(s, ev)


def deal_kind(s: WypasState, k: int) -> list[Event]:
    """The next card dealt is of kind k (the deck holds one); the events."""
    queue = s.deal_queue
    to = queue.pop(0)
    deck = s.deck
    deck[k] = deck[k] - 1
    at = s.deck_at
    if at is None:  # a re-drawn state's, worked out when it first deals
        at = s.deck_at = s.tables.deck_at(deck)
    start = k * s.tables.width
    i = _first_at(at, start) if COMPILED else bisect_left(at, start)  # kind k's (in the deck)
    if deck[k]:
        at[i] = at[i] - 1
    else:
        del at[i]
    if to == LOT_AREA:
        s.drawn[k] = s.drawn[k] + 1
        ev = [events.lot_drawn(s.baca, s.edition.kinds[k])]
    else:
        hand = s.hands[to]  # hand_facts.add, written out: a quarter of a game's steps
        if not hand[k]:
            s.held[to] = s.held[to] | (1 << k)
        hand[k] = hand[k] + 1
        s.reach[to] = s.reach[to] + s.tables.number[k]
        ev = [s.tables.dealt[to][k]]
    if not (queue and deck[k]):  # the common case: more to deal, and the deck not empty
        _settle(s, ev)
    return ev


def _first_at(at: list[int], start: int) -> int:
    """`bisect_left(at, start)` by native compares (compiled, the C function compares
    generically)."""
    low, high = 0, len(at)
    while low < high:
        middle = (low + high) >> 1
        if at[middle] < start:
            low = middle + 1
        else:
            high = middle
    return low


# --- who acts, what is legal ----------------------------------------------------------------


NOBODY_ACTS: Final = (DEAL, OVER, CHOOSE_BACA)
"""The phases in which no seat acts (chance deals, or the game is over)."""


def actors(s: WypasState) -> tuple[int, ...]:
    phase = s.phase
    if phase in NOBODY_ACTS:
        return ()
    if s.pending is not None:
        return (s.pending.chooser,)
    if s.waiting:
        return tuple(s.waiting)
    if phase == BID:
        return ALONE[s.auction.bidder]
    if phase in (REDYK, SHEAR):
        return ALONE[s.current]
    if phase == NAME:
        return ALONE[s.auction.opener]
    return ALONE[s.baca]  # HIDE, TIE


ALONE: Final = tuple((seat,) for seat in range(16))
"""`(seat,)` for every seat (more than any table has), made once."""


def legal_actions(s: WypasState, seat: int) -> list[Action]:
    phase = s.phase
    if phase in NOBODY_ACTS or not 0 <= seat < s.num_players:
        return []
    if s.pending is not None:
        return specials.choices(s, seat)
    out: list[Action]
    if s.waiting:
        out = [NO_REACTION] if seat in s.waiting else []
    elif phase == BID:  # the commonest phase: half of a game's steps
        out = auction.bid_actions(s, seat) if seat == s.auction.bidder else []
    elif seat == (  # who acts in this phase (as `actors` says)
        s.current
        if phase in (REDYK, SHEAR)
        else s.auction.opener
        if phase == NAME
        else s.baca  # HIDE, TIE
    ):
        out = _phase_actions(s, seat, phase)
    else:
        out = []
    specials_held = s.held[seat] & s.tables.special_bits
    if specials_held:
        out += specials.plays(s, seat, specials_held)
    return out


def _phase_actions(s: WypasState, seat: int, phase: str) -> list[Action]:
    """The actor's actions in any phase but the bidding (`legal_actions` lists those)."""
    if phase == REDYK:
        out = _place_actions(s, seat)
        out.append(DONE)
        return out
    if phase == SHEAR:
        p0, p1 = s.pens[seat]
        out = [*SHEARS[0]] if p0.cards else []
        if p1.cards:
            out += SHEARS[1]
        out.append(DONE)
        return out
    if phase == NAME:
        return [NAME_LOT[i] for i, lot in enumerate(s.auction.lots) if lot.winner < 0]
    if phase == HIDE:
        return list(compress(s.tables.hide, s.drawn))
    if phase == TIE:
        return [auction.tie_action(p) for p in s.auction.tied]
    return []


def _place_actions(s: WypasState, seat: int) -> list[Action]:
    """Every sheep card in hand that a pen accepts, as every colour/value it may take."""
    t = s.tables
    sheep = s.held[seat] & t.sheep_bits
    out: list[Action] = []
    if not sheep:
        return out
    hand = s.hands[seat]
    p0, p1 = s.pens[seat]  # each pen by name: compiled, a pair iterated is boxed anew
    _add_places(s, out, hand, sheep, 0, p0)
    _add_places(s, out, hand, sheep, 1, p1)
    return out


def _add_places(
    s: WypasState, out: list[Action], hand: list[int], sheep: int, p: int, pen: pens.Pen
) -> None:
    """Add the placements into pen `p` of the sheep kinds held (`sheep`, a bit set)."""
    t = s.tables
    colours = len(s.edition.colours)
    wanted = pens.wanted(pen, colours)
    if wanted is None:
        while sheep:  # each kind held, lowest first
            low = sheep & -sheep
            out += t.places[low.bit_length() - 1][p]
            sheep ^= low
        return
    fits, width = t.fits, t.value_width
    for colour, value in wanted:
        for k, action in fits[(p * colours + colour) * width + value]:
            if hand[k]:
                out.append(action)


def timeout_action(s: WypasState, seat: int) -> Action | None:
    """W-10: a seat that does not answer a reaction window in time passes."""
    if s.pending is None and seat in s.waiting:
        return NO_REACTION
    return None


# --- applying actions ----------------------------------------------------------------------


def apply(s: WypasState, seat: int, action: Action) -> list[Event]:
    ev: list[Event] = []
    if COMPILED:  # native calls (a handler taken from HANDLERS is called generically)
        _handle(s, seat, action, ev)
        return ev
    handler = HANDLERS.get(type(action))
    if handler is None:
        specials.play(s, seat, action, ev)
    else:
        handler(s, seat, action, ev)
    return ev


# The action classes as module constants: compiled, a `Final` one is a C static, where a
# class imported from a module mypyc does not compile is looked up by name at each use.
LAY_TYPE: Final = Lay
PASS_TYPE: Final = Pass
DONE_TYPE: Final = Done
PLACE_TYPE: Final = Place
NO_REACTION_TYPE: Final = NoReaction
SHEAR_TYPE: Final = Shear
NAME_LOT_TYPE: Final = NameLot
HIDE_LOT_TYPE: Final = HideLot
DEAL_TYPE: Final = Deal
STEAL_TYPE: Final = Steal
SWAP_TYPE: Final = Swap
TIE_BREAK_TYPE: Final = TieBreak
FIRST_BACA_TYPE: Final = FirstBaca


def _handle(s: WypasState, seat: int, action: Action, ev: list[Event]) -> None:
    """What `HANDLERS` says, as a chain of type tests, commonest first: compiled, each
    handler is then a native call, each class a C static (`..._TYPE`) (test_native_forms.py
    checks the two agree)."""
    kind = type(action)
    if kind is LAY_TYPE:
        auction.lay(s, seat, cast(Lay, action), ev)
    elif kind is PASS_TYPE:
        auction.pass_lot(s, seat, ev)
    elif kind is DONE_TYPE:
        _on_done(s, seat, cast(Done, action), ev)
    elif kind is PLACE_TYPE:
        _place(s, seat, cast(Place, action), ev)
    elif kind is NO_REACTION_TYPE:
        specials.no_reaction(s, seat, ev)
    elif kind is SHEAR_TYPE:
        _shear(s, seat, cast(Shear, action), ev)
    elif kind is NAME_LOT_TYPE:
        _on_name_lot(s, seat, cast(NameLot, action), ev)
    elif kind is HIDE_LOT_TYPE:
        _on_hide_lot(s, seat, cast(HideLot, action), ev)
    elif kind is DEAL_TYPE:
        _on_deal(s, seat, cast(Deal, action), ev)
    elif kind is STEAL_TYPE or kind is SWAP_TYPE:
        specials.choose(s, seat, action, ev)
    elif kind is TIE_BREAK_TYPE:
        _on_tie_break(s, seat, cast(TieBreak, action), ev)
    elif kind is FIRST_BACA_TYPE:
        _on_first_baca(s, seat, cast(FirstBaca, action), ev)
    else:  # a special card played
        specials.play(s, seat, action, ev)


Handler = Callable[["WypasState", int, Any, list[Event]], None]
"""Carries out one kind of action (the action's own type as the third argument)."""


def _on_deal(s: WypasState, seat: int, action: Deal, ev: list[Event]) -> None:
    ev += deal_kind(s, s.edition.position[action.card])


def _on_pass(s: WypasState, seat: int, action: Pass, ev: list[Event]) -> None:
    auction.pass_lot(s, seat, ev)


def _on_done(s: WypasState, seat: int, action: Done, ev: list[Event]) -> None:
    if s.phase == BID:
        auction.done(s, seat, ev)
    elif s.phase == REDYK:
        ev.append(events.of_seat("redyk_done", seat))
        next_redyk_go(s, ev)
    else:
        ev.append(events.of_seat("shear_done", seat))
        next_shear_go(s, ev)


def _on_no_reaction(s: WypasState, seat: int, action: NoReaction, ev: list[Event]) -> None:
    specials.no_reaction(s, seat, ev)


def _on_name_lot(s: WypasState, seat: int, action: NameLot, ev: list[Event]) -> None:
    auction.name_lot(s, action.lot, ev)


def _on_hide_lot(s: WypasState, seat: int, action: HideLot, ev: list[Event]) -> None:
    auction.hide_lot(s, action.card, ev)


def _on_tie_break(s: WypasState, seat: int, action: TieBreak, ev: list[Event]) -> None:
    auction.tie_break(s, action.seat, ev)


def _on_first_baca(s: WypasState, seat: int, action: FirstBaca, ev: list[Event]) -> None:
    s.baca = action.seat
    _deal_hands(s, ev)


# --- Redyk ----------------------------------------------------------------------------------


def start_redyk(s: WypasState, ev: list[Event]) -> None:
    """Clockwise from the baca, each seat may put sheep into its pens."""
    s.phase = REDYK
    s.gos = 0
    s.current = s.baca
    ev.append(Event("redyk", {"baca": s.baca}))
    _seek_redyk(s, ev)


def _seek_redyk(s: WypasState, ev: list[Event]) -> None:
    n = s.num_players
    while s.gos < n:
        s.current = (s.baca + s.gos) % n
        if s.held[s.current]:  # an empty hand (public) has nothing to play
            return
        s.gos += 1
    start_shearing(s, ev)


def next_redyk_go(s: WypasState, ev: list[Event]) -> None:
    s.gos += 1
    _seek_redyk(s, ev)


def _place(s: WypasState, seat: int, action: Place, ev: list[Event]) -> None:
    e = s.edition
    k = e.position[action.card]
    colour = e.colours.index(action.colour)
    hand_facts.remove(s, seat, k)
    if s.known[seat]:  # facts about this hand to update
        knowledge.lose(s, seat, k, None)
    seat_pens = s.pens[seat]
    added = pens.add(seat_pens[action.pen], pens.PenCard(k, colour, action.value))
    s.pens[seat] = pens.put(seat_pens, action.pen, added)
    ev.append(events.placed(seat, action.pen, action.card, action.colour, action.value))
    if not s.held[seat]:
        next_redyk_go(s, ev)


# --- shearing and the end -------------------------------------------------------------------


def start_shearing(s: WypasState, ev: list[Event]) -> None:
    s.phase = SHEAR
    s.gos = 0
    ev.append(Event("shearing", {"baca": s.baca}))
    _seek_shear(s, ev)


def _has_rows(s: WypasState, seat: int) -> bool:
    p0, p1 = s.pens[seat]
    return bool(p0.cards or p1.cards)


def _seek_shear(s: WypasState, ev: list[Event]) -> None:
    n = s.num_players
    if s.finisher >= 0:  # W-11: the final goes, clockwise from the finisher's left
        while s.final:
            seat = s.final[0]
            s.final = s.final[1:]  # replaced, not changed in place (see WypasState.clone)
            if _has_rows(s, seat):
                s.current = seat
                ev.append(events.of_seat("final_go", seat))
                return
        game_over(s, ev)
        return
    while s.gos < n:
        s.current = (s.baca + s.gos) % n
        if _has_rows(s, s.current):  # no rows (public): nothing to shear
            return
        s.gos += 1
    _start_drawing(s, ev)


def next_shear_go(s: WypasState, ev: list[Event]) -> None:
    s.gos += 1
    _seek_shear(s, ev)


def _shear(s: WypasState, seat: int, action: Shear, ev: list[Event]) -> None:
    e = s.edition
    pen = s.pens[seat][action.pen]
    cards = [e.kinds[c.kind] for c in pen.cards]
    wolf = pen.wolf
    shorn = pens.shear(pen, e.special[specials.BLACK_SHEEP], e.special[specials.WOLF])
    discarded, kept, points, fleece = shorn.discarded, shorn.kept, shorn.points, shorn.fleece
    s.pens[seat] = pens.put(s.pens[seat], action.pen, pens.EMPTY)
    for k in discarded:
        s.discard[k] = s.discard[k] + 1
    # These lists are replaced, not changed in place (copies of the state share them).
    sheared = s.sheared = s.sheared[:]
    for k in kept:
        sheared[k] = sheared[k] + 1
    gained = 0
    bonus = 0
    if fleece:
        s.fleeces = s.fleeces[:]
        s.fleece_points = s.fleece_points[:]
        s.scores = s.scores[:]
        s.fleeces[seat] = s.fleeces[seat] + 1
        # The bleat: without it the row is still sheared, but scores nothing (W-5a: not
        # even the 5th fleece's bonus; the fleece still counts toward the end).
        spoken = action.bleat or not s.bleat_rule
        gained = points if spoken else 0
        s.fleece_points[seat] = (*s.fleece_points[seat], gained)
        if s.fleeces[seat] == FLEECES_TO_END:
            if s.finisher < 0:  # the first 5th fleece: +4, then the final goes (W-11)
                s.finisher = seat
                bonus = FINISH_BONUS
                n = s.num_players
                s.final = [(seat + i) % n for i in range(1, n)]
            elif not s.bonus[seat]:
                bonus = FINAL_BONUS
            if not spoken:
                bonus = 0
            s.bonus = s.bonus[:]
            s.bonus[seat] = bonus
        s.scores[seat] = s.scores[seat] + gained + bonus
    ev.append(
        Event(
            "sheared",
            {
                "seat": seat,
                "pen": action.pen,
                "cards": cards,
                "wolf": wolf,
                "bleat": action.bleat,
                "fleece": fleece,
                "points": gained,
                "bonus": bonus,
                "fleeces": s.fleeces[seat],
                "score": s.scores[seat],
            },
        )
    )
    if not _has_rows(s, seat):
        next_shear_go(s, ev)


def _start_drawing(s: WypasState, ev: list[Event]) -> None:
    """The baca deals 3 cards to each, one at a time, from the baca's left (W-2 applies)."""
    n = s.num_players
    s.phase = DEAL
    s.after = "end_turn"
    s.deal_queue = [(s.baca + 1 + i) % n for i in range(DRAW * n)]
    ev.append(Event("drawing", {"baca": s.baca}))
    _settle(s, ev)


def _end_turn(s: WypasState, ev: list[Event]) -> None:
    if s.turn >= s.max_turns:  # W-12: the safety cap
        ev.append(Event("turn_limit", {"turns": s.turn}))
        game_over(s, ev)
        return
    s.turn += 1
    s.baca = (s.baca + 1) % s.num_players
    auction.start(s, ev)


def game_over(s: WypasState, ev: list[Event]) -> None:
    s.phase = OVER
    s.current = -1
    ev.append(Event("game_over", s.result().to_json()))


# --- invariants -----------------------------------------------------------------------------


def check_invariants(s: WypasState) -> None:
    e = s.edition
    black = e.special[specials.BLACK_SHEEP]
    wolf = e.special[specials.WOLF]
    piles = [s.deck, s.discard, s.drawn, s.sheared, *s.hands, *s.hidden_discard]
    assert min(min(pile) for pile in piles) >= 0, "a negative card count"
    where = [sum(column) for column in zip(*piles)]  # noqa: B905 (compiled)
    a = s.auction
    for lot in a.lots:
        if lot.winner < 0:
            where[lot.kind] = where[lot.kind] + 1
    for laid in a.laid:
        for bid_card in laid:
            where[bid_card.kind] = where[bid_card.kind] + 1
    for seat_pens in s.pens:
        for pen in seat_pens:
            for card in pen.cards:
                where[card.kind] = where[card.kind] + 1
            if pen.wolf:
                where[wolf] = where[wolf] + 1
                assert len(pen.cards) >= 2, "a Wolf lies only on a pen of 2+ cards"
            real = pens.real_sheep(pen, black)
            assert (pen.row == pens.ANY) == (not real)
    for entry in s.queue[s.resolving if s.resolving >= 0 else 0 :]:
        where[e.special[entry.role]] = where[e.special[entry.role]] + 1
    if s.pending is not None and s.pending.role == specials.BLACK_SHEEP:
        where[black] = where[black] + 1  # the Black Sheep waiting for its swap
    for k, total in enumerate(e.counts):
        assert where[k] == total, f"{e.kinds[k]}: {where[k]} cards in play, edition has {total}"
    assert sum(s.fleeces) == sum(len(f) for f in s.fleece_points)
    if s.phase == BID:
        assert not a.passed[a.bidder] and a.bidder != a.high_bidder
    assert s.phase == OVER or s.turn <= s.max_turns
    assert not (s.waiting and s.pending is not None)
    assert s.deck_at in (None, s.tables.deck_at(s.deck)), "deck_at out of step with the deck"
    hand_facts.check(s)
    knowledge.check(s)


HANDLERS: Final[dict[type[Action], Handler]] = {
    Deal: _on_deal,
    Lay: auction.lay,
    Pass: _on_pass,
    Done: _on_done,
    NoReaction: _on_no_reaction,
    Place: _place,
    Shear: _shear,
    NameLot: _on_name_lot,
    HideLot: _on_hide_lot,
    TieBreak: _on_tie_break,
    Steal: specials.choose,
    Swap: specials.choose,
    FirstBaca: _on_first_baca,
}
"""Action type -> its handler; any other action is a special card played."""
