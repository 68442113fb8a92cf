"""pasture's games in OpenSpiel: `register()` makes `pasture_<game>` loadable.

    from pasture.rl import openspiel
    openspiel.register()
    game = pyspiel.load_game("pasture_wypas", {"players": 4, "bluff": True})

Parameters: `players` and every table option of the game, plus `turn_based` for a game
whose players choose at once (Swip'Sheep): True takes their choices one seat after
another (a sequential game, as OpenSpiel's MCTS and IS-MCTS bots need). Returns are 1
for each winner and 0 for the others; the pasture state and its result (scores, how the
game ended) are `state.pasture`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pyspiel

from pasture.core import registry
from pasture.core.encode import IncrementalObservation
from pasture.core.game import CHANCE, JSON, Game, Information, Utility
from pasture.core.machine import RECALLED, Machine, MachineState, Node, machine
from pasture.rl.arrays import float32_array

PREFIX = "pasture_"
TERMINAL = int(pyspiel.PlayerId.TERMINAL)
SIMULTANEOUS = int(pyspiel.PlayerId.SIMULTANEOUS)
_UTILITY = {
    Utility.GENERAL_SUM: pyspiel.GameType.Utility.GENERAL_SUM,
    Utility.IDENTICAL: pyspiel.GameType.Utility.IDENTICAL,
}
_INFORMATION = {
    Information.PERFECT: pyspiel.GameType.Information.PERFECT_INFORMATION,
    Information.IMPERFECT: pyspiel.GameType.Information.IMPERFECT_INFORMATION,
}


def _table(game: Game, params: Mapping[str, Any]) -> Machine:
    """The table that OpenSpiel parameters (every one given, defaults filled in) name."""
    players = int(params["players"])
    known = {o.name for o in game.options}
    options = {k: v for k, v in params.items() if k in known}
    return machine(game, players, options, bool(params.get("turn_based", False)))


def _default_players(game: Game) -> int:
    """Four where the game allows it, else its most."""
    return max(game.min_players, min(game.max_players, 4))


def _parameters(game: Game) -> dict[str, Any]:
    params: dict[str, Any] = {"players": _default_players(game)}
    for option in game.options:
        params[option.name] = option.default
    if game.simultaneous:
        params["turn_based"] = False
    return params


def game_type(game: Game, table: Machine | None = None) -> pyspiel.GameType:
    """The game's OpenSpiel type (dynamics, information and utility follow the table)."""
    if table is None:
        table = _table(game, _parameters(game))
    return pyspiel.GameType(
        short_name=PREFIX + game.name,
        long_name=f"pasture {game.title}",
        dynamics=(
            pyspiel.GameType.Dynamics.SIMULTANEOUS
            if table.simultaneous
            else pyspiel.GameType.Dynamics.SEQUENTIAL
        ),
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=_INFORMATION[table.information],
        utility=_UTILITY[table.utility],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(game),
    )


class PastureGame(pyspiel.Game):  # type: ignore[misc, unused-ignore]
    """One pasture table as an OpenSpiel game."""

    pasture_game: Game

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        merged = {**_parameters(self.pasture_game), **(params or {})}
        self.table = _table(self.pasture_game, merged)
        t = self.table
        info = pyspiel.GameInfo(
            num_distinct_actions=len(t.actions),
            max_chance_outcomes=len(t.chance),
            num_players=t.num_players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=t.max_decisions,
        )
        super().__init__(game_type(self.pasture_game, t), info, merged)

    def new_initial_state(self) -> PastureState:
        return PastureState(self, self.table.new_state())

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> PastureObserver:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return PastureObserver(self.table, perfect_recall)


