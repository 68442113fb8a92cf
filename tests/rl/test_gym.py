"""pasture's games in Gymnasium: one seat learns against pasture bots."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from pasture.core import Game  # noqa: E402
from pasture.core.game import Termination  # noqa: E402
from pasture.rl.gym import PastureEnv  # noqa: E402
from tests.rl.cases import CASES, IDS  # noqa: E402


@pytest.mark.parametrize(("game", "players", "options"), CASES, ids=IDS)
def test_check_env(game: Game, players: int, options: dict[str, object]) -> None:
    gym_env = PastureEnv(game.name, players, seat=players - 1, options=options)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice (unbounded boxes, no fps), not failures
        check_env(gym_env, skip_render_check=True)


def _episode(gym_env: PastureEnv, seed: int) -> tuple[float, dict[str, object]]:
    obs, _ = gym_env.reset(seed=seed)
    gym_env.action_space.seed(seed)
    while True:
        action = gym_env.action_space.sample(mask=obs["action_mask"])
        obs, reward, terminated, truncated, info = gym_env.step(action)
        if terminated or truncated:
            return reward, info


def test_a_whole_episode_against_heuristic_bots() -> None:
    gym_env = PastureEnv("baaaaa", 3, seat=0, opponents=["heuristic", "random"])
    reward, info = _episode(gym_env, 3)
    result = info["result"]
    assert reward == (1.0 if 0 in result.winners else 0.0)  # type: ignore[attr-defined]
    assert result.termination in (Termination.NATURAL, Termination.SAFETY_CAP)  # type: ignore[attr-defined]


def test_seeded_episodes_repeat() -> None:
    def run() -> object:
        gym_env = PastureEnv("wypas", 4, seat=2, opponents="heuristic", options={"max_turns": 1})
        _episode(gym_env, 9)
        return gym_env.ms.to_json()

    assert run() == run()


def test_an_illegal_action_ends_the_episode_and_changes_nothing() -> None:
    gym_env = PastureEnv("swipsheep", 3, opponents="random")
    obs, _ = gym_env.reset(seed=4)
    before = gym_env.ms.to_json()
    illegal = int(list(obs["action_mask"]).index(0))
    _, reward, terminated, _, info = gym_env.step(np.int64(illegal))
    assert reward == -1.0 and terminated and "illegal_action" in info
    assert gym_env.ms.to_json() == before


def test_registered_ids_make_environments() -> None:
    import gymnasium

    from pasture.rl.gym import register

    assert "pasture/wypas-v0" in register()
    made = gymnasium.make("pasture/wilson_shep-v0", players=2, opponents="heuristic")
    obs, _ = made.reset(seed=1)
    assert obs["observation"].shape == made.unwrapped.table.observation_shape  # type: ignore[attr-defined]


def test_bad_seats_and_bot_lists_are_refused() -> None:
    with pytest.raises(ValueError, match="learning seat"):
        PastureEnv("swipsheep", 3, seat=3)
    with pytest.raises(ValueError, match="one bot"):
        PastureEnv("swipsheep", 3, opponents=["random"])
