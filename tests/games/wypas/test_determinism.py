"""Byte-identical determinism: the same seed and choices give the same JSON states,
events, views and legal-action lists as when `determinism.json` was recorded.

The golden replays check results; this checks every step on the way, so that a change
of the engine's internals (names and types of its records) cannot change what it does.
Regenerate (only after an intended rule change) with:
    python -m tests.games.wypas.test_determinism
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from pasture.core import CHANCE
from pasture.games.wypas import GAME

RECORDED = Path(__file__).with_name("determinism.json")
CASES = {  # name -> (players, seed, options)
    "3p_plain": (3, 11, {"max_turns": 25}),
    "3p_bluff_random_baca": (3, 12, {"bluff": True, "first_baca": "random", "max_turns": 25}),
    "4p_bluff": (4, 13, {"bluff": True, "max_turns": 20}),
    "5p_plain": (5, 14, {"max_turns": 15}),
    "6p_bluff_silent": (6, 15, {"bluff": True, "bleat_rule": False, "max_turns": 12}),
}


def fingerprint(players: int, seed: int, options: dict[str, object]) -> str:
    """SHA-256 over every step of a random playout: the chooser's legal actions, the
    events as each seat and a spectator receive them, and the state's exact JSON text
    (with every view now and then). Out-of-turn special cards are played too."""
    digest = hashlib.sha256()
    state = GAME.new_state(players, options)
    rng = random.Random(seed)
    seats = [*range(players), None]
    step = 0
    while not state.is_over():
        if state.is_chance():
            seat = CHANCE
            outcomes = state.chance_outcomes()
            action = outcomes[int(rng.random() * len(outcomes))].action
        else:
            seat = rng.choice(state.actors())
            if rng.random() < 0.25:
                others = [p for p in range(players) if p != seat and state.legal_actions(p)]
                if others:
                    seat = rng.choice(others)
            legal = state.legal_actions(seat)
            digest.update(json.dumps([a.to_json() for a in legal]).encode())
            action = rng.choice(legal)
        events = state.apply(seat, action)
        for event in events:
            digest.update(json.dumps([event.for_seat(p) for p in seats]).encode())
        digest.update(json.dumps(state.to_json()).encode())
        if step % 40 == 0:
            digest.update(json.dumps([state.view(p) for p in seats]).encode())
        step += 1
    digest.update(json.dumps(state.result().to_json()).encode())
    return f"{step}:{digest.hexdigest()}"


@pytest.mark.parametrize("name", sorted(CASES))
def test_same_seed_and_choices_give_byte_identical_states(name: str) -> None:
    recorded = json.loads(RECORDED.read_text())
    assert fingerprint(*CASES[name]) == recorded[name]


if __name__ == "__main__":
    RECORDED.write_text(
        json.dumps({name: fingerprint(*case) for name, case in CASES.items()}, indent=1) + "\n"
    )
