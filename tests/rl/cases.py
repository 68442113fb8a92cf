"""The tables the adapter tests play: every game x player count x option set of the
machine contract tests, with Wypas cut to one turn so whole games stay quick."""

from __future__ import annotations

from pasture.core import Game
from tests.games.machine_tables import CASES as CONTRACT_CASES

QUICK: dict[str, dict[str, object]] = {"wypas": {"max_turns": 1}, "wilson_shep": {"max_moves": 4}}


def quick(game: Game, options: dict[str, object]) -> dict[str, object]:
    return {**options, **QUICK.get(game.name, {})}


CASES = [(g, n, quick(g, o)) for g, n, o in CONTRACT_CASES]
IDS = [f"{g.name}-{n}p-" + ",".join(f"{k}={v}" for k, v in o.items()) for g, n, o in CASES]
__all__ = ["CASES", "IDS", "quick"]
