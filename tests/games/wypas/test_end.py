"""Setup, drawing (W-2), the end of the game (W-11, W-12), shared wins, options."""

from __future__ import annotations

import random
from bisect import bisect_left

import pytest

from pasture.core import CHANCE, InvalidOptions, Match
from pasture.games.wypas import GAME
from pasture.games.wypas import rules as R
from pasture.games.wypas.actions import Deal, FirstBaca
from pasture.games.wypas.edition import default_edition, parse_edition
from pasture.games.wypas.state import WypasState
from tests.games.wypas.helpers import (
    Done,
    Place,
    Shear,
    act,
    deal_by_seat,
    finish_redyk,
    skip_auction,
    start,
)


def test_w1_default_edition_has_84_sheep_and_19_special_cards() -> None:
    e = default_edition()
    sheep = sum(c for k, c in enumerate(e.counts) if e.is_sheep(k))
    assert sheep == 84 and e.size == 103
    assert sum(c for k, c in enumerate(e.counts) if e.kinds[k].startswith("dolly_")) == 5
    assert e.counts[e.position["super_dolly"]] == 1
    assert e.value[e.position["red_4"]] == 4 and "red_5" not in e.position
    assert {e.kinds[k]: e.counts[k] for k in e.special.values()} == {
        "thief": 5,
        "sheepdog": 6,
        "black_sheep": 4,
        "wolf": 4,
    }


def test_setup_deals_five_each_one_at_a_time_from_the_bacas_left() -> None:
    s = GAME.new_state(4, {"first_baca": 2})
    assert s.is_chance() and s.deal_queue[:5] == [3, 0, 1, 2, 3]
    assert len(s.deal_queue) == 20
    assert sum(o.probability for o in s.chance_outcomes()) == pytest.approx(1)
    p = {o.action: o.probability for o in s.chance_outcomes()}
    assert p[Deal("sheepdog")] == pytest.approx(6 / 103)
    s.apply(CHANCE, Deal("sheepdog"))
    assert s.hands[3][s.edition.position["sheepdog"]] == 1
    assert s.view(3)["hand"] == {"sheepdog": 1} and s.view(0)["hand"] == {}


def test_a_deal_finds_its_kind_among_the_outcomes_either_way() -> None:
    """Compiled, a deal finds its kind's place in the deck's outcomes by native compares
    (`rules._first_at`), the interpreter by `bisect_left`: the same place."""
    s = GAME.new_state(3)
    rng = random.Random(3)
    for _ in range(200):
        deck = [rng.choice((0, 0, count)) for count in s.edition.counts]
        at = s.tables.deck_at(deck)
        for first in range(-1, len(deck) * s.tables.width + 1):
            assert R._first_at(at, first) == bisect_left(at, first)


def test_first_baca_random_is_a_chance_outcome_at_setup() -> None:
    s = GAME.new_state(5, {"first_baca": "random"})
    assert s.phase == R.CHOOSE_BACA and s.actors() == ()
    assert [o.action for o in s.chance_outcomes()] == [FirstBaca(p) for p in range(5)]
    s.apply(CHANCE, FirstBaca(3))
    assert s.baca == 3 and s.deal_queue[0] == 4
    assert s.legal_actions(0) == []  # no special card before setup is done
    m = Match(GAME, 5, {"first_baca": "random"}, seed=7)
    assert m.state.phase == R.HIDE


def test_options_are_validated() -> None:
    with pytest.raises(InvalidOptions):
        GAME.new_state(3, {"first_baca": 4})
    with pytest.raises(InvalidOptions):
        GAME.new_state(3, {"max_turns": 0})
    with pytest.raises(InvalidOptions):
        GAME.new_state(7)


