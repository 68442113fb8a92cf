"""Swip'Sheep (rules: shared/rules/swipsheep.md)."""

from pasture.games.swipsheep.bots import SwipSheepBot
from pasture.games.swipsheep.game import GAME, SwipSheep
from pasture.games.swipsheep.search import search_bot
from pasture.games.swipsheep.state import SwipSheepState

BOTS = {"heuristic": SwipSheepBot, "search": search_bot}

__all__ = ["BOTS", "GAME", "SwipSheep", "SwipSheepBot", "SwipSheepState"]
