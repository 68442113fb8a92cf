"""The Wilson & Shep game: 2 to 5 players; one hides as Wilson, the others search with Shep."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pasture.core.game import JSON, Game, Option, State
from pasture.core.index import ActionSet
from pasture.games.wilson_shep import index, observe, rules
from pasture.games.wilson_shep.actions import ACTION_TYPES
from pasture.games.wilson_shep.edition import Edition, default_edition
from pasture.games.wilson_shep.state import WilsonShepState
from pasture.games.wilson_shep.view import FULL, NONE


class WilsonShep(Game):
    name = "wilson_shep"
    title = "Wilson & Shep"
    summary = (
        "Wilson hides face down among 16 sheep tiles and swaps tiles every turn; the others"
        " move Shep across the field turning tiles up. Find Wilson within 8 sheep, or"
        " escape. Everyone is Wilson in turn; most reward tokens wins."
    )
    min_players = 2
    max_players = 5
    options = (
        Option("first_wilson", 0, "The seat that is Wilson in round 1.", seat=True),
        Option(
            "max_moves",
            40,
            "WS-4: Wilson wins a round once the Shep team has made this many moves.",
            minimum=1,
            maximum=1000,
        ),
        Option(
            "memory",
            FULL,
            "WS-5: 'full' shows the round's swap history; 'none' only the current field.",
            choices=(FULL, NONE),
        ),
    )
    action_types = ACTION_TYPES

    def action_set(self, num_players: int, options: Mapping[str, JSON]) -> ActionSet:
        return index.action_set(self.edition)

    def max_decisions(self, num_players: int, options: Mapping[str, JSON]) -> int:
        return index.max_decisions(rules.rounds_for(num_players), int(options["max_moves"]))

    def observation_shape(self, num_players: int, options: Mapping[str, JSON]) -> tuple[int, ...]:
        return observe.shape(num_players)

    def observe(self, state: State, seat: int) -> list[float]:
        assert isinstance(state, WilsonShepState)
        return observe.observe(state, seat)

    @property
    def edition(self) -> Edition:
        return default_edition()

    def describe(self) -> dict[str, JSON]:
        """Also the edition's tile pictures, with their catalogue keys, for the page to name
        them (public: the same for every table; which tile shows which is chance's)."""
        pictures = self.edition.pictures
        keys = self.edition.picture_keys()
        return {
            **super().describe(),
            "pictures": [{"name": n, "key": k} for n, k in zip(pictures, keys, strict=True)],
        }

    def new_state(
        self, num_players: int, options: Mapping[str, JSON] | None = None
    ) -> WilsonShepState:
        resolved = self.resolve_options(num_players, options)
        return WilsonShepState(
            num_players, resolved["first_wilson"], resolved["max_moves"], resolved["memory"]
        )

    def state_from_json(self, data: Any) -> WilsonShepState:
        return WilsonShepState.from_json(data)


GAME = WilsonShep()
WilsonShepState.game = GAME