def test_w2_empty_deck_is_replaced_by_the_shuffled_discard_pile() -> None:
    # A small edition: 15 cards dealt, 2 lots drawn, and the deck is empty.
    text = default_edition_text().replace("copies = 3", "copies = 1")
    tiny = parse_edition(_shrink(text))
    s = WypasState(3, GAME.resolve_options(3), edition=tiny)
    deal_by_seat(s, {})
    assert s.phase == R.HIDE and sum(s.deck) == 0
    act(s, 0, s.legal_actions(0)[0])  # lay the lots out
    act(s, 1, s.legal_actions(1)[0])  # name a lot
    bid = next(a for a in s.legal_actions(1) if type(a).__name__ == "Lay")
    act(s, 1, bid, Done())
    skip_auction(s)
    finish_redyk(s)
    while s.phase == R.SHEAR:
        act(s, s.current, Done())
    assert s.is_chance() and sum(s.deck) == 1  # the one discarded bid card
    assert sum(s.discard) == 0
    s.apply(CHANCE, s.chance_outcomes()[0].action)
    # With deck and discard empty, fewer cards are dealt: the turn goes on.
    assert not s.is_chance() and s.turn == 2
    assert s.phase == R.REDYK  # and no lots to draw: no auction


def default_edition_text() -> str:
    from pasture.games.wypas.edition import DEFAULT_EDITION

    return DEFAULT_EDITION.read_text()


def _shrink(text: str) -> str:
    """17 cards: red 1-4, orange 1-5, yellow 1-4 (one copy), and one of each special."""
    import re

    text = re.sub(
        r'key = "green"\nlabel = "green"\nmax_value = 6',
        'key = "green"\nlabel = "green"\nmax_value = 0',
        text,
    )
    text = re.sub(
        r'key = "magenta"\nlabel = "magenta"\nmax_value = 6',
        'key = "magenta"\nlabel = "magenta"\nmax_value = 0',
        text,
    )
    text = text.replace(
        'key = "yellow"\nlabel = "yellow"\nmax_value = 5',
        'key = "yellow"\nlabel = "yellow"\nmax_value = 4',
    )
    text = text.replace("dollies = 1", "dollies = 0")
    text = text.replace("[super_dolly]\ncount = 1", "[super_dolly]\ncount = 0")
    return re.sub(r"count = [456]\n", "count = 1\n", text)


def test_w11_first_fifth_fleece_scores_4_the_others_get_a_final_go_with_2() -> None:
    # Seats 0 and 1 each make two 2-card rows per turn; seat 0 is first to a 5th fleece.
    s = start(
        3,
        [
            ["green_1", "green_2", "red_1", "red_2", "yellow_5"],
            ["green_1", "green_2", "red_1", "red_2", "yellow_5"],
        ],
        ["orange_5", "magenta_5"],
    )
    skip_auction(s)  # baca 0 takes orange 5 and magenta 5
    two_rows = (
        [("green_1", "green", 1), ("green_2", "green", 2)],
        [
            ("red_1", "red", 1),
            ("red_2", "red", 2),
        ],
    )
    for seat in (0, 1):
        for pen, row in enumerate(two_rows):
            for card, colour, value in row:
                act(s, seat, Place(card, pen, colour, value))
        if s.phase == R.REDYK and s.current == seat:
            act(s, seat, Done())
    finish_redyk(s)
    for seat in (0, 1):
        act(s, seat, Shear(0, True), Shear(1, True))
    assert s.fleeces[:2] == [2, 2] and s.scores[:2] == [2, 2]
    deal_by_seat(
        s,
        {0: ["green_3", "green_4", "red_3"], 1: ["green_3", "green_4", "orange_5"]},
    )
    # Turn 2, baca 1. Redyk: seat 1, seat 2, seat 0.
    skip_auction(s)
    act(s, 1, Place("green_3", 0, "green", 3), Place("green_4", 0, "green", 4))
    act(s, 1, Place("yellow_5", 1, "yellow", 5), Place("orange_5", 1, "orange", 5), Done())
    act(s, 2, Done())
    act(s, 0, Place("green_3", 0, "green", 3), Place("green_4", 0, "green", 4))
    act(s, 0, Place("yellow_5", 1, "yellow", 5), Place("orange_5", 1, "orange", 5), Done())
    act(s, 1, Shear(0, True), Shear(1, True))
    act(s, 0, Shear(0, True), Shear(1, True))
    assert s.fleeces[:2] == [4, 4] and s.scores[:2] == [10, 10] and s.finisher == -1
    deal_by_seat(
        s,
        {0: ["red_4", "green_5", "green_6"], 1: ["red_3", "red_4", "magenta_4"], 2: ["red_3"]},
    )
    # Turn 3, baca 2. Redyk: seat 2, seat 0, seat 1.
    skip_auction(s)
    act(s, 2, Place("red_3", 0, "red", 3), Done())
    act(s, 0, Place("red_3", 0, "red", 3), Place("red_4", 0, "red", 4))
    act(s, 0, Place("green_5", 1, "green", 5), Place("green_6", 1, "green", 6), Done())
    act(s, 1, Place("red_3", 0, "red", 3), Place("red_4", 0, "red", 4), Done())
    assert s.phase == R.SHEAR and s.current == 2
    act(s, 2, Done())  # seat 2 keeps its 1-card row for now
    act(s, 0, Shear(0, True))  # 5th fleece: 3 points + 4
    assert s.fleeces[0] == 5 and s.scores[0] == 10 + 3 + 4 and s.finisher == 0
    act(s, 0, Shear(1, True))  # a 6th fleece scores normally
    assert s.fleeces[0] == 6 and s.scores[0] == 17 + 5
    # W-11: final goes clockwise from the finisher's left: seat 1, then seat 2 again.
    assert s.current == 1 and s.phase == R.SHEAR
    act(s, 1, Shear(0, True))  # 5th fleece in the final go: 3 points + 2
    assert s.scores[1] == 10 + 3 + 2
    assert s.current == 2  # seat 2 already had its go this phase, and gets a final one
    act(s, 2, Shear(0, True))
    assert s.is_over() and s.actors() == ()
    assert s.result().winners == (0,) and s.result().scores == (22, 15, 0)


