"""The terminal UI draws the field for each role, narrates every event and labels moves."""

from __future__ import annotations

import random

from rich.console import Console

from pasture.cli.terminal import rules_text, terminal_ui
from pasture.core import Match
from pasture.games.wilson_shep import GAME
from pasture.games.wilson_shep.actions import Move, Swap
from tests.games.wilson_shep.helpers import hide_and_place, new_game, turn

ui = terminal_ui(GAME)


def text(renderable: object) -> str:
    console = Console(width=120, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_field_shows_face_down_face_up_shep_and_wilsons_own_tile() -> None:
    state = new_game(3)
    hide_and_place(state, 15, 0)
    turn(state, (10, 11), 1)  # position 1 shows picture 0
    wilson, searcher = text(ui.render(state.view(0))), text(ui.render(state.view(1)))
    for shown in (wilson, searcher):
        assert "sleepy sheep" in shown and "🐕 Shep" in shown and "░░░░" in shown
        assert "A1" in shown and "D4" in shown
    assert "★ you" in wilson and "you are Wilson" in wilson
    assert "★ you" not in searcher and "you search with Shep" in searcher
    assert "swap C3 ↔ C4" in searcher  # memory `full`: the round so far (the page's words)


def test_every_event_of_a_match_is_narrated_for_each_seat() -> None:
    match = Match(GAME, 3, seed=4)
    rng = random.Random(4)
    while not match.is_over():
        seat = match.state.actors()[0]
        view = match.state.view(seat)
        for action in match.state.legal_actions(seat):
            assert ui.label(action, view)
        match.act(seat, rng.choice(match.state.legal_actions(seat)))
    lines = {seat: [] for seat in (0, 1, None)}
    for _, event in match.events_since(0):
        for seat, out in lines.items():
            seen = event.for_seat(seat)
            if seen is not None:
                line = ui.narrate(seen, seat)
                assert line, event.type
                out.append(line)
    assert any("you hide at" in line for line in lines[0])
    assert not any("you hide at" in line for line in lines[None])
    assert any("Wilson swaps" in line for line in lines[1])
    assert any("Round 6: " in line for line in lines[None])
    assert "Winner" in text(ui.render(match.state.view(None)))


def test_labels_name_positions_and_what_they_show() -> None:
    state = new_game(2)
    hide_and_place(state, 5, 0)
    wilson_view = state.view(0)
    assert ui.label(Swap(5, 6), wilson_view) == "swap B2 (your tile) ↔ B3 (face down)"
    state.apply(0, Swap(10, 11))
    assert ui.label(Move(1), state.view(1)) == "move Shep to A2 (face down: turn it up)"


def test_rules_reference_names_every_ruling() -> None:
    rules = rules_text(GAME)
    for ruling in ("WS-1", "WS-2", "WS-3", "WS-4", "WS-5"):
        assert ruling in rules
