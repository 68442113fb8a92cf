"""Wilson & Shep's action index: every hide, place, swap and move on the field, and
every picture a tile may show when turned up."""

from __future__ import annotations

from pasture.core.index import ActionSet
from pasture.games.wilson_shep.actions import Hide, Move, Place, Reveal, Swap
from pasture.games.wilson_shep.edition import Edition
from pasture.games.wilson_shep.grid import CELLS, PAIRS


def action_set(edition: Edition) -> ActionSet:
    return ActionSet(
        player=(
            *(Hide(p) for p in range(CELLS)),
            *(Place(p) for p in range(CELLS)),
            *(Swap(a, b) for a, b in PAIRS),
            *(Move(p) for p in range(CELLS)),
        ),
        chance=tuple(Reveal(p) for p in range(len(edition.pictures))),
    )


def max_decisions(rounds: int, max_moves: int) -> int:
    """Per round: the hide, the place, then at most one swap before each of the Shep
    team's `max_moves` moves and one after."""
    return rounds * (3 + 2 * max_moves)
