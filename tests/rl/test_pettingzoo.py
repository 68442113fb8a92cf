"""pasture's games in PettingZoo: its own API, seed and parallel API tests."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, parallel_api_test, seed_test  # noqa: E402

from pasture.core import Game  # noqa: E402
from pasture.core.errors import IllegalAction  # noqa: E402
from pasture.rl.pettingzoo import env, parallel_env  # noqa: E402
from tests.rl.cases import CASES, IDS  # noqa: E402

CYCLES = 150


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
