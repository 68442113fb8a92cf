"""A tiny game with a reaction window, to test the server's timers generically.

Even rounds are reaction windows: every seat is an actor at once, and a seat that does
not answer in time passes (`timeout_action`). Odd rounds are ordinary turns of one seat
(no automatic answer: the move clock applies). A grab scores a point.

`python -c "import tests.server.fake_game as g; g.main()" --port ...` runs a server that
knows this game as well as the real ones.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pasture.core.game import JSON, Action, Event, Game, Option, Result, State


@dataclass(frozen=True, slots=True)
class Grab(Action):
    kind = "grab"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    kind = "pass"


class ReflexState(State):
    def __init__(self, num_players: int, rounds: int) -> None:
        self.num_players = num_players
        self.rounds = rounds
        self.round = 0
        self.answered: list[bool] = [False] * num_players
        self.points = [0] * num_players

    def window(self) -> bool:
        return self.round % 2 == 0

    def actors(self) -> tuple[int, ...]:
        if self.is_over():
            return ()
        if self.window():
            return tuple(s for s in range(self.num_players) if not self.answered[s])
        return (self.round // 2 % self.num_players,)

    def legal_actions(self, seat: int) -> list[Action]:
        return [Grab(), Pass()] if seat in self.actors() else []

    def timeout_action(self, seat: int) -> Action | None:
        return Pass() if self.window() and seat in self.actors() else None

    def is_over(self) -> bool:
        return self.round >= self.rounds

    def result(self) -> Result:
        return Result.by_score(self.points)

    def view(self, seat: int | None) -> dict[str, JSON]:
        return {
            "round": self.round,
            "window": self.window(),
            "answered": self.answered[:],
            "points": self.points[:],
        }

    def to_json(self) -> dict[str, JSON]:
        return {"players": self.num_players, "rounds": self.rounds, **self.view(None)}

    def clone(self) -> ReflexState:
        other = ReflexState(self.num_players, self.rounds)
        other.round, other.answered, other.points = self.round, self.answered[:], self.points[:]
        return other

    def determinize(self, seat: int | None, rng: random.Random) -> State:
        return self.clone()

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, Grab):
            self.points[seat] += 1
        events = [Event(action.kind, {"seat": seat})]
        if self.window():
            self.answered[seat] = True
            if not all(self.answered):
                return events
            self.answered = [False] * self.num_players
        self.round += 1
        return events


class Reflex(Game):
    name = "reflex"
    title = "Reflex (test game)"
    summary = "Grab or pass; reaction windows pass by themselves."
    min_players = 2
    max_players = 4
    options = (Option("rounds", 6, "How many rounds.", minimum=1, maximum=10_000),)
    action_types = (Grab, Pass)

    def new_state(self, num_players: int, options: Mapping[str, JSON] | None = None) -> State:
        resolved = self.resolve_options(num_players, options)
        return ReflexState(num_players, resolved["rounds"])

    def state_from_json(self, data: Any) -> State:
        state = ReflexState(data["players"], data["rounds"])
        state.round, state.answered, state.points = data["round"], data["answered"], data["points"]
        return state


GAME = Reflex()
ReflexState.game = GAME


def main() -> None:
    import typer

    from pasture.cli.serve import serve
    from pasture.core import registry

    registry._games()[GAME.name] = GAME  # a test-only game next to the real ones
    typer.run(serve)
