"""What a bot is given when it must act: its seat's view and legal actions, nothing more.

A search bot that needs a full state calls `Turn.sample_state`, which re-draws
everything the seat cannot see (`State.determinize`): the bot never touches the real
state, so it cannot cheat.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from pasture.core.game import JSON, Action, Game, State


class Turn:
    """One decision of one seat, as that seat sees it."""

    __slots__ = ("game", "seat", "legal", "rng", "_state", "_view")

    def __init__(self, state: State, seat: int, rng: random.Random) -> None:
        self.game: Game = state.game
        self.seat = seat
        self.legal: Sequence[Action] = state.legal_actions(seat)
        self.rng = rng
        self._state = state
        self._view: dict[str, JSON] | None = None

    @property
    def view(self) -> dict[str, JSON]:
        """The seat's view (computed on first use: a random bot never pays for it)."""
        if self._view is None:
            self._view = self._state.view(self.seat)
        return self._view

    def sample_state(self, rng: random.Random | None = None) -> State:
        """A full state consistent with this seat's view, hidden parts re-drawn."""
        return self._state.determinize(self.seat, rng or self.rng)


class Bot(Protocol):
    """Anything that picks one of the legal actions for a seat."""

    name: str

    def choose(self, turn: Turn) -> Action: ...
