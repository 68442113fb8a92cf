"""Swip'Sheep (rules: shared/rules/swipsheep.md)."""

from pasture.bots.sloppy import SloppyBot
from pasture.games.swipsheep.bots import SwipSheepBot
from pasture.games.swipsheep.game import GAME, SwipSheep
from pasture.games.swipsheep.search import search_bot
from pasture.games.swipsheep.state import SwipSheepState

EASY_RANDOM_SHARE = 2 / 3
"""Easy's random moves: the heuristic with a third of them random (the generic
`sloppy`) plays almost as well as the heuristic in this game of luck, so Easy misses
its good moves twice as often."""


def sloppy_bot() -> SloppyBot:
    return SloppyBot(SwipSheepBot(), share=EASY_RANDOM_SHARE)


BOTS = {"heuristic": SwipSheepBot, "search": search_bot, "sloppy": sloppy_bot}

__all__ = ["BOTS", "GAME", "SwipSheep", "SwipSheepBot", "SwipSheepState"]
