"""Shearing: the scoring table, the Wolf, the Black Sheep as a 0, the bleat."""

from __future__ import annotations

from pasture.games.wypas import rules as R
from tests.games.wypas.helpers import (
    Done,
    Place,
    PlayBlackSheep,
    PlayWolf,
    Shear,
    Swap,
    act,
    all_pass_window,
    finish_redyk,
    hand,
    skip_auction,
    start,
)

OTHERS = [["wolf", "black_sheep", "orange_5", "orange_4", "yellow_5"], ["sheepdog"]]


def sheared(cards: list[str], rows: list[list[tuple[str, str, int]]], others=OTHERS, **options):  # type: ignore[no-untyped-def]
    """Seat 0 (the baca) holds `cards` and lays `rows` into its pens; Redyk ends."""
    s = start(3, [cards, *others], ["magenta_1", "magenta_2"], **options)
    skip_auction(s)
    for pen, row in enumerate(rows):
        for card, colour, value in row:
            act(s, 0, Place(card, pen, colour, value))
    return s


def to_shearing(s) -> None:  # type: ignore[no-untyped-def]
    finish_redyk(s)
    assert s.phase == R.SHEAR and s.current == 0


def test_one_card_row_is_discarded_and_is_no_fleece() -> None:
    s = sheared(["green_5", "red_1", "red_2", "red_3", "red_4"], [[("green_5", "green", 5)]])
    to_shearing(s)
    act(s, 0, Shear(0, True))
    assert s.fleeces[0] == 0 and s.scores[0] == 0
    assert s.view(None)["discard"] == {"green_5": 1}


def test_two_card_row_scores_the_lower_card_and_discards_the_higher() -> None:
    s = sheared(
        ["green_3", "green_4", "red_2", "red_3", "red_4"],
        [[("green_3", "green", 3), ("green_4", "green", 4)]],
    )
    to_shearing(s)
    act(s, 0, Shear(0, True))
    assert s.fleeces[0] == 1 and s.scores[0] == 3
    assert s.view(None)["discard"] == {"green_4": 1}
    assert s.sheared[s.edition.position["green_3"]] == 1
    assert s.view(2)["fleece_points"][0] == [3]


def test_three_cards_score_their_sum_and_more_add_n_minus_three() -> None:
    s = sheared(
        ["red_1", "red_2", "red_3", "red_4", "yellow_3"],
        [[("red_1", "red", 1), ("red_2", "red", 2), ("red_3", "red", 3), ("red_4", "red", 4)]],
    )
    to_shearing(s)
    act(s, 0, Shear(0, True))
    assert s.scores[0] == 1 + 2 + 3 + 4 + 1


def test_three_card_row_scores_the_sum() -> None:
    s = sheared(
        ["red_1", "red_2", "red_3", "green_4", "yellow_3"],
        [[("red_1", "red", 1), ("red_2", "red", 2), ("red_3", "red", 3)]],
    )
    to_shearing(s)
    act(s, 0, Shear(0, True))
    assert s.scores[0] == 6 and s.fleeces[0] == 1


def test_wolf_on_a_two_card_row_eats_the_highest_and_leaves_no_fleece() -> None:
    s = sheared(
        ["green_3", "green_4", "red_2", "red_3", "red_4"],
        [[("green_3", "green", 3), ("green_4", "green", 4)]],
    )
    act(s, 1, PlayWolf(0, 0))  # played out of turn, during seat 0's Redyk
    all_pass_window(s)
    assert s.pens[0][0].wolf and s.view(2)["pens"][0][0]["wolf"] is True
    to_shearing(s)
    act(s, 0, Shear(0, True))
    assert s.fleeces[0] == 0 and s.scores[0] == 0
    assert s.view(None)["discard"] == {"green_4": 1, "wolf": 1, "green_3": 1}


def test_wolf_on_a_three_card_row_leaves_a_two_card_fleece() -> None:
    s = sheared(
        ["red_2", "red_3", "red_4", "green_4", "yellow_3"],
        [[("red_2", "red", 2), ("red_3", "red", 3), ("red_4", "red", 4)]],
    )
    act(s, 1, PlayWolf(0, 0))
    all_pass_window(s)
    to_shearing(s)
    act(s, 0, Shear(0, True))
    assert s.fleeces[0] == 1 and s.scores[0] == 2  # red 4 eaten; 2 and 3 left: the 2 scores


