"""Same seed, same actions, byte-identical JSON: engine internals may change, behaviour may not.

For every game and player count, a few seeded random playouts are hashed step by step
(and, at the smallest and largest count, a table with each option changed, as the shared
suite plays them): at every step the legal actions (in order) or the chance outcomes (in
order, with their probabilities) and the events; the state's JSON and every seat's view
and the spectator's at every step of a short game. Long playouts (Wypas: thousands of
steps) hash the state's JSON at the steps the shared suite's `Moments` picks (the first
two of every kind of moment, one step in a few besides, the end), with every view at a
kind met for the first time and one view, each seat's in turn, at the others: a state
that differs from the recorded one shows at once in what may be done or in the events,
or at the next picked step and the end. Wypas also has playouts
in which seats play special cards out of turn, hashed with the events as each seat and
a spectator receive them (`Event.for_seat`), at tables mixing its options. The SHA-256
of each playout is kept in `determinism.json`. An engine rewritten for speed (or its
records given names and types) must reproduce every hash exactly; a change of rules
shows up here as well as in the rule tests.

    python tests/games/test_determinism.py --record   # rewrite the golden file
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeAlias

import pytest

from pasture import games
from pasture.core import CHANCE, Game
from pasture.core.game import sample
from tests.games.sampling import Moments
from tests.games.test_shared_suite import option_variants, sample_stride

Options: TypeAlias = dict[str, Any]
GOLDEN = Path(__file__).with_name("determinism.json")
SEEDS = (1, 2, 3)
MAX_STEPS = 20_000
"""A bound on one playout, far above any game's length."""


def _dump(value: object) -> bytes:
    # Key order is kept (no sort_keys): the JSON must be byte-identical, not just equal.
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def playout_hash(game: Game, players: int, seed: int, options: Options | None = None) -> str:
    """SHA-256 over every step of one seeded random playout: at every step the legal
    actions or chance outcomes and the events; the state's JSON and views at the steps
    `Moments` picks (every step of a short game) and at the end."""
    rng = random.Random(seed)
    state = game.new_state(players, options)
    digest = hashlib.sha256()
    moments = Moments(sample_stride(game, players))
    seats = (*range(players), None)
    for _ in range(MAX_STEPS):
        if state.is_over():
            moments.pick(state, None)
            digest.update(_dump(state.to_json()))
            digest.update(b"".join(_dump(state.view(seat)) for seat in moments.seats(seats)))
            digest.update(_dump(state.result().to_json()))
            return digest.hexdigest()
        if state.is_chance():
            outcomes = state.chance_outcomes()
            listed = _dump([[o.action.to_json(), o.probability] for o in outcomes])
            seat, action = CHANCE, sample(outcomes, rng)
        else:
            actors = state.actors()
            seat = rng.choice(actors)
            legal = state.legal_actions(seat)
            listed = _dump(list(actors)) + _dump([a.to_json() for a in legal])
            action = rng.choice(legal)
        if moments.pick(state, (seat, action)):
            digest.update(_dump(state.to_json()))
            digest.update(b"".join(_dump(state.view(seat)) for seat in moments.seats(seats)))
        digest.update(listed)
        events = state.apply(seat, action)
        digest.update(_dump([[e.type, e.public, e.private, list(e.to)] for e in events]))
    raise AssertionError(f"{game.name} with {players} players ran past {MAX_STEPS} steps")


@dataclass(frozen=True)
class Case:
    """One seeded playout: a game, a player count, table options, a seed."""

    game: str
    players: int
    options: Options
    seed: int

    @property
    def key(self) -> str:
        table = "".join(f"/{name}={value}" for name, value in self.options.items())
        return f"{self.game}/{self.players}p{table}/seed{self.seed}"

    def hash(self) -> str:
        return playout_hash(games.get(self.game), self.players, self.seed, self.options)


def cases() -> list[Case]:
    out = []
    for game in games.all_games():
        for players in range(game.min_players, game.max_players + 1):
            out += [Case(game.name, players, {}, seed) for seed in SEEDS]
        for players in sorted({game.min_players, game.max_players}):
            for options in option_variants(game, players):
                out += [Case(game.name, players, options, seed) for seed in SEEDS[:1]]
    return out


CASES = cases()


def reaction_fingerprint(players: int, seed: int, options: Options) -> str:
    """SHA-256 over every step of a Wypas playout in which a quarter of the choices go to
    a seat out of turn that may act (a special card), chance outcomes drawn uniformly:
    the chooser's legal actions, the events as each seat and a spectator receive them,
    the state's exact JSON text, and every view now and then."""
    digest = hashlib.sha256()
    state = games.get("wypas").new_state(players, options)
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


@dataclass(frozen=True)
class ReactionCase:
    """One Wypas playout with special cards played out of turn (`reaction_fingerprint`)."""

    name: str
    players: int
    seed: int
    options: Options

    @property
    def key(self) -> str:
        return f"wypas/reactions/{self.name}"

    def hash(self) -> str:
        return reaction_fingerprint(self.players, self.seed, self.options)


REACTION_CASES = [
    ReactionCase("3p_plain", 3, 11, {"max_turns": 25}),
    ReactionCase(
        "3p_bluff_random_baca", 3, 12, {"bluff": True, "first_baca": "random", "max_turns": 25}
    ),
    ReactionCase("4p_bluff", 4, 13, {"bluff": True, "max_turns": 20}),
    ReactionCase("5p_plain", 5, 14, {"max_turns": 15}),
    ReactionCase("6p_bluff_silent", 6, 15, {"bluff": True, "bleat_rule": False, "max_turns": 12}),
]


def record() -> None:
    golden = {case.key: case.hash() for case in [*CASES, *REACTION_CASES]}
    GOLDEN.write_text(json.dumps(golden, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(golden)} playout hashes to {GOLDEN}")


@pytest.mark.parametrize(
    "case", [*CASES, *REACTION_CASES], ids=[case.key for case in [*CASES, *REACTION_CASES]]
)
def test_playout_is_byte_identical(case: Case | ReactionCase) -> None:
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert case.key in golden, "no recorded hash: run this file with --record"
    assert case.hash() == golden[case.key]


if __name__ == "__main__":
    if sys.argv[1:] != ["--record"]:
        sys.exit(__doc__)
    record()
