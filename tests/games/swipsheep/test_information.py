"""What each seat may see (views), and re-drawing what it may not (determinize).

Public: hand sizes, laid wolves, attacks, round scores, deck size. A dealt card is
private to its receiver, a passed card to giver and receiver, a drawn card to drawer
and victim; a spectator sees none of them.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from pasture.core import CHANCE
from pasture.games.swipsheep import SwipSheepState
from pasture.games.swipsheep.actions import Attack, Draw, PassCards

from .helpers import (
    DOG,
    S1,
    S2,
    S3,
    WOLF,
    deal,
    four_players_at_a_short_third_round,
    new_game,
    pass_cards,
)

SEATS: list[int | None] = [0, 1, 2, None]


def log(s: SwipSheepState, seat: int | None, kind: str) -> list[dict[str, Any]]:
    return [e for e in s.view(seat)["log"] if e["type"] == kind]


def without(view: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in keys}


# --- Views -------------------------------------------------------------------------------


def test_a_dealt_card_is_seen_by_its_receiver_only() -> None:
    s = new_game(3)
    deal(s, {1: [S1, S2, S3], 2: [S1, S1, DOG], 0: [S2, S2, S3]})
    assert Counter(s.view(2)["hand"]) == Counter([S1, S1, DOG])
    assert [e["card"] for e in log(s, 2, "dealt")] == [S1, S1, DOG]
    assert all(e["to"] == 2 for e in log(s, 2, "dealt"))
    assert log(s, None, "dealt") == []
    assert "hand" not in s.view(None)
    assert s.view(None)["hand_sizes"] == [3, 3, 3]


def test_a_pass_choice_is_secret_until_all_have_chosen() -> None:
    """Whatever seat 0 chooses, nobody else's view changes (but for 'seat 0 has chosen')."""
    s = new_game(3)
    deal(s, {1: [S1, S2, S3], 2: [S1, S1, DOG], 0: [S2, S2, S3]})
    s.apply(2, PassCards(S1, DOG))
    views = {seat: set() for seat in SEATS}
    for choice in s.legal_actions(0):
        t = s.clone()
        t.apply(0, choice)
        assert t.view(0)["my_pass"] == {"left": choice.left, "right": choice.right}  # type: ignore[attr-defined]
        assert Counter(t.view(0)["hand"]) == Counter([S2, S2, S3])  # nothing moved yet
        for seat in (1, 2, None):
            views[seat].add(json.dumps(t.view(seat), sort_keys=True))
        assert t.view(1)["chosen"] == [True, False, True]
        assert log(t, 1, "chose")[-1] == {"type": "chose", "seat": 0}
    assert len(s.legal_actions(0)) == 3
    assert all(len(views[seat]) == 1 for seat in (1, 2, None))
    assert s.view(1)["my_pass"] is None


def passed_round(left_card: str) -> SwipSheepState:
    """Seat 0 passes `left_card` to seat 1 and S3 to seat 2; seat 2 lays a Wolf."""
    s = new_game(3)
    deal(s, {1: [S1, S1, S1], 2: [WOLF, S2, S2], 0: [S1, S2, S3]})
    pass_cards(s, {0: (left_card, S3), 1: (S1, S1), 2: (S2, S2)})
    assert s.view(None)["laid_wolves"] == [0, 0, 1]
    return s


def test_a_passed_card_is_seen_by_giver_and_receiver_only() -> None:
    s = passed_round(S2)
    mine = [e for e in log(s, 0, "passed") if 0 in (e["from"], e["to"])]
    assert {(e["from"], e["to"], e["card"]) for e in mine} == {
        (0, 1, S2),
        (0, 2, S3),
        (1, 0, S1),
        (2, 0, S2),
    }
    assert all("card" not in e for e in log(s, 0, "passed") if 0 not in (e["from"], e["to"]))
    assert {e.get("card") for e in log(s, 2, "passed") if e["from"] == 0 and e["to"] == 1} == {None}
    assert all("card" not in e for e in log(s, None, "passed"))
    assert len(log(s, None, "passed")) == 6  # who passed to whom is public
    # Seat 2 and a spectator cannot tell which card seat 0 passed left.
    other = passed_round(S1)
    for seat in (2, None):
        assert other.view(seat) == s.view(seat)
    assert other.view(1) != s.view(1)


