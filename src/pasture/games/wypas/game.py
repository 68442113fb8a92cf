"""The Wypas game: 3 to 6 players bid for cards, build rows of sheep and shear them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pasture.core.encode import Section
from pasture.core.game import JSON, Game, Option, State
from pasture.core.index import ActionSet
from pasture.games.wypas import index, observe, rules
from pasture.games.wypas.actions import ACTION_TYPES
from pasture.games.wypas.edition import default_edition
from pasture.games.wypas.state import WypasState

DECISIONS_PER_TURN_AND_SEAT = 400
"""A bound on one turn's decisions per seat in machine form (priority steps included);
random play uses a few dozen."""


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
        Option("first_baca", 0, "The seat that is the first baca.", seat=True),
        Option(
            "random_first_baca",
            False,
            "Draw the first baca by the match's seed instead (first_baca is then unused).",
            choices=(False, True),
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

    out_of_turn = True  # special cards, whenever the engine waits

    def resolve_options(
        self, num_players: int, options: Mapping[str, JSON] | None = None
    ) -> dict[str, JSON]:
        given = dict(options or {})
        if given.get("first_baca") == "random":  # the form of records made before the split
            given["first_baca"], given["random_first_baca"] = 0, True
        return super().resolve_options(num_players, given)

    def new_state(self, num_players: int, options: Mapping[str, JSON] | None = None) -> WypasState:
        resolved = self.resolve_options(num_players, options)
        if resolved["random_first_baca"]:
            resolved["first_baca"] = "random"  # the state's own mark for a chance deal
        return WypasState(num_players, resolved)

    def action_set(self, num_players: int, options: Mapping[str, JSON]) -> ActionSet:
        return index.action_set(default_edition(), num_players, options)

    def max_decisions(self, num_players: int, options: Mapping[str, JSON]) -> int:
        return int(options["max_turns"]) * num_players * DECISIONS_PER_TURN_AND_SEAT

    def observation_shape(self, num_players: int, options: Mapping[str, JSON]) -> tuple[int, ...]:
        e = default_edition()
        return observe.shape(len(e.kinds), len(e.colours), num_players)

    def observe(self, state: State, seat: int) -> list[float]:
        assert isinstance(state, WypasState)
        return observe.observe(state, seat)

    def observation_sections(
        self, num_players: int, options: Mapping[str, JSON]
    ) -> tuple[Section[Any], ...]:
        return observe.SECTIONS

    def priority_seats(self, state: State) -> tuple[int, ...]:
        """Before the first actor decides, every other seat holding cards (hand sizes are
        public), clockwise from it, may play a special card; none while a special card's
        own choice is pending (the engine allows none then)."""
        assert isinstance(state, WypasState)
        if state.pending is not None or state.phase in (rules.DEAL, rules.CHOOSE_BACA):
            return ()
        actors = state.actors()
        if not actors:
            return ()
        n = state.num_players
        first = actors[0]
        seats = ((first + i) % n for i in range(1, n))
        return tuple(p for p in seats if p not in actors and any(state.hands[p]))

    def state_from_json(self, data: Any) -> WypasState:
        return WypasState.from_json(data)


GAME = Wypas()
WypasState.game = GAME
