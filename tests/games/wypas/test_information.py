"""Hidden information: views, and re-drawn states that keep what a seat knows."""

from __future__ import annotations

import random

from pasture.games.wypas import knowledge
from pasture.games.wypas import rules as R
from tests.games.wypas.helpers import (
    Done,
    HideLot,
    Lay,
    NameLot,
    Pass,
    PlayThief,
    Steal,
    act,
    all_pass_window,
    hand,
    start,
)

HANDS = [
    ["yellow_1", "yellow_2", "orange_1", "orange_2", "magenta_1"],
    ["green_3", "red_2", "dolly_red", "thief", "red_1"],
    ["red_4", "red_3", "magenta_6", "orange_3", "green_1"],
]


def won_lots():  # type: ignore[no-untyped-def]
    """Seat 1 wins the face-down Wolf; seat 2 wins the face-up Sheepdog."""
    s = start(3, HANDS, ["sheepdog", "wolf"])
    act(s, 0, HideLot("wolf"))
    act(s, 1, NameLot(0), Lay("red_1", 1), Done())
    act(s, 2, Pass())
    act(s, 0, Pass())
    act(s, 2, NameLot(1), Lay("green_1", 1), Done())
    act(s, 0, Pass())
    act(s, 1, Pass())
    assert s.phase == R.REDYK
    return s


def test_views_show_only_ones_own_hand_and_hand_sizes() -> None:
    s = won_lots()
    assert s.view(1)["hand"] == hand(s, 1)
    assert "hand" not in s.view(None)
    assert s.view(0)["hand_sizes"] == [sum(h) for h in s.hands]


def test_a_face_up_lot_won_stays_in_its_winners_hand_when_re_drawn() -> None:
    s = won_lots()
    rng = random.Random(0)
    for seat in (None, 0, 1):
        for _ in range(20):
            assert s.determinize(seat, rng).hands[2][s.edition.position["sheepdog"]] >= 1


def test_the_face_down_lot_won_is_known_to_the_baca_only() -> None:
    s = won_lots()
    wolf = s.edition.position["wolf"]
    rng = random.Random(0)
    assert all(s.determinize(0, rng).hands[1][wolf] for _ in range(20))
    assert not all(s.determinize(2, rng).hands[1][wolf] for _ in range(40))


def test_what_a_thief_saw_is_kept_when_re_drawn() -> None:
    s = start(3, HANDS, ["sheepdog", "wolf"])
    act(s, 1, PlayThief(2))
    all_pass_window(s)
    act(s, 1, Steal("magenta_6"))
    rng = random.Random(1)
    for _ in range(10):
        assert s.determinize(1, rng).hands[2] == s.hands[2]
    assert any(s.determinize(0, rng).hands[2] != s.hands[2] for _ in range(10))


def test_a_fact_is_counted_alike_by_the_native_loop_and_by_any() -> None:
    """Compiled, `knowledge.lose` tests a fact by a native loop (`_counted`), the
    interpreter by `any`: the same answer."""
    rng = random.Random(7)
    for _ in range(200):
        fact = tuple(rng.choice((0, 0, 0, 0, 1, 2)) for _ in range(rng.randint(0, 36)))
        assert knowledge._counted(fact) == any(fact)
