"""The heuristic bot and the terminal module."""

from __future__ import annotations

import random

from rich.console import Console

from pasture.bots import RandomBot, available
from pasture.bots.play import play_match
from pasture.core import Match
from pasture.core.bot import Turn
from pasture.games.swipsheep.actions import Attack
from pasture.games.wypas import BOTS, GAME, terminal
from pasture.games.wypas.actions import (
    NameLot,
    Place,
    PlayBlackSheep,
    PlaySheepdog,
    PlayWolf,
    Swap,
    TieBreak,
)
from tests.games.wypas.helpers import PlayThief, Shear, act, start


def test_heuristic_is_registered_and_beats_random_bots() -> None:
    assert "heuristic" in available(GAME)
    wins = 0
    for seed in range(6):
        bots = [BOTS["heuristic"](), RandomBot(), RandomBot(), RandomBot()]
        result = play_match(GAME, bots, seed, {"bluff": seed % 2 == 1}).state.result()
        wins += 0 in result.winners
    assert wins >= 5


def test_heuristic_self_play_ends_well_before_the_cap() -> None:
    bots = [BOTS["heuristic"]() for _ in range(5)]
    state = play_match(GAME, bots, 3).state
    assert state.is_over() and state.finisher >= 0  # type: ignore[attr-defined]


def test_heuristic_sees_only_the_view() -> None:
    """A bot given a Turn whose hidden state is re-drawn chooses the same action."""
    match = Match(GAME, 4, seed=5)
    rng = random.Random(5)
    bot = BOTS["heuristic"]()
    for _ in range(300):
        if match.is_over():
            break
        state = match.state
        seat = state.actors()[0]
        action = bot.choose(Turn(state, seat, random.Random(1)))
        other = state.determinize(seat, rng)
        assert bot.choose(Turn(other, seat, random.Random(1))) == action
        match.act(seat, action)


def test_terminal_renders_narrates_and_labels_a_whole_game() -> None:
    console = Console(record=True, width=140)
    match = Match(GAME, 4, {"bluff": True}, seed=2)
    bots = [BOTS["heuristic"](), RandomBot(), BOTS["heuristic"](), RandomBot()]
    rng = random.Random(2)
    while not match.is_over():
        state = match.state
        seat = state.actors()[0]
        view = state.view(seat)
        if match.version % 60 == 0:
            console.print(terminal.render(view))
        for action in state.legal_actions(seat):
            assert terminal.label(action, view)
        action = bots[seat].choose(Turn(state, seat, rng))
        for event in match.act(seat, action):
            for who in (seat, None):
                seen = event.for_seat(who)
                if seen is not None:
                    line = terminal.narrate(seen, who)
                    if line:
                        console.print(line)
    console.print(terminal.render(match.state.view(None)))
    text = console.export_text()
    assert "Auction" in text and "Winner" in text and "Baaa!" in text


def test_terminal_shows_the_reaction_window_and_the_bleat_as_a_gesture() -> None:
    s = start(3, [[], [], ["thief"]], ["red_3", "red_4"])
    act(s, 2, PlayThief(0))
    console = Console(record=True, width=140)
    console.print(terminal.render(s.view(1)))
    assert "Reaction window" in console.export_text()
    assert "BAAA" in terminal.label(Shear(0, True), s.view(0))
    assert "no points" in terminal.label(Shear(0, False), s.view(0))


def test_heuristic_sets_a_wolf_on_a_big_row_and_guards_itself_with_a_sheepdog() -> None:
    from tests.games.wypas.helpers import (
        Done,
        Place,
        PlaySheepdog,
        PlayWolf,
        skip_auction,
    )

    hands = [
        ["green_4", "green_5", "green_6", "red_1", "red_2"],
        ["wolf", "sheepdog", "orange_1", "orange_2", "yellow_5"],
        ["thief", "yellow_1", "yellow_2", "magenta_1", "magenta_2"],
    ]
    s = start(3, hands, ["red_3", "red_4"])
    skip_auction(s)
    for v in (4, 5, 6):
        act(s, 0, Place(f"green_{v}", 0, "green", v))
    act(s, 0, Done())
    bot = BOTS["heuristic"]()
    assert bot.choose(Turn(s, 1, random.Random(0))) == PlayWolf(0, 0)
    act(s, 2, PlayThief(1))
    assert bot.choose(Turn(s, 1, random.Random(0))) == PlaySheepdog()


def test_action_texts_count_seats_pens_lots_and_positions_from_1() -> None:
    """What people read (OpenSpiel's action strings, the terminal's fallback) numbers
    from 1, as every label does; the JSON keeps the 0-based index."""
    assert str(PlayThief(target=0)) == "Thief on seat 1"
    assert str(PlayWolf(seat=1, pen=0)) == "Wolf on seat 2's pen 1"
    assert str(PlayBlackSheep(seat=2, pen=1)) == "Black Sheep on seat 3's pen 2"
    assert str(PlaySheepdog(seat=0, pen=2)) == "Sheepdog drives the Wolf off seat 1's pen 3"
    assert str(PlaySheepdog()) == "Sheepdog: cancel the last special card"
    assert str(Shear(pen=0, bleat=True)) == "shear pen 1 (baaa!)"
    assert str(Place("green_3", 1, "green", 3)) == "place green_3 as green 3 in pen 2"
    assert str(NameLot(lot=0)) == "auction lot 1"
    assert str(TieBreak(seat=3)) == "tie to seat 4"
    assert str(Swap(index=0)) == "swap the sheep at position 1"
    assert str(Attack(0)) == "attack seat 1"
    assert PlayWolf(seat=1, pen=0).to_json() == {"kind": "wolf", "seat": 1, "pen": 0}
