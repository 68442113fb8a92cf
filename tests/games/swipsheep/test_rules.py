"""One test per rule and ruling of shared/rules/swipsheep.md, each on a stacked deal.

Seats: the left neighbour of seat p is p+1 (the deal starts there, the first player
moves there), the right neighbour is p-1.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from pasture.bots import RandomBot
from pasture.bots.play import play_match
from pasture.core import CHANCE, IllegalAction, InvalidOptions
from pasture.games.swipsheep import GAME, SwipSheepState
from pasture.games.swipsheep.actions import Attack, Deal, Draw, PassCards

from .helpers import (
    DOG,
    S1,
    S2,
    S3,
    WOLF,
    attack,
    deal,
    edition,
    four_players_at_a_short_third_round,
    hand,
    new_game,
    outcome_probabilities,
    pass_cards,
    play_round,
)


def public(s: SwipSheepState) -> dict[str, Any]:
    return s.view(None)


# --- 1. Deal ---------------------------------------------------------------------------


def test_deal_three_cards_each_one_at_a_time_from_the_first_players_left() -> None:
    s = new_game(4, first_player=2)
    cards = [S1, S2, S3, WOLF, DOG, S1, S2, S3, WOLF, DOG, S1, S2]
    receivers = []
    for card in cards:
        assert s.is_chance() and s.actors() == ()
        before = public(s)["hand_sizes"]
        s.apply(CHANCE, Deal(card))
        after = public(s)["hand_sizes"]
        receivers += [p for p in range(4) if after[p] == before[p] + 1]
    assert receivers == [3, 0, 1, 2] * 3
    assert public(s)["hand_sizes"] == [3, 3, 3, 3]
    assert public(s)["deck"] == 32 - 12
    assert public(s)["phase"] == "pass"
    assert hand(s, 3) == Counter([S1, DOG, WOLF])
    assert hand(s, 0) == Counter([S2, S1, DOG])
    assert hand(s, 1) == Counter([S3, S2, S1])
    assert hand(s, 2) == Counter([WOLF, S3, S2])


def test_deal_draws_each_card_from_the_remaining_deck() -> None:
    s = new_game(3)
    for _ in range(4):
        s.apply(CHANCE, Deal(S3))
    assert S3 not in outcome_probabilities(s)
    with pytest.raises(IllegalAction):
        s.apply(CHANCE, Deal(S3))
    assert outcome_probabilities(s)[S1] == pytest.approx(10 / 28)


def test_s2_short_deck_dealt_evenly_from_first_players_left() -> None:
    s = four_players_at_a_short_third_round()
    assert public(s)["hand_sizes"] == [3, 2, 2, 3]
    assert public(s)["deck"] == 0
    assert public(s)["phase"] == "pass"
    assert s.actors() == (0, 1, 2, 3)


def test_s2_short_deck_in_a_custom_edition() -> None:
    s = new_game(3, first_player=1, edition=edition(sheep1=7, wolf=0, dog=0))
    deal(s, {2: [S1, S1, S1], 0: [S1, S1], 1: [S1, S1]})
    assert public(s)["hand_sizes"] == [2, 2, 3]


# --- 2. Pass ---------------------------------------------------------------------------

THREE_HANDS = {1: [S1, S2, S3], 2: [S1, S1, DOG], 0: [S2, S2, S3]}


def test_pass_everyone_chooses_at_the_same_time() -> None:
    s = new_game(3)
    deal(s, THREE_HANDS)
    assert s.actors() == (0, 1, 2)
    s.apply(1, PassCards(S1, S2))
    assert s.actors() == (0, 2)
    assert public(s)["chosen"] == [False, True, False]


def test_pass_one_left_one_right_different_cards_keep_the_third() -> None:
    s = new_game(3)
    deal(s, THREE_HANDS)
    distinct = {(a, b) for a in (S1, S2, S3) for b in (S1, S2, S3) if a != b}
    assert {(a.left, a.right) for a in s.legal_actions(1)} == distinct  # type: ignore[attr-defined]
    # Two copies of a card may go one each way; a single copy cannot go both ways.
    assert {(a.left, a.right) for a in s.legal_actions(2)} == {  # type: ignore[attr-defined]
        (S1, S1),
        (S1, DOG),
        (DOG, S1),
    }
    with pytest.raises(IllegalAction) as err:
        s.apply(2, PassCards(DOG, DOG))
    assert err.value.code == "illegal_action"
    with pytest.raises(IllegalAction):
        s.apply(2, PassCards(S1, None))  # three cards: both neighbours get one


def test_pass_cards_move_only_when_all_have_chosen() -> None:
    s = new_game(3)
    deal(s, THREE_HANDS)
    s.apply(0, PassCards(S3, S2))
    s.apply(1, PassCards(S3, S1))
    assert public(s)["hand_sizes"] == [3, 3, 3]
    assert hand(s, 0) == Counter([S2, S2, S3])
    assert hand(s, 1) == Counter([S1, S2, S3])
    s.apply(2, PassCards(DOG, S1))
    # No Wolves: the round is scored at once, showing the hands after the pass.
    assert public(s)["last_round"]["hands"] == [
        {S2: 1, S1: 1, DOG: 1},  # kept S2; S1 from seat 1, Dog from seat 2
        {S2: 1, S3: 1, S1: 1},  # kept S2; S3 from seat 0, S1 from seat 2
        {S1: 1, S3: 1, S2: 1},  # kept S1; S3 from seat 1, S2 from seat 0
    ]


def test_pass_left_is_seat_plus_one_right_is_seat_minus_one() -> None:
    s = new_game(4)
    deal(s, {1: [S1, S1, S1], 2: [S1, S1, S1], 3: [S1, S1, S1], 0: [S3, S2, S1]})
    pass_cards(s, {0: (S3, S2), 1: (S1, S1), 2: (S1, S1), 3: (S1, S1)})
    assert public(s)["last_round"]["hands"] == [
        {S1: 3},
        {S1: 2, S3: 1},  # seat 0's left card
        {S1: 3},
        {S1: 2, S2: 1},  # seat 0's right card
    ]


def test_pass_cannot_be_changed_once_chosen() -> None:
    s = new_game(3)
    deal(s, THREE_HANDS)
    s.apply(0, PassCards(S3, S2))
    with pytest.raises(IllegalAction) as err:
        s.apply(0, PassCards(S2, S3))
    assert err.value.code == "not_your_turn"
    assert s.view(0)["my_pass"] == {"left": S3, "right": S2}


def test_pass_with_two_cards_one_goes_left_one_right_none_kept() -> None:
    """Confirmed decision (shared/rules README): 2 cards at passing go both, left first."""
    s = four_players_at_a_short_third_round()
    pairs = {(a.left, a.right) for a in s.legal_actions(1)}  # type: ignore[attr-defined]
    assert pairs == {(WOLF, DOG), (DOG, WOLF)}
    with pytest.raises(IllegalAction):
        s.apply(1, PassCards(WOLF, None))
    pass_cards(s, {0: (DOG, WOLF), 1: (WOLF, DOG), 2: (DOG, WOLF), 3: (WOLF, DOG)})
    # Seats 1 and 2 kept nothing: each holds its neighbours' cards, a Dog and a Wolf
    # (laid at once). Seats 0 and 3 kept a Wolf and got a Wolf and a Dog.
    assert public(s)["laid_wolves"] == [2, 1, 1, 2]
    assert hand(s, 1) == Counter([DOG])
    assert hand(s, 2) == Counter([DOG])
    assert hand(s, 0) == Counter([DOG])
    assert hand(s, 3) == Counter([DOG])


def test_pass_with_one_card_it_goes_left() -> None:
    s = new_game(3, edition=edition(sheep1=3, sheep3=1))
    deal(s, {1: [S1, S1], 2: [S3], 0: [S1]})
    assert s.legal_actions(2) == [PassCards(S3, None)]
    assert s.legal_actions(0) == [PassCards(S1, None)]
    with pytest.raises(IllegalAction):
        s.apply(2, PassCards(None, S3))
    pass_cards(s, {0: (S1, None), 1: (S1, S1), 2: (S3, None)})
    # Seat 0 got seat 1's right card and seat 2's only card; seats 1 and 2 one each.
    # (The later rounds have no cards: the game ends at once.)
    assert public(s)["scored"] == [{S1: 1, S3: 1}, {S1: 1}, {S1: 1}]


def test_pass_with_no_card_nothing_to_do() -> None:
    s = new_game(3, edition=edition(sheep1=1, sheep2=1))
    deal(s, {1: [S1], 2: [S2]})
    assert s.actors() == (1, 2)
    assert s.legal_actions(0) == []
    with pytest.raises(IllegalAction) as err:
        s.apply(0, PassCards(None, None))
    assert err.value.code == "not_your_turn"
    pass_cards(s, {1: (S1, None), 2: (S2, None)})
    assert public(s)["scored"] == [{S2: 1}, {}, {S1: 1}]


# --- 3. Are there wolves tonight? ----------------------------------------------------------


def wolves_laid_round() -> SwipSheepState:
    s = new_game(3)
    deal(s, {1: [WOLF, WOLF, S1], 2: [S1, S2, S3], 0: [WOLF, S1, S2]})
    pass_cards(s, {0: (WOLF, S1), 1: (WOLF, S1), 2: (S3, S1)})
    return s


def test_wolves_held_after_passing_are_laid_face_up_automatically() -> None:
    s = wolves_laid_round()
    # Seat 0 passed its Wolf away; seat 1 kept one and got seat 0's; seat 2 got seat 1's.
    assert public(s)["laid_wolves"] == [0, 2, 1]
    assert public(s)["hand_sizes"] == [3, 1, 2]
    assert all(WOLF not in hand(s, p) for p in range(3))
    assert public(s)["log"][-1] == {"type": "wolves_tonight", "laid": [0, 2, 1]}
    assert public(s)["phase"] == "attack" and s.actors() == (1,)


def test_s3_only_wolves_laid_after_passing_attack_one_attack_each() -> None:
    s = wolves_laid_round()
    attackers = []
    while public(s)["phase"] == "attack":
        attackers.append(s.actors()[0])
        attack(s, 0, drawn=S2 if hand(s, 0)[S2] else S3 if hand(s, 0)[S3] else S1)
    assert attackers == [1, 1, 2]


def test_s3_a_wolf_gained_during_attacks_stays_in_hand_and_returns_to_the_deck() -> None:
    """In play every Wolf in a hand is laid at once and laid Wolves cannot be drawn, so a
    Wolf reaches a hand during the attacks only in a hand-made state: seat 2 holds one."""
    s = wolves_laid_round()
    data = s.to_json()
    wolf = s.edition.wolf
    data["laid"][2] -= 1
    data["hands"][2][wolf] += 1
    s = GAME.state_from_json(json.loads(json.dumps(data)))
    s.check_invariants()
    s.apply(1, Attack(2))
    assert outcome_probabilities(s) == {S1: 1 / 3, S2: 1 / 3, WOLF: 1 / 3}
    s.apply(CHANCE, Draw(WOLF))
    assert public(s)["laid_wolves"] == [0, 1, 0]
    assert hand(s, 1)[WOLF] == 1
    attack(s, 2, drawn=S1)
    # Seat 1 is out of laid Wolves and seat 2 has none: the drawn Wolf never attacks.
    assert public(s)["round"] == 2 and public(s)["phase"] == "deal"
    assert public(s)["last_round"]["hands"][1][WOLF] == 1
    assert WOLF not in public(s)["scored"][1]
    assert outcome_probabilities(s)[WOLF] == pytest.approx(6 / public(s)["deck"])


# --- 4. Attacks ------------------------------------------------------------------------


def test_attacks_go_clockwise_from_the_first_player() -> None:
    s = new_game(4, first_player=2)
    deal(s, {3: [WOLF, S1, S1], 0: [WOLF, S1, S1], 1: [WOLF, S1, S1], 2: [S1, S1, S1]})
    pass_cards(s, {p: (S1, S1) for p in range(4)})
    assert public(s)["laid_wolves"] == [1, 1, 0, 1]
    order = []
    while public(s)["phase"] == "attack":
        seat = s.actors()[0]
        assert public(s)["attacker"] == seat
        order.append(seat)
        attack(s, 2, drawn=S1)
    assert order == [3, 0, 1]  # seat 2 is first but has no wolf


def test_an_attacker_uses_all_laid_wolves_on_the_same_or_different_targets() -> None:
    s = new_game(3)
    deal(s, {1: [S1, S1, WOLF], 2: [S2, S2, WOLF], 0: [WOLF, S3, S3]})
    pass_cards(s, {0: (S3, S3), 1: (S1, WOLF), 2: (WOLF, S2)})
    # Seat 0 kept its Wolf and got one from each neighbour: three attacks.
    assert public(s)["laid_wolves"] == [3, 0, 0]
    attack(s, 1, drawn=S1)
    assert s.actors() == (0,) and public(s)["laid_wolves"] == [2, 0, 0]
    attack(s, 1, drawn=S3)
    assert s.actors() == (0,)
    attack(s, 2, drawn=S2)
    assert public(s)["last_round"]["hands"] == [{S1: 1, S2: 1, S3: 1}, {S2: 1}, {S1: 1, S3: 1}]


def empty_handed_seat_1() -> SwipSheepState:
    """Seat 1 ends the pass holding three Wolves: all laid, its hand is empty."""
    s = new_game(3)
    deal(s, {1: [WOLF, S2, S2], 2: [WOLF, S3, S3], 0: [WOLF, WOLF, S1]})
    pass_cards(s, {0: (WOLF, S1), 1: (S2, S2), 2: (S3, WOLF)})
    assert public(s)["laid_wolves"] == [1, 3, 0]
    assert public(s)["hand_sizes"] == [2, 0, 3]
    return s


def test_an_attack_may_target_any_other_player_even_with_an_empty_hand() -> None:
    s = empty_handed_seat_1()
    assert s.actors() == (0,)
    assert s.legal_actions(0) == [Attack(1), Attack(2)]
    with pytest.raises(IllegalAction) as err:
        s.apply(0, Attack(0))
    assert err.value.code == "illegal_action"


def test_empty_hand_nothing_is_taken() -> None:
    s = empty_handed_seat_1()
    s.apply(0, Attack(1))
    assert not s.is_chance() and s.actors() == (1,)  # nothing to draw; seat 1 attacks next
    assert public(s)["log"][-1]["empty_hand"] is True
    assert public(s)["hand_sizes"] == [2, 0, 3]
    assert public(s)["set_aside"] == {WOLF: 1}


def test_undefended_attack_the_attacker_draws_a_random_card_from_the_target() -> None:
    s = new_game(3)
    deal(s, {1: [WOLF, S1, S1], 2: [S1, S3, S3], 0: [S1, S1, S2]})
    pass_cards(s, {0: (S1, S1), 1: (S1, S1), 2: (S1, S3)})
    # Seat 2 now holds S3 (kept), S1 (from 1, left card) and S1 (from 0, right card).
    assert hand(s, 2) == Counter([S3, S1, S1])
    s.apply(1, Attack(2))
    assert s.actors() == () and s.is_chance()
    assert outcome_probabilities(s) == {S1: pytest.approx(2 / 3), S3: pytest.approx(1 / 3)}
    s.apply(CHANCE, Draw(S3))
    assert public(s)["last_round"]["hands"][1] == {S1: 1, S3: 2}
    assert public(s)["last_round"]["hands"][2] == {S1: 2}


def test_s4_dog_defends_automatically_and_draws_from_attacker() -> None:
    s = new_game(3)
    deal(s, {1: [WOLF, S2, S3], 2: [DOG, S1, S1], 0: [S1, S1, S1]})
    pass_cards(s, {0: (S1, S1), 1: (S2, S3), 2: (S1, S1)})
    assert hand(s, 2) == Counter([DOG, S2, S1])
    assert hand(s, 1) == Counter([S1, S1])
    s.apply(1, Attack(2))
    # No choice is asked of the target: chance draws from the attacker's hand at once.
    assert s.actors() == () and s.is_chance()
    assert outcome_probabilities(s) == {S1: 1.0}
    assert public(s)["set_aside"] == {WOLF: 1, DOG: 1}
    assert public(s)["log"][-1] == {
        "type": "attack",
        "attacker": 1,
        "target": 2,
        "defended": True,
        "drawer": 2,
        "victim": 1,
        "empty_hand": False,
    }
    s.apply(CHANCE, Draw(S1))
    assert public(s)["last_round"]["hands"][1] == {S1: 1}
    assert public(s)["last_round"]["hands"][2] == {S1: 2, S2: 1}


def test_s4_a_defence_discards_one_dog_only() -> None:
    s = new_game(3)
    deal(s, {1: [WOLF, S3, S3], 2: [DOG, S1, S1], 0: [DOG, S2, S2]})
    pass_cards(s, {0: (S2, DOG), 1: (S3, S3), 2: (S1, S1)})
    assert hand(s, 2) == Counter([DOG, DOG, S3])
    s.apply(1, Attack(2))
    assert public(s)["set_aside"] == {WOLF: 1, DOG: 1}
    assert hand(s, 2) == Counter([DOG, S3])
    assert outcome_probabilities(s) == {S1: 0.5, S2: 0.5}  # from seat 1's hand


def drawn_dog_round() -> SwipSheepState:
    """Seat 0 lays two Wolves and holds a Dog; seat 2 holds one Dog; seat 1 lays a Wolf."""
    s = new_game(3)
    deal(s, {1: [WOLF, WOLF, S2], 2: [DOG, DOG, S3], 0: [WOLF, S1, S1]})
    pass_cards(s, {0: (S1, S1), 1: (S2, WOLF), 2: (DOG, S3)})
    assert public(s)["laid_wolves"] == [2, 1, 0]
    assert hand(s, 0) == Counter([DOG])
    assert hand(s, 2) == Counter([DOG, S2, S1])
    return s


def test_s4_a_drawn_dog_defends_later_in_the_same_round() -> None:
    s = drawn_dog_round()
    s.apply(0, Attack(2))
    assert outcome_probabilities(s) == {DOG: 1.0}  # seat 2 draws from seat 0's hand
    s.apply(CHANCE, Draw(DOG))
    assert hand(s, 2) == Counter([DOG, S2, S1])
    s.apply(0, Attack(2))
    attack_event = public(s)["log"][-1]
    assert attack_event["defended"] is True
    assert attack_event["empty_hand"] is True  # seat 0's hand is now empty: nothing taken
    assert not s.is_chance()
    assert hand(s, 2) == Counter([S2, S1])


def test_used_wolves_and_dogs_are_set_aside() -> None:
    s = drawn_dog_round()
    attack(s, 2, drawn=DOG)
    assert public(s)["set_aside"] == {WOLF: 1, DOG: 1}
    attack(s, 2)
    assert public(s)["set_aside"] == {WOLF: 2, DOG: 2}
    assert public(s)["laid_wolves"] == [0, 1, 0]
    assert s.actors() == (1,)


# --- 5. Score and 6. the next first player -------------------------------------------------


def test_scoring_sheep_are_set_aside_for_the_rest_of_the_game() -> None:
    s = drawn_dog_round()
    attack(s, 2, drawn=DOG)
    attack(s, 2)
    attack(s, 0)  # seat 1 against seat 0's empty hand
    view = public(s)
    assert view["last_round"]["hands"] == [{}, {S1: 1, S3: 1}, {S1: 1, S2: 1}]
    assert view["last_round"]["sheep"] == [0, 4, 3]
    assert view["scored"] == [{}, {S1: 1, S3: 1}, {S1: 1, S2: 1}]
    assert view["scores"] == [0, 4, 3]
    # Round 2 deals from the 32 cards less the 4 sheep cards scored.
    assert view["round"] == 2 and view["deck"] == 28
    assert outcome_probabilities(s) == {
        S1: 8 / 28,
        S2: 7 / 28,
        S3: 3 / 28,
        WOLF: 6 / 28,
        DOG: 4 / 28,
    }


def test_scoring_wolves_and_dogs_in_hand_or_set_aside_go_back_into_the_deck() -> None:
    s = new_game(3)
    deal(s, {1: [WOLF, DOG, DOG], 2: [DOG, DOG, S1], 0: [WOLF, S1, S1]})
    pass_cards(s, {0: (S1, S1), 1: (DOG, DOG), 2: (DOG, S1)})
    assert public(s)["laid_wolves"] == [1, 1, 0]
    attack(s, 1, drawn=S1)  # seat 1 has no Dog: seat 0 draws
    attack(s, 0, drawn=S1)  # seat 0 discards a Dog and draws back
    assert public(s)["round"] == 2
    assert public(s)["set_aside"] == {}
    assert public(s)["last_round"]["hands"] == [{S1: 2, DOG: 1}, {}, {S1: 1, DOG: 2}]
    # Both Wolves and the Dog used, and the three Dogs held, are back: 29 cards in all.
    assert public(s)["deck"] == 32 - 3
    assert outcome_probabilities(s)[WOLF] == pytest.approx(6 / 29)
    assert outcome_probabilities(s)[DOG] == pytest.approx(4 / 29)
    assert all(WOLF not in pile and DOG not in pile for pile in public(s)["scored"])


@pytest.mark.parametrize(("players", "rounds"), [(3, 4), (4, 3), (5, 2)])
def test_rounds_by_player_count(players: int, rounds: int) -> None:
    match = play_match(GAME, [RandomBot() for _ in range(players)], seed=players)
    scored = [e for _, e in match.events_since(0) if e.type == "round_scored"]
    assert [e.public["round"] for e in scored] == list(range(1, rounds + 1))  # type: ignore[index]
    assert match.state.view(None)["rounds"] == rounds


def test_first_player_option_sets_round_one_first_player() -> None:
    s = GAME.new_state(5, {"first_player": 4})
    assert public(s)["first_player"] == 4
    s.apply(CHANCE, Deal(S1))
    assert public(s)["hand_sizes"] == [1, 0, 0, 0, 0]  # the deal starts at seat 4's left
    assert public(new_game(3))["first_player"] == 0  # default: seat 0
    for bad in (3, -1, "1", True):
        with pytest.raises(InvalidOptions):
            GAME.new_state(3, {"first_player": bad})


# --- The game: score and winners -------------------------------------------------------------


def no_sheep_round(s: SwipSheepState) -> None:
    """Every player holds two Wolves and a Dog; the attacks take nothing that scores."""
    f = public(s)["first_player"]
    left, far = (f + 1) % 3, (f + 2) % 3
    play_round(
        s,
        {p: [WOLF, WOLF, DOG] for p in range(3)},
        {p: (WOLF, WOLF) for p in range(3)},
        # f's first Wolf: `left` discards its Dog and draws f's Dog, which stops f's second.
        [(left, DOG), (left, None), (far, None), (far, None), (f, None), (f, None)],
    )
    assert public(s)["last_round"]["sheep"] == [0, 0, 0]


def three_player_game(first_round: dict[int, list[str]], first_player: int = 0) -> SwipSheepState:
    """Round 1 deals `first_round` and everyone passes two S1; rounds 2-4 score nothing."""
    s = new_game(3, first_player)
    play_round(s, first_round, {p: (S1, S1) for p in range(3)})
    for _ in range(3):
        no_sheep_round(s)
    assert s.is_over()
    return s


def test_the_player_left_of_the_first_player_is_first_next_round() -> None:
    s = new_game(3, first_player=2)
    firsts = [public(s)["first_player"]]
    # The deal of each round starts at that round's first player's left (deal() checks).
    play_round(
        s, {0: [S1, S1, S1], 1: [S1, S1, S1], 2: [S1, S1, S1]}, {p: (S1, S1) for p in range(3)}
    )
    for _ in range(3):
        firsts.append(public(s)["first_player"])
        no_sheep_round(s)
    assert firsts == [2, 0, 1, 2]


def test_every_round_starts_dealing_left_of_its_first_player() -> None:
    s = new_game(3, first_player=1)
    play_round(
        s, {0: [S1, S1, S1], 1: [S1, S1, S1], 2: [S1, S1, S1]}, {p: (S1, S1) for p in range(3)}
    )
    assert public(s)["first_player"] == 2
    s.apply(CHANCE, Deal(WOLF))
    assert public(s)["hand_sizes"] == [1, 0, 0]


def test_score_is_total_sheep_and_most_sheep_wins() -> None:
    s = three_player_game({1: [S1, S1, S1], 2: [S1, S1, S1], 0: [S1, S1, S3]})
    assert public(s)["scores"] == [5, 3, 3]
    assert s.result().scores == (5, 3, 3)
    assert s.result().winners == (0,)
    assert public(s)["result"]["winners"] == [0]


def test_tied_players_share_the_win() -> None:
    s = three_player_game({1: [S1, S1, S2], 2: [S1, S1, S1], 0: [S1, S1, S2]})
    assert s.result().scores == (4, 4, 3)
    assert s.result().winners == (0, 1)
    s = three_player_game({1: [S1, S1, S1], 2: [S1, S1, S1], 0: [S1, S1, S1]})
    assert s.result().winners == (0, 1, 2)


def test_each_pass_action_is_made_once_and_named_by_its_kinds() -> None:
    """`Tables.pass_action` keeps its actions in a list by the two sides' kinds (None after
    the last kind): each pair gets its own action, the same one every time, whose kinds
    `pass_kinds` gives back."""
    from pasture.games.swipsheep import rules
    from pasture.games.swipsheep.edition import default_edition

    kinds = default_edition().kinds
    t = rules.Tables(default_edition())
    sides: list[int | None] = [*range(len(kinds)), None]
    made = {(a, b): t.pass_action(a, b) for a in sides for b in sides}
    assert len({id(action) for action in made.values()}) == len(made)
    for (a, b), action in made.items():
        assert t.pass_action(a, b) is action
        assert action == PassCards(None if a is None else kinds[a], None if b is None else kinds[b])
        assert t.pass_kinds[id(action)] == (a, b)
