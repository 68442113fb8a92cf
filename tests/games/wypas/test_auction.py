"""The auction: lots, openers, raises as sums of laid cards, passes, the baca (W-2 to W-5)."""

from __future__ import annotations

import pytest

from pasture.core import IllegalAction
from pasture.games.wypas import rules as R
from tests.games.wypas.helpers import Done, HideLot, Lay, NameLot, Pass, act, hand, start

HANDS = [
    ["yellow_1", "yellow_2", "orange_1", "orange_2", "magenta_1"],
    ["green_3", "red_2", "dolly_red", "thief", "red_1"],
    ["red_4", "red_3", "magenta_6", "orange_3", "green_1"],
]


def auction_state(**options: object):  # type: ignore[no-untyped-def]
    s = start(3, HANDS, ["green_5", "wolf"], **options)
    act(s, 0, HideLot("wolf"))
    return s


def test_baca_draws_two_lots_with_three_players_and_three_otherwise() -> None:
    s = start(3, HANDS, ["green_5", "wolf"])
    assert s.phase == R.HIDE and sum(s.drawn) == 2 and s.actors() == (0,)
    s4 = start(4, lots=["green_5", "wolf", "thief"])
    assert s4.phase == R.HIDE and sum(s4.drawn) == 3


def test_face_down_lot_is_private_to_the_baca_and_then_to_its_winner() -> None:
    s = auction_state()
    assert s.view(0)["auction"]["lots"][0] == {"card": "wolf", "face_down": True, "winner": None}
    assert s.view(1)["auction"]["lots"][0]["card"] is None
    assert s.view(None)["auction"]["lots"][0]["card"] is None
    assert s.view(1)["auction"]["lots"][1]["card"] == "green_5"
    act(s, 1, NameLot(0), Lay("red_1", 1), Done())
    act(s, 2, Pass())
    act(s, 0, Pass())
    assert hand(s, 1)["wolf"] == 1
    assert s.view(1)["auction"]["lots"][0]["card"] == "wolf"
    assert s.view(2)["auction"]["lots"][0]["card"] is None


def test_opener_is_left_of_the_baca_and_must_name_a_lot() -> None:
    s = auction_state()
    assert s.phase == R.NAME and s.actors() == (1,)
    assert set(s.legal_actions(1)) >= {NameLot(0), NameLot(1)}
    assert Pass() not in s.legal_actions(1)


def test_all_pass_lot_goes_to_the_baca() -> None:
    s = auction_state()
    act(s, 1, NameLot(1), Pass())
    act(s, 2, Pass())
    act(s, 0, Pass())
    assert hand(s, 0).get("green_5") == 1
    assert s.auction.lots[1].winner == 0
    # W-5/rulebook: the next auction is opened by the player left of the previous opener.
    assert s.phase == R.NAME and s.actors() == (2,)
    assert s.legal_actions(2)[:1] == [NameLot(0)] and NameLot(1) not in s.legal_actions(2)


def test_w3_raises_add_to_what_was_laid_and_must_beat_the_high_bid_by_one() -> None:
    s = auction_state()
    act(s, 1, NameLot(1), Lay("green_3", 3), Done())
    assert s.auction.high == 3 and s.auction.high_bidder == 1 and s.actors() == (2,)
    act(s, 2, Lay("red_3", 3))
    assert Done() not in s.legal_actions(2)  # 3 does not beat 3
    with pytest.raises(IllegalAction):
        s.apply(2, Done())
    act(s, 2, Lay("green_1", 1), Done())  # 3 + 1 = 4
    assert s.auction.high == 4 and s.auction.high_bidder == 2
    act(s, 0, Pass())
    act(s, 1, Lay("red_2", 2), Done())  # 3 already laid + 2 = 5
    assert s.auction.high == 5 and s.auction.high_bidder == 1
    act(s, 2, Pass())  # seat 0 passed earlier: the turn comes back to seat 1 (W-5)
    assert hand(s, 1)["green_5"] == 1
    # Every laid card, winner's and losers', is discarded.
    discard = s.view(None)["discard"]
    assert discard == {"green_3": 1, "red_2": 1, "red_3": 1, "green_1": 1}
    assert "green_3" not in hand(s, 1)


def test_a_pass_lasts_for_the_lot_only() -> None:
    s = auction_state()
    act(s, 1, NameLot(1), Lay("green_3", 3), Done())
    act(s, 2, Pass())
    act(s, 0, Lay("yellow_2", 2), Lay("orange_2", 2), Done())
    assert s.actors() == (1,)  # seat 2 passed: skipped
    act(s, 1, Pass())
    assert hand(s, 0)["green_5"] == 1
    act(s, 2, NameLot(0))  # next lot: seat 2 opens and may bid again
    assert s.actors() == (2,) and Lay("red_4", 4) in s.legal_actions(2)


def test_w4_dolly_declared_in_a_bid_and_special_cards_cannot_be_bid() -> None:
    s = auction_state()
    act(s, 1, NameLot(1))
    legal = s.legal_actions(1)
    assert {Lay("dolly_red", v) for v in range(1, 7)} <= set(legal)
    assert not any(isinstance(a, Lay) and a.card == "thief" for a in legal)
    act(s, 1, Lay("dolly_red", 6), Done())
    assert s.auction.high == 6


def test_lays_that_cannot_reach_a_raise_are_not_offered() -> None:
    s = auction_state()
    act(s, 1, NameLot(1), Lay("dolly_red", 6), Lay("green_3", 3), Lay("red_2", 2), Done())
    assert s.auction.high == 11
    # Seat 2 holds 4+3+6+3+1 = 17: it can still raise, but not with a lay that strands it.
    assert Lay("magenta_6", 6) in s.legal_actions(2)
    act(s, 2, Pass())
    # Seat 0 holds 1+2+1+2+1 = 7 < 12: it can only pass.
    assert [a for a in s.legal_actions(0) if isinstance(a, Lay)] == []


def test_bid_laid_cards_are_public_as_they_are_laid() -> None:
    s = auction_state()
    act(s, 1, NameLot(1), Lay("green_3", 3))
    assert s.view(2)["auction"]["bids"][1] == [
        {"card": "green_3", "value": 3, "face_down": False, "revealed": False}
    ]


def test_a_card_laid_does_the_same_whether_its_action_is_listed_or_made_again() -> None:
    """`lay` keeps what laying one of the listed actions does (`Tables.lay_plans`); an
    equal action made elsewhere (parsed from JSON, say) is worked out afresh, not kept."""
    listed, again = auction_state(), auction_state()
    act(listed, 1, NameLot(1))
    act(again, 1, NameLot(1))
    shared = next(a for a in listed.legal_actions(1) if a == Lay("dolly_red", 4))
    made = Lay("dolly_red", 4)
    assert made is not shared
    plans = listed.tables.lay_plans  # the edition's tables: shared by both states
    events_listed = listed.apply(1, shared)
    events_again = again.apply(1, made)
    assert events_listed == events_again and listed.to_json() == again.to_json()
    assert all(p.action is not made for p in plans.values())
    plan = plans[id(shared) * 6 + 1]
    assert (plan.action, plan.hidden) == (shared, False)
    assert listed.view(2)["auction"]["bids"][1] == [
        {"card": "dolly_red", "value": 4, "face_down": False, "revealed": False}
    ]
