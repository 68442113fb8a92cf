"""Games that do nothing, in OpenSpiel and PettingZoo: what one step through each
library costs before any game runs.

Each null game has the shape of a pasture table (its players, its steps per game, its
number of action ids) and does the least its library's API asks of a correct game, and
less where that is cheaper: `current_player`, `legal_actions` and a step counter in
OpenSpiel (with the same Python-side short cuts as `pasture.rl.openspiel`); in PettingZoo
the agent and reward bookkeeping of every step, with one observation array and one mask
that are handed out again each step, never rebuilt or copied. A step through the library
costs at least this much whatever the game, so an adapter of an engine that takes `e`
µs a step runs at most at `e / (e + floor)` of the engine's speed.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

TERMINAL = int(pyspiel.PlayerId.TERMINAL)
NULL_GAME = "pasture_null"


class NullSpielGame(pyspiel.Game):  # type: ignore[misc, unused-ignore]
    """`players` seats taking turns for `length` steps among `actions` ids."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {"players": 2, "length": 50, "actions": 8, **(params or {})}
        self.players, self.length = int(params["players"]), int(params["length"])
        self.legal = list(range(int(params["actions"])))
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.legal),
            max_chance_outcomes=0,
            num_players=self.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=self.length,
        )
        super().__init__(_null_type(), info, params)

    def new_initial_state(self) -> NullSpielState:
        return NullSpielState(self)


class NullSpielState(pyspiel.State):  # type: ignore[misc, unused-ignore]
    def __init__(self, game: NullSpielGame) -> None:
        super().__init__(game)
        self.steps, self.length, self.players, self.legal = 0, game.length, game.players, game.legal

    def current_player(self) -> int:
        return TERMINAL if self.steps >= self.length else self.steps % self.players

    def legal_actions(self, player: int | None = None) -> list[int]:
        return self.legal

    def _legal_actions(self, player: int) -> list[int]:
        return self.legal

    def _apply_action(self, action: int) -> None:
        self.steps += 1

    def is_terminal(self) -> bool:
        return self.steps >= self.length

    def returns(self) -> list[float]:
        return [0.0] * self.players


def _null_type() -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=NULL_GAME,
        long_name="a game that does nothing",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=8,
        min_num_players=1,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification={"players": 2, "length": 50, "actions": 8},
    )


def null_spiel_game(players: int, length: int, actions: int) -> pyspiel.Game:
    if NULL_GAME not in pyspiel.registered_names():
        pyspiel.register_game(_null_type(), NullSpielGame)
    return pyspiel.load_game(NULL_GAME, {"players": players, "length": length, "actions": actions})


class _NullShape:
    """What both null PettingZoo games share: the seats, the spaces, the one observation."""

    def __init__(self, players: int, length: int, actions: int, observation: int) -> None:
        self.possible_agents = [f"seat_{p}" for p in range(players)]
        self.length, self.steps = length, 0
        self.shown: dict[str, np.ndarray] = {
            "observation": np.zeros(observation, np.float32),
            "action_mask": np.ones(actions, np.int8),
        }
        self.spaces = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (observation,), np.float32),
                "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            }
        )
        self.action = spaces.Discrete(actions)


class NullAEC(AECEnv):  # type: ignore[misc, unused-ignore]
    metadata = {"render_modes": [], "name": "pasture_null_v0", "is_parallelizable": False}

    def __init__(self, players: int, length: int, actions: int, observation: int) -> None:
        super().__init__()
        self.shape = _NullShape(players, length, actions, observation)
        self.possible_agents = self.shape.possible_agents

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.shape.spaces

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.shape.action

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.shape.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self.shape.shown

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        shape = self.shape
        shape.steps += 1
        if shape.steps >= shape.length:
            self.terminations.update(dict.fromkeys(self.agents, True))
            self._accumulate_rewards()
            return
        self.agent_selection = self.possible_agents[shape.steps % len(self.possible_agents)]


class NullParallel(ParallelEnv):  # type: ignore[misc, unused-ignore]
    metadata = {"render_modes": [], "name": "pasture_null_v0"}

    def __init__(self, players: int, length: int, actions: int, observation: int) -> None:
        self.shape = _NullShape(players, length, actions, observation)
        self.possible_agents = self.shape.possible_agents
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.shape.spaces

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.shape.action

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        self.shape.steps = 0
        self.agents = self.possible_agents[:]
        return dict.fromkeys(self.agents, self.shape.shown), {a: {} for a in self.agents}

    def step(self, actions: dict[str, int]) -> tuple[dict[str, Any], ...]:
        shape = self.shape
        shape.steps += 1
        agents = self.agents
        over = shape.steps >= shape.length
        observations = dict.fromkeys(agents, shape.shown)
        rewards = dict.fromkeys(agents, 0.0)
        terminations = dict.fromkeys(agents, over)
        truncations = dict.fromkeys(agents, False)
        infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos
