"""One test per rule and ruling of Wilson & Shep (shared/rules/wilson_shep.md)."""

from __future__ import annotations

import random

import pytest

from pasture.core import CHANCE, IllegalAction
from pasture.core.game import Event
from pasture.games.wilson_shep import GAME, WilsonShepState
from pasture.games.wilson_shep.actions import Hide, Move, Place, Swap
from pasture.games.wilson_shep.grid import NEIGHBOURS, PAIRS
from pasture.games.wilson_shep.rules import FACE_DOWN
from tests.games.wilson_shep.helpers import (
    SNAKE,
    hide_and_place,
    kinds,
    new_game,
    play_round,
    reveal,
    round_over,
    turn,
)


def snapshot(state: object) -> dict[str, object]:
    return state.to_json()  # type: ignore[attr-defined, no-any-return]


# --- the field -------------------------------------------------------------------------


def test_field_is_4x4_with_king_step_adjacency() -> None:
    assert len(PAIRS) == 42  # 12 across, 12 down, 18 diagonal
    assert NEIGHBOURS[0] == (1, 4, 5)
    assert NEIGHBOURS[5] == (0, 1, 2, 4, 6, 8, 9, 10)
    assert len(NEIGHBOURS[15]) == 3


# --- hiding ------------------------------------------------------------------------------


def test_round_starts_with_wilson_hiding_anywhere() -> None:
    state = new_game(3)
    assert state.actors() == (0,)
    assert state.legal_actions(0) == [Hide(p) for p in range(16)]
    assert state.legal_actions(1) == state.legal_actions(2) == []


def test_hiding_place_is_private_to_wilson() -> None:
    state = new_game(3)
    (event,) = state.apply(0, Hide(6))
    assert event.for_seat(0) == {"type": "hidden", "wilson": 0, "round": 1, "at": 6}
    assert event.for_seat(1) == event.for_seat(None) == {"type": "hidden", "wilson": 0, "round": 1}
    assert state.view(0)["wilson_at"] == 6
    assert "wilson_at" not in state.view(1) and "wilson_at" not in state.view(None)


def test_ws2_face_down_tiles_cannot_be_told_apart() -> None:
    one, other = new_game(3), new_game(3)
    hide_and_place(one, 3, 9)
    hide_and_place(other, 12, 9)
    for seat in (1, 2, None):
        assert one.view(seat) == other.view(seat)
    assert one.view(0) != other.view(0)


# --- placing Shep ----------------------------------------------------------------------


def test_shep_is_placed_anywhere_and_the_tile_stays_face_down() -> None:
    state = new_game(2)
    state.apply(0, Hide(5))
    assert state.actors() == (1,)
    assert state.legal_actions(1) == [Place(p) for p in range(16)]
    state.apply(1, Place(5))  # right on Wilson: nothing is turned up
    assert state.grid == [FACE_DOWN] * 16 and state.flips == 0
    assert state.shep == 5 and not state.is_over() and state.actors() == (0,)
    assert all(5 not in (s.a, s.b) for s in state.legal_actions(0))  # type: ignore[attr-defined]
    turn(state, (10, 11), 4)  # Shep leaves; Wilson's tile is still face down at 5
    state.apply(0, Swap(10, 11))
    assert round_over(state.apply(1, Move(5)))["winner"] == "shep"  # coming back finds him


# --- Wilson's turn -----------------------------------------------------------------------


def test_wilson_swaps_first_and_must_swap() -> None:
    state = new_game(2)
    hide_and_place(state, 0, 9)
    assert state.actors() == (0,)
    legal = state.legal_actions(0)
    assert legal and all(isinstance(a, Swap) for a in legal)
    assert state.legal_actions(1) == []


def test_wilson_may_not_swap_the_tile_under_shep() -> None:
    state = new_game(2)
    hide_and_place(state, 0, 5)
    legal = state.legal_actions(0)
    assert all(5 not in (a.a, a.b) for a in legal)  # type: ignore[attr-defined]
    assert len(legal) == 42 - 8
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        state.apply(0, Swap(1, 5))
    assert snapshot(state) == before


def test_a_swap_names_its_two_tiles_in_either_order() -> None:
    """Confirmed decision (shared/rules README): (a, b) and (b, a) are the same swap."""
    one, other = new_game(2), new_game(2)
    for state in (one, other):
        hide_and_place(state, 0, 15)
    assert Swap(1, 0) == Swap(0, 1) and Swap(1, 0) in one.legal_actions(0)
    assert GAME.parse_action({"kind": "swap", "a": 4, "b": 0}) == Swap(0, 4)
    events = one.apply(0, Swap(4, 0))  # Wilson's tile moves from 0 to 4 either way
    assert events == other.apply(0, Swap(0, 4))
    assert snapshot(one) == snapshot(other) and one.view(0)["wilson_at"] == 4
    with pytest.raises(IllegalAction):
        one.apply(0, Swap(4, 0))  # it is the Shep team's move now


def test_placing_shep_is_not_a_move_the_same_player_then_moves_first() -> None:
    """Confirmed decision (shared/rules README, WS-3): the player left of Wilson places
    Shep and, after Wilson's swap, makes the first move; only then does the go pass."""
    state = new_game(4)
    state.apply(0, Hide(0))
    assert state.actors() == (1,)
    state.apply(1, Place(10))
    assert state.moves == 0 and state.go == 1
    state.apply(0, Swap(0, 1))
    assert state.actors() == (1,) and state.legal_actions(2) == []
    state.apply(1, Move(11))
    assert state.moves == 1 and state.go == 2


def test_swaps_must_be_adjacent_diagonals_included() -> None:
    state = new_game(2)
    hide_and_place(state, 0, 15)
    legal = state.legal_actions(0)
    assert Swap(0, 1) in legal and Swap(0, 4) in legal and Swap(0, 5) in legal  # diagonal
    assert Swap(1, 4) in legal  # the other diagonal
    for far in (Swap(0, 2), Swap(0, 8), Swap(0, 10), Swap(3, 4)):
        assert far not in legal
        with pytest.raises(IllegalAction):
            state.apply(0, far)


def test_swap_carries_the_wilson_tile_and_is_public() -> None:
    state = new_game(2)
    hide_and_place(state, 0, 15)
    (event,) = state.apply(0, Swap(0, 5))
    assert state.wilson_at == 5
    assert event.for_seat(1) == {"type": "swapped", "a": 0, "b": 5}
    assert state.view(1)["history"][-1] == {"step": "swap", "a": 0, "b": 5}


def test_wilson_may_swap_two_other_tiles_as_a_decoy() -> None:
    state = new_game(2)
    hide_and_place(state, 0, 15)
    state.apply(0, Swap(9, 10))
    assert state.wilson_at == 0 and state.actors() == (1,)


def test_face_up_tiles_stay_face_up_when_swapped() -> None:
    state = new_game(2)
    hide_and_place(state, 15, 0)
    turn(state, (10, 11), 1)  # turns up position 1
    turn(state, (10, 11), 2)  # Shep walks on: 1 may be swapped now
    picture = state.grid[1]
    assert picture != FACE_DOWN
    state.apply(0, Swap(0, 1))  # a face-up tile with a face-down one
    assert state.grid[0] == picture and state.grid[1] == FACE_DOWN
    assert state.view(1)["grid"][:3] == [picture, None, state.grid[2]]


# --- Shep's turn -------------------------------------------------------------------------


def test_shep_moves_to_one_of_the_adjacent_positions() -> None:
    state = new_game(2)
    hide_and_place(state, 15, 5)
    state.apply(0, Swap(14, 15))
    assert state.legal_actions(1) == [Move(p) for p in (0, 1, 2, 4, 6, 8, 9, 10)]
    before = snapshot(state)
    for jump in (Move(7), Move(13), Move(5)):
        with pytest.raises(IllegalAction):
            state.apply(1, jump)
    assert snapshot(state) == before


def test_moving_onto_a_face_down_sheep_turns_it_up() -> None:
    state = new_game(2)
    hide_and_place(state, 15, 0)
    state.apply(0, Swap(10, 11))
    events = state.apply(1, Move(1))
    assert state.is_chance() and state.actors() == ()
    assert kinds(events) == ["moved"] and events[0].public == {
        "seat": 1,
        "to": 1,
        "turns_up": True,
    }
    (event,) = reveal(state, 7)
    assert event.public == {"at": 1, "picture": 7, "flips": 1}
    assert state.grid[1] == 7 and state.view(None)["grid"][1] == 7
    assert state.flips == 1 and state.shep == 1 and state.actors() == (0,)


def test_picture_is_drawn_among_those_not_seen_this_round() -> None:
    state = new_game(2)
    hide_and_place(state, 15, 0)
    turn(state, (10, 11), 1)
    state.apply(0, Swap(10, 11))
    state.apply(1, Move(2))
    outcomes = state.chance_outcomes()
    assert sorted(o.action.picture for o in outcomes) == [  # type: ignore[attr-defined]
        p for p in range(16) if p != state.grid[1]
    ]
    assert all(o.probability == pytest.approx(1 / 15) for o in outcomes)
    with pytest.raises(IllegalAction):
        state.apply(CHANCE, type(outcomes[0].action)(state.grid[1]))


def test_moving_onto_a_face_up_tile_flips_nothing_and_uses_no_attempt() -> None:
    state = new_game(2)
    hide_and_place(state, 15, 0)
    turn(state, (10, 11), 1)
    turn(state, (10, 11), 2)
    grid = state.grid[:]
    state.apply(0, Swap(10, 11))
    events = state.apply(1, Move(1))  # back onto the face-up tile at 1
    assert events[0].public is not None and events[0].public["turns_up"] is False
    assert not state.is_chance() and state.flips == 2 and state.grid == grid
    assert state.moves == 3 and state.actors() == (0,)


def test_turning_up_wilson_ends_the_round_for_the_shep_team() -> None:
    state = new_game(2)
    hide_and_place(state, 0, 5)
    state.apply(0, Swap(0, 1))  # Wilson walks next to Shep
    events = state.apply(1, Move(1))
    assert kinds(events) == ["moved", "round_over"]
    assert round_over(events)["winner"] == "shep" and round_over(events)["wilson_at"] == 1
    assert state.tokens == [0, 1]


def test_the_shep_team_finds_wilson_where_his_tile_was_swapped() -> None:
    state = new_game(2)
    hide_and_place(state, 4, 0)
    turn(state, (4, 8), 1)  # Wilson's tile goes from 4 to 8
    state.apply(0, Swap(13, 14))
    events = state.apply(1, Move(4))  # the old hiding place is only a sheep now
    assert state.is_chance() and "round_over" not in kinds(events)
    reveal(state)
    state.apply(0, Swap(13, 14))
    events = state.apply(1, Move(8))
    assert round_over(events)["winner"] == "shep"


def test_shep_team_win_rewards_every_member() -> None:
    state = new_game(4, first_wilson=1)
    hide_and_place(state, 0, 5)
    state.apply(1, Swap(10, 11))
    state.apply(2, Move(0))
    assert state.tokens == [1, 0, 1, 1]
    assert state.last_round is not None and state.last_round["rewarded"] == [0, 2, 3]


def test_eighth_sheep_turned_up_ends_the_round_for_wilson() -> None:
    state = new_game(2)
    events = play_round(state, 15, 0, SNAKE[:7])
    assert state.flips == 7 and state.round == 0
    events = turn(state, (10, 11), SNAKE[7])
    info = round_over(events)
    assert info["winner"] == "wilson" and info["reason"] == "eight_sheep"
    assert info["wilson_at"] == 15 and state.tokens == [1, 0]
    assert state.round == 1 and state.wilson == 1 and state.flips == 0


def test_ws4_safety_cap_gives_the_round_to_wilson() -> None:
    state = new_game(2, max_moves=5)
    hide_and_place(state, 15, 0)
    turn(state, (10, 11), 1)
    for to in (0, 1, 0):  # back and forth over face-up tiles: no attempt used
        turn(state, (10, 11), to)
        assert state.round == 0
    events = turn(state, (10, 11), 1)
    info = round_over(events)
    assert info["winner"] == "wilson" and info["reason"] == "move_cap"
    assert state.tokens == [1, 0]


def test_ws4_safety_cap_defaults_to_40_moves() -> None:
    state = new_game(2)
    assert state.max_moves == 40 == GAME.resolve_options(2)["max_moves"]
    hide_and_place(state, 15, 0)
    turn(state, (10, 11), 1)
    for i in range(38):
        turn(state, (10, 11), i % 2)
    assert state.round == 0 and state.moves == 39
    assert round_over(turn(state, (10, 11), 0))["reason"] == "move_cap"


def test_finding_wilson_on_the_last_allowed_move_beats_the_cap() -> None:
    state = new_game(2, max_moves=1)
    hide_and_place(state, 1, 0)
    state.apply(0, Swap(10, 11))
    assert round_over(state.apply(1, Move(1)))["winner"] == "shep"


# --- team goes (WS-3) ------------------------------------------------------------------


def test_ws3_first_shep_go_is_left_of_wilson() -> None:
    state = new_game(4, first_wilson=2)
    state.apply(2, Hide(0))
    assert state.actors() == (3,)  # the player left of Wilson places Shep
    state.apply(3, Place(15))
    state.apply(2, Swap(0, 1))
    assert state.actors() == (3,)  # placing is not a move: the same player moves first


def test_ws3_team_goes_rotate_clockwise_skipping_wilson() -> None:
    state = new_game(4, first_wilson=2)
    hide_and_place(state, 15, 0)
    movers = []
    for to in (1, 0, 1, 0, 1):
        state.apply(2, Swap(10, 11))
        movers.append(state.go)
        state.apply(state.go, Move(to))
        if state.is_chance():
            reveal(state)
    assert movers == [3, 0, 1, 3, 0]
    state.apply(2, Swap(10, 11))
    assert state.actors() == (1,)
    with pytest.raises(IllegalAction):  # seat 3 moved two goes ago: not its go now
        state.apply(3, Move(0))


def test_ws3_only_the_player_whose_go_it_is_may_act() -> None:
    state = new_game(3)
    hide_and_place(state, 15, 0)
    state.apply(0, Swap(10, 11))
    assert state.legal_actions(1) == [Move(p) for p in NEIGHBOURS[0]]
    assert state.legal_actions(2) == [] and state.legal_actions(0) == []
    before = snapshot(state)
    with pytest.raises(IllegalAction) as err:
        state.apply(2, Move(1))
    assert err.value.code == "not_your_turn" and snapshot(state) == before


# --- the game ----------------------------------------------------------------------------


def wilsons_by_round(players: int, first: int = 0) -> list[int]:
    state = new_game(players, first_wilson=first)
    wilsons = []
    while not state.is_over():
        wilsons.append(state.wilson)
        play_round(state, 15, 0, SNAKE)  # Wilson escapes every round
    return wilsons


@pytest.mark.parametrize("players", [2, 3])
def test_with_2_or_3_players_each_is_wilson_twice(players: int) -> None:
    assert wilsons_by_round(players) == [*range(players)] * 2


@pytest.mark.parametrize("players", [4, 5])
def test_with_4_or_5_players_each_is_wilson_once(players: int) -> None:
    assert wilsons_by_round(players) == [*range(players)]


def test_next_wilson_is_left_of_the_current_one_from_the_chosen_first() -> None:
    assert wilsons_by_round(3, first=2) == [2, 0, 1, 2, 0, 1]
    assert wilsons_by_round(5, first=3) == [3, 4, 0, 1, 2]


def test_ws1_reward_tokens_never_run_out() -> None:
    state = new_game(5)
    while not state.is_over():  # the Shep team finds Wilson at once, every round
        hide_and_place(state, 0, 5)
        state.apply(state.wilson, Swap(10, 11))
        state.apply(state.go, Move(0))
    assert state.tokens == [4] * 5 and sum(state.tokens) == 20
    state = new_game(3)
    while not state.is_over():
        hide_and_place(state, 0, 5)
        state.apply(state.wilson, Swap(10, 11))
        state.apply(state.go, Move(0))
    assert state.tokens == [4, 4, 4]
    state = new_game(2)
    for _ in range(4):
        play_round(state, 15, 0, SNAKE)
    assert state.tokens == [2, 2]


