"""Special cards at any decision point, the reaction window (W-10), the queue, W-8, W-9."""

from __future__ import annotations

import pytest

from pasture.core import IllegalAction
from pasture.games.wypas import rules as R
from pasture.games.wypas.specials import PendingChoice
from tests.games.wypas.helpers import (
    HideLot,
    NoReaction,
    Place,
    PlayBlackSheep,
    PlaySheepdog,
    PlayThief,
    PlayWolf,
    Steal,
    Swap,
    act,
    all_pass_window,
    hand,
    pen_cards,
    skip_auction,
    start,
)

HANDS = [
    ["green_3", "green_4", "green_5", "green_6", "red_3"],
    ["sheepdog", "wolf", "black_sheep", "orange_5", "yellow_5"],
    ["thief", "sheepdog", "wolf", "black_sheep", "magenta_6"],
]


def redyk(hands=HANDS):  # type: ignore[no-untyped-def]
    s = start(3, hands, ["magenta_1", "magenta_2"])
    skip_auction(s)
    assert s.phase == R.REDYK and s.current == 0
    return s


def test_specials_are_offered_to_any_holder_whenever_the_engine_waits() -> None:
    s = start(3, HANDS, ["magenta_1", "magenta_2"])
    assert s.phase == R.HIDE and s.actors() == (0,)
    assert PlayThief(0) in s.legal_actions(2) and PlayThief(1) in s.legal_actions(2)
    assert s.legal_actions(0) == [HideLot("magenta_1"), HideLot("magenta_2")]
    assert s.legal_actions(1) == []  # nothing playable yet: no pen holds 2 cards


def test_w10_the_reaction_window_asks_every_other_player_alike() -> None:
    s = start(3, HANDS, ["magenta_1", "magenta_2"])
    act(s, 2, PlayThief(1))
    assert s.actors() == (0, 1)  # clockwise from the player; seat 0 holds no special card
    assert NoReaction() in s.legal_actions(0) and NoReaction() in s.legal_actions(1)
    assert s.timeout_action(0) == NoReaction() and s.timeout_action(2) is None
    windows = [s.view(p)["reaction"] for p in (0, 1, 2, None)]
    assert all(w == windows[0] for w in windows)
    act(s, 0, NoReaction())
    assert s.actors() == (1,)
    act(s, 1, NoReaction())
    assert s.pending is not None and s.actors() == (2,)


def test_thief_looks_privately_and_takes_one_card() -> None:
    s = start(3, HANDS, ["magenta_1", "magenta_2"])
    act(s, 2, PlayThief(1))
    all_pass_window(s)
    assert s.view(2)["thief_sees"] == hand(s, 1)
    assert "thief_sees" not in s.view(0) and "thief_sees" not in s.view(1)
    assert s.legal_actions(1) == []  # no special card while the Thief chooses
    assert s.legal_actions(0) == []
    events = act(s, 2, Steal("wolf"))
    assert hand(s, 2)["wolf"] == 2 and "wolf" not in hand(s, 1)
    stolen = next(e for e in events if e.type == "stolen")
    assert stolen.for_seat(1)["card"] == "wolf"  # the victim learns which card
    assert "card" not in stolen.for_seat(0)  # the others only that a card moved
    assert s.phase == R.HIDE and s.actors() == (0,)  # back to the interrupted decision
    assert s.view(None)["discard"] == {"thief": 1}


def test_thief_cancelled_by_a_sheepdog() -> None:
    s = start(3, HANDS, ["magenta_1", "magenta_2"])
    act(s, 2, PlayThief(1))
    act(s, 1, PlaySheepdog())
    assert s.actors() == (2, 0)  # the window reopens for everyone else
    all_pass_window(s)
    assert s.pending is None and hand(s, 1)["wolf"] == 1
    assert s.view(None)["discard"] == {"thief": 1, "sheepdog": 1}


