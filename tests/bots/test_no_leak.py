"""Bots never cheat and never leak: a bot's choice depends only on what its seat sees.

Each bot is put before two states that its seat cannot tell apart (the real one and one
with everything hidden from it re-drawn by `determinize`) with the same rng, at many
decisions of real matches; it must make the same choice. A search bot in a Wypas
reaction window thinks for the same time whether or not it holds a special card (W-10a).
"""

from __future__ import annotations

import json
import random

import pytest

from pasture import games
from pasture.bots import available
from pasture.bots.search import SearchBot, in_reaction_window
from pasture.core import Game, Match
from pasture.core.bot import Turn
from pasture.core.game import JSON, Action, State
from pasture.games.wypas.actions import NoReaction
from tests.bots.helpers import quick_bot

GAMES = games.all_games()


TABLES = [(g, max(g.min_players, 3 if g.max_players >= 3 else 2), {}) for g in GAMES] + [
    (games.get("baaaaa"), 2, {"wolf_player": True})  # the wolf's cards are hidden
]


def decisions(
    game: Game, players: int, options: dict[str, JSON], seed: int, limit: int
) -> list[tuple[State, int]]:
    """States of a match played at random, with the seat to act, now and then."""
    match = Match(game, players, options, seed=seed)
    rng = random.Random(seed)
    out: list[tuple[State, int]] = []
    while not match.state.is_over() and len(out) < limit:
        state = match.state
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1 and rng.random() < 0.3:
            out.append((state.clone(), seat))
        match.act(seat, rng.choice(legal))
    return out


@pytest.mark.parametrize(
    ("game", "players", "options"), TABLES, ids=[f"{g.name}-{n}-{o}" for g, n, o in TABLES]
)
def test_every_bot_chooses_the_same_on_states_its_seat_cannot_tell_apart(
    game: Game, players: int, options: dict[str, JSON]
) -> None:
    points = decisions(game, players, options, seed=5, limit=5)
    assert points, "the match offered no decision with a choice"
    for name in available(game):
        for real, seat in points:
            twin = real.determinize(seat, random.Random(99))
            assert twin.view(seat) == real.view(seat)
            choices = []
            for state in (real, twin):
                bot = quick_bot(game, name)
                before = json.dumps(state.to_json(), sort_keys=True)
                choices.append(bot.choose(Turn(state, seat, random.Random(7))))
                assert json.dumps(state.to_json(), sort_keys=True) == before
            assert choices[0] == choices[1], f"{name} at {game.name} looked at hidden cards"


class PeekingBot:
    """A cheat, to show the test above catches one: it reads the real state."""

    name = "peeking"

    def choose(self, turn: Turn) -> Action:
        secret = json.dumps(turn._state.to_json(), sort_keys=True)  # noqa: SLF001 - the cheat
        return turn.legal[hash(secret) % len(turn.legal)]


def test_a_bot_that_reads_hidden_cards_is_caught() -> None:
    game = games.get("swipsheep")
    caught = False
    for real, seat in decisions(game, 3, {}, seed=5, limit=5):
        twin = real.determinize(seat, random.Random(99))
        picks = {PeekingBot().choose(Turn(s, seat, random.Random(7))) for s in (real, twin)}
        caught |= len(picks) > 1
    assert caught


def reaction_windows(want_special: bool) -> tuple[State, int]:
    """A Wypas reaction window where the seat asked holds (or not) a card to play."""
    game = games.get("wypas")
    for seed in range(200):
        match = Match(game, 4, seed=seed)
        rng = random.Random(seed)
        while not match.state.is_over() and match.version < 3000:
            state = match.state
            for seat in range(4):
                if in_reaction_window(state, seat):
                    only_pass = state.legal_actions(seat) == [NoReaction()]
                    if only_pass != want_special:
                        return state.clone(), seat
            seat = state.actors()[0]
            match.act(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("no such reaction window in 200 matches")


@pytest.mark.parametrize("name", ["ismcts", "search", "hard"])
def test_w10a_a_search_bot_thinks_as_long_in_a_reaction_window_with_nothing_to_play(
    name: str,
) -> None:
    """W-10a: the same work (and the same fixed time) whether or not it holds a card:
    no shortcut when passing is its only answer."""
    game = games.get("wypas")
    done = []
    for want_special in (False, True):
        state, seat = reaction_windows(want_special)
        bot = quick_bot(game, name)
        assert isinstance(bot, SearchBot)
        bot.choose(Turn(state, seat, random.Random(1)))
        done.append(bot.last_iterations)
    assert done == [bot.budget.reaction_iterations] * 2
