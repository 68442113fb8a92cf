"""A game in machine form: one decider per step, actions as ids, a history per seat.

People at a table act when they like: Wypas lets any seat holding a special card play
it whenever the engine waits, and Swip'Sheep's players choose their passes at once.
Machines (OpenSpiel, PettingZoo, learners) want to be told who decides next. A
`MachineState` wraps an engine state and says so, keeping the whole game:

- **chance** decides first whenever the engine has a chance decision pending;
- **priority steps** (games with `out_of_turn`): before the first actor decides, each
  seat of `game.priority_seats(state)` in turn may act out of turn (play a special card)
  or `WAIT`; a seat is chosen on public grounds only, so being asked tells nothing;
- **simultaneous steps** (games with `simultaneous`): every actor chooses at once, each
  unseen by the others; in the turn-based form they choose one after another, still
  unseen (the engine shows a seat's choice to nobody until all have chosen);
- otherwise the first seat of `actors()` decides (a reaction window is answered in the
  order `actors()` lists the seats, each answer possibly a special card).

A game that reaches `game.max_decisions` player decisions ends with
`Termination.SAFETY_CAP` and the scores as they stand.

Each step is kept as `Seen` (who acted, the action id, the events it caused), so a
seat's perfect-recall information state (`information_state`) is what it saw of every
step: its own actions, the fact that others waited, and every event as `Event.for_seat`
shows it. The history survives `clone`, the JSON form and `determinize`; a re-drawn
state keeps the history as the determinizing seat saw it. `information_state_tensor`
is a fixed-shape summary of it (the observation and the seat's own choices).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import Enum
from functools import cached_property, lru_cache
from typing import Any, NamedTuple

from pasture.core.encode import one_hot
from pasture.core.errors import IllegalAction
from pasture.core.game import (
    CHANCE,
    JSON,
    Action,
    Event,
    Game,
    Information,
    Result,
    State,
    Termination,
    Utility,
)
from pasture.core.index import ActionIndex, player_index


class Node(Enum):
    CHANCE = "chance"
    DECISION = "decision"
    """One seat decides."""
    SIMULTANEOUS = "simultaneous"
    """Several seats decide at once (only in the simultaneous form)."""
    TERMINAL = "terminal"


class Seen(NamedTuple):
    """One step as kept for information states: the seat (CHANCE for chance), the
    action id (None for chance and for steps the holder of the history did not see),
    and the events the step caused."""

    seat: int
    action: int | None
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Machine:
    """One table in machine form: a game, a player count, options, and what follows."""

    game: Game
    num_players: int
    options: Mapping[str, JSON]
    actions: ActionIndex
    """Player actions, then WAIT (its id is `wait_id`)."""
    chance: ActionIndex
    max_decisions: int
    observation_shape: tuple[int, ...]
    information: Information
    utility: Utility
    turn_based: bool
    """Simultaneous choices are taken one seat after another (for sequential solvers)."""

    @cached_property
    def wait_id(self) -> int:
        return len(self.actions) - 1

    @cached_property
    def simultaneous(self) -> bool:
        return self.game.simultaneous and not self.turn_based

    @property
    def information_state_shape(self) -> tuple[int, ...]:
        """The information-state tensor: the observation, how often the seat chose each
        id, and its last `RECALLED` choices one-hot (see `information_state_tensor`)."""
        ids = len(self.actions)
        return (self.observation_shape[0] + ids + RECALLED * (ids + 1),)

    def new_state(self) -> MachineState:
        return MachineState(self, self.game.new_state(self.num_players, self.options))

    def wrap(self, state: State) -> MachineState:
        """An engine state of this table in machine form (its history starts here)."""
        return MachineState(self, state)

    def state_from_json(self, data: JSON) -> MachineState:
        return MachineState.from_json(self, data)


RECALLED = 4
"""How many of a seat's own last choices its information-state tensor spells out."""

_CHANCE_DECIDES = (CHANCE,)
_NO_EVENTS: tuple[Event, ...] = ()
_seen = tuple.__new__
"""Builds a `Seen` without NamedTuple's keyword-handling constructor (the log gets one
per step)."""


