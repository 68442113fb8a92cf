"""The heuristic bot: it sees only its view, its belief is the exact posterior of its
model, and it plays each role sensibly."""

from __future__ import annotations

import random

import pytest

from pasture.bots import make
from pasture.bots.play import play_match
from pasture.core import Match
from pasture.core.bot import Turn
from pasture.games.wilson_shep import GAME, WilsonShepState
from pasture.games.wilson_shep.bots import (
    HIDE_PRIOR,
    SLIP,
    Belief,
    HeuristicBot,
    SwapModel,
    lookahead,
)
from pasture.games.wilson_shep.grid import CELLS, NEIGHBOURS
from pasture.games.wilson_shep.view import hiding_places


def random_round(seed: int, steps: int) -> WilsonShepState:
    """A state `steps` public steps into a round of a random 2-player game."""
    match = Match(GAME, 2, seed=seed)
    rng = random.Random(seed)
    state = match.state
    assert isinstance(state, WilsonShepState)
    while len(state.history) < steps or state.phase != "swap":
        seat = state.actors()[0]
        match.act(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_heuristic_bot_is_registered() -> None:
    assert isinstance(make(GAME, "heuristic"), HeuristicBot)


@pytest.mark.parametrize("seed", range(2))
def test_shep_team_choice_depends_only_on_its_view(seed: int) -> None:
    match = Match(GAME, 3, seed=seed)
    rng = random.Random(seed)
    checked = 0
    while not match.is_over() and checked < 12:
        state = match.state
        seat = state.actors()[0]
        if seat != state.wilson:  # a Shep team decision: Wilson re-drawn, same choice
            chosen = {
                HeuristicBot().choose(Turn(state.determinize(seat, rng), seat, random.Random(1)))
                for _ in range(4)
            }
            assert len(chosen) == 1
            checked += 1
        match.act(seat, rng.choice(state.legal_actions(seat)))
    assert checked


@pytest.mark.parametrize("seed", range(4))
def test_belief_is_the_exact_posterior_of_the_model(seed: int) -> None:
    state = random_round(seed, 9)
    history = state.view(1)["history"]
    belief = Belief()
    steps: list[tuple[dict[str, object], SwapModel | None]] = []
    for step in history:
        model = (
            SwapModel(belief.shep, belief.down[:], belief.prob)  # type: ignore[arg-type]
            if step["step"] == "swap"
            else None
        )
        steps.append((step, model))
        belief.update(step)
    # By enumeration: each hiding place, each hypothesis, the chance of every public step.
    exact = [0.0] * CELLS
    for start in range(CELLS):
        for weight, aimed in ((0.5 * HIDE_PRIOR[start], True), (0.5 / CELLS, False)):
            pos = start
            for step, model in steps:
                if step["step"] == "swap":
                    assert model is not None
                    pair = (step["a"], step["b"])
                    weight *= model.likelihood(pos, pair) if aimed else 1 / model.count  # type: ignore[arg-type]
                    pos = {step["a"]: step["b"], step["b"]: step["a"]}.get(pos, pos)  # type: ignore[call-overload]
                elif step["step"] == "move" and step["turned_up"] and step["to"] == pos:
                    weight = 0.0
            exact[pos] += weight
    total = sum(exact)
    assert belief.prob == pytest.approx([p / total for p in exact], abs=1e-12)
    possible = {now for _, now in hiding_places(state)}
    assert {p for p in range(CELLS) if belief.prob[p] > 0} == possible


def test_wilson_in_reach_flees_and_otherwise_feints() -> None:
    uniform = [1 / CELLS] * CELLS
    model = SwapModel(5, [True] * CELLS, uniform)  # Shep on B2
    in_reach = model.policy(2)  # Wilson on A3, next to Shep: flees to A4 or B4
    assert in_reach[(2, 3)] + in_reach[(2, 7)] > 1 - SLIP
    safe = model.policy(15)  # Wilson far away: leaves his tile be, moves another out
    assert sum(q for pair, q in safe.items() if 15 not in pair) > 0.95
    reach = set(NEIGHBOURS[5])
    feints = sum(q for (a, b), q in safe.items() if (a in reach) != (b in reach))
    assert feints > 1 - SLIP
    for policy in (in_reach, safe, model.policy(5), model.policy(0)):
        assert sum(policy.values()) == pytest.approx(1.0)
        assert min(policy.values()) > 0  # never quite predictable


def test_a_decoy_looks_exactly_like_the_escape_of_the_suspected_tile() -> None:
    suspected = [0.0] * CELLS
    suspected[2], suspected[15] = 0.5, 0.5  # the Shep team suspects A3 (in reach) or D4
    model = SwapModel(5, [True] * CELLS, suspected)
    feint, escape = model.policy(15), model.policy(2)
    for pair in ((2, 3), (2, 7)):
        assert feint[pair] == pytest.approx(escape[pair])
        assert feint[pair] > 0.2


def test_shep_goes_where_the_belief_says_wilson_is() -> None:
    belief = Belief()
    belief.aimed = [0.0] * CELLS
    belief.blind = [0.0] * CELLS
    belief.aimed[6], belief.aimed[12] = 0.9, 0.1
    belief.shep = 5
    values = {to: lookahead(belief, to, flips_left=8, moves_left=40) for to in NEIGHBOURS[5]}
    assert max(values, key=values.__getitem__) == 6
    assert lookahead(belief, 6, flips_left=1, moves_left=40) == pytest.approx(0.9)


def test_on_the_last_attempt_shep_keeps_it_for_a_better_chance() -> None:
    belief = Belief()
    belief.aimed = [0.0] * CELLS
    belief.blind = [0.0] * CELLS
    belief.aimed[8], belief.aimed[1] = 0.95, 0.05  # Wilson most likely at C1, two steps off
    belief.down[4] = False  # B1 is face up
    belief.shep = 0
    last = {to: lookahead(belief, to, flips_left=1, moves_left=40) for to in NEIGHBOURS[0]}
    assert last[1] == pytest.approx(0.05) and last[5] == 0.0
    assert last[4] > 0.2  # walk over B1 towards C1 and keep the last attempt
    final_move = lookahead(belief, 4, flips_left=1, moves_left=1)
    assert final_move == 0.0  # no move left after this one: a face-up tile is worth nothing


@pytest.mark.parametrize(("players", "options"), [(2, {}), (3, {"memory": "none"}), (5, {})])
def test_heuristic_bots_play_whole_games(players: int, options: dict[str, object]) -> None:
    bots = [make(GAME, "heuristic") for _ in range(players)]
    match = play_match(GAME, bots, seed=players, options=options)
    assert match.is_over() and sum(match.state.result().scores) > 0