def test_a_drawn_card_is_seen_by_drawer_and_victim_only() -> None:
    s = new_game(3)
    deal(s, {1: [WOLF, S1, S1], 2: [S1, S2, S3], 0: [WOLF, S2, S2]})
    pass_cards(s, {0: (S2, S2), 1: (S1, S1), 2: (S2, S3)})
    assert s.view(None)["laid_wolves"] == [1, 1, 0]
    assert Counter(s.view(2)["hand"]) == Counter([S1, S1, S2])
    s.apply(0, Attack(2))
    after = {}
    for card in (S1, S2):
        t = s.clone()
        t.apply(CHANCE, Draw(card))
        assert t.actors() == (1,)  # the round goes on: seat 1 attacks next
        assert log(t, 0, "drew") == [{"type": "drew", "drawer": 0, "victim": 2, "card": card}]
        assert log(t, 2, "drew") == log(t, 0, "drew")
        assert log(t, 1, "drew") == [{"type": "drew", "drawer": 0, "victim": 2}]
        assert log(t, None, "drew") == log(t, 1, "drew")
        after[card] = t
    # Seat 1 and a spectator cannot tell which card was drawn; the two involved can.
    assert after[S1].view(1) == after[S2].view(1)
    assert after[S1].view(None) == after[S2].view(None)
    assert after[S1].view(0) != after[S2].view(0)
    assert after[S1].view(2) != after[S2].view(2)


def test_hand_sizes_laid_wolves_attacks_and_round_scores_are_public() -> None:
    s = new_game(3)
    deal(s, {1: [WOLF, S2, S3], 2: [DOG, S1, S1], 0: [S1, S1, S1]})
    pass_cards(s, {0: (S1, S1), 1: (S2, S3), 2: (S1, S1)})
    public = s.view(None)
    assert public["hand_sizes"] == [3, 2, 3]
    assert public["laid_wolves"] == [0, 1, 0]
    assert public["deck"] == 32 - 9
    s.apply(1, Attack(2))
    assert log(s, None, "attack")[-1]["defended"] is True
    for seat in SEATS:
        assert log(s, seat, "attack") == log(s, None, "attack")
    s.apply(CHANCE, Draw(S1))
    public = s.view(None)
    assert public["last_round"]["sheep"] == [5, 1, 4]
    assert public["scores"] == [5, 1, 4]
    assert all(s.view(seat)["last_round"] == public["last_round"] for seat in SEATS)


def test_a_seat_sees_exactly_the_public_view_plus_its_own_hand_and_private_events() -> None:
    s = passed_round(S2)
    spectator = s.view(None)
    for seat in range(3):
        view = s.view(seat)
        assert without(view, "seat", "hand", "my_pass", "log") == without(spectator, "seat", "log")
        public_part = [{k: v for k, v in e.items() if k != "card"} for e in view["log"]]
        assert [e for e in public_part if e["type"] != "dealt"] == spectator["log"]


# --- Determinize ---------------------------------------------------------------------------


def round_one_history_replays_to(t: SwipSheepState) -> None:
    """`t` is reachable: its own steps, replayed from a new game, rebuild it exactly."""
    fresh = new_game(t.num_players)
    for seat, action in t.history:
        fresh.apply(seat, action)
    assert json.dumps(fresh.to_json(), sort_keys=True) == json.dumps(t.to_json(), sort_keys=True)


