"""pasture's games as Gymnasium environments: one seat learns, pasture bots play the rest.

    from pasture.rl.gym import PastureEnv
    env = PastureEnv("baaaaa", players=3, seat=0, opponents=["heuristic", "random"])
    # or: pasture.rl.gym.register(); gymnasium.make("pasture/baaaaa-v0", players=3)
    obs, info = env.reset(seed=1)
    action = env.action_space.sample(mask=obs["action_mask"])

Observations are dicts: `observation` (the game's fixed-shape vector, `observe.py`) and
`action_mask` (1 for each legal id of the action index). The other seats are pasture
bots by name (`pasture games` lists them; one name for all, or one per other seat); a bot
sees only its seat's view. The learning seat is asked at every step where it decides,
including Wypas priority steps (play a special card out of turn, or WAIT); the bots act
when the game waits for them and WAIT at priority steps. Chance, and the bots' own
randomness, come from `reset(seed)`.

The reward comes at the end: 1 if the learning seat is among the winners, 0 otherwise. An
action its mask does not allow ends the episode with reward -1 and changes nothing in
the game (info["illegal_action"] says why), as PettingZoo's classic games do.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from pasture import bots
from pasture.core import registry
from pasture.core.bot import Bot, Turn
from pasture.core.errors import IllegalAction
from pasture.core.game import CHANCE, JSON
from pasture.core.machine import Machine, MachineState, machine
from pasture.rl.common import Observations, observation_space, render_ansi, settle_chance


class PastureEnv(gymnasium.Env[dict[str, Any], np.int64]):
    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: str,
        players: int,
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        options: Mapping[str, JSON] | None = None,
        render_mode: str | None = None,
    ) -> None:
        pasture_game = registry.get(game)
        self.table: Machine = machine(pasture_game, players, options, turn_based=True)
        if not 0 <= seat < players:
            raise ValueError(f"The learning seat must be 0 to {players - 1}, not {seat}.")
        self.seat = seat
        others = [p for p in range(players) if p != seat]
        names = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(names) != len(others):
            raise ValueError(f"Name one bot for all other seats or one for each of {others}.")
        self.bots: dict[int, Bot] = {
            p: bots.make(pasture_game, name) for p, name in zip(others, names, strict=True)
        }
        self.render_mode = render_mode
        self._size = len(self.table.actions)
        self.action_space = spaces.Discrete(self._size)
        self.observation_space = observation_space(self.table, self._size)
        self._rng = random.Random()
        self._bot_rngs: dict[int, random.Random] = {}
        self.ms: MachineState = self.table.new_state()
        self._observations = Observations()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        base = seed if seed is not None else int(self.np_random.integers(2**62))
        self._rng = random.Random(base)
        self._bot_rngs = {p: random.Random(f"{base}:{p}") for p in self.bots}
        self.ms = self.table.new_state()
        self._play_others()
        return self._observation(), {}

    def _observation(self) -> dict[str, np.ndarray]:
        return self._observations.of(self.ms, self.seat, self._size)

    def _play_others(self) -> None:
        """Chance and the bots decide until the learning seat does, or the game ends."""
        ms = self.ms
        table = self.table
        while not ms.is_over():
            settle_chance(ms, self._rng)
            if ms.is_over():
                return
            seat = ms.current()
            if seat == self.seat:
                return
            assert seat != CHANCE
            if ms.has_priority(seat):  # a priority step: the bots let it pass
                ms.apply(seat, table.wait_id)
                continue
            turn = Turn(ms.state, seat, self._bot_rngs[seat])
            ms.apply(seat, table.actions.ids([self.bots[seat].choose(turn)])[0])

    def step(self, action: np.int64) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        ms = self.ms
        try:
            if int(action) not in ms.legal_ids(self.seat):
                raise IllegalAction(f"Id {action} is not legal for seat {self.seat} now.")
            ms.apply(self.seat, int(action))
        except IllegalAction as exc:
            return self._observation(), -1.0, True, False, {"illegal_action": str(exc)}
        self._play_others()
        info: dict[str, Any] = {}
        reward = 0.0
        if ms.is_over():
            info["result"] = ms.result()
            reward = ms.returns()[self.seat]
        terminated = ms.state.is_over()
        truncated = ms.is_over() and not terminated
        return self._observation(), reward, terminated, truncated, info

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return render_ansi(self.ms, self.seat)


def register() -> list[str]:
    """Register `pasture/<game>-v0` with Gymnasium for every game; returns the ids."""
    ids = []
    for game in registry.all_games():
        env_id = f"pasture/{game.name}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, "pasture.rl.gym:PastureEnv", kwargs={"game": game.name})
        ids.append(env_id)
    return ids
