"""Play whole matches with bots in every seat (simulations, tests, benchmarks)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from pasture.core.bot import Bot, Turn
from pasture.core.game import JSON, Game
from pasture.core.match import Match


def play_match(
    game: Game,
    bots: Sequence[Bot],
    seed: int,
    options: Mapping[str, JSON] | None = None,
    max_steps: int = 1_000_000,
) -> Match:
    """Play one match to the end. Chance draws from `seed`; each bot from its own stream."""
    match = Match(game, len(bots), options, seed)
    rngs = [random.Random(f"{seed}:{seat}") for seat in range(len(bots))]
    state = match.state
    while not state.is_over():
        if match.version >= max_steps:
            raise RuntimeError(f"{game.name}: no end after {max_steps} steps (seed {seed})")
        seat = state.actors()[0]
        action = bots[seat].choose(Turn(state, seat, rngs[seat]))
        match.act(seat, action)
    return match