def test_thief_cancelled_by_a_sheepdog_that_is_itself_cancelled() -> None:
    s = start(3, HANDS, ["magenta_1", "magenta_2"])
    act(s, 2, PlayThief(1))
    act(s, 1, PlaySheepdog())  # cancels the Thief
    act(s, 2, PlaySheepdog())  # cancels that Sheepdog
    assert [q.cancels for q in s.queue] == [-1, 0, 1]
    all_pass_window(s)
    assert s.pending is not None and s.pending.chooser == 2  # the Thief takes effect
    act(s, 2, Steal("orange_5"))
    assert hand(s, 2)["orange_5"] == 1
    assert s.view(None)["discard"] == {"thief": 1, "sheepdog": 2}


def test_queue_resolves_in_the_order_played() -> None:
    hands = [HANDS[0], ["thief", "red_1", "red_2", "red_4", "yellow_5"], HANDS[2]]
    s = start(3, hands, ["magenta_1", "magenta_2"])
    act(s, 2, PlayThief(1))
    act(s, 1, PlayThief(2))
    all_pass_window(s)
    assert s.pending == PendingChoice(3, 2, 1, -1)  # seat 2's Thief first
    act(s, 2, Steal("red_4"))
    assert s.pending is not None and s.pending.chooser == 1
    act(s, 1, Steal("red_4"))  # and seat 1 takes it back
    assert hand(s, 1)["red_4"] == 1


def test_w8_one_wolf_per_pen_and_only_on_two_cards() -> None:
    s = redyk()
    act(s, 0, Place("green_3", 0, "green", 3))
    assert PlayWolf(0, 0) not in s.legal_actions(1)  # one card only
    act(s, 0, Place("green_4", 0, "green", 4))
    assert PlayWolf(0, 0) in s.legal_actions(1)
    act(s, 1, PlayWolf(0, 0))
    all_pass_window(s)
    assert s.pens[0][0].wolf
    assert PlayWolf(0, 0) not in s.legal_actions(2)  # the pen has its Wolf


def test_w8a_no_second_wolf_on_a_pen_while_one_waits_to_resolve() -> None:
    s = redyk()
    act(s, 0, Place("green_3", 0, "green", 3), Place("green_4", 0, "green", 4))
    act(s, 1, PlayWolf(0, 0))
    assert s.waiting == [2, 0]
    assert PlayWolf(0, 0) not in s.legal_actions(2)  # the first Wolf is still queued
    with pytest.raises(IllegalAction) as err:
        s.apply(2, PlayWolf(0, 0))
    assert err.value.code == "illegal_action" and s.hands[2][s.edition.position["wolf"]] == 1
    act(s, 2, PlaySheepdog(None, None))  # even a Wolf that may yet be cancelled counts
    assert PlayWolf(0, 0) not in s.legal_actions(2) and s.waiting == [0, 1]
    all_pass_window(s)  # the Sheepdog cancels the Wolf: the pen is free again
    assert not s.pens[0][0].wolf and PlayWolf(0, 0) in s.legal_actions(2)


def test_the_plays_on_pens_are_kept_until_a_pen_changes() -> None:
    s = redyk()
    act(s, 0, Place("green_3", 0, "green", 3), Place("green_4", 0, "green", 4))
    first = s.legal_actions(1)
    kept = s.pen_plays
    assert PlayWolf(0, 0) in first and kept is not None
    assert s.legal_actions(1) == first and s.pen_plays is kept  # the pens did not change
    copy = s.clone()
    assert copy.legal_actions(1) == first and copy.pen_plays is kept  # shared by a clone
    act(s, 0, Place("green_5", 0, "green", 5))
    assert s.legal_actions(1) == first and s.pen_plays is not kept  # worked out again


def test_sheepdog_drives_a_wolf_away() -> None:
    s = redyk()
    act(s, 0, Place("green_3", 0, "green", 3), Place("green_4", 0, "green", 4))
    act(s, 2, PlayWolf(0, 0))
    all_pass_window(s)
    assert PlaySheepdog(0, 0) in s.legal_actions(1)
    act(s, 1, PlaySheepdog(0, 0))
    all_pass_window(s)
    assert not s.pens[0][0].wolf
    assert s.view(None)["discard"] == {"wolf": 1, "sheepdog": 1}


