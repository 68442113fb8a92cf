"""The bluff option (W-6): face-down bids, checks, the showdown and its ties."""

from __future__ import annotations

import random

from pasture import games
from pasture.games.wypas import rules as R
from tests.games.test_legality import Agreement, check_agreement
from tests.games.test_shared_suite import assert_no_leak_to
from tests.games.wypas.helpers import Done, HideLot, Lay, NameLot, Pass, TieBreak, act, hand, start

HANDS = [
    ["yellow_1", "yellow_2", "orange_1", "orange_2", "magenta_1"],
    ["green_4", "red_2", "dolly_red", "thief", "red_1"],
    ["red_4", "red_3", "magenta_6", "orange_3", "green_5"],
    ["yellow_4", "sheepdog", "yellow_3", "orange_4", "green_2"],
]


def bluff_state(players: int = 3):  # type: ignore[no-untyped-def]
    s = start(
        players,
        HANDS[:players],
        ["magenta_5", "wolf", "thief"][: 2 if players == 3 else 3],
        bluff=True,
    )
    act(s, 0, HideLot("wolf"))
    act(s, 1, NameLot(1))
    return s


def test_w6_any_card_face_down_declared_one_to_six_once_per_lot() -> None:
    s = bluff_state()
    legal = s.legal_actions(1)
    assert {Lay("thief", v, True) for v in range(1, 7)} <= set(legal)  # any card
    assert Lay("thief", 7, True) not in legal and Lay("thief", 0, True) not in legal
    act(s, 1, Lay("thief", 5, True))
    assert not any(isinstance(a, Lay) and a.hidden for a in s.legal_actions(1))  # one per lot
    act(s, 1, Done())
    assert s.auction.high == 5
    assert s.view(2)["auction"]["bids"][1] == [
        {"card": None, "value": 5, "face_down": True, "revealed": False}
    ]
    assert s.view(1)["auction"]["bids"][1][0]["card"] == "thief"


def test_bluff_won_at_showdown_by_the_bluffer_on_a_tie() -> None:
    s = bluff_state()
    act(s, 1, Lay("green_4", 4, True), Done())  # a true 4, face down
    assert s.view(2)["auction"]["bluff_bid"] is True
    act(s, 2, Lay("red_4", 4))
    assert Done() in s.legal_actions(2)  # a check: exactly the bluff bid
    act(s, 2, Done())
    assert s.auction.checked == [2]
    act(s, 0, Pass())
    # The turn is back to the bluffer: showdown; 4 against 4, the bluffer wins the tie.
    assert hand(s, 1)["magenta_5"] == 1
    assert s.view(None)["discard"]["green_4"] == 1  # revealed, so discarded face up
    assert s.view(None)["discard_face_down"] == 0


def test_bluff_called_and_lost() -> None:
    s = bluff_state()
    act(s, 1, Lay("thief", 5, True), Done())  # a Thief: truly worth 0
    act(s, 2, Lay("green_5", 5), Done())  # check
    act(s, 0, Pass())
    assert hand(s, 2)["magenta_5"] == 1
    assert "magenta_5" not in hand(s, 1)
    assert s.view(0)["discard"]["thief"] == 1  # the bluff was revealed


def test_bluff_unchallenged_wins_without_revealing() -> None:
    s = bluff_state()
    act(s, 1, Lay("thief", 5, True), Done())
    act(s, 2, Pass())
    act(s, 0, Pass())
    assert hand(s, 1)["magenta_5"] == 1
    assert "thief" not in s.view(2)["discard"]
    assert s.view(2)["discard_face_down"] == 1
    assert s.view(1)["my_face_down_discards"] == {"thief": 1}
    assert s.view(2)["my_face_down_discards"] == {}


def test_check_is_only_for_a_bluff_bid() -> None:
    s = bluff_state()
    act(s, 1, Lay("green_4", 4), Done())  # face up: not a bluff bid
    act(s, 2, Lay("red_4", 4))
    assert Done() not in s.legal_actions(2)


def test_a_raise_over_the_bluff_bid_goes_on_normally() -> None:
    s = bluff_state()
    act(s, 1, Lay("thief", 4, True), Done())
    act(s, 2, Lay("red_4", 4), Done())  # check
    act(s, 0, Lay("yellow_2", 2), Lay("orange_2", 2), Lay("magenta_1", 1), Done())  # 5: a raise
    assert s.auction.high == 5 and s.auction.high_bidder == 0 and s.auction.checked == []
    act(s, 1, Pass())
    act(s, 2, Lay("red_3", 3), Done())  # 4 + 3 = 7
    act(s, 0, Pass())
    assert hand(s, 2)["magenta_5"] == 1
    # The Thief was never revealed: it went to the discard pile face down.
    assert s.hidden_discard[1][s.edition.position["thief"]] == 1


def test_a_tie_among_checkers_is_decided_by_the_baca() -> None:
    s = bluff_state(players=4)
    act(s, 1, Lay("thief", 4, True), Done())  # truly 0
    act(s, 2, Lay("red_4", 4), Done())  # check, truly 4
    act(s, 3, Lay("yellow_4", 4), Done())  # check, truly 4
    act(s, 0, Pass())
    assert s.phase == R.TIE and s.actors() == (0,)
    assert s.legal_actions(0) == [TieBreak(2), TieBreak(3)]
    act(s, 0, TieBreak(3))
    assert hand(s, 3)["magenta_5"] == 1


def test_a_tie_break_is_legal_alike_to_every_check_and_tells_no_one_a_hand() -> None:
    # Random playouts never meet a tie among checkers, so the legality and no-leak checks
    # of the shared tests are run here, at the moment the baca chooses.
    s = bluff_state(players=4)
    act(s, 1, Lay("thief", 4, True), Done())
    act(s, 2, Lay("red_4", 4), Done())
    act(s, 3, Lay("yellow_4", 4), Done())
    act(s, 0, Pass())
    assert s.phase == R.TIE
    wypas = games.get("wypas")
    tried = Agreement(pool=[TieBreak(seat) for seat in range(-1, 6)])
    check_agreement(wypas, s, tried)
    assert tried.checked >= 7 * 5  # each of 7 seat numbers, from each seat and chance
    rng = random.Random(0)
    for seat in [*range(4), None]:
        assert assert_no_leak_to(s, seat, (0, TieBreak(2)), rng)


def test_a_check_may_use_a_face_down_card() -> None:
    s = bluff_state()
    act(s, 1, Lay("thief", 5, True), Done())
    act(s, 2, Lay("orange_3", 5, True), Done())  # check with a face-down 3 declared 5
    assert s.auction.checked == [2]
    act(s, 0, Pass())
    assert hand(s, 2)["magenta_5"] == 1  # 3 beats 0


def test_w6_a_face_down_dolly_is_truly_worth_its_declared_value() -> None:
    s = bluff_state()
    act(s, 1, Lay("dolly_red", 5, True), Done())
    act(s, 2, Lay("green_5", 5), Done())  # check
    act(s, 0, Pass())
    assert hand(s, 1)["magenta_5"] == 1  # 5 against 5: the bluffer wins the tie
