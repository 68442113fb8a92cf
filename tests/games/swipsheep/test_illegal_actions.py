"""Illegal actions are rejected with a stable code and change nothing."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from pasture.core import CHANCE, IllegalAction, Match
from pasture.games.swipsheep import GAME, SwipSheepState
from pasture.games.swipsheep.actions import Attack, Deal, Draw, PassCards

from .helpers import DOG, S1, S2, S3, WOLF, deal, new_game, pass_cards


def snapshot(s: SwipSheepState) -> str:
    return json.dumps(s.to_json(), sort_keys=True)


def rejected(s: SwipSheepState, seat: object, action: object) -> str:
    """Apply, expect IllegalAction, check that nothing changed; return the code."""
    before = snapshot(s)
    with pytest.raises(IllegalAction) as err:
        s.apply(seat, action)  # type: ignore[arg-type]
    assert snapshot(s) == before
    assert err.value.message
    return err.value.code


def at_pass() -> SwipSheepState:
    s = new_game(3)
    deal(s, {1: [S1, S2, S3], 2: [S1, S1, DOG], 0: [S2, S2, S3]})
    return s


def at_attack() -> SwipSheepState:
    """Seat 0 attacks next (one Wolf); seat 1 lays three Wolves and holds nothing."""
    s = new_game(3)
    deal(s, {1: [WOLF, S2, S2], 2: [WOLF, S3, S3], 0: [WOLF, WOLF, S1]})
    pass_cards(s, {0: (WOLF, S1), 1: (S2, S2), 2: (S3, WOLF)})
    assert s.actors() == (0,)
    return s


def test_not_your_turn() -> None:
    s = at_attack()
    assert rejected(s, 1, Attack(0)) == "not_your_turn"  # seat 1 attacks after seat 0
    assert rejected(s, 2, Attack(0)) == "not_your_turn"
    s = at_pass()
    s.apply(1, PassCards(S1, S2))
    assert rejected(s, 1, PassCards(S2, S3)) == "not_your_turn"  # already chosen


def test_illegal_action() -> None:
    s = at_pass()
    assert rejected(s, 0, PassCards(S1, S2)) == "illegal_action"  # no S1 in hand
    assert rejected(s, 0, PassCards(S3, S3)) == "illegal_action"  # one S3 only
    assert rejected(s, 0, Attack(1)) == "illegal_action"  # not the attack phase
    assert rejected(s, CHANCE, Deal(S1)) == "illegal_action"  # no chance decision now
    s = at_attack()
    assert rejected(s, 0, Attack(0)) == "illegal_action"  # not oneself
    assert rejected(s, 0, Attack(3)) == "illegal_action"  # no such target
    assert rejected(s, 0, PassCards(S1, S2)) == "illegal_action"
    s = new_game(3)
    for _ in range(4):
        s.apply(CHANCE, Deal(S3))
    assert rejected(s, CHANCE, Deal(S3)) == "illegal_action"  # none left in the deck
    assert rejected(s, CHANCE, Draw(S1)) == "illegal_action"  # a deal is pending, not a draw


def test_malformed_action() -> None:
    s = at_pass()
    assert rejected(s, 0, "pass sheep2 left") == "malformed_action"
    assert rejected(s, 0, {"kind": "pass", "left": S2, "right": S3}) == "malformed_action"
    bad_json = [
        {"kind": "pass", "left": 2, "right": S3},
        {"kind": "pass", "left": S2},
        {"kind": "attack", "target": "1"},
        {"kind": "attack", "target": True},
        {"kind": "steal", "target": 1},
    ]
    for data in bad_json:
        with pytest.raises(IllegalAction) as err:
            GAME.parse_action(data)
        assert err.value.code == "malformed_action"
    match = Match(GAME, 3, seed=1)
    version = match.version
    with pytest.raises(IllegalAction) as err:
        match.act(0, {"kind": "pass", "left": None, "right": 7})
    assert err.value.code == "malformed_action"
    assert match.version == version


def test_unknown_seat() -> None:
    s = at_pass()
    assert rejected(s, 3, PassCards(S2, S3)) == "unknown_seat"
    assert rejected(s, -7, PassCards(S2, S3)) == "unknown_seat"
    assert rejected(s, None, PassCards(S2, S3)) == "unknown_seat"
    s = at_attack()
    # Regression: True == 1 and False == 0 in Python; a bool is never a seat.
    assert rejected(s, False, Attack(1)) == "unknown_seat"
    assert rejected(s, 0.0, Attack(1)) == "unknown_seat"


def test_chance_pending() -> None:
    s = new_game(3)
    assert rejected(s, 1, PassCards(S1, S2)) == "chance_pending"  # during the deal
    s = at_attack()
    s.apply(0, Attack(2))
    assert s.is_chance()  # the card seat 0 draws from seat 2
    assert rejected(s, 1, Attack(0)) == "chance_pending"
    assert rejected(s, 0, Attack(1)) == "chance_pending"


def test_game_over() -> None:
    from pasture.bots import RandomBot
    from pasture.bots.play import play_match

    s = play_match(GAME, [RandomBot() for _ in range(5)], seed=3).state
    assert isinstance(s, SwipSheepState) and s.is_over()
    assert rejected(s, 0, Attack(1)) == "game_over"
    assert rejected(s, CHANCE, Deal(S1)) == "game_over"
    assert all(s.legal_actions(p) == [] for p in range(5)) and s.actors() == ()


@pytest.mark.parametrize(
    "make",
    [at_pass, at_attack],
    ids=["pass", "attack"],
)
def test_every_action_not_listed_as_legal_is_rejected(make: Callable[[], SwipSheepState]) -> None:
    """Brute force: every pass and attack any seat could name is either listed as legal
    for that seat (and then accepted) or rejected without change."""
    kinds: list[str | None] = [S1, S2, S3, WOLF, DOG, None]
    candidates = [PassCards(a, b) for a in kinds for b in kinds] + [Attack(t) for t in range(-1, 4)]
    s = make()
    for seat in range(3):
        legal = s.legal_actions(seat)
        for action in candidates:
            if action in legal:
                s.clone().apply(seat, action)
            else:
                rejected(s, seat, action)
