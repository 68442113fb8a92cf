"""Redyk: colour runs added at the high end (W-7), value sets, Dollies, two pens."""

from __future__ import annotations

import pytest

from pasture.core import IllegalAction
from pasture.games.wypas import rules as R
from tests.games.wypas.helpers import Done, Place, act, pen_cards, skip_auction, start


def redyk_state(cards: list[str]):  # type: ignore[no-untyped-def]
    s = start(3, [cards], ["magenta_1", "magenta_2"])
    skip_auction(s)  # the baca (seat 0) takes both lots
    assert s.phase == R.REDYK and s.actors() == (0,)
    return s


def places(s, pen: int) -> set[tuple[str, str, int]]:  # type: ignore[no-untyped-def]
    return {
        (a.card, a.colour, a.value)
        for a in s.legal_actions(s.current)
        if isinstance(a, Place) and a.pen == pen
    }


def test_an_empty_pen_takes_any_sheep_and_a_second_card_makes_a_run_or_set() -> None:
    s = redyk_state(["green_3", "green_4", "green_6", "red_3", "yellow_3"])
    assert ("green_6", "green", 6) in places(s, 0)
    act(s, 0, Place("green_3", 0, "green", 3))
    assert places(s, 0) == {("green_4", "green", 4), ("red_3", "red", 3), ("yellow_3", "yellow", 3)}
    act(s, 0, Place("green_4", 0, "green", 4))  # now a colour run
    assert places(s, 0) == set()  # green 5 needed; 3s no longer fit
    assert s.view(1)["pens"][0][0]["row"] == "run"


def test_w7_a_run_grows_only_at_its_high_end_one_step_at_a_time() -> None:
    s = redyk_state(["green_3", "green_4", "green_6", "red_3", "yellow_3"])
    act(s, 0, Place("green_4", 1, "green", 4))
    assert ("green_3", "green", 3) not in places(s, 1)  # not below the lowest
    act(s, 0, Place("green_3", 0, "green", 3))
    with pytest.raises(IllegalAction):
        s.apply(0, Place("green_6", 0, "green", 6))  # 3, 6: not consecutive


def test_a_value_set_takes_each_colour_once() -> None:
    s = redyk_state(["green_3", "red_3", "yellow_3", "green_4", "orange_1"])
    act(s, 0, Place("green_3", 0, "green", 3), Place("red_3", 0, "red", 3))
    assert s.view(0)["pens"][0][0]["row"] == "set"
    assert places(s, 0) == {("yellow_3", "yellow", 3)}  # not green 4, not another colour value


def test_dolly_takes_any_value_even_above_its_colours_highest() -> None:
    s = redyk_state(["red_1", "red_2", "red_3", "red_4", "dolly_red"])
    for v in range(1, 5):
        act(s, 0, Place(f"red_{v}", 0, "red", v))
    assert places(s, 0) == {("dolly_red", "red", 5)}  # red is printed 1-4 only
    act(s, 0, Place("dolly_red", 0, "red", 5))
    assert s.pens[0][0].value == 5


def test_super_dolly_takes_a_colour_and_value() -> None:
    s = redyk_state(["super_dolly", "green_5", "red_1", "red_2", "red_3"])
    offered = places(s, 0)
    assert len([p for p in offered if p[0] == "super_dolly"]) == 5 * 6
    act(s, 0, Place("green_5", 0, "green", 5))
    assert {p for p in places(s, 0) if p[0] == "super_dolly"} == {
        ("super_dolly", "green", 6),
        *{("super_dolly", c, 5) for c in ("red", "orange", "yellow", "magenta")},
    }
    act(s, 0, Place("super_dolly", 0, "magenta", 5))
    assert s.view(0)["pens"][0][0]["colours"] == ["green", "magenta"]


def test_two_pens_only_no_third_row() -> None:
    s = redyk_state(["green_1", "red_3", "yellow_4", "orange_1", "orange_2"])
    assert any(a.card == "red_3" for a in s.legal_actions(0) if isinstance(a, Place))
    act(s, 0, Place("green_1", 0, "green", 1), Place("yellow_4", 1, "yellow", 4))
    assert not any(a.card == "red_3" for a in s.legal_actions(0) if isinstance(a, Place))


def test_redyk_is_optional_and_goes_clockwise_from_the_baca() -> None:
    s = redyk_state(["green_1", "red_4", "yellow_4", "orange_1", "orange_2"])
    act(s, 0, Done())
    assert s.actors() == (1,)
    act(s, 1, Done())
    act(s, 2, Done())
    assert s.phase == R.DEAL  # nobody has a row: no shearing, drawing begins
    assert pen_cards(s, 0, 0) == []
