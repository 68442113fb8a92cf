"""What the PettingZoo and Gymnasium adapters share: chance from a seeded generator,
action masks, observation arrays and the terminal rendering."""

from __future__ import annotations

import importlib
import io
import random
from typing import Any

import numpy as np
from gymnasium import spaces

from pasture.core.encode import IncrementalObservation
from pasture.core.game import sample
from pasture.core.machine import Machine, MachineState


def settle_chance(ms: MachineState, rng: random.Random) -> None:
    """Let chance decide (one draw each from `rng`) until a player or nobody decides."""
    state = ms.state
    while state.is_chance() and not ms.is_over():
        ms.apply_chance(sample(state.chance_outcomes(), rng))


FEW_IDS = 16
"""Up to this many legal ids, setting mask slots one by one beats numpy's fancy
indexing (which first turns the list into an array)."""


def action_mask(ms: MachineState, seat: int, size: int) -> np.ndarray:
    mask = np.zeros(size, np.int8)
    ids = ms.legal_ids(seat)
    if len(ids) <= FEW_IDS:
        for i in ids:
            mask[i] = 1
    else:
        mask.put(ids, 1)
    return mask


def observation_space(table: Machine, actions: int) -> spaces.Dict:
    return spaces.Dict(
        {
            "observation": spaces.Box(-np.inf, np.inf, table.observation_shape, np.float32),
            "action_mask": spaces.Box(0, 1, (actions,), np.int8),
        }
    )


class Observations:
    """Each seat's observation as a float32 array, kept per seat and brought up to date
    section by section (`core.encode.IncrementalObservation`), at most once per engine
    state and seat: a priority WAIT leaves the engine state as it was
    (`MachineState.moves` does not change). Every caller gets its own copy."""

    def __init__(self) -> None:
        self._for: MachineState | None = None
        self._moves = -1
        self._fresh: set[int] = set()
        self._kept: dict[int, tuple[IncrementalObservation[Any], np.ndarray]] = {}
        self._table: Machine | None = None

    def get(self, ms: MachineState, seat: int) -> np.ndarray:
        if ms is not self._for or ms.moves != self._moves:
            self._for, self._moves = ms, ms.moves
            self._fresh.clear()
            if ms.machine is not self._table:
                self._table = ms.machine
                self._kept.clear()
        kept = self._kept.get(seat)
        if kept is None:
            kept = self._kept[seat] = _kept_observation(ms.machine, seat)
        if seat not in self._fresh:
            kept[0].update(ms.state)
            self._fresh.add(seat)
        return kept[1].copy()

    def of(self, ms: MachineState, seat: int, actions: int) -> dict[str, np.ndarray]:
        """The observation dict: the array and the action mask."""
        return {"observation": self.get(ms, seat), "action_mask": action_mask(ms, seat, actions)}


def _kept_observation(table: Machine, seat: int) -> tuple[IncrementalObservation[Any], np.ndarray]:
    """A seat's kept observation and a numpy view of its slots (the view also keeps the
    slots from being resized)."""
    sections = table.game.observation_sections(table.num_players, table.options)
    kept: IncrementalObservation[Any] = IncrementalObservation(
        sections, seat, table.observation_shape[0]
    )
    return kept, np.frombuffer(kept.values, np.float32)


def render_ansi(ms: MachineState, seat: int | None) -> str:
    """The game's terminal rendering of `seat`'s view (None: a spectator), as plain text."""
    from rich.console import Console

    game = ms.machine.game
    terminal = importlib.import_module(f"{type(game).__module__.rsplit('.', 1)[0]}.terminal")
    text = io.StringIO()
    console = Console(file=text, width=100, color_system=None, force_terminal=False)
    console.print(terminal.render(ms.state.view(seat)))
    return text.getvalue()
