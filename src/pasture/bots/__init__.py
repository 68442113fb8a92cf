"""Bots: game-agnostic ones here, each game's own bots in its own package.

`make(game, name)` builds a bot by name: a level (`easy`, `normal`, `hard`, see
`levels`), `random`, `ismcts` (generic search over determinizations, any game),
`sloppy` (the heuristic with a third of its moves random, unless the game's package
defines its own), or any name the game's package lists in its `BOTS` mapping
(`heuristic`, `search`, ...).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from pasture.bots.ismcts import ISMCTSBot
from pasture.bots.levels import LEVELS, Level, resolve
from pasture.bots.random_bot import RandomBot
from pasture.bots.sloppy import SloppyBot
from pasture.core.bot import Bot
from pasture.core.errors import PastureError
from pasture.core.game import Game


class UnknownBot(PastureError):
    default_code = "unknown_bot"


GENERIC: dict[str, Callable[[], Bot]] = {"random": RandomBot, "ismcts": ISMCTSBot}


def research_bots(game: Game) -> dict[str, Callable[[], Bot]]:
    """Every bot that can play `game`, by its research name."""
    module = importlib.import_module(type(game).__module__.rsplit(".", 1)[0])
    own: dict[str, Callable[[], Bot]] = getattr(module, "BOTS", {})
    bots = {**GENERIC, **own}
    heuristic = own.get("heuristic")
    if heuristic is not None and "sloppy" not in own:
        bots["sloppy"] = lambda: SloppyBot(heuristic())
    return bots


def levels(game: Game) -> list[Level]:
    """The difficulty levels offered for `game` (those whose bot it has)."""
    bots = research_bots(game)
    return [level for level in LEVELS if level.bot in bots]


def available(game: Game) -> dict[str, Callable[[], Bot]]:
    """Every name a bot seat may be given for `game`: its levels first, then research
    names."""
    bots = research_bots(game)
    return {**{lv.name: bots[lv.bot] for lv in levels(game)}, **bots}


def make(game: Game, name: str) -> Bot:
    bots = available(game)
    if name not in bots:
        raise UnknownBot(f"{game.title} has no bot {name!r}; choose from: {', '.join(bots)}.")
    return bots[name]()


__all__ = [
    "Bot",
    "ISMCTSBot",
    "LEVELS",
    "Level",
    "RandomBot",
    "UnknownBot",
    "available",
    "levels",
    "make",
    "research_bots",
    "resolve",
]