def test_black_sheep_swap_gives_the_sheep_to_the_player() -> None:
    s = redyk()
    for v in (3, 4, 5):
        act(s, 0, Place(f"green_{v}", 0, "green", v))
    act(s, 1, PlayBlackSheep(0, 0))
    all_pass_window(s)
    assert s.actors() == (1,) and s.legal_actions(1) == [Swap(0), Swap(1), Swap(2)]
    act(s, 1, Swap(2))
    assert hand(s, 1)["green_5"] == 1
    assert pen_cards(s, 0, 0) == ["green_3", "green_4", "black_sheep"]
    # W-9: it stands in for the green 5, so the run goes on with the 6.
    assert Place("green_6", 0, "green", 6) in s.legal_actions(0)
    with pytest.raises(IllegalAction):
        s.apply(0, Place("red_3", 0, "red", 3))


def test_w9_black_sheep_in_the_middle_of_a_run_keeps_the_run() -> None:
    s = redyk()
    for v in (3, 4, 5):
        act(s, 0, Place(f"green_{v}", 0, "green", v))
    act(s, 1, PlayBlackSheep(0, 0))
    all_pass_window(s)
    act(s, 1, Swap(1))  # 3, B, 5
    assert Place("green_6", 0, "green", 6) in s.legal_actions(0)


def test_rulebook_example_black_sheep_and_green_3_accept_threes_or_greens() -> None:
    hands = [["green_3", "red_3", "green_4", "yellow_3", "orange_1"], *HANDS[1:]]
    s = redyk(hands)
    act(s, 0, Place("green_3", 0, "green", 3), Place("red_3", 0, "red", 3))  # a set of 3s
    act(s, 1, PlayBlackSheep(0, 0))
    all_pass_window(s)
    act(s, 1, Swap(1))  # the red 3 goes; a Black Sheep and a green 3 remain
    legal = s.legal_actions(0)
    assert Place("green_4", 0, "green", 4) in legal  # a green, whatever the row was before
    assert Place("yellow_3", 0, "yellow", 3) in legal  # or a 3
    act(s, 0, Place("green_4", 0, "green", 4))
    assert s.view(0)["pens"][0][0]["row"] == "run"


def test_two_black_sheep_make_the_pen_take_any_sheep() -> None:
    s = redyk()
    act(s, 0, Place("green_3", 0, "green", 3), Place("green_4", 0, "green", 4))
    act(s, 1, PlayBlackSheep(0, 0))
    all_pass_window(s)
    act(s, 1, Swap(0))
    act(s, 2, PlayBlackSheep(0, 0))
    all_pass_window(s)
    assert s.legal_actions(2) == [Swap(1)]
    act(s, 2, Swap(1))
    assert pen_cards(s, 0, 0) == ["black_sheep", "black_sheep"]
    assert Place("red_3", 0, "red", 3) in s.legal_actions(0)
    assert PlayBlackSheep(0, 0) not in s.legal_actions(2)  # no sheep left to swap


def test_a_black_sheep_can_never_be_swapped_out() -> None:
    s = redyk()
    act(s, 0, Place("green_3", 0, "green", 3), Place("green_4", 0, "green", 4))
    act(s, 1, PlayBlackSheep(0, 0))
    all_pass_window(s)
    act(s, 1, Swap(0))
    act(s, 2, PlayBlackSheep(0, 0))
    all_pass_window(s)
    with pytest.raises(IllegalAction):
        s.apply(2, Swap(0))


def test_special_played_by_the_actor_interrupts_its_own_decision() -> None:
    s = redyk()
    act(s, 0, Place("green_3", 1, "green", 3), Place("green_4", 1, "green", 4))
    act(s, 2, PlayWolf(0, 1))
    all_pass_window(s)
    assert s.phase == R.REDYK and s.actors() == (0,)


def test_a_seat_that_passed_may_still_play_into_the_window_which_reopens() -> None:
    s = start(3, HANDS, ["magenta_1", "magenta_2"])
    act(s, 2, PlayThief(1))
    act(s, 1, NoReaction())
    assert s.actors() == (0,)
    assert PlaySheepdog() in s.legal_actions(1)  # not asked any more, but may still play
    act(s, 1, PlaySheepdog())
    assert s.actors() == (2, 0)
    all_pass_window(s)
    assert s.pending is None and s.queue == []
