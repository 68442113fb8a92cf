"""Stacked decks for Wypas rule tests: every card is chosen as a chance outcome."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pasture.core import CHANCE
from pasture.core.game import Action, Event
from pasture.games.wypas import GAME
from pasture.games.wypas import rules as R
from pasture.games.wypas.actions import (
    Deal,
    Done,
    HideLot,
    Lay,
    NameLot,
    NoReaction,
    Pass,
    Place,
    PlayBlackSheep,
    PlaySheepdog,
    PlayThief,
    PlayWolf,
    Shear,
    Steal,
    Swap,
    TieBreak,
)
from pasture.games.wypas.state import WypasState

FILLER = (
    "red_1",
    "orange_1",
    "yellow_1",
    "red_2",
    "orange_2",
    "yellow_2",
    "magenta_1",
    "magenta_2",
    "green_1",
    "green_2",
)
"""Cards dealt where a test does not care (first one still in the deck)."""


def feed(s: WypasState, cards: Iterable[str] = ()) -> list[Event]:
    """Resolve chance: the next cards are `cards`, then filler."""
    events: list[Event] = []
    todo = list(cards)
    while s.is_chance():
        if todo:
            card = todo.pop(0)
        else:
            card = next(
                (c for c in FILLER if c in s.edition.position and s.deck[s.edition.position[c]]),
                next(o.action.card for o in s.chance_outcomes()),  # type: ignore[attr-defined]
            )
        events += s.apply(CHANCE, Deal(card))
    assert not todo, f"cards left undealt: {todo}"
    return events


def start(
    players: int = 3,
    hands: Sequence[Sequence[str]] = (),
    lots: Sequence[str] = (),
    **options: object,
) -> WypasState:
    """A new game whose first deal gives `hands` (seat by seat; filler completes them) and
    whose first auction draws `lots`. It stops when the baca must lay the lots out."""
    s = GAME.new_state(players, dict(options) if options else None)
    baca = s.baca
    order: list[str] = []
    for r in range(R.START_HAND):
        for i in range(players):
            seat = (baca + 1 + i) % players
            hand = hands[seat] if seat < len(hands) else ()
            order.append(hand[r] if r < len(hand) else _filler(s, order, hands))
    feed(s, [*order, *lots])
    return s


def _filler(s: WypasState, taken: list[str], hands: Sequence[Sequence[str]]) -> str:
    wanted = [c for h in hands for c in h] + taken
    for c in FILLER:
        if wanted.count(c) < s.edition.counts[s.edition.position[c]]:
            return c
    raise AssertionError("no filler left")


def act(s: WypasState, seat: int, *actions: Action) -> list[Event]:
    events: list[Event] = []
    for action in actions:
        events += s.apply(seat, action)
    return events


def all_pass_window(s: WypasState) -> list[Event]:
    events: list[Event] = []
    while s.waiting and s.pending is None:
        events += s.apply(s.waiting[0], NoReaction())
    return events


def skip_auction(s: WypasState, lots: Iterable[str] = ()) -> None:
    """Lay the lots out (first drawn kind face down), and let everyone pass on each."""
    while s.phase in (R.HIDE, R.NAME, R.BID):
        if s.phase == R.HIDE:
            s.apply(s.baca, s.legal_actions(s.baca)[0])
        elif s.phase == R.NAME:
            s.apply(s.auction.opener, s.legal_actions(s.auction.opener)[0])
        else:
            s.apply(s.auction.bidder, Pass())


def finish_redyk(s: WypasState) -> None:
    while s.phase == R.REDYK:
        s.apply(s.current, Done())


def finish_shearing(s: WypasState) -> None:
    while s.phase == R.SHEAR:
        s.apply(s.current, Done())


def hand(s: WypasState, seat: int) -> dict[str, int]:
    kinds = s.edition.kinds
    return {kinds[k]: c for k, c in enumerate(s.hands[seat]) if c}


def pen_cards(s: WypasState, seat: int, pen: int) -> list[str]:
    kinds = s.edition.kinds
    return [kinds[c.kind] for c in s.pens[seat][pen].cards]


__all__ = [
    "PlayBlackSheep",
    "PlaySheepdog",
    "PlayThief",
    "PlayWolf",
    "Steal",
    "Swap",
    "TieBreak",
    "Done",
    "HideLot",
    "Lay",
    "NameLot",
    "NoReaction",
    "Pass",
    "Place",
    "Shear",
    "act",
    "all_pass_window",
    "feed",
    "finish_redyk",
    "finish_shearing",
    "hand",
    "pen_cards",
    "skip_auction",
    "start",
]


def deal_by_seat(s: WypasState, cards: dict[int, list[str]], lots: Iterable[str] = ()) -> None:
    """Resolve chance, giving each seat its listed cards (in order) and the lots; filler
    for the rest."""
    todo = {seat: list(c) for seat, c in cards.items()}
    lot_cards = list(lots)
    while s.is_chance():
        dest = s.deal_queue[0]
        pile = lot_cards if dest == R.LOT_AREA else todo.get(dest, [])
        feed_one = [pile.pop(0)] if pile else []
        before = len(s.deal_queue)
        _one(s, feed_one)
        assert len(s.deal_queue) < before or not s.is_chance() or s.deal_queue
    assert not lot_cards and not any(todo.values()), "cards left undealt"


def _one(s: WypasState, card: list[str]) -> None:
    if card:
        s.apply(CHANCE, Deal(card[0]))
        return
    filler = next(
        (c for c in FILLER if c in s.edition.position and s.deck[s.edition.position[c]]),
        next(o.action.card for o in s.chance_outcomes()),  # type: ignore[attr-defined]
    )
    s.apply(CHANCE, Deal(filler))
