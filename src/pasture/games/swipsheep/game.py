"""The Swip'Sheep game: 3 to 5 players, pass cards, lay wolves, steal sheep."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pasture.core.game import JSON, Game, Option, State
from pasture.core.index import ActionSet
from pasture.games.swipsheep import index, observe
from pasture.games.swipsheep.actions import ACTION_TYPES
from pasture.games.swipsheep.edition import default_edition
from pasture.games.swipsheep.state import ROUNDS, SwipSheepState


class SwipSheep(Game):
    name = "swipsheep"
    title = "Swip'Sheep"
    summary = (
        "Pass cards left and right in secret, lay your wolves, steal sheep from your"
        " neighbours' hands and keep your dogs for defence. Most sheep after the last round"
        " wins."
    )
    min_players = 3
    max_players = 5
    options = (Option("first_player", 0, "The seat that is first player in round 1.", seat=True),)
    action_types = ACTION_TYPES
    simultaneous = True  # every holder chooses a pass at once

    def action_set(self, num_players: int, options: Mapping[str, JSON]) -> ActionSet:
        return index.action_set(default_edition(), num_players, options)

    def max_decisions(self, num_players: int, options: Mapping[str, JSON]) -> int:
        return index.max_decisions(default_edition(), num_players, ROUNDS[num_players])

    def observation_shape(self, num_players: int, options: Mapping[str, JSON]) -> tuple[int, ...]:
        return observe.shape(len(default_edition().kinds), num_players)

    def observe(self, state: State, seat: int) -> list[float]:
        assert isinstance(state, SwipSheepState)
        return observe.observe(state, seat)

    def new_state(
        self, num_players: int, options: Mapping[str, JSON] | None = None
    ) -> SwipSheepState:
        resolved = self.resolve_options(num_players, options)
        return SwipSheepState(num_players, resolved["first_player"])

    def state_from_json(self, data: Any) -> SwipSheepState:
        return SwipSheepState.from_json(data, self.parse_action)


GAME = SwipSheep()
SwipSheepState.game = GAME
