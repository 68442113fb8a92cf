"""The alternative rule: one seat is the wolf (option `wolf_player`)."""

from __future__ import annotations

import random

import pytest

from pasture.core import InvalidOptions
from pasture.games.baaaaa.actions import PlayWolfCard, TakeSheep
from pasture.games.baaaaa.board import HUT, space
from tests.games.baaaaa.helpers import fresh, pick, place, play, take, turn


def wolf_game(players: int = 3, **options: object):
    return fresh(players, wolf_player=True, **options)


def test_wolf_seat_defaults_to_the_last_seat_and_team_turns_skip_it() -> None:
    s = wolf_game(3)
    assert s.wolf_seat == 2
    seen = []
    for first, second in (("sated", "eagle"), ("escaped", "wolf_up"), ("wolf_down", "wolf_right")):
        seen.append(s.actors()[0])
        play(s, "up1" if s.avail[0] else "trio", 0)
        turn(s, first)
        turn(s, second)
        assert s.actors() == (2,)
        pick(s, first)
    assert seen == [0, 1, 0]


def test_p2_a_first_player_who_is_the_wolf_passes_the_first_turn_on() -> None:
    s = wolf_game(3, wolf_seat=0)
    assert s.wolf_seat == 0 and s.actors() == (1,)


def test_wolf_player_options_are_validated() -> None:
    with pytest.raises(InvalidOptions):
        fresh(1, wolf_player=True)
    with pytest.raises(InvalidOptions):
        wolf_game(3, wolf_seat=3)


def test_wolf_turns_two_cards_plays_one_and_discards_the_other() -> None:
    s = wolf_game(2)
    play(s, "shepherd", space(1, 1))
    turn(s, "wolf_right")
    assert s.is_chance()  # the second card
    turn(s, "wolf_up")
    assert s.actors() == (1,)
    assert s.legal_actions(1) == [PlayWolfCard("wolf_right"), PlayWolfCard("wolf_up")]
    assert s.legal_actions(0) == []
    pick(s, "wolf_up")
    assert s.wolf == space(1, 2) and s.wolf != space(0, 1)
    aside = dict(zip(s.edition.wolf_kinds, s.aside, strict=True))
    assert aside["wolf_right"] == 1 and aside["wolf_up"] == 1 and sum(s.deck) == 12
    assert s.actors() == (0,)


def test_two_cards_of_one_kind_offer_one_choice() -> None:
    s = wolf_game(2)
    play(s, "shepherd", space(1, 1))
    turn(s, "disguised")
    turn(s, "disguised")
    assert s.legal_actions(1) == [PlayWolfCard("disguised")]


def test_the_card_not_played_is_private_to_the_wolf_until_discarded() -> None:
    s = place(wolf_game(3), {space(0, 1): 1, space(0, 3): 1, space(1, 0): 8})
    play(s, "shepherd", space(2, 1))
    turn(s, "disguised")
    turn(s, "eagle")
    for seat in (0, 1, None):
        v = s.view(seat)
        assert "wolf_hand" not in v and v["wolf_hand_size"] == 2
        assert v["wolf_unseen"]["disguised"] == 2 and v["wolf_unseen"]["eagle"] == 1
    assert s.view(2)["wolf_hand"] == ["disguised", "eagle"]
    assert s.view(2)["wolf_unseen"]["disguised"] == 1 and "eagle" not in s.view(2)["wolf_unseen"]
    pick(s, "disguised")  # a tie: the eagle is still in the wolf's hand
    assert s.phase == "tie" and s.view(0)["wolf_hand_size"] == 1
    assert s.view(0)["wolf_in_play"] == "disguised" and "eagle" not in s.view(0)["wolf_set_aside"]
    take(s, space(0, 1))
    assert s.view(0)["wolf_set_aside"] == {"disguised": 1, "eagle": 1}
    assert s.view(0)["wolf_hand_size"] == 0


def test_determinize_redraws_the_wolf_players_private_cards() -> None:
    s = wolf_game(3)
    play(s, "shepherd", space(2, 1))
    turn(s, "sated")
    turn(s, "eagle")
    rng = random.Random(3)
    hands = set()
    for _ in range(200):
        t = s.determinize(0, rng)
        assert t.view(0) == s.view(0) and t.view(None) == s.view(None)
        t.check_invariants()
        hands.add(tuple(sorted(t.held)))
    assert len(hands) > 5
    assert s.determinize(2, rng).held == s.held  # the wolf knows its own cards


def test_the_last_two_cards_are_drawn_then_a_fresh_deck_follows() -> None:
    s = place(wolf_game(2, max_turns=50), {space(0, 0): 10}, wolf=space(2, 0))
    order = [
        "sated",
        "eagle",
        "escaped",
        "wolf_up",
        "wolf_down",
        "wolf_up",
        "wolf_down",
        "wolf_left",
        "wolf_right",
        "wolf_left",
        "wolf_right",
        "disguised",
        "lightning",
    ]
    for i in range(0, 12, 2):
        play(s, "shepherd" if s.avail[7] else s.legal_actions(0)[-1].card,
             s.legal_actions(0)[-1].space)  # fmt: skip
        turn(s, order[i])
        turn(s, order[i + 1])
        pick(s, order[i])
    assert sum(s.deck) == 2  # disguised and lightning are left
    play(s, s.legal_actions(0)[-1].card, s.legal_actions(0)[-1].space)
    turn(s, "disguised")
    turn(s, "lightning")
    assert sum(s.deck) == 0
    play_card = s.legal_actions(1)[0]
    s.apply(1, play_card)
    if s.phase == "tie":
        take(s, s.tie[0])
    play(s, s.legal_actions(0)[-1].card, s.legal_actions(0)[-1].space)
    assert sum(s.deck) == 14
    turn(s, "sated")
    assert sum(s.deck) == 13
    turn(s, "eagle")
    assert s.view(0)["wolf_hand_known"] == []


