"""pasture's games in PettingZoo: its own API, seed and parallel API tests."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, parallel_api_test, seed_test  # noqa: E402

from pasture.core import Game  # noqa: E402
from pasture.core.errors import IllegalAction  # noqa: E402
from pasture.rl.pettingzoo import env, parallel_env  # noqa: E402
from tests.rl.cases import CASES, IDS  # noqa: E402

CYCLES = 150


def _float32(values: list[float]) -> Any:
    """The game's own observation as the environments hand it out (float32 slots), to
    compare exactly with numpy, not slot by slot in Python."""
    return np.asarray(values, dtype=np.float32)


@pytest.mark.parametrize(("game", "players", "options"), CASES, ids=IDS)
def test_api_seed_and_parallel_api(game: Game, players: int, options: dict[str, object]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice on space types, not failures
        api_test(env(game.name, players, options), num_cycles=CYCLES)
        seed_test(lambda: env(game.name, players, options), num_cycles=CYCLES)
        parallel_api_test(parallel_env(game.name, players, options), num_cycles=CYCLES)


def test_render_ansi_is_the_terminal_table() -> None:
    aec = env("swipsheep", 3, render_mode="ansi")
    aec.reset(seed=1)
    text = aec.render()
    assert isinstance(text, str) and "Swip'Sheep" in text


def test_an_illegal_id_is_refused_and_changes_nothing() -> None:
    aec = env("wilson_shep", 2)
    aec.reset(seed=2)
    before = aec.ms.to_json()
    mask = aec.observe(aec.agent_selection)["action_mask"]
    illegal = int(list(mask).index(0))
    with pytest.raises(IllegalAction):
        aec.step(illegal)
    assert aec.ms.to_json() == before


def test_the_same_seed_plays_the_same_game() -> None:
    def run() -> list[int]:
        aec = env("wypas", 3, {"max_turns": 1})
        aec.reset(seed=5)
        taken: list[int] = []
        for _ in aec.agent_iter():
            obs, _, term, trunc, _ = aec.last()
            if term or trunc:
                aec.step(None)
                continue
            action = int(obs["action_mask"].nonzero()[0][len(taken) % obs["action_mask"].sum()])
            taken.append(action)
            aec.step(action)
        return taken

    assert run() == run()


def test_kept_observations_are_the_games_own_at_every_step() -> None:
    """Observations are kept between engine decisions (a WAIT changes nothing), so check
    every seat's against the game's `observe` at each step, Wypas priority steps included,
    and that a caller changing its copy changes nothing for the next."""
    game_name, players = "wypas", 4
    aec = env(game_name, players, {"max_turns": 1})
    par = parallel_env(game_name, players, {"max_turns": 1})
    aec.reset(seed=7)
    par_obs, _ = par.reset(seed=7)
    observe = aec.ms.machine.game.observe
    waits = 0
    for agent in aec.agent_iter():
        obs, _, term, trunc, _ = aec.last()
        if term or trunc:
            aec.step(None)
            continue
        for seat, other in enumerate(aec.possible_agents):
            seen = aec.observe(other)["observation"]
            assert np.array_equal(seen, _float32(observe(aec.ms.state, seat)))
            seen[:] = -1.0
        assert (aec.observe(agent)["observation"] == obs["observation"]).all()
        ids = obs["action_mask"].nonzero()[0]
        action = int(ids[-1])  # WAIT at a priority step, when offered
        waits += action == aec.ms.machine.wait_id
        aec.step(action)
    assert waits > 0
    while par.agents:
        for seat, agent in enumerate(par.possible_agents):
            expected = _float32(observe(par.ms.state, seat))
            assert np.array_equal(par_obs[agent]["observation"], expected)
        choice = {a: int(par_obs[a]["action_mask"].nonzero()[0][-1]) for a in par.agents}
        par_obs, *_ = par.step(choice)