def test_w12_safety_cap_ends_the_game_after_max_turns_and_ties_share_the_win() -> None:
    s = start(3, max_turns=2)
    for _ in range(2):
        skip_auction(s)
        finish_redyk(s)
        deal_by_seat(s, {})
    assert s.is_over() and s.turn == 2
    assert s.result().winners == (0, 1, 2)  # nobody scored: all share the win


def test_drawing_deals_three_each_from_the_bacas_left_and_the_baca_passes_left() -> None:
    s = start(4)
    skip_auction(s)
    finish_redyk(s)
    assert s.is_chance() and s.deal_queue == [1, 2, 3, 0] * 3
    deal_by_seat(s, {}, ["green_6", "magenta_6", "wolf"])
    assert s.turn == 2 and s.baca == 1 and s.phase == R.HIDE
    assert s.view(1)["drawn_cards"] == {"green_6": 1, "magenta_6": 1, "wolf": 1}
    assert "drawn_cards" not in s.view(0)


def test_w2_face_down_discards_are_shuffled_back_too() -> None:
    tiny = parse_edition(_shrink(default_edition_text().replace("copies = 3", "copies = 1")))
    options = GAME.resolve_options(3, {"bluff": True})
    s = WypasState(3, options, edition=tiny)
    deal_by_seat(s, {})
    act(s, 0, s.legal_actions(0)[0])
    act(s, 1, s.legal_actions(1)[0])
    hidden = next(a for a in s.legal_actions(1) if getattr(a, "hidden", False))
    act(s, 1, hidden, Done())
    skip_auction(s)  # everyone else passes: the face-down card is never shown
    assert sum(sum(h) for h in s.hidden_discard) == 1 and sum(s.discard) == 0
    finish_redyk(s)
    while s.phase == R.SHEAR:
        act(s, s.current, Done())
    assert s.is_chance() and sum(s.deck) == 1
    assert sum(sum(h) for h in s.hidden_discard) == 0


def test_w12_the_last_turn_is_played_to_its_end_drawing_included() -> None:
    s = start(3, max_turns=1)
    skip_auction(s)
    finish_redyk(s)
    assert s.is_chance() and len(s.deal_queue) == 9  # the drawing phase still happens
    deal_by_seat(s, {})
    assert s.is_over() and s.turn == 1
    assert [sum(h) for h in s.hands] == [5 + 2 + 3, 5 + 3, 5 + 3]  # the baca took the lots
