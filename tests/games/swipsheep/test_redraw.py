"""determinize along whole games: every re-draw keeps the seat's view and is reachable.

Reachable is checked the strongest way: the re-drawn round's own steps, replayed from the
state at the start of that round, rebuild the re-drawn state exactly (its JSON, events
and history included).
"""

from __future__ import annotations

import json
import random

import pytest

from pasture.core import CHANCE
from pasture.core.game import sample
from pasture.games.swipsheep.state import SwipSheepState
from tests.games.swipsheep.helpers import new_game


def dump(s: SwipSheepState) -> str:
    return json.dumps(s.to_json())


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_redraw_keeps_the_view_and_replays_from_the_round_start(players: int) -> None:
    rng = random.Random(players)
    for _ in range(3):
        s = new_game(players)
        round_start = s.clone()
        redrawn = 0
        while not s.is_over():
            for seat in (*range(players), None):
                t = s.determinize(seat, rng)
                assert isinstance(t, SwipSheepState)
                assert t.view(seat) == s.view(seat)
                t.check_invariants()
                replay = round_start.clone()
                for actor, action in t.history:
                    replay.apply(actor, action)
                assert dump(replay) == dump(t), f"seat {seat}: the re-draw is not reachable"
                redrawn += dump(t) != dump(s)
            if s.is_chance():
                s.apply(CHANCE, sample(s.chance_outcomes(), rng))
            else:
                seat = s.actors()[0]
                s.apply(seat, rng.choice(s.legal_actions(seat)))
            if not s.history and not s.is_over():  # a new round has begun
                round_start = s.clone()
        assert redrawn, "determinize never re-drew anything"


def test_the_cards_of_a_pile_are_a_fresh_list() -> None:
    from pasture.games.swipsheep import redraw

    for pile in ([2, 0, 1], [0, 1, 0], [1, 1, 1], [2, 0, 1], [0, 0, 0]):
        cards = redraw._cards(pile)
        assert cards == [k for k, count in enumerate(pile) for _ in range(count)]
        if cards:
            cards.pop()  # the caller's to change: the next answer is whole again
        assert redraw._cards(pile) == [k for k, count in enumerate(pile) for _ in range(count)]


@pytest.mark.parametrize("players", [3, 5])
def test_a_state_redrawn_again_gives_what_a_fresh_copy_gives(players: int) -> None:
    """The attacks a re-draw read are kept with the state; a copy that moved on, or one
    loaded from JSON (which keeps nothing), re-draws exactly as it would afresh."""
    rng = random.Random(7)
    s = new_game(players)
    while not s.is_over():
        seat = s.actors()[0] if s.actors() else 0
        first = dump(s.determinize(seat, random.Random(1)))
        again = dump(s.determinize(seat, random.Random(1)))  # the attacks kept from `first`
        fresh = SwipSheepState.from_json(s.to_json(), s.game.parse_action)
        assert first == again == dump(fresh.determinize(seat, random.Random(1)))
        if s.is_chance():
            s.apply(CHANCE, sample(s.chance_outcomes(), rng))
        else:
            s.apply(seat, rng.choice(s.legal_actions(seat)))


def test_the_nth_card_of_a_pile_is_the_one_its_cards_list() -> None:
    """`_nth_card` walks the counts where the re-draw once spelled the cards out."""
    from pasture.games.swipsheep import redraw

    for pile in ([2, 0, 1], [0, 1, 0], [1, 1, 1], [0, 0, 3, 0, 2], [10, 8, 4, 6, 4]):
        cards = redraw._cards(pile)
        assert [redraw._nth_card(pile, x) for x in range(len(cards))] == cards


def test_the_total_of_a_pile_is_its_sum() -> None:
    """`_total`, the compiled build's native loop, against the `sum` it stands for."""
    from pasture.games.swipsheep import redraw

    for pile in ([], [0, 0, 0], [2, 0, 1], [10, 8, 4, 6, 4]):
        assert redraw._total(pile) == sum(pile)
