"""The Baaaaa! game: 1 to 6 players save the flock together from the wolf deck."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pasture.core.errors import InvalidOptions
from pasture.core.game import JSON, Game, Information, Option, State, Utility
from pasture.core.index import ActionSet
from pasture.games.baaaaa import index, observe, rules
from pasture.games.baaaaa.actions import ACTION_TYPES
from pasture.games.baaaaa.edition import default_edition
from pasture.games.baaaaa.state import BaaaaaState


class Baaaaa(Game):
    name = "baaaaa"
    title = "Baaaaa!"
    summary = (
        "A cooperative race up the mountain: play the shared sheep cards to lead the flock"
        " to the shepherd's hut while the wolf deck strikes back. Save more sheep than the"
        " wolf takes. Solo, team, or with one player as the wolf."
    )
    min_players = 1
    max_players = 6
    options = (
        Option("first_player", 0, "The seat that plays the first turn.", seat=True),
        Option(
            "max_turns",
            200,
            "Safety cap: the game ends after this many turns (B-9).",
            minimum=1,
            maximum=100_000,
        ),
        Option(
            "wolf_player", False, "Alternative rule: one player is the wolf.", choices=(False, True)
        ),
        Option(
            "wolf_seat",
            -1,
            "With wolf_player: the wolf's seat; -1 is the last seat.",
            minimum=-1,
            maximum=5,
        ),
    )
    action_types = ACTION_TYPES

    def information(self, num_players: int, options: Mapping[str, JSON]) -> Information:
        """Only the wolf player's drawn cards are ever hidden."""
        return Information.IMPERFECT if options["wolf_player"] else Information.PERFECT

    def utility(self, num_players: int, options: Mapping[str, JSON]) -> Utility:
        """Cooperative (every seat wins or loses together) except with a wolf player."""
        return Utility.GENERAL_SUM if options["wolf_player"] else Utility.IDENTICAL

    def action_set(self, num_players: int, options: Mapping[str, JSON]) -> ActionSet:
        return index.action_set(rules.tables(default_edition()))

    def max_decisions(self, num_players: int, options: Mapping[str, JSON]) -> int:
        return index.max_decisions(int(options["max_turns"]))

    def observation_shape(self, num_players: int, options: Mapping[str, JSON]) -> tuple[int, ...]:
        e = default_edition()
        return observe.shape(len(e.sheep_kinds), len(e.wolf_kinds), num_players)

    def observe(self, state: State, seat: int) -> list[float]:
        assert isinstance(state, BaaaaaState)
        return observe.observe(state, seat)

    def new_state(self, num_players: int, options: Mapping[str, JSON] | None = None) -> BaaaaaState:
        resolved = self.resolve_options(num_players, options)
        wolf_seat: int | None = None
        if resolved["wolf_player"]:
            if num_players < 2:
                raise InvalidOptions("The wolf-player rule needs a wolf and at least one shepherd.")
            wolf_seat = resolved["wolf_seat"]
            if wolf_seat == -1:
                wolf_seat = num_players - 1
            if wolf_seat >= num_players:
                raise InvalidOptions(
                    f"Option 'wolf_seat' must be a seat between 0 and {num_players - 1} (or -1)."
                )
        return BaaaaaState(num_players, resolved["first_player"], wolf_seat, resolved["max_turns"])

    def state_from_json(self, data: Any) -> BaaaaaState:
        return BaaaaaState.from_json(data)


GAME = Baaaaa()
BaaaaaState.game = GAME
