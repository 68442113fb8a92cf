"""pasture's games as PettingZoo environments.

    from pasture.rl.pettingzoo import env, parallel_env
    aec = env("wypas", players=4, options={"bluff": True}, render_mode="ansi")
    par = parallel_env("swipsheep", players=4)

Agents are `seat_0` ... `seat_<n-1>`. Observations are dicts: `observation` (the game's
fixed-shape vector, `observe.py`) and `action_mask` (1 for each legal id of the
action index, `core.index`). Chance is drawn from the generator seeded by `reset(seed)`.
Rewards come at the end: 1 for each winner, 0 for the others; a game stopped at the
declared maximum length is truncated, any other end is a termination.

The AEC env takes simultaneous choices (Swip'Sheep's passes) one seat after another,
each unseen by the others, and asks for out-of-turn special cards (Wypas) through
priority steps (`core.machine`). The parallel env asks every seat at every step: the
seats that decide choose at once, the others send `WAIT` (the only id their mask allows).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from pasture.core import registry
from pasture.core.errors import IllegalAction
from pasture.core.game import JSON
from pasture.core.machine import Machine, MachineState, machine
from pasture.rl.common import Observations, observation_space, render_ansi, settle_chance


def _agents(n: int) -> list[str]:
    return [f"seat_{p}" for p in range(n)]


class PastureAEC(AECEnv):  # type: ignore[misc, unused-ignore]
    """One pasture table as a PettingZoo AEC environment (one agent acts per step)."""

    def __init__(
        self,
        game: str,
        players: int,
        options: Mapping[str, JSON] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.table: Machine = machine(registry.get(game), players, options, turn_based=True)
        self.metadata = {
            "render_modes": ["ansi"],
            "name": f"pasture_{game}_v0",
            "is_parallelizable": False,
        }
        self.render_mode = render_mode
        self.possible_agents = _agents(players)
        self._seat = {a: p for p, a in enumerate(self.possible_agents)}
        self._size = len(self.table.actions)
        self._rng = random.Random()
        self.ms: MachineState = self.table.new_state()
        self._observations = Observations()

    @functools.cache  # noqa: B019 - one space object per agent
    def observation_space(self, agent: str) -> spaces.Dict:
        return observation_space(self.table, self._size)

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> spaces.Discrete:
        return spaces.Discrete(self._size)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.ms = self.table.new_state()
        settle_chance(self.ms, self._rng)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._next()

    def _next(self) -> None:
        ms = self.ms
        if ms.is_over():
            ended = "terminations" if ms.state.is_over() else "truncations"
            getattr(self, ended).update(dict.fromkeys(self.agents, True))
            result = ms.result()
            for agent, reward in zip(self.possible_agents, ms.returns(), strict=True):
                self.rewards[agent] = reward
                self.infos[agent] = {"result": result}
            self._accumulate_rewards()
            return
        self.agent_selection = self.possible_agents[ms.current()]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self._observations.of(self.ms, self._seat[agent], self._size)

    def step(self, action: int | None) -> None:
        """Apply `agent_selection`'s id (None once the agent is done, as PettingZoo asks)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalAction(f"{agent} must choose an action id.", "malformed_action")
        self._cumulative_rewards[agent] = 0.0
        self.ms.apply(self._seat[agent], int(action))
        settle_chance(self.ms, self._rng)
        self._next()
        if self.render_mode == "ansi":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return render_ansi(self.ms, None)

    def close(self) -> None:
        pass


class PastureParallel(ParallelEnv):  # type: ignore[misc, unused-ignore]
    """One pasture table as a PettingZoo parallel environment: every seat sends an
    action at every step; the seats that do not decide send WAIT."""

    def __init__(
        self,
        game: str,
        players: int,
        options: Mapping[str, JSON] | None = None,
        render_mode: str | None = None,
    ) -> None:
        self.table: Machine = machine(registry.get(game), players, options)
        self.metadata = {"render_modes": ["ansi"], "name": f"pasture_{game}_v0"}
        self.render_mode = render_mode
        self.possible_agents = _agents(players)
        self.agents: list[str] = []
        self._size = len(self.table.actions)
        self._wait_only = np.zeros(self._size, np.int8)
        self._wait_only[self.table.wait_id] = 1
        self._rng = random.Random()
        self.ms: MachineState = self.table.new_state()
        self._observations = Observations()

    @functools.cache  # noqa: B019
    def observation_space(self, agent: str) -> spaces.Dict:
        return observation_space(self.table, self._size)

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> spaces.Discrete:
        return spaces.Discrete(self._size)

    def _all_observations(self) -> dict[str, dict[str, np.ndarray]]:
        out = {}
        ms = self.ms
        deciders = ms.deciders()
        observations = self._observations
        for p, agent in enumerate(self.possible_agents):
            if p in deciders:
                out[agent] = observations.of(ms, p, self._size)
            else:  # nothing to choose: only WAIT
                mask = self._wait_only.copy()
                out[agent] = {"observation": observations.get(ms, p), "action_mask": mask}
        return out

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        if seed is not None:
            self._rng = random.Random(seed)
        self.ms = self.table.new_state()
        settle_chance(self.ms, self._rng)
        self.agents = self.possible_agents[:]
        return self._all_observations(), {a: {} for a in self.agents}

    def step(self, actions: Mapping[str, int]) -> tuple[dict[str, Any], ...]:
        ms = self.ms
        deciders = ms.deciders()
        choices = {p: int(actions[self.possible_agents[p]]) for p in deciders}
        if len(deciders) == 1:
            ms.apply(deciders[0], choices[deciders[0]])
        else:
            ms.apply_joint(choices)
        settle_chance(ms, self._rng)
        agents = self.agents
        observations = self._all_observations()
        rewards = dict.fromkeys(agents, 0.0)
        over = ms.is_over()
        natural = over and ms.state.is_over()
        terminations = dict.fromkeys(agents, natural)
        truncations = dict.fromkeys(agents, over and not natural)
        infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        if over:
            result = ms.result()
            for agent, reward in zip(agents, ms.returns(), strict=True):
                rewards[agent] = reward
                infos[agent] = {"result": result}
            self.agents = []
        if self.render_mode == "ansi":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return render_ansi(self.ms, None)

    def close(self) -> None:
        pass


def env(
    game: str,
    players: int,
    options: Mapping[str, JSON] | None = None,
    render_mode: str | None = None,
) -> PastureAEC:
    return PastureAEC(game, players, options, render_mode)


def parallel_env(
    game: str,
    players: int,
    options: Mapping[str, JSON] | None = None,
    render_mode: str | None = None,
) -> PastureParallel:
    return PastureParallel(game, players, options, render_mode)