def test_most_tokens_wins_and_ties_share_the_win() -> None:
    state = new_game(4)
    for found in (True, False, False, True):  # Wilsons 0..3: found, escaped, escaped, found
        if found:
            hide_and_place(state, 0, 5)
            state.apply(state.wilson, Swap(10, 11))
            state.apply(state.go, Move(0))
        else:
            play_round(state, 15, 0, SNAKE)
    assert state.is_over() and state.tokens == [1, 3, 3, 1]
    result = state.result()
    assert result.winners == (1, 2) and result.scores == (1, 3, 3, 1)
    assert state.view(0)["result"]["winners"] == [1, 2]
    assert all(state.legal_actions(s) == [] for s in range(4))


# --- memory (WS-5) and information ---------------------------------------------------------


def test_ws5_memory_full_shows_the_rounds_history_to_everyone() -> None:
    state = new_game(3)
    hide_and_place(state, 15, 0)
    turn(state, (10, 11), 1)
    expected = [
        {"step": "place", "at": 0},
        {"step": "swap", "a": 10, "b": 11},
        {"step": "move", "to": 1, "turned_up": True},
    ]
    assert state.view(1)["history"] == state.view(None)["history"] == expected


def test_ws5_memory_none_shows_only_the_current_field() -> None:
    def played(memory: str) -> tuple[WilsonShepState, list[Event]]:
        state = new_game(3, memory=memory)
        hide_and_place(state, 15, 0)
        turn(state, (10, 11), 1)
        turn(state, (10, 11), 2)
        return state, state.apply(0, Swap(0, 1))

    state, _ = played("none")
    shep_view = state.view(1)
    assert "history" not in shep_view and "history" not in state.view(None)
    assert shep_view["grid"][0] is not None and shep_view["grid"][1] is None
    full, events = played("full")
    # the swap was public when it happened: its event still tells everyone
    assert events[0].for_seat(1) == {"type": "swapped", "a": 0, "b": 1}
    without = {k: v for k, v in full.view(1).items() if k not in ("history", "memory")}
    assert without == {k: v for k, v in shep_view.items() if k != "memory"}


def test_memory_option_is_validated() -> None:
    with pytest.raises(ValueError):
        new_game(2, memory="some")
    with pytest.raises(ValueError):
        new_game(2, max_moves=0)
    with pytest.raises(ValueError):
        new_game(3, first_wilson=3)


def test_where_wilson_was_is_shown_once_the_round_is_over() -> None:
    state = new_game(2)
    events = play_round(state, 15, 0, SNAKE)
    assert round_over(events)["wilson_at"] == 15
    assert state.view(0)["last_round"]["wilson_at"] == 15  # seat 0 is no longer Wilson


def test_determinize_redraws_wilson_only_where_he_could_have_got() -> None:
    state = new_game(2)
    hide_and_place(state, 4, 0)
    turn(state, (4, 8), 1)  # Wilson's tile: 4 -> 8; position 1 turned up
    turn(state, (8, 9), 5)  # 8 -> 9; position 5 turned up
    rng = random.Random(3)
    seen: set[tuple[int, int]] = set()
    for _ in range(300):
        other = GAME.state_from_json(state.determinize(1, rng).to_json())
        assert other.view(1) == state.view(1)
        seen.add((other.hidden_at, other.wilson_at))  # type: ignore[arg-type]
    starts = {start for start, _ in seen}
    assert 1 not in starts  # Wilson hidden at 1 would have been found there
    assert 5 not in starts and 0 in starts  # under the placed Shep is possible
    assert (4, 9) in seen and (9, 8) in seen  # tiles follow the public swaps
    assert all(now not in (1, 5) for _, now in seen)  # face up: never Wilson
    assert len(starts) == 14
    assert state.determinize(0, rng).wilson_at == 9  # Wilson himself sees everything
