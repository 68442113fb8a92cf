"""The action index: every action a table can ever offer, numbered, both ways.

Machines (solvers, learners, OpenSpiel, PettingZoo) speak of actions as small integers.
Each game lists, in its `index.py`, every player action and every chance outcome its
edition allows at a table of a given size and options, derived from the edition data;
`ActionIndex` numbers them in that order. The order is pinned by a golden file per game
(`tests/games/action_ids/<game>.json`), so ids stay stable across versions.

Id `len(player actions)` is `WAIT`, the one action that belongs to no game: a seat lets
the moment go by (passes priority to the next seat, or has nothing to choose while
others choose at once). See `core/machine.py`.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar, NamedTuple

from pasture.core.game import JSON, Action


@dataclass(frozen=True, slots=True)
class Wait(Action):
    """Let the moment go by: pass priority, or nothing to choose at a simultaneous step."""

    kind: ClassVar[str] = "wait"

    def __str__(self) -> str:
        return "wait"


WAIT = Wait()


class ActionSet(NamedTuple):
    """What a game declares: its player actions and its chance outcomes, each in order."""

    player: tuple[Action, ...]
    chance: tuple[Action, ...]


class ActionIndex:
    """A fixed, ordered list of actions: `id(action)` and `action(id)`."""

    __slots__ = ("_actions", "_ids", "_seen", "_pinned")

    SEEN_LIMIT = 8192

    def __init__(self, actions: Iterable[Action]) -> None:
        self._actions: tuple[Action, ...] = tuple(actions)
        self._ids: dict[Action, int] = {}
        for i, action in enumerate(self._actions):
            if action in self._ids:
                raise ValueError(f"{action} is listed twice in the action index.")
            self._ids[action] = i
        self._seen: dict[int, int] = {}
        """Engines hand out the same action objects again and again: looking them up by
        address skips hashing and comparing dataclass fields. `_pinned` holds every
        object seen, so no other object can take its address while it is here."""
        self._pinned: list[Action] = []

    def __len__(self) -> int:
        return len(self._actions)

    def __contains__(self, action: object) -> bool:
        return action in self._ids

    def id(self, action: Action) -> int:
        try:
            return self._ids[action]
        except KeyError:
            raise KeyError(f"{action} has no id in this table's action index.") from None

    def action(self, action_id: int) -> Action:
        """The action with this id (any integer type, numpy's too; never a bool)."""
        if type(action_id) is int and 0 <= action_id < len(self._actions):
            return self._actions[action_id]
        try:
            i = -1 if isinstance(action_id, bool) else operator.index(action_id)
        except TypeError:
            i = -1
        if not 0 <= i < len(self._actions):
            raise IndexError(f"No action has id {action_id!r} (ids are 0 to {len(self) - 1}).")
        return self._actions[i]

    def ids(self, actions: Sequence[Action]) -> list[int]:
        """The ids of `actions`, in their order (as cheap as listing them)."""
        try:
            return [*map(self._seen.__getitem__, map(id, actions))]
        except KeyError:
            return [self._learn(action) for action in actions]

    def _learn(self, action: Action) -> int:
        found = self._seen.get(id(action))
        if found is not None:
            return found
        if len(self._pinned) >= self.SEEN_LIMIT:
            self._seen.clear()
            self._pinned.clear()
        found = self._seen[id(action)] = self.id(action)
        self._pinned.append(action)
        return found

    @property
    def actions(self) -> tuple[Action, ...]:
        return self._actions

    def to_json(self) -> list[JSON]:
        return [a.to_json() for a in self._actions]


def player_index(actions: ActionSet) -> ActionIndex:
    """The player actions, then `WAIT`."""
    return ActionIndex((*actions.player, WAIT))
