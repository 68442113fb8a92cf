"""What the games' own search and Easy bots add: Baaaaa!'s search plays for the win and
searches endgames deeper; Wilson & Shep's Easy bot makes a beginner's mistakes."""

from __future__ import annotations

import random

from pasture import games
from pasture.bots import make
from pasture.core import Match
from pasture.core.bot import Turn
from pasture.games.baaaaa import rules
from pasture.games.baaaaa.bots import value
from pasture.games.baaaaa.search import SearchBot, win_chance
from pasture.games.baaaaa.state import BaaaaaState
from pasture.games.wilson_shep.actions import Swap
from pasture.games.wilson_shep.bots import NoviceBot
from pasture.games.wilson_shep.state import WilsonShepState


def baaaaa_start() -> BaaaaaState:
    state = Match(games.get("baaaaa"), 1, seed=3).state
    assert isinstance(state, BaaaaaState)
    return state


def test_baaaaa_search_scores_a_finished_game_by_whether_it_is_won() -> None:
    s = baaaaa_start()
    s.sheep, s.phase = [0] * len(s.sheep), rules.OVER
    s.saved, s.taken = 6, 4
    assert win_chance(s) == 1.0
    s.saved, s.taken = 5, 5  # a draw does not save the flock (B-9's comparison)
    assert win_chance(s) == 0.0
    start = baaaaa_start()
    assert 0.0 < win_chance(start) < 1.0


def test_baaaaa_win_chance_rises_with_the_heuristic_value() -> None:
    low, high = baaaaa_start(), baaaaa_start()
    high.saved, high.sheep[0] = 2, high.sheep[0] - 2
    assert value(high) > value(low) and win_chance(high) > win_chance(low)


def test_baaaaa_search_goes_deeper_in_an_endgame_than_at_the_start() -> None:
    bot = SearchBot(seconds=None)
    start = baaaaa_start()
    bot.choose(Turn(start, 0, random.Random(1)))
    assert bot.depth == 3
    end = baaaaa_start()
    end.sheep = [0] * len(end.sheep)
    end.sheep[6] = 1  # one sheep left, below the hut; 5 saved, 4 taken
    end.saved, end.taken = 5, 4
    action = bot.choose(Turn(end, 0, random.Random(1)))
    assert bot.depth == 4
    after = end.clone()
    after.apply(0, action)
    assert after.saved == 6  # it saves the last sheep at once


def _wilson_to_swap(seed: int) -> WilsonShepState:
    """A 2-player match played by heuristic bots until Wilson must swap, not under Shep."""
    game = games.get("wilson_shep")
    match = Match(game, 2, seed=seed)
    bots = [make(game, "heuristic") for _ in range(2)]
    rng = random.Random(seed)
    state = match.state
    assert isinstance(state, WilsonShepState)
    while True:
        seat = state.actors()[0]
        view = state.view(seat)
        wilson_to_swap = view["role"] == "wilson" and view["phase"] == "swap"
        if wilson_to_swap and view["moves"] >= 1 and view["wilson_at"] != view["shep"]:
            return state
        match.act(seat, bots[seat].choose(Turn(state, seat, rng)))


def test_wilson_shep_easy_wilson_only_ever_moves_his_own_tile() -> None:
    for seed in range(6):
        state = _wilson_to_swap(seed)
        seat = state.actors()[0]
        at = state.view(seat)["wilson_at"]
        for k in range(5):
            action = NoviceBot().choose(Turn(state, seat, random.Random(k)))
            assert isinstance(action, Swap) and at in (action.a, action.b)


def test_wilson_shep_easy_shep_team_does_not_follow_the_swaps() -> None:
    """Its belief is the field alone: uniform over the face-down tiles (as with WS-5's
    `memory` none), whatever the round's history says."""
    state = _wilson_to_swap(2)
    view = state.view(1 - state.actors()[0])
    belief = NoviceBot().current(view)
    down = [cell is None for cell in view["grid"]]
    expected = 1 / sum(down)
    assert all(
        abs(p - (expected if d else 0.0)) < 1e-12 for p, d in zip(belief.prob, down, strict=True)
    )
