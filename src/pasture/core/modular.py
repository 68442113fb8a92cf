"""A `State` whose behaviour lives in two modules of plain functions.

Every game keeps the same split: `state.py` holds the data, its JSON form and `clone`;
`rules.py` says who acts, what is legal and what each action does; `view.py` says what a
seat may see and re-draws what it may not. The functions take the state as their first
argument. `ModularState` wires them into the core contract once, so a game's state class
names its two modules and adds only what is its own.
"""

from __future__ import annotations

import random
from types import ModuleType
from typing import ClassVar

from pasture.core.game import CHANCE, JSON, Action, ChanceOutcome, Event, State


class ModularState(State):
    """Delegates to `rules` (actors, legal_actions, chance_outcomes, apply,
    check_invariants; optionally fast_legal and timeout_action) and `views` (view,
    determinize). The subclass still defines is_chance, is_over, result, to_json, clone."""

    rules: ClassVar[ModuleType]
    views: ClassVar[ModuleType]

    def actors(self) -> tuple[int, ...]:
        return self.rules.actors(self)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat == CHANCE:
            return [o.action for o in self.chance_outcomes()]
        return self.rules.legal_actions(self, seat)

    def chance_outcomes(self) -> list[ChanceOutcome]:
        return self.rules.chance_outcomes(self)

    def check_legal(self, seat: int, action: Action) -> None:
        """The game's `fast_legal` (if any) accepts common legal actions cheaply; anything
        it does not vouch for gets the full check and its error message."""
        fast = getattr(self.rules, "fast_legal", None)
        if fast is None or not fast(self, seat, action):
            super().check_legal(seat, action)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        return self.rules.apply(self, seat, action)

    def timeout_action(self, seat: int) -> Action | None:
        answer = getattr(self.rules, "timeout_action", None)
        return answer(self, seat) if answer is not None else None

    def view(self, seat: int | None) -> dict[str, JSON]:
        return self.views.view(self, seat)

    def determinize(self, seat: int | None, rng: random.Random) -> State:
        return self.views.determinize(self, seat, rng)

    def check_invariants(self) -> None:
        self.rules.check_invariants(self)