def test_black_sheep_counts_as_a_card_of_value_zero() -> None:
    s = sheared(
        ["green_3", "green_4", "green_5", "red_3", "red_4"],
        [[("green_3", "green", 3), ("green_4", "green", 4), ("green_5", "green", 5)]],
    )
    act(s, 1, PlayBlackSheep(0, 0))
    all_pass_window(s)
    act(s, 1, Swap(1))  # takes the green 4
    assert hand(s, 1)["green_4"] == 1
    to_shearing(s)
    act(s, 0, Shear(0, True))
    assert s.fleeces[0] == 1 and s.scores[0] == 3 + 0 + 5


def test_black_sheep_in_a_two_card_row_is_the_lower_card() -> None:
    s = sheared(
        ["green_3", "green_4", "green_5", "red_3", "red_4"],
        [[("green_3", "green", 3), ("green_4", "green", 4)]],
    )
    act(s, 1, PlayBlackSheep(0, 0))
    all_pass_window(s)
    act(s, 1, Swap(0))
    to_shearing(s)
    act(s, 0, Shear(0, True))
    assert s.fleeces[0] == 1 and s.scores[0] == 0
    assert s.view(None)["discard"]["green_4"] == 1


def test_shearing_without_bleating_is_a_fleece_worth_nothing() -> None:
    s = sheared(
        ["green_3", "green_4", "red_2", "red_3", "red_4"],
        [[("green_3", "green", 3), ("green_4", "green", 4)]],
    )
    to_shearing(s)
    assert Shear(0, False) in s.legal_actions(0)
    act(s, 0, Shear(0, False))
    assert s.fleeces[0] == 1 and s.scores[0] == 0


def four_fleeces_then_a_row(bleat_rule: bool = True):  # type: ignore[no-untyped-def]
    """Seat 0 already has 4 fleeces (worth 10) and a 3-card row to shear."""
    s = sheared(
        ["green_3", "green_4", "green_5", "red_3", "red_4"],
        [[("green_3", "green", 3), ("green_4", "green", 4), ("green_5", "green", 5)]],
        bleat_rule=bleat_rule,
    )
    s.fleeces[0], s.fleece_points[0], s.scores[0] = 4, (1, 2, 3, 4), 10
    to_shearing(s)
    return s


def test_w5a_a_silent_fifth_fleece_earns_no_bonus_but_still_ends_the_game() -> None:
    s = four_fleeces_then_a_row()
    events = act(s, 0, Shear(0, False))
    (shear,) = [e for e in events if e.type == "sheared"]
    assert shear.public is not None and shear.public["points"] == 0
    assert shear.public["bonus"] == 0
    assert s.fleeces[0] == 5 and s.scores[0] == 10 and s.fleece_points[0][-1] == 0
    assert s.finisher == 0 and s.is_over()  # it still ends the game (no one else has rows)
    s.check_invariants()


def test_w5a_the_same_fifth_fleece_bleated_scores_its_points_and_the_bonus() -> None:
    s = four_fleeces_then_a_row()
    act(s, 0, Shear(0, True))
    assert s.fleeces[0] == 5 and s.scores[0] == 10 + 12 + 4 and s.finisher == 0


def test_w5a_without_the_bleat_rule_a_silent_fifth_fleece_keeps_its_bonus() -> None:
    s = four_fleeces_then_a_row(bleat_rule=False)
    act(s, 0, Shear(0, False))
    assert s.scores[0] == 10 + 12 + 4 and s.finisher == 0


def test_without_the_bleat_rule_silence_costs_nothing() -> None:
    s = sheared(
        ["green_3", "green_4", "red_2", "red_3", "red_4"],
        [[("green_3", "green", 3), ("green_4", "green", 4)]],
        bleat_rule=False,
    )
    to_shearing(s)
    act(s, 0, Shear(0, False))
    assert s.fleeces[0] == 1 and s.scores[0] == 3


def test_shearing_goes_clockwise_from_the_baca_and_skips_seats_without_rows() -> None:
    s = sheared(
        ["green_3", "green_4", "red_2", "red_3", "red_4"],
        [[("green_3", "green", 3)], [("red_2", "red", 2)]],
    )
    to_shearing(s)
    act(s, 0, Shear(1, True))
    assert s.actors() == (0,)  # one row left: the go goes on
    act(s, 0, Done())
    assert s.phase == R.DEAL  # seats 1 and 2 have no rows
    assert [len(p.cards) for p in s.pens[0]] == [1, 0]