def machine(
    game: Game,
    num_players: int,
    options: Mapping[str, JSON] | None = None,
    turn_based: bool = False,
) -> Machine:
    """The machine form of a table (built once per game, players, options and form)."""
    resolved = game.resolve_options(num_players, options)
    key = json.dumps(resolved, sort_keys=True)
    return _machine(game, num_players, key, turn_based)


@lru_cache(maxsize=256)
def _machine(game: Game, num_players: int, options_key: str, turn_based: bool) -> Machine:
    options = json.loads(options_key)
    declared = game.action_set(num_players, options)
    return Machine(
        game=game,
        num_players=num_players,
        options=options,
        actions=player_index(declared),
        chance=ActionIndex(declared.chance),
        max_decisions=game.max_decisions(num_players, options),
        observation_shape=game.observation_shape(num_players, options),
        information=game.information(num_players, options),
        utility=game.utility(num_players, options),
        turn_based=turn_based,
    )


def returns(result: Result, num_players: int) -> list[float]:
    """1 for each seat among the winners, 0 for the others."""
    won = set(result.winners)
    return [1.0 if p in won else 0.0 for p in range(num_players)]


class MachineState:
    """An engine state in machine form (see the module's docstring)."""

    __slots__ = (
        "machine",
        "state",
        "decisions",
        "_priority",
        "_deciders",
        "log",
        "moves",
        "_legal",
    )

    def __init__(
        self,
        machine: Machine,
        state: State,
        decisions: int = 0,
        priority: list[int] | None = None,
        log: list[Seen] | None = None,
    ) -> None:
        self.machine = machine
        self.state = state
        self.decisions = decisions
        """Player decisions so far (waits included)."""
        self._priority = priority
        """Seats still to be offered priority at this moment (None: not yet worked out)."""
        self._deciders: tuple[int, ...] | None = None
        """Who decides now (None: not yet worked out since the last step)."""
        self.log: list[Seen] = [] if log is None else log
        wait = machine.wait_id
        self.moves = sum(1 for step in self.log if step.action != wait)
        """Engine decisions (chance included, waits not) in the history: the engine state
        changes exactly when this count does, so observations may be kept until then."""
        self._legal: dict[int, list[int]] = {}
        """Each seat's legal ids at this step (a mask and the check of a choice ask twice);
        emptied by every step."""

    # --- who decides ------------------------------------------------------------------

    def is_over(self) -> bool:
        deciders = self._deciders  # worked out here: the caller asks who decides next
        if deciders is None:
            deciders = self._deciders = self._work_out_deciders()
        return not deciders

    def node(self) -> Node:
        deciders = self.deciders()
        if not deciders:
            return Node.TERMINAL
        if deciders[0] == CHANCE:
            return Node.CHANCE
        return Node.SIMULTANEOUS if len(deciders) > 1 else Node.DECISION

    def deciders(self) -> tuple[int, ...]:
        """Who decides now: (CHANCE,), one seat, several seats at a simultaneous step, or
        () when the game is over."""
        deciders = self._deciders
        if deciders is None:
            deciders = self._deciders = self._work_out_deciders()
        return deciders

    def _work_out_deciders(self) -> tuple[int, ...]:
        state = self.state
        if self.decisions >= self.machine.max_decisions or state.is_over():
            return ()
        if state.is_chance():
            return _CHANCE_DECIDES
        priority = self._priority
        if priority is None:
            game = self.machine.game
            priority = self._priority = list(game.priority_seats(state)) if game.out_of_turn else []
        if priority:
            return (priority[0],)
        actors = state.actors()
        if len(actors) > 1 and self.machine.simultaneous:
            return actors
        return actors[:1]

    def current(self) -> int:
        """The one decider (CHANCE included); raises at a simultaneous step."""
        deciders = self.deciders()
        if len(deciders) != 1:
            raise ValueError(f"{len(deciders)} seats decide now, not one.")
        return deciders[0]

    def has_priority(self, seat: int) -> bool:
        """Whether `seat` decides at a priority step now (it may act out of turn or WAIT)."""
        priority = self._priority
        return bool(priority) and priority[0] == seat  # type: ignore[index]

    # --- what may be done -------------------------------------------------------------

    def legal_ids(self, seat: int) -> list[int]:
        """The ids `seat` may choose now (empty if it does not decide)."""
        ids = self._legal.get(seat)
        if ids is None:
            ids = self._legal[seat] = self._work_out_legal_ids(seat)
        return ids[:]

    def _work_out_legal_ids(self, seat: int) -> list[int]:
        deciders = self._deciders
        if deciders is None:
            deciders = self.deciders()
        if seat not in deciders:
            return []
        machine = self.machine
        state = self.state
        if seat == CHANCE:
            return machine.chance.ids([o.action for o in state.chance_outcomes()])
        ids = machine.actions.ids(state.legal_actions(seat))
        priority = self._priority
        if priority and priority[0] == seat:
            ids.append(machine.wait_id)
        return ids

    def chance_outcomes(self) -> list[tuple[int, float]]:
        outcomes = self.state.chance_outcomes()
        ids = self.machine.chance.ids([o.action for o in outcomes])
        return [(i, o.probability) for i, o in zip(ids, outcomes, strict=True)]

    # --- doing it ---------------------------------------------------------------------

    def apply(self, seat: int, action_id: int) -> list[Event]:
        """Carry out one decider's choice, or raise IllegalAction and change nothing."""
        deciders = self._deciders
        if deciders is None:
            deciders = self.deciders()
        if seat not in deciders:
            if not deciders:
                raise IllegalAction("The game is over.", "game_over")
            who = "Chance" if seat == CHANCE else f"Seat {seat + 1}"
            raise IllegalAction(f"{who} does not decide now.", "not_your_turn", {"seat": seat + 1})
        if seat == CHANCE:
            return self.apply_chance(self.machine.chance.action(action_id))
        return self._apply(seat, action_id)

    def apply_chance(self, action: Action) -> list[Event]:
        """Apply a chance outcome (an action of the chance index)."""
        if self.is_over():
            raise IllegalAction("The game is over.", "game_over")
        events = self.state.apply(CHANCE, action)
        self._priority = self._deciders = None
        self._legal = {}
        self.moves += 1
        self.log.append(_seen(Seen, (CHANCE, None, tuple(events))))
        return events

    def _apply(self, seat: int, action_id: int) -> list[Event]:
        machine = self.machine
        if action_id == machine.wait_id:
            priority = self._priority
            if not priority or priority[0] != seat:
                raise IllegalAction(f"Seat {seat} has no priority to pass now.")
            del priority[0]
            if self._legal:
                self._legal = {}
            decisions = self.decisions = self.decisions + 1
            # The engine state is unchanged: the next seat with priority, if any, decides.
            over = decisions >= machine.max_decisions
            self._deciders = (priority[0],) if priority and not over else None
            self.log.append(_seen(Seen, (seat, action_id, _NO_EVENTS)))
            return []
        events = self.state.apply(seat, machine.actions.action(action_id))
        self._priority = self._deciders = None
        self._legal = {}
        self.decisions += 1
        self.moves += 1
        self.log.append(_seen(Seen, (seat, action_id, tuple(events))))
        return events

    def apply_joint(self, choices: Mapping[int, int]) -> list[Event]:
        """A simultaneous step: every decider's id (others may send WAIT, or nothing)."""
        deciders = self.deciders()
        if not deciders:
            raise IllegalAction("The game is over.", "game_over")
        missing = [seat for seat in deciders if seat not in choices]
        if missing:
            raise IllegalAction(f"Seats {missing} must choose at this step.", "not_your_turn")
        for seat in deciders:
            if choices[seat] not in self.legal_ids(seat):
                raise IllegalAction(f"Seat {seat} may not choose id {choices[seat]} now.")
        events: list[Event] = []
        for seat in deciders:  # one step: a cap reached on the way does not split it
            events += self._apply(seat, choices[seat])
        return events

    # --- the end ----------------------------------------------------------------------

    def result(self) -> Result:
        """The engine's result; at the decision cap, the scores as they stand, capped."""
        result = self.state.result()
        if not self.state.is_over():
            return replace(result, termination=Termination.SAFETY_CAP)
        return result

    def engine_steps(self) -> int:
        """How many engine decisions (chance included, waits not) this history holds."""
        return self.moves

    def returns(self) -> list[float]:
        if not self.is_over():
            return [0.0] * self.machine.num_players
        return returns(self.result(), self.machine.num_players)

    # --- what a seat knows ------------------------------------------------------------

    def observation(self, seat: int) -> list[float]:
        return self.machine.game.observe(self.state, seat)

    def information_state(self, seat: int) -> list[JSON]:
        """Everything `seat` saw, step by step: its own actions (by id), others' waits,
        and each event as `Event.for_seat` shows it (perfect recall); then its view now.

        The view adds nothing the history does not tell in a real game, but it keeps a
        re-drawn state's other seats apart (their histories there hold only what the
        determinizing seat saw, their views what they hold in the re-drawn world)."""
        out: list[JSON] = []
        wait = self.machine.wait_id
        for step in self.log:
            if step.seat == seat:
                out.append(["me", step.action])
            elif step.action == wait:
                out.append(["wait", step.seat])
            for event in step.events:
                seen = event.for_seat(seat)
                if seen is not None:
                    out.append(seen)
        out.append({"view": self.state.view(seat)})
        return out

    def information_state_tensor(self, seat: int) -> list[float]:
        """A fixed-shape summary of `seat`'s information state (`information_state_shape`):
        its observation now, then per action id how many times it chose that id (WAIT
        included), then its last `RECALLED` choices, latest first, one-hot (a last slot
        for "none yet"). Only what the seat saw or did: it is the same in every state
        `determinize` draws. It does not keep the order of older choices, nor events
        beyond what the observation tells; `information_state_string` keeps everything.
        """
        ids = len(self.machine.actions)
        counts = [0.0] * ids
        recent: list[int] = []
        for step in self.log:
            if step.seat == seat and step.action is not None:
                counts[step.action] += 1.0
                recent.append(step.action)
        out = [*self.observation(seat), *counts]
        last = recent[-RECALLED:][::-1]
        for k in range(RECALLED):
            one_hot(out, last[k] if k < len(last) else ids, ids + 1)
        return out

    def information_state_string(self, seat: int) -> str:
        return json.dumps(self.information_state(seat), separators=(",", ":"), sort_keys=True)

    # --- copies -----------------------------------------------------------------------

    def clone(self) -> MachineState:
        priority = self._priority
        return MachineState(
            self.machine,
            self.state.clone(),
            self.decisions,
            None if priority is None else priority[:],
            self.log[:],
        )

    def __deepcopy__(self, memo: dict[int, Any]) -> MachineState:
        return self.clone()

    def determinize(self, seat: int, rng: random.Random) -> MachineState:
        """A state `seat` cannot tell from this one (the engine's `determinize`), whose
        history is this one as `seat` saw it: its information state is unchanged."""
        log = [
            Seen(
                step.seat,
                step.action if step.seat == seat or step.action == self.machine.wait_id else None,
                tuple(_as_seen(e, seat) for e in step.events if e.for_seat(seat) is not None),
            )
            for step in self.log
        ]
        priority = self._priority
        return MachineState(
            self.machine,
            self.state.determinize(seat, rng),
            self.decisions,
            None if priority is None else priority[:],
            log,
        )

    # --- JSON -------------------------------------------------------------------------

    def to_json(self) -> dict[str, JSON]:
        m = self.machine
        return {
            "game": m.game.name,
            "players": m.num_players,
            "options": dict(m.options),
            "turn_based": m.turn_based,
            "state": self.state.to_json(),
            "decisions": self.decisions,
            "priority": self._priority,
            "log": [
                [step.seat, step.action, [[e.type, e.public, e.private, list(e.to)] for e in ev]]
                for step in self.log
                for ev in [step.events]
            ],
        }

    @classmethod
    def from_json(cls, machine: Machine, data: JSON) -> MachineState:
        table = (machine.game.name, machine.num_players, dict(machine.options))
        if (data["game"], data["players"], data["options"]) != table:
            raise ValueError(f"This state is of another table than {table}.")
        log = [
            Seen(seat, action, tuple(Event(t, pub, priv, tuple(to)) for t, pub, priv, to in ev))
            for seat, action, ev in data["log"]
        ]
        priority = data["priority"]
        return cls(
            machine,
            machine.game.state_from_json(data["state"]),
            int(data["decisions"]),
            None if priority is None else list(priority),
            log,
        )


def _as_seen(event: Event, seat: int) -> Event:
    """`event` with the private part kept only if `seat` saw it."""
    if seat in event.to:
        return event
    return Event(event.type, event.public)
