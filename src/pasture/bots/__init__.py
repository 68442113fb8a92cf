"""Bots: game-agnostic ones here, each game's heuristic bots in its own package.

`make(game, name)` builds a bot by name: `random`, `ismcts` (search over
determinizations, any game), or any name the game's package lists in its `BOTS`
mapping (e.g. `heuristic`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from pasture.bots.ismcts import ISMCTSBot
from pasture.bots.random_bot import RandomBot
from pasture.core.bot import Bot
from pasture.core.errors import PastureError
from pasture.core.game import Game


class UnknownBot(PastureError):
    default_code = "unknown_bot"


GENERIC: dict[str, Callable[[], Bot]] = {"random": RandomBot, "ismcts": ISMCTSBot}


def available(game: Game) -> dict[str, Callable[[], Bot]]:
    """Every bot that can play `game`, by name."""
    module = importlib.import_module(type(game).__module__.rsplit(".", 1)[0])
    return {**GENERIC, **getattr(module, "BOTS", {})}


def make(game: Game, name: str) -> Bot:
    bots = available(game)
    if name not in bots:
        raise UnknownBot(f"{game.title} has no bot {name!r}; choose from: {', '.join(bots)}.")
    return bots[name]()


__all__ = ["Bot", "ISMCTSBot", "RandomBot", "UnknownBot", "available", "make"]
