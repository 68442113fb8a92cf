"""Baaaaa! rule tests: one per rule and ruling of shared/rules/baaaaa.md (B-1 to B-9) and
per project decision of RULES.md (P-1 ...). The wolf cards are chosen as chance outcomes;
`place` puts the pieces where a test needs them."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pasture.core import CHANCE, IllegalAction
from pasture.games.baaaaa import GAME, rules
from pasture.games.baaaaa.actions import PlaySheepCard, TakeSheep
from pasture.games.baaaaa.board import HUT, STEP, space
from pasture.games.baaaaa.edition import default_edition
from tests.games.baaaaa.helpers import fresh, pieces, place, play, take, turn


def sheep_actions(s, card: str) -> list[PlaySheepCard]:
    return [a for a in s.legal_actions(s.current) if a.card == card]


# --- B-1, B-2, B-3: the mountain, the setup, the edition ------------------------------


def test_b1_left_is_the_next_face_clockwise_for_sheep_and_wolf() -> None:
    assert STEP["left"][space(0, 0)] == space(0, 1)
    assert STEP["right"][space(0, 0)] == space(0, 3)
    assert STEP["left"][space(1, 3)] == space(1, 0)
    assert STEP["up"][space(0, 2)] == space(1, 2) and STEP["down"][space(0, 2)] == -1
    s = fresh()
    play(s, "right1", space(0, 0))
    assert pieces(s) == {space(0, 0): 9, space(0, 3): 1}
    turn(s, "wolf_left")  # the wolf on face 2 goes left to face 3 and meets that sheep
    assert s.wolf == space(0, 3) and s.taken == 1


def test_b2_setup_sheep_wolf_opposite_hut_and_shepherd_two_floors_above() -> None:
    s = fresh()
    assert pieces(s) == {space(0, 0): 10}
    assert s.wolf == space(0, 2)
    assert s.shepherd == HUT == space(2, 2)
    assert (s.saved, s.taken) == (0, 0)
    assert s.actors() == (0,) and not s.is_chance()


def test_b3_default_edition_is_data_with_the_assumed_split() -> None:
    e = default_edition()
    assert dict(zip(e.sheep_kinds, e.sheep_counts, strict=True)) == {
        "up1": 2, "up2": 1, "left1": 1, "right1": 1, "left2": 1, "right2": 1,
        "trio": 2, "shepherd": 1,
    }  # fmt: skip
    assert dict(zip(e.wolf_kinds, e.wolf_counts, strict=True)) == {
        "wolf_left": 2, "wolf_right": 2, "wolf_up": 2, "wolf_down": 2, "disguised": 2,
        "sated": 1, "escaped": 1, "lightning": 1, "eagle": 1,
    }  # fmt: skip
    s = fresh()
    play(s, "shepherd", space(1, 1))
    odds = {o.action.card: o.probability for o in s.chance_outcomes()}
    assert odds["wolf_left"] == pytest.approx(2 / 14) and odds["eagle"] == pytest.approx(1 / 14)
    assert sum(odds.values()) == pytest.approx(1)


def test_b3_an_edition_with_more_than_255_of_a_card_is_refused() -> None:
    e = default_edition()
    with pytest.raises(ValueError, match="0 to 255"):
        replace(e, wolf_counts=(256, *e.wolf_counts[1:]))
    with pytest.raises(ValueError, match="0 to 255"):
        replace(e, sheep=300)


# --- sheep cards ---------------------------------------------------------------------


def test_move_cards_offer_one_action_per_occupied_space() -> None:
    s = place(fresh(), {space(0, 0): 8, space(1, 1): 2})
    assert {a.space for a in sheep_actions(s, "left1")} == {space(0, 0), space(1, 1)}
    play(s, "left2", space(1, 1))
    assert pieces(s) == {space(0, 0): 8, space(1, 1): 1, space(1, 3): 1}


def test_moves_leaving_the_mountain_are_not_offered() -> None:
    s = place(fresh(), {space(2, 0): 5, space(1, 1): 2}, shepherd=space(0, 3))
    assert [a.space for a in sheep_actions(s, "up1")] == [space(1, 1)]
    # Up 2 from floor 1 would leave the mountain: the card can have no effect (B-4).
    assert sheep_actions(s, "up2") == [PlaySheepCard("up2")]
    with pytest.raises(IllegalAction):
        play(s, "up1", space(2, 0))


def test_up2_moves_exactly_two_floors() -> None:
    s = place(fresh(), {space(0, 1): 3})
    play(s, "up2", space(0, 1))
    assert pieces(s) == {space(0, 1): 2, space(2, 1): 1}


def test_b4_a_card_that_can_have_no_effect_is_played_once_with_no_effect() -> None:
    s = place(fresh(), {space(2, 0): 4, space(2, 1): 3}, shepherd=space(0, 0))
    for card in ("up1", "up2", "trio"):
        assert sheep_actions(s, card) == [PlaySheepCard(card)]
    before = pieces(s)
    play(s, "up1")
    assert pieces(s) == before and s.avail[0] == 1
    assert s.last_sheep is not None and s.last_sheep["space"] is None


def test_b4_p5_the_no_effect_form_is_refused_when_the_card_has_an_effect() -> None:
    s = fresh()
    assert PlaySheepCard("up1") not in s.legal_actions(0)
    with pytest.raises(IllegalAction):
        play(s, "up1")


def test_sheep_cards_are_set_aside_until_all_ten_are_played() -> None:
    # The wolf walks floor 1 (faces 2 and 3) and the hut, away from the flock.
    s = place(fresh(), {space(0, 0): 10}, wolf=space(1, 2))
    plays = [
        ("up1", 0, 1), ("up1", 0, 1), ("up2", 0, 1), ("left1", 0, 1), ("right1", 0, 1),
        ("left2", 0, 1), ("right2", 0, 1), ("trio", 0, 2), ("trio", 0, 1), ("shepherd", 5, 1),
    ]  # fmt: skip
    wolves = ["sated", "eagle", "escaped", "wolf_left", "wolf_right", "wolf_left",
              "wolf_right", "wolf_up", "wolf_down", "wolf_up"]  # fmt: skip
    e = s.edition
    for i, ((card, at, count), wolf_card) in enumerate(zip(plays, wolves, strict=True)):
        k = e.sheep_kinds.index(card)
        left_before = s.avail[k]
        play(s, card, at, count)
        if i < 9:
            assert s.avail[k] == left_before - 1
            if not s.avail[k]:
                assert not sheep_actions(s.clone(), card) or s.phase != "sheep"
        turn(s, wolf_card)
        assert not s.is_over() and s.taken == 0
        if i < 9 and not s.avail[k]:
            assert not sheep_actions(s, card)
    assert s.avail == list(e.sheep_counts)  # the 10th card brings all ten back


def test_trio_moves_one_to_three_sheep_sharing_a_space_up_one() -> None:
    s = place(fresh(), {space(0, 0): 5, space(1, 1): 1, space(2, 3): 4})
    trio = sheep_actions(s, "trio")
    assert {(a.space, a.count) for a in trio} == {(0, 1), (0, 2), (0, 3), (5, 1)}
    play(s, "trio", space(0, 0), 3)
    assert pieces(s) == {space(0, 0): 2, space(1, 0): 3, space(1, 1): 1, space(2, 3): 4}


def test_trio_sheep_each_meet_the_wolf_and_the_hut() -> None:
    s = place(fresh(), {space(0, 1): 3, space(1, 2): 3}, wolf=space(1, 1), shepherd=0)
    play(s, "trio", space(0, 1), 2)
    assert s.taken == 4 + 2  # the 4 not placed are in the larder
    turn(s, "sated")
    play(s, "trio", space(1, 2), 3)
    assert s.saved == 3 and s.sheep[HUT] == 0


def test_shepherd_card_goes_to_any_other_space() -> None:
    s = fresh()
    dests = [a.space for a in sheep_actions(s, "shepherd")]
    assert sorted(dests) == [sp for sp in range(12) if sp != HUT]
    play(s, "shepherd", space(0, 3))
    assert s.shepherd == space(0, 3)


# --- B-5, B-6, B-8: the wolf and the hut on a sheep's way --------------------------------


def test_b5_a_sheep_passing_through_the_wolf_goes_to_the_larder() -> None:
    s = place(fresh(), {space(0, 0): 9}, wolf=space(0, 1), shepherd=space(2, 0))
    play(s, "left2", space(0, 0))
    assert s.taken == 2 and s.sheep[space(0, 2)] == 0


def test_b5_a_sheep_stopping_on_the_wolf_goes_to_the_larder() -> None:
    s = place(fresh(), {space(0, 0): 10}, wolf=space(1, 0))
    play(s, "up1", space(0, 0))
    assert s.taken == 1 and pieces(s) == {space(0, 0): 9}


def test_b5_the_shepherd_on_the_wolfs_space_protects_passing_sheep() -> None:
    s = place(fresh(), {space(0, 0): 10}, wolf=space(0, 1), shepherd=space(0, 1))
    play(s, "left2", space(0, 0))
    assert s.taken == 0 and s.sheep[space(0, 2)] == 1


def test_b8_sated_wolf_lets_sheep_pass_until_the_next_wolf_card_is_turned() -> None:
    s = place(fresh(), {space(0, 0): 10}, wolf=space(0, 1), shepherd=space(2, 0))
    play(s, "shepherd", space(2, 1))
    turn(s, "sated")
    assert s.wolf == space(0, 1) and s.sated
    play(s, "left2", space(0, 0))  # passes the sated wolf unharmed
    assert s.taken == 0 and s.sheep[space(0, 2)] == 1
    turn(s, "eagle")  # the next wolf card: the Sated Wolf is over
    assert not s.sated
    play(s, "right1", space(0, 2))
    assert s.taken == 1


def test_b6_a_sheep_passing_the_hut_is_saved_and_its_move_ends() -> None:
    s = place(fresh(), {space(2, 1): 2, space(0, 0): 8}, shepherd=space(0, 3))
    play(s, "left2", space(2, 1))  # enters the hut (face 2) on its first step
    assert s.saved == 1 and s.sheep[space(2, 3)] == 0 and s.sheep[HUT] == 0


def test_b6_a_sheep_stopping_on_the_hut_is_saved() -> None:
    s = place(fresh(), {space(1, 2): 1, space(0, 0): 9})
    play(s, "up1", space(1, 2))
    assert s.saved == 1 and s.sheep[HUT] == 0


def test_p1_a_wolf_on_the_huts_space_is_met_before_the_hut() -> None:
    """P-1, a confirmed decision (shared/rules README): the sheep is eaten, not saved."""
    s = place(fresh(), {space(2, 1): 1, space(0, 0): 9}, wolf=HUT, shepherd=space(0, 3))
    play(s, "left1", space(2, 1))
    assert s.taken == 1 and s.saved == 0


# --- wolf cards -------------------------------------------------------------------------


def wolf_step(s, shepherd_to: int) -> None:
    """A sheep card that moves no sheep: the Shepherd to `shepherd_to`."""
    play(s, "shepherd", shepherd_to)
    assert s.is_chance()


def test_wolf_move_takes_two_sheep_when_several_stand_there_never_more() -> None:
    s = place(fresh(), {space(0, 3): 4, space(0, 0): 6})
    wolf_step(s, space(2, 0))
    turn(s, "wolf_left")
    assert s.wolf == space(0, 3) and s.taken == 2 and s.sheep[space(0, 3)] == 2


def test_wolf_move_takes_the_only_sheep_there() -> None:
    s = place(fresh(), {space(1, 2): 1, space(0, 0): 9})
    wolf_step(s, space(2, 0))
    turn(s, "wolf_up")
    assert s.wolf == space(1, 2) and s.taken == 1


def test_wolf_move_onto_empty_space_takes_nothing() -> None:
    s = fresh()
    wolf_step(s, space(2, 0))
    turn(s, "wolf_right")
    assert s.wolf == space(0, 1) and s.taken == 0


def test_wolf_move_takes_nothing_where_the_shepherd_stands() -> None:
    s = place(fresh(), {space(0, 3): 4, space(0, 0): 6})
    wolf_step(s, space(0, 3))
    turn(s, "wolf_left")
    assert s.wolf == space(0, 3) and s.taken == 0


@pytest.mark.parametrize(("start", "card"), [(space(0, 2), "wolf_down"), (HUT, "wolf_up")])
def test_wolf_that_cannot_move_stays_and_nothing_happens(start: int, card: str) -> None:
    s = place(fresh(), {start: 0, space(0, 0): 10}, wolf=start, shepherd=space(1, 0))
    wolf_step(s, space(1, 1))
    turn(s, card)
    assert s.wolf == start and s.taken == 0 and s.phase == "sheep"


def test_b7_disguised_wolf_takes_a_sheep_on_its_own_space_first() -> None:
    s = place(fresh(), {space(0, 2): 3, space(0, 3): 3}, wolf=space(0, 2))
    wolf_step(s, space(2, 0))
    turn(s, "disguised")
    assert s.wolf == space(0, 2) and s.sheep[space(0, 2)] == 2 and s.sheep[space(0, 3)] == 3


def test_b7_disguised_wolf_takes_exactly_one_nearest_sheep_and_moves_there() -> None:
    s = place(fresh(), {space(0, 3): 3, space(0, 0): 2, space(1, 2): 2})
    wolf_step(s, space(2, 0))
    taken = s.taken
    turn(s, "disguised")
    assert s.wolf == space(0, 3) and s.taken == taken + 1 and s.sheep[space(0, 3)] == 2


def test_b7_disguised_wolf_reaches_the_opposite_face_and_ignores_other_floors() -> None:
    s = place(fresh(), {space(0, 0): 2, space(1, 2): 5})
    wolf_step(s, space(2, 0))
    turn(s, "disguised")
    assert s.wolf == space(0, 0) and s.sheep[space(0, 0)] == 1 and s.sheep[space(1, 2)] == 5


def test_b7_disguised_wolf_ignores_the_shepherd() -> None:
    s = place(fresh(), {space(0, 1): 1, space(0, 0): 9})
    wolf_step(s, space(0, 1))
    turn(s, "disguised")
    assert s.wolf == space(0, 1) and s.sheep[space(0, 1)] == 0


def test_b7_disguised_wolf_with_no_sheep_on_its_floor_does_nothing() -> None:
    s = place(fresh(), {space(1, 2): 5})
    wolf_step(s, space(2, 0))
    taken = s.taken
    turn(s, "disguised")
    assert s.wolf == space(0, 2) and s.taken == taken


def test_b7_disguised_wolf_tie_is_chosen_by_the_current_player() -> None:
    s = place(fresh(3, first_player=1), {space(0, 1): 2, space(0, 3): 2, space(2, 0): 6})
    wolf_step(s, space(2, 0))
    turn(s, "disguised")
    assert s.phase == "tie" and s.actors() == (1,) and not s.is_chance()
    assert s.legal_actions(1) == [TakeSheep(space(0, 1)), TakeSheep(space(0, 3))]
    assert s.legal_actions(0) == [] and s.legal_actions(2) == []
    with pytest.raises(IllegalAction):
        s.apply(1, TakeSheep(space(0, 0)))
    take(s, space(0, 3))
    assert s.wolf == space(0, 3) and s.sheep[space(0, 3)] == 1 and s.sheep[space(0, 1)] == 2
    assert s.phase == "sheep" and s.actors() == (2,) and s.aside[4] == 1


def test_b7_lightning_takes_the_highest_sheep_and_the_wolf_moves_there() -> None:
    s = place(fresh(), {space(0, 0): 5, space(1, 3): 2})
    wolf_step(s, space(2, 0))
    turn(s, "lightning")
    assert s.wolf == space(1, 3) and s.sheep[space(1, 3)] == 1 and s.sheep[space(0, 0)] == 5


def test_b7_lightning_ignores_the_shepherd() -> None:
    s = place(fresh(), {space(0, 0): 5, space(2, 3): 2})
    wolf_step(s, space(2, 3))
    turn(s, "lightning")
    assert s.wolf == space(2, 3) and s.sheep[space(2, 3)] == 1


def test_b7_lightning_tie_on_the_highest_floor_is_the_current_players_choice() -> None:
    s = place(fresh(), {space(0, 0): 5, space(2, 0): 1, space(2, 3): 1})
    wolf_step(s, space(1, 0))
    turn(s, "lightning")
    assert s.actors() == (0,) and s.legal_actions(0) == [TakeSheep(8), TakeSheep(11)]
    take(s, space(2, 0))
    assert s.wolf == space(2, 0) and pieces(s) == {space(0, 0): 5, space(2, 3): 1}


def test_escaped_sheep_returns_from_the_larder_to_the_shepherds_space() -> None:
    s = place(fresh(), {space(0, 0): 5})
    wolf_step(s, space(1, 1))
    turn(s, "escaped")
    assert s.taken == 4 and s.sheep[space(1, 1)] == 1


def test_escaped_sheep_on_the_huts_space_is_saved_at_once() -> None:
    s = place(fresh(), {space(0, 0): 5}, shepherd=space(1, 1))
    wolf_step(s, HUT)
    turn(s, "escaped")
    assert s.taken == 4 and s.saved == 1 and s.sheep[HUT] == 0


def test_escaped_sheep_with_an_empty_larder_does_nothing() -> None:
    s = fresh()
    wolf_step(s, space(1, 1))
    turn(s, "escaped")
    assert s.taken == 0 and pieces(s) == {0: 10}


def test_eagle_takes_a_sheep_from_the_pastures_to_the_shepherds_space() -> None:
    s = place(fresh(), {space(0, 0): 5}, saved=5)
    wolf_step(s, space(1, 1))
    turn(s, "eagle")
    assert s.saved == 4 and s.sheep[space(1, 1)] == 1


def test_eagle_on_the_huts_space_saves_the_sheep_again() -> None:
    s = place(fresh(), {space(0, 0): 5}, saved=5, shepherd=space(1, 1))
    wolf_step(s, HUT)
    turn(s, "eagle")
    assert s.saved == 5 and s.sheep[HUT] == 0


def test_eagle_with_empty_pastures_does_nothing() -> None:
    s = fresh()
    wolf_step(s, space(1, 1))
    turn(s, "eagle")
    assert s.saved == 0 and pieces(s) == {0: 10}


def test_wolf_deck_is_drawn_by_its_composition_and_reshuffled_when_empty() -> None:
    s = place(fresh(max_turns=100), {space(0, 0): 10}, wolf=space(2, 0))
    order = ["sated", "eagle", "escaped", "wolf_up", "wolf_up", "wolf_down", "wolf_left",
             "wolf_left", "wolf_right", "wolf_right", "wolf_down", "disguised", "lightning",
             "disguised"]  # fmt: skip
    for i, card in enumerate(order):
        play(s, s.legal_actions(0)[-1].card, s.legal_actions(0)[-1].space)  # the shepherd
        if s.phase != "draw":
            break
        outcomes = {o.action.card: o.probability for o in s.chance_outcomes()}
        assert sum(outcomes.values()) == pytest.approx(1)
        assert outcomes[card] == pytest.approx(s.deck[s.edition.wolf_kinds.index(card)] / (14 - i))
        turn(s, card)
    assert sum(s.deck) == 0 and sum(s.aside) == 14 and not s.is_over()
    play(s, s.legal_actions(0)[-1].card, s.legal_actions(0)[-1].space)
    assert sum(s.deck) == 14 and sum(s.aside) == 0 and s.reshuffles == 1
    assert len(s.chance_outcomes()) == 9


def test_a_card_no_longer_in_the_deck_cannot_be_turned() -> None:
    s = fresh()
    play(s, "shepherd", space(1, 1))
    turn(s, "sated")
    play(s, "up1", space(0, 0))
    assert "sated" not in {o.action.card for o in s.chance_outcomes()}
    with pytest.raises(IllegalAction):
        turn(s, "sated")


# --- end of the game, B-9, solo, turn order ----------------------------------------------


def test_the_game_ends_as_soon_as_the_mountain_is_empty_and_the_flock_wins() -> None:
    s = place(fresh(), {space(1, 2): 1}, saved=6)
    play(s, "up1", space(1, 2))
    assert s.is_over() and not s.is_chance() and s.actors() == ()
    result = s.result()
    assert result.winners == (0,) and result.scores == (4,)


def test_more_sheep_taken_than_saved_loses_with_no_winner() -> None:
    s = place(fresh(2), {space(0, 3): 1}, saved=4)
    wolf_step(s, space(1, 1))
    turn(s, "wolf_left")
    assert s.is_over()
    result = s.result()
    assert result.winners == () and result.scores == (-2, -2)


def test_five_five_is_a_draw_nobody_wins() -> None:
    s = place(fresh(), {space(0, 3): 1}, saved=5)
    wolf_step(s, space(1, 1))
    turn(s, "wolf_left")
    assert s.is_over() and (s.saved, s.taken) == (5, 5)
    assert s.result().winners == () and s.result().scores == (0,)
    assert "draw" in s.result().summary


def test_b9_the_game_stops_after_max_turns_and_mountain_sheep_count_for_neither() -> None:
    s = fresh(max_turns=2)
    play(s, "up1", 0)
    turn(s, "sated")
    assert not s.is_over()
    play(s, "up1", 0)
    turn(s, "eagle")
    assert s.is_over() and sum(s.sheep) == 10
    assert s.result().winners == () and s.result().scores == (0,)


def test_solo_one_player_plays_every_turn() -> None:
    s = fresh(1)
    for card, wolf_card in (("up1", "sated"), ("trio", "eagle"), ("left1", "escaped")):
        assert s.actors() == (0,)
        play(s, card, 0)
        turn(s, wolf_card)
    assert s.turn == 3 and s.actors() == (0,)


def test_turns_go_clockwise_from_the_first_player() -> None:
    s = fresh(3, first_player=1)
    seen = []
    for wolf_card in ("sated", "eagle", "escaped", "wolf_right"):
        seen.append(s.actors()[0])
        play(s, "up1" if s.avail[0] else "trio", 0)
        turn(s, wolf_card)
    assert seen == [1, 2, 0, 1]


def test_options_are_validated() -> None:
    from pasture.core import InvalidOptions

    with pytest.raises(InvalidOptions):
        GAME.new_state(7)
    with pytest.raises(InvalidOptions):
        GAME.new_state(2, {"first_player": 2})
    with pytest.raises(InvalidOptions):
        GAME.new_state(2, {"max_turns": 0})


def test_lists_handed_out_are_the_callers_own() -> None:
    """Legal actions and chance outcomes come from shared tables: a caller that changes
    the list it got changes neither the state nor what the next call returns, and the
    chance outcomes are the cached tuple itself, which no caller can change."""
    s = fresh()
    legal = s.legal_actions(s.current)
    expected = list(legal)
    legal.clear()
    assert s.legal_actions(s.current) == expected
    s.apply(s.current, expected[0])
    outcomes = s.chance_outcomes()
    assert isinstance(outcomes, tuple) and outcomes
    assert s.chance_outcomes() is outcomes  # no copy made per call


def test_the_tables_caches_stay_within_their_bound_and_outcomes_do_not_change(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def playouts(games: int) -> list[list[tuple[str, float]]]:
        rng, seen = random.Random(3), []
        for _ in range(games):
            s = GAME.new_state(3)
            while not s.is_over():
                if s.is_chance():
                    outcomes = s.chance_outcomes()
                    seen.append([(str(o.action), o.probability) for o in outcomes])
                    s.apply(CHANCE, rng.choice(outcomes).action)
                else:
                    seat = s.actors()[0]
                    s.apply(seat, rng.choice(s.legal_actions(seat)))
        return seen

    tables = GAME.new_state(3).tables  # shared by every state of this table size

    def empty_caches() -> None:
        for cache in (tables.chance, tables.alike, tables.wolf_events, *tables.offered):
            cache.clear()

    empty_caches()
    unbounded = playouts(30)
    monkeypatch.setattr(rules, "CACHE_LIMIT", 2)
    empty_caches()
    assert playouts(30) == unbounded  # the same games, cached or not
    assert len(tables.chance) <= 2 * 4 and len(tables.alike) <= 2 * 4
    assert all(len(offers) <= 2 for offers in tables.offered)
    assert len(tables.wolf_events) <= 2
    # one set of outcome rows per deck size, however many decks are met
    assert len(tables.outcome_rows) <= sum(GAME.new_state(3).edition.wolf_counts)


def test_the_compiled_builds_offers_are_the_interpreted_ones() -> None:
    """Compiled, `_offered` lists a card's choices by native loops (`_offered_by_loops`);
    the interpreter by `compress`, `filter` and `map`: the same choices in the same order
    (the legal actions, and so the determinism hashes, depend on it)."""
    import random

    from pasture import games
    from pasture.games.baaaaa import rules

    t = games.get("baaaaa").new_state(2).tables
    rng = random.Random(8)
    for _ in range(300):
        mountain = bytes(rng.choice((0, 0, 1, 2, 3)) for _ in range(rules.SPACES))
        for k in range(len(t.sheep_effect)):
            for key in (
                mountain,
                mountain[: rules.SPACES - rules.FACES],
                mountain.translate(rules.OCCUPIED),
            ):
                by_loops = rules._offered_by_loops(t.move_plays[k], t.offers[k], key)
                assert by_loops or rules._offered(t, k, key) == (t.no_effect[k],)
                if by_loops:
                    assert rules._offered(t, k, key) == by_loops


def test_the_invariants_refuse_sheep_cards_of_another_edition() -> None:
    """`check_invariants` compares each sheep card's count with the edition's, so a list
    of another length is an error (a positional `zip` alone would stop at the shorter)."""
    import pytest

    from pasture import games

    s = games.get("baaaaa").new_state(2)
    s.check_invariants()
    s.avail = s.avail[:-1]
    with pytest.raises(AssertionError):
        s.check_invariants()