def test_determinize_keeps_the_view_and_redraws_reachable_states() -> None:
    rng = random.Random(5)
    s = passed_round(S2)
    for seat in SEATS:
        seen = set()
        for _ in range(30):
            t = s.determinize(seat, rng)
            assert t.view(seat) == s.view(seat)
            t.check_invariants()
            round_one_history_replays_to(t)
            seen.add(json.dumps(t.to_json()["hands"]))
        assert len(seen) > 1, f"seat {seat}: nothing hidden was re-drawn"


def s3_passed_to_seat_1() -> SwipSheepState:
    """First player 2. Seat 0 passes S3 left to seat 1; seats 2 and 0 lay a Wolf each."""
    s = new_game(3, first_player=2)
    deal(s, {0: [WOLF, S1, S3], 1: [S1, S1, S2], 2: [WOLF, S2, S2]})
    pass_cards(s, {0: (S3, S1), 1: (S1, S1), 2: (S2, S2)})
    assert s.view(None)["laid_wolves"] == [1, 0, 1]
    assert Counter(s.view(1)["hand"]) == Counter([S2, S3, S2])
    assert s.actors() == (2,)
    return s


def s3_count(t: SwipSheepState, seat: int) -> int:
    return t.hands[seat][t.edition.position[S3]]


def test_determinize_the_card_i_passed_left_stays_with_my_left_neighbour() -> None:
    rng = random.Random(7)
    s = s3_passed_to_seat_1()
    others = set()
    for _ in range(100):
        t = s.determinize(0, rng)
        assert s3_count(t, 1) >= 1  # nobody could have taken it yet
        others.add(json.dumps(t.hands))
    assert len(others) > 1
    s.apply(2, Attack(0))  # seat 2 draws from seat 0: seat 1 still holds the S3
    s.apply(CHANCE, Draw(S2))
    for _ in range(100):
        assert s3_count(s.determinize(0, rng), 1) >= 1


def test_determinize_a_card_passed_then_maybe_drawn_is_with_either_player() -> None:
    """Seat 2 draws a card seat 0 cannot see from seat 1: the S3 seat 0 passed to seat 1
    is then in seat 1's or seat 2's hand; re-draws show both."""
    rng = random.Random(11)
    s = s3_passed_to_seat_1()
    s.apply(2, Attack(1))
    s.apply(CHANCE, Draw(S2))
    assert s.actors() == (0,)
    moved = stayed = 0
    for _ in range(200):
        t = s.determinize(0, rng)
        assert t.view(0) == s.view(0)
        assert s3_count(t, 1) + s3_count(t, 2) >= 1
        moved += s3_count(t, 1) == 0
        stayed += s3_count(t, 2) == 0
    assert moved and stayed


def test_determinize_during_the_pass_redraws_other_choices_and_keeps_mine() -> None:
    rng = random.Random(3)
    s = new_game(3)
    deal(s, {1: [S1, S2, S3], 2: [S1, S1, DOG], 0: [S2, S2, S3]})
    s.apply(1, PassCards(S3, S1))
    s.apply(0, PassCards(S2, S3))
    their_choices = set()
    for _ in range(60):
        t = s.determinize(0, rng)
        assert t.view(0) == s.view(0)
        assert t.view(0)["my_pass"] == {"left": S2, "right": S3}
        assert t.passes[2] is None  # seat 2 has not chosen, in every re-draw
        their_choices.add((t.passes[1], tuple(t.hands[1])))
        t.apply(2, t.legal_actions(2)[0])  # and the re-drawn state plays on
        t.check_invariants()
    assert len(their_choices) > 1


def test_determinize_after_a_short_deal_with_two_card_hands() -> None:
    rng = random.Random(13)
    s = four_players_at_a_short_third_round()
    pass_cards(s, {0: (DOG, WOLF), 1: (WOLF, DOG), 2: (DOG, WOLF), 3: (WOLF, DOG)})
    assert s.view(None)["phase"] == "attack"
    for seat in [0, 1, 2, 3, None]:
        for _ in range(10):
            t = s.determinize(seat, rng)
            assert t.view(seat) == s.view(seat)
            t.check_invariants()
