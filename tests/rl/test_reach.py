"""The whole game through every adapter: Swip'Sheep's simultaneous passes, Wypas's
reaction windows (W-10) and Wypas special cards played out of turn."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from pasture.core.machine import MachineState  # noqa: E402
from pasture.games.swipsheep.actions import PassCards  # noqa: E402
from pasture.games.wypas.actions import SPECIAL_PLAYS, NoReaction  # noqa: E402
from pasture.rl import openspiel  # noqa: E402
from pasture.rl.gym import PastureEnv  # noqa: E402
from pasture.rl.pettingzoo import env, parallel_env  # noqa: E402

openspiel.register()
WYPAS = {"max_turns": 4}


@dataclass
class Reached:
    out_of_turn: int = 0
    """Special cards played by a seat outside the engine's actors (a priority step)."""
    reaction: int = 0
    """Answers in a reaction window."""
    simultaneous: int = 0
    """Steps where several seats chose their pass at once."""


def _note(ms: MachineState, seat: int, action_id: int, reached: Reached) -> None:
    if action_id == ms.machine.wait_id:
        return
    action = ms.machine.actions.action(action_id)
    engine = ms.state
    if isinstance(action, SPECIAL_PLAYS) and seat not in engine.actors():
        reached.out_of_turn += 1
    if isinstance(action, NoReaction) or (
        isinstance(action, SPECIAL_PLAYS) and getattr(engine, "waiting", None)
    ):
        reached.reaction += 1


def _pick(ms: MachineState, seat: int, legal: list[int], rng: random.Random) -> int:
    """At random, but a special card whenever one may be played out of turn."""
    wait = ms.machine.wait_id
    if wait in legal and len(legal) > 1:
        return rng.choice([a for a in legal if a != wait])
    return rng.choice(legal)


def test_openspiel_reaches_all_three() -> None:
    reached = Reached()
    rng = random.Random(1)
    for name, params in (("wypas", {"players": 4, **WYPAS}), ("swipsheep", {"players": 4})):
        state = pyspiel.load_game(f"pasture_{name}", params).new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            if player == pyspiel.PlayerId.CHANCE:
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
            elif player == pyspiel.PlayerId.SIMULTANEOUS:
                choices = [rng.choice(state.legal_actions(p)) for p in range(4)]
                ms = state.machine_state
                if sum(len(state.legal_actions(p)) > 1 for p in range(4)) > 1:
                    reached.simultaneous += 1
                    assert all(
                        isinstance(ms.machine.actions.action(a), PassCards)
                        for p, a in enumerate(choices)
                        if p in ms.deciders()
                    )
                state.apply_actions(choices)
            else:
                ms = state.machine_state
                action = _pick(ms, player, state.legal_actions(), rng)
                _note(ms, player, action, reached)
                state.apply_action(action)
    assert reached.out_of_turn and reached.reaction and reached.simultaneous


def test_pettingzoo_aec_reaches_out_of_turn_plays_and_reaction_windows() -> None:
    reached = Reached()
    rng = random.Random(2)
    aec = env("wypas", 4, WYPAS)
    aec.reset(seed=2)
    for agent in aec.agent_iter():
        obs, _, term, trunc, _ = aec.last()
        if term or trunc:
            aec.step(None)
            continue
        seat = int(agent.split("_")[1])
        action = _pick(aec.ms, seat, list(obs["action_mask"].nonzero()[0]), rng)
        _note(aec.ms, seat, int(action), reached)
        aec.step(int(action))
    assert reached.out_of_turn and reached.reaction


def test_pettingzoo_aec_takes_simultaneous_passes_one_seat_after_another() -> None:
    aec = env("swipsheep", 4)
    aec.reset(seed=3)
    passers = set()
    for agent in aec.agent_iter():
        obs, _, term, trunc, _ = aec.last()
        if term or trunc:
            aec.step(None)
            continue
        action = int(np.random.default_rng(0).choice(obs["action_mask"].nonzero()[0]))
        if isinstance(aec.ms.machine.actions.action(action), PassCards):
            passers.add(agent)
            assert len(aec.ms.state.actors()) >= 1
        aec.step(action)
        if len(passers) == 4:
            break
    assert len(passers) == 4


def test_pettingzoo_parallel_reaches_simultaneous_passes_and_specials() -> None:
    reached = Reached()
    rng = random.Random(4)
    for name, options in (("swipsheep", {}), ("wypas", WYPAS)):
        par = parallel_env(name, 4, options)
        obs, _ = par.reset(seed=4)
        while par.agents:
            ms = par.ms
            deciders = ms.deciders()
            if len(deciders) > 1:
                reached.simultaneous += 1
            actions = {}
            for agent in par.agents:
                seat = int(agent.split("_")[1])
                legal = list(obs[agent]["action_mask"].nonzero()[0])
                actions[agent] = _pick(ms, seat, legal, rng) if seat in deciders else legal[0]
                if seat in deciders:
                    _note(ms, seat, int(actions[agent]), reached)
            obs, *_ = par.step(actions)
    assert reached.simultaneous and reached.out_of_turn and reached.reaction


def test_gymnasium_learner_reaches_all_three() -> None:
    reached = Reached()
    rng = random.Random(5)
    for name, options in (("wypas", WYPAS), ("swipsheep", {})):
        gym_env = PastureEnv(name, 4, seat=1, opponents="random", options=options)
        obs, _ = gym_env.reset(seed=5)
        done = False
        while not done:
            ms = gym_env.ms
            legal = list(obs["action_mask"].nonzero()[0])
            action = _pick(ms, 1, legal, rng)
            _note(ms, 1, action, reached)
            if isinstance(ms.machine.actions.action(action), PassCards):
                reached.simultaneous += 1  # chosen unseen, while the others choose theirs
                assert 1 in ms.state.actors() and len(ms.state.actors()) > 1
            obs, _, terminated, truncated, _ = gym_env.step(np.int64(action))
            done = terminated or truncated
    assert reached.out_of_turn and reached.reaction and reached.simultaneous