def test_p4_first_card_from_a_one_card_deck_is_known_after_the_reshuffle() -> None:
    s = place(wolf_game(2, max_turns=50), {space(0, 0): 10}, wolf=space(2, 0))
    # Leave one card (lightning) in the deck: 13 cards through 6 turns and a half.
    s.deck = [0, 0, 0, 0, 0, 0, 0, 1, 0]
    s.aside = [2, 2, 2, 2, 2, 1, 1, 0, 1]
    s.check_invariants()
    play(s, "shepherd", space(1, 1))
    turn(s, "lightning")
    assert sum(s.deck) == 14 - 1 and s.reshuffles == 1  # a fresh deck for the second card
    turn(s, "eagle")
    for seat in (0, None):
        v = s.view(seat)
        assert v["wolf_hand_known"] == ["lightning"] and v["wolf_hand_size"] == 2
        assert "lightning" not in v["wolf_unseen"]
    rng = random.Random(1)
    assert all(s.determinize(0, rng).held[0] == 7 for _ in range(20))


def test_the_wolf_takes_at_most_one_sheep_per_card() -> None:
    s = place(wolf_game(2), {space(0, 3): 5, space(0, 0): 5})
    play(s, "shepherd", space(1, 1))
    turn(s, "wolf_left")
    turn(s, "sated")
    pick(s, "wolf_left")
    assert s.wolf == space(0, 3) and s.taken == 1 and s.sheep[space(0, 3)] == 4


def test_the_shepherd_protects_against_the_disguised_wolf() -> None:
    s = place(wolf_game(2), {space(0, 2): 2, space(0, 3): 1, space(0, 0): 7})
    play(s, "shepherd", space(0, 2))  # on the wolf's own space
    turn(s, "disguised")
    turn(s, "sated")
    pick(s, "disguised")
    assert s.sheep[space(0, 2)] == 2 and s.sheep[space(0, 3)] == 0 and s.wolf == space(0, 3)


def test_the_shepherd_protects_against_the_lightning() -> None:
    s = place(wolf_game(2), {space(2, 0): 2, space(1, 1): 1, space(0, 0): 7})
    play(s, "shepherd", space(2, 0))
    turn(s, "lightning")
    turn(s, "sated")
    pick(s, "lightning")
    assert s.sheep[space(2, 0)] == 2 and s.sheep[space(1, 1)] == 0 and s.wolf == space(1, 1)


def test_p3_the_wolf_player_breaks_ties() -> None:
    """P-3, a confirmed decision (shared/rules README): the wolf player chooses."""
    s = place(wolf_game(3), {space(2, 0): 1, space(2, 3): 1, space(0, 0): 8})
    play(s, "shepherd", space(1, 1))
    turn(s, "lightning")
    turn(s, "sated")
    pick(s, "lightning")
    assert s.actors() == (2,) and s.legal_actions(0) == []
    assert s.legal_actions(2) == [TakeSheep(space(2, 0)), TakeSheep(space(2, 3))]
    take(s, space(2, 3))
    assert s.wolf == space(2, 3) and s.actors() == (1,)


def test_the_team_wins_with_more_saved_and_the_wolf_player_with_more_taken() -> None:
    s = place(wolf_game(3), {space(1, 2): 1}, saved=5)
    play(s, "up1", space(1, 2))
    assert s.is_over() and s.result().winners == (0, 1) and s.result().scores == (2, 2, -2)
    s = place(wolf_game(3), {space(0, 3): 1}, saved=4)
    play(s, "shepherd", space(1, 1))
    turn(s, "wolf_left")
    turn(s, "sated")
    pick(s, "wolf_left")
    assert s.is_over() and s.result().winners == (2,) and s.result().scores == (-2, -2, 2)


def test_the_hut_still_saves_and_the_wolf_still_waits_at_it() -> None:
    s = place(wolf_game(2), {space(1, 2): 2, space(0, 0): 8}, wolf=HUT, shepherd=space(0, 1))
    play(s, "up1", space(1, 2))
    assert s.taken == 1  # P-1 applies in the variant too


def test_p4_playing_the_known_card_keeps_the_other_one_secret() -> None:
    sheep = {space(2, 0): 1, space(2, 3): 1, space(0, 0): 8}
    s = place(wolf_game(2, max_turns=50), sheep, wolf=space(0, 2))
    s.deck = [0, 0, 0, 0, 0, 0, 0, 1, 0]  # only the Lightning is left
    s.aside = [2, 2, 2, 2, 2, 1, 1, 0, 1]
    play(s, "shepherd", space(1, 1))
    turn(s, "lightning")
    turn(s, "eagle")
    pick(s, "lightning")  # a tie on the top floor: the eagle is still in hand
    assert s.phase == "tie"
    for seat in (0, None):
        v = s.view(seat)
        assert v["wolf_hand_known"] == [] and v["wolf_hand_size"] == 1
        assert v["wolf_unseen"]["eagle"] == 1
    rng = random.Random(2)
    assert len({tuple(s.determinize(0, rng).held) for _ in range(40)}) > 3
