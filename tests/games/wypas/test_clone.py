"""A Wypas copy shares the lists that change rarely (scores, fleeces, the special-card
queue, knowledge facts...): they are replaced on change, never changed in place. Whole
random playouts, special cards played out of turn, the bluff rule on and off, check that
acting on a copy (or on a re-drawn state) never changes the original."""

from __future__ import annotations

import json
import random

import pytest

from pasture.core import CHANCE
from pasture.core.game import sample
from pasture.games.wypas import GAME
from pasture.games.wypas.state import WypasState


def snapshot(state: WypasState) -> str:
    return json.dumps(state.to_json())


def random_step(state: WypasState, rng: random.Random) -> None:
    """One step of a random playout; now and then a seat outside `actors()` plays a
    special card out of turn, when it may."""
    if state.is_chance():
        state.apply(CHANCE, sample(state.chance_outcomes(), rng))
        return
    seats = list(state.actors())
    if rng.random() < 0.3:
        seats = [p for p in range(state.num_players) if state.legal_actions(p)]
    seat = rng.choice(seats)
    state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize(("players", "bluff"), [(3, False), (6, True)])
def test_acting_on_a_copy_leaves_the_original_alone(players: int, bluff: bool) -> None:
    rng = random.Random(players)
    state = GAME.new_state(players, {"bluff": bluff})
    assert isinstance(state, WypasState)
    steps = 0
    while not state.is_over() and steps < 20_000:
        before = snapshot(state)
        copy = state.clone()
        redrawn = state.determinize(steps % players, rng)
        assert isinstance(redrawn, WypasState)
        for other in (copy, redrawn):
            for _ in range(3):
                if not other.is_over():
                    random_step(other, rng)
        assert snapshot(state) == before
        random_step(state, rng)
        steps += 1
    assert state.is_over()
