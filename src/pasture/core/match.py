"""A match: one game in play, with its secret seed, its chance sampling and its log.

The seed is secret while the match runs; its SHA-256 (`seed_hash`) is published from
the start, and the seed itself once the match is over, so that anyone can replay the
match (`Match.replay`) and check every shuffle and draw.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pasture.core.errors import IllegalAction
from pasture.core.game import CHANCE, JSON, Action, Event, Game, State, sample


def seed_hash(seed: int) -> str:
    """The published commitment to a seed: SHA-256 of its decimal digits."""
    return hashlib.sha256(str(seed).encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Step:
    """One applied decision: the seat (CHANCE for chance), its action, and the events it
    caused. The match's version after this step is its index in the log plus one."""

    seat: int
    action: Action
    events: tuple[Event, ...] = ()

    def to_json(self) -> dict[str, JSON]:
        return {"seat": self.seat, "action": self.action.to_json()}


class Match:
    """Drives one game: applies players' actions, samples chance, keeps the log."""

    def __init__(
        self,
        game: Game,
        num_players: int,
        options: Mapping[str, JSON] | None = None,
        seed: int | None = None,
    ) -> None:
        self.game = game
        self.num_players = num_players
        self.options = game.resolve_options(num_players, options)
        self.seed = secrets.randbits(64) if seed is None else seed
        self.seed_hash = seed_hash(self.seed)
        self._rng = random.Random(self.seed)
        self.state: State = game.new_state(num_players, self.options)
        self.log: list[Step] = []
        self._resolve_chance()

    @property
    def version(self) -> int:
        """How many steps (chance included) have been applied."""
        return len(self.log)

    def is_over(self) -> bool:
        return self.state.is_over()

    def revealed_seed(self) -> int | None:
        """The seed, once the match is over (before that it stays secret)."""
        return self.seed if self.state.is_over() else None

    def act(self, seat: int, action: Action | JSON) -> list[Event]:
        """Apply a player's action (an Action or its JSON form), then any chance that
        follows. Raises IllegalAction and changes nothing if it is not legal."""
        if seat == CHANCE:
            raise IllegalAction("Chance is decided by the match, not sent.", "unknown_seat")
        if not isinstance(action, Action):
            action = self.game.parse_action(action)
        events = self.state.apply(seat, action)
        self.log.append(Step(seat, action, tuple(events)))
        return events + self._resolve_chance()

    def _resolve_chance(self) -> list[Event]:
        events: list[Event] = []
        state = self.state
        while state.is_chance():
            action = sample(state.chance_outcomes(), self._rng)
            caused = state.apply(CHANCE, action)
            self.log.append(Step(CHANCE, action, tuple(caused)))
            events += caused
        return events

    def events_since(self, version: int) -> list[tuple[int, Event]]:
        """(version, event) for every event caused after `version`, oldest first."""
        return [
            (v, event)
            for v, step in enumerate(self.log[version:], start=version + 1)
            for event in step.events
        ]

    def player_steps(self) -> list[Step]:
        return [step for step in self.log if step.seat != CHANCE]

    def record(self) -> dict[str, JSON]:
        """What replays this match exactly: game, players, options, seed, players' actions."""
        record: dict[str, JSON] = {
            "game": self.game.name,
            "players": self.num_players,
            "options": self.options,
            "seed": self.seed,
            "actions": [step.to_json() for step in self.player_steps()],
        }
        if self.state.is_over():
            record["result"] = self.state.result().to_json()
        return record

    @classmethod
    def replay(
        cls,
        game: Game,
        num_players: int,
        options: Mapping[str, JSON] | None,
        seed: int,
        actions: Sequence[tuple[int, Action | JSON]],
    ) -> Match:
        """Rebuild a match from its seed and its players' actions."""
        match = cls(game, num_players, options, seed)
        for seat, action in actions:
            match.act(seat, action)
        return match

    @classmethod
    def from_record(cls, game: Game, record: Mapping[str, JSON]) -> Match:
        steps = [(int(s["seat"]), s["action"]) for s in record["actions"]]
        return cls.replay(game, record["players"], record["options"], record["seed"], steps)
