"""A `State` whose behaviour lives in two modules of plain functions.

Every game keeps the same split: `state.py` holds the data, its JSON form and `clone`;
`rules.py` says who acts, what is legal and what each action does; `view.py` says what a
seat may see and re-draws what it may not. The functions take the state as their first
argument. `ModularState` wires them into the core contract once, so a game's state class
names its two modules and adds only what is its own.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Protocol, TypeVar

from mypy_extensions import mypyc_attr

from pasture.core.game import (
    CHANCE,
    JSON,
    Action,
    ActionInput,
    ChanceOutcome,
    Event,
    SeatInput,
    State,
)

S = TypeVar("S", bound="ModularState", contravariant=True)


class GameRules(Protocol[S]):
    """What a game's `rules` module provides (a module satisfies this protocol). It may
    also define `fast_legal(s, seat, action) -> bool` and `timeout_action(s, seat)`."""

    def actors(self, s: S, /) -> tuple[int, ...]: ...

    def legal_actions(self, s: S, seat: int, /) -> list[Action]: ...

    def chance_outcomes(self, s: S, /) -> Sequence[ChanceOutcome]: ...

    def apply(self, s: S, seat: int, action: Action, /) -> list[Event]: ...

    def check_invariants(self, s: S, /) -> None: ...


class GameViews(Protocol[S]):
    """What a game's `view` module provides."""

    def view(self, s: S, seat: int | None, /) -> dict[str, JSON]: ...

    def determinize(self, s: S, seat: int | None, rng: random.Random, /) -> State: ...


FastLegal = Callable[[Any, int, Action], bool]
"""`fast_legal(s, seat, action)`: True when the action is certainly legal."""
TimeoutAction = Callable[[Any, int], "Action | None"]


@mypyc_attr(allow_interpreted_subclasses=True)
class ModularState(State):
    """Delegates to `rules` (a `GameRules`: actors, legal_actions, chance_outcomes, apply,
    check_invariants; optionally fast_legal and timeout_action) and `views` (a
    `GameViews`: view, determinize). The subclass still defines is_chance, is_over,
    result, to_json, clone."""

    rules: ClassVar[GameRules[Any]]
    views: ClassVar[GameViews[Any]]

    def __init_subclass__(cls, *, direct_rules: bool = False, **kwargs: Any) -> None:
        """`direct_rules=True` makes the hot calls (actors, legal_actions,
        chance_outcomes) the rules' own functions: one call per use instead of two. For a
        game whose `rules.legal_actions` also answers for `CHANCE`."""
        super().__init_subclass__(**kwargs)
        if direct_rules:
            for name in ("actors", "legal_actions", "chance_outcomes"):
                setattr(cls, name, getattr(cls.rules, name))

    def actors(self) -> tuple[int, ...]:
        return self.rules.actors(self)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat == CHANCE:
            return [o.action for o in self.chance_outcomes()]
        return self.rules.legal_actions(self, seat)

    def chance_outcomes(self) -> Sequence[ChanceOutcome]:
        return self.rules.chance_outcomes(self)

    def check_legal(self, seat: SeatInput, action: ActionInput) -> None:
        """The game's `fast_legal` (if any) accepts common legal actions cheaply; anything
        it does not vouch for gets the full check and its error message."""
        fast: FastLegal | None = getattr(self.rules, "fast_legal", None)
        if fast is None or not fast(self, seat, action):
            super().check_legal(seat, action)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        return self.rules.apply(self, seat, action)

    def timeout_action(self, seat: int) -> Action | None:
        answer: TimeoutAction | None = getattr(self.rules, "timeout_action", None)
        return answer(self, seat) if answer is not None else None

    def view(self, seat: int | None) -> dict[str, JSON]:
        return self.views.view(self, seat)

    def determinize(self, seat: int | None, rng: random.Random) -> State:
        return self.views.determinize(self, seat, rng)

    def check_invariants(self) -> None:
        self.rules.check_invariants(self)
