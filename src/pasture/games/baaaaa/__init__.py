"""Baaaaa! / Sauve Moutons (rules: shared/rules/baaaaa.md)."""

from pasture.games.baaaaa.bots import DeepBot, HeuristicBot
from pasture.games.baaaaa.game import GAME, Baaaaa
from pasture.games.baaaaa.search import SearchBot
from pasture.games.baaaaa.state import BaaaaaState

BOTS = {"heuristic": HeuristicBot, "deep": DeepBot, "search": SearchBot}

__all__ = ["BOTS", "GAME", "Baaaaa", "BaaaaaState"]