class PastureState(pyspiel.State):  # type: ignore[misc, unused-ignore]
    """An OpenSpiel state holding a pasture state in machine form (`.machine_state`)."""

    def __init__(self, game: PastureGame, state: MachineState) -> None:
        super().__init__(game)
        self.machine_state = state
        self._player: int | None = None

    @property
    def pasture(self) -> Any:
        """The engine's state (its `result()` has the scores and how the game ended)."""
        return self.machine_state.state

    def current_player(self) -> int:
        # OpenSpiel asks several times per step: worked out once after each change.
        player = self._player
        if player is None:
            deciders = self.machine_state.deciders()
            if not deciders:
                player = TERMINAL
            else:
                player = deciders[0] if len(deciders) == 1 else SIMULTANEOUS
            self._player = player
        return player

    # Python callers reach these without a detour through C++: pyspiel's
    # `State.legal_actions()` asks back into Python for the current player several
    # times before it asks for `_legal_actions` (about 4 µs a call). C++ callers
    # (random_sim_test, C++ bots) still take pyspiel's path; both give the same answer.

    def legal_actions(self, player: int | None = None) -> list[int]:
        current = self.current_player()
        if player is None or player == current:
            if current >= 0:
                return self._legal_actions(current)
            if current == CHANCE:
                return [action for action, _ in self.chance_outcomes()]
            if current == TERMINAL:
                return []
        return list(super().legal_actions(*(() if player is None else (player,))))

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def is_simultaneous_node(self) -> bool:
        return self.current_player() == SIMULTANEOUS

    def is_player_node(self) -> bool:
        return self.current_player() >= 0

    def _legal_actions(self, player: int) -> list[int]:
        ids = self.machine_state.legal_ids(player)
        if not ids and self.machine_state.node() is Node.SIMULTANEOUS:
            return [self.machine_state.machine.wait_id]
        ids.sort()
        return ids

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return sorted(self.machine_state.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        ms = self.machine_state
        self._player = None
        ms.apply(ms.deciders()[0], action)

    def _apply_actions(self, actions: list[int]) -> None:
        self._player = None
        self.machine_state.apply_joint(dict(enumerate(actions)))

    def _action_to_string(self, player: int, action: int) -> str:
        table = self.machine_state.machine
        index = table.chance if player == CHANCE else table.actions
        return str(index.action(action))

    def is_terminal(self) -> bool:
        return self.machine_state.is_over()

    def returns(self) -> list[float]:
        return self.machine_state.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> PastureState:
        """A state with the same information state for `player_id`: the engine's
        `determinize`, its history as `player_id` saw it."""
        seed = int(_draw(probability_sampler) * 2**53)
        resampled = self.machine_state.determinize(player_id, random.Random(seed))
        return PastureState(self.get_game(), resampled)

    def __deepcopy__(self, memo: dict[int, Any]) -> PastureState:
        return PastureState(self.get_game(), self.machine_state.clone())

    def __str__(self) -> str:
        return json.dumps(self.machine_state.state.view(None), sort_keys=True)


def _draw(sampler: Any) -> float:
    if callable(sampler):
        value = sampler()
        return float(value)
    return random.random()


class PastureObserver:
    """Observation tensors (the game's `observe.py`) and strings; with perfect recall,
    the information-state tensor (`MachineState.information_state_tensor`, a fixed-shape
    summary) and string (the seat's whole history, `core.machine`)."""

    def __init__(self, table: Machine, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        size = table.observation_shape[0]
        if perfect_recall:
            ids = len(table.actions)
            self.tensor = np.zeros(table.information_state_shape, np.float32)
            self.dict: dict[str, np.ndarray] = {
                "observation": self.tensor[:size],
                "chosen": self.tensor[size : size + ids],
                "last_chosen": self.tensor[size + ids :].reshape(RECALLED, ids + 1),
            }
        else:
            self.tensor = np.zeros(table.observation_shape, np.float32)
            self.dict = {"observation": self.tensor}
        self._kept: dict[int, IncrementalObservation[Any]] = {}
        """Each player's observation, rewritten only where it changed (`core.encode`)."""
        self._table = table

    def set_from(self, state: PastureState, player: int) -> None:
        ms = state.machine_state
        if self.perfect_recall:
            self.tensor[:] = float32_array(ms.information_state_tensor(player))
            return
        kept = self._kept.get(player)
        if kept is None:
            t = self._table
            sections = t.game.observation_sections(t.num_players, t.options)
            kept = self._kept[player] = IncrementalObservation(
                sections, player, t.observation_shape[0]
            )
        self.tensor[:] = np.frombuffer(kept.update(ms.state), np.float32)

    def string_from(self, state: PastureState, player: int) -> str:
        ms = state.machine_state
        if self.perfect_recall:
            return ms.information_state_string(player)
        view: JSON = ms.state.view(player)
        return json.dumps(view, sort_keys=True, separators=(",", ":"))


def _game_class(game: Game) -> Callable[..., PastureGame]:
    return type(f"Pasture_{game.name}", (PastureGame,), {"pasture_game": game})


_registered: set[str] = set()


def register() -> list[str]:
    """Register every pasture game with OpenSpiel; returns the names (`pasture_<game>`)."""
    names = []
    for game in registry.all_games():
        name = PREFIX + game.name
        if name not in _registered:
            pyspiel.register_game(game_type(game), _game_class(game))
            _registered.add(name)
        names.append(name)
    return names
