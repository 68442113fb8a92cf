"""The Wypas game: 3 to 6 players bid for cards, build rows of sheep and shear them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pasture.core.errors import InvalidOptions
from pasture.core.game import JSON, Game, Option
from pasture.games.wypas.actions import ACTION_TYPES
from pasture.games.wypas.state import WypasState


class Wypas(Game):
    name = "wypas"
    title = "Wypas"
    summary = (
        "Bid for cards at the baca's auction, build rows of sheep in your two pens and"
        " shear them for points, while thieves, wolves, black sheep and sheepdogs fly"
        " about. The first to a fifth fleece ends the game; most points wins."
    )
    min_players = 3
    max_players = 6
    options = (
        Option(
            "first_baca",
            0,
            'The first baca: a seat, or "random" (drawn by the match\'s seed).',
            choices=(0, 1, 2, 3, 4, 5, "random"),
        ),
        Option("bluff", False, "The advanced bluff rule: bid with one face-down card."),
        Option("bleat_rule", True, "Shearing without bleating scores no points."),
        Option(
            "max_turns",
            60,
            "Safety cap: the game ends after this many turns.",
            minimum=1,
            maximum=10_000,
        ),
    )
    action_types = ACTION_TYPES

    def new_state(self, num_players: int, options: Mapping[str, JSON] | None = None) -> WypasState:
        resolved = self.resolve_options(num_players, options)
        first = resolved["first_baca"]
        if first != "random" and first >= num_players:
            raise InvalidOptions(
                f"Option 'first_baca' must be a seat from 0 to {num_players - 1} or \"random\"."
            )
        return WypasState(num_players, resolved)

    def state_from_json(self, data: Any) -> WypasState:
        return WypasState.from_json(data)


GAME = Wypas()
WypasState.game = GAME
