"""The heuristic bot (team and wolf) and the terminal module."""

from __future__ import annotations

import random

from rich.console import Console

from pasture.bots import RandomBot, available
from pasture.bots.play import play_match
from pasture.core import Match
from pasture.core.bot import Turn
from pasture.games.baaaaa import BOTS, GAME, terminal
from pasture.games.baaaaa.board import space
from tests.games.baaaaa.helpers import fresh, play, turn


def team_wins(bots_for_seats, seeds, options=None) -> int:
    wins = 0
    for seed in seeds:
        state = play_match(GAME, bots_for_seats(), seed, options).state
        wins += state.saved > state.taken
    return wins


def test_heuristic_is_registered_and_saves_the_flock_far_more_often_than_random() -> None:
    assert "heuristic" in available(GAME)
    heuristic = team_wins(lambda: [BOTS["heuristic"]()], range(12))
    randomly = team_wins(lambda: [RandomBot()], range(12))
    assert heuristic >= 7 and heuristic > randomly + 5


def test_heuristic_wolf_beats_a_random_wolf() -> None:
    options = {"wolf_player": True}
    h = BOTS["heuristic"]
    against_random = team_wins(lambda: [h(), RandomBot()], range(8), options)
    against_heuristic = team_wins(lambda: [h(), h()], range(8), options)
    assert against_heuristic < against_random


def test_no_seat_ever_decides_while_another_holds_a_secret() -> None:
    """The bots see only their view; in Baaaaa! the only secret (the wolf player's drawn
    cards) exists only while the wolf player itself decides, so the view of every actor
    is the whole state but for the deck's order, which nobody knows."""
    for seed in range(6):
        match = Match(GAME, 3, {"wolf_player": True}, seed=seed)
        rng = random.Random(seed)
        while not match.is_over():
            state = match.state
            seat = state.actors()[0]
            if state.held:
                assert seat == state.wolf_seat
            match.act(seat, rng.choice(state.legal_actions(seat)))


def test_heuristic_breaks_a_tie_for_the_team_and_against_it_as_wolf() -> None:
    from tests.games.baaaaa.helpers import place

    s = place(fresh(), {space(2, 0): 1, space(2, 3): 1, space(1, 3): 3, space(0, 0): 5})
    play(s, "shepherd", space(0, 1))
    turn(s, "lightning")
    choice = BOTS["heuristic"]().choose(Turn(s, 0, random.Random(1)))
    # On face 3 the wolf would stand above 3 sheep and beside another; on face 0, beside one.
    assert choice.space == space(2, 0)


def test_terminal_renders_narrates_and_labels_every_step() -> None:
    console = Console(width=120, record=True)
    for players, options in ((1, {}), (3, {"wolf_player": True})):
        match = Match(GAME, players, options, seed=9)
        rng = random.Random(9)
        while not match.is_over():
            seat = match.state.actors()[0]
            for viewer in (seat, None):
                view = match.state.view(viewer)
                console.print(terminal.render(view))
            view = match.state.view(seat)
            legal = match.state.legal_actions(seat)
            for action in legal:
                assert terminal.label(action, view)
            for event in match.act(seat, rng.choice(legal)):
                for viewer in (*range(players), None):
                    seen = event.for_seat(viewer)
                    if seen is not None:
                        line = terminal.narrate(seen, viewer)
                        if line:
                            console.print(line)
        console.print(terminal.render(match.state.view(0)))
    text = console.export_text()
    assert "floor 2" in text and "hut" in text and "Wolf card" in text and "Pastures" in text
    assert "The game is over" in text
