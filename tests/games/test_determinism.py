"""Same seed, same actions, byte-identical JSON: engine internals may change, behaviour may not.

For every game and player count, a few seeded random playouts are hashed step by step:
the state's JSON, every seat's view and the spectator's, the legal actions (in order)
and the chance outcomes (in order, with their probabilities). The SHA-256 of each
playout is kept in `determinism.json`. An engine rewritten for speed must reproduce
every hash exactly; a change of rules shows up here as well as in the rule tests.

    python tests/games/test_determinism.py --record   # rewrite the golden file
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

from pasture import games
from pasture.core import CHANCE, Game
from pasture.core.match import sample

GOLDEN = Path(__file__).with_name("determinism.json")
SEEDS = (1, 2, 3)
MAX_STEPS = 20_000
"""A bound on one playout, far above any game's length."""


def _dump(value: object) -> bytes:
    # Key order is kept (no sort_keys): the JSON must be byte-identical, not just equal.
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def playout_hash(game: Game, players: int, seed: int) -> str:
    """SHA-256 over every step of one seeded random playout."""
    rng = random.Random(seed)
    state = game.new_state(players)
    digest = hashlib.sha256()
    for _ in range(MAX_STEPS):
        digest.update(_dump(state.to_json()))
        for seat in (*range(players), None):
            digest.update(_dump(state.view(seat)))
        if state.is_over():
            digest.update(_dump(state.result().to_json()))
            return digest.hexdigest()
        if state.is_chance():
            outcomes = state.chance_outcomes()
            digest.update(_dump([[o.action.to_json(), o.probability] for o in outcomes]))
            seat, action = CHANCE, sample(outcomes, rng)
        else:
            actors = state.actors()
            digest.update(_dump(list(actors)))
            seat = rng.choice(actors)
            legal = state.legal_actions(seat)
            digest.update(_dump([a.to_json() for a in legal]))
            action = rng.choice(legal)
        events = state.apply(seat, action)
        digest.update(_dump([[e.type, e.public, e.private, list(e.to)] for e in events]))
    raise AssertionError(f"{game.name} with {players} players ran past {MAX_STEPS} steps")


def cases() -> list[tuple[str, int, int]]:
    return [
        (game.name, players, seed)
        for game in games.all_games()
        for players in range(game.min_players, game.max_players + 1)
        for seed in SEEDS
    ]


def key(name: str, players: int, seed: int) -> str:
    return f"{name}/{players}p/seed{seed}"


def record() -> None:
    golden = {key(*case): playout_hash(games.get(case[0]), case[1], case[2]) for case in cases()}
    GOLDEN.write_text(json.dumps(golden, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(golden)} playout hashes to {GOLDEN}")


@pytest.mark.parametrize(("name", "players", "seed"), cases(), ids=[key(*c) for c in cases()])
def test_playout_is_byte_identical(name: str, players: int, seed: int) -> None:
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert key(name, players, seed) in golden, "no recorded hash: run this file with --record"
    assert playout_hash(games.get(name), players, seed) == golden[key(name, players, seed)]


if __name__ == "__main__":
    if sys.argv[1:] != ["--record"]:
        sys.exit(__doc__)
    record()
