"""Wypas (rules: shared/rules/wypas.md)."""

from pasture.games.wypas.bots import HeuristicBot
from pasture.games.wypas.game import GAME, Wypas
from pasture.games.wypas.search import search_bot
from pasture.games.wypas.state import WypasState

BOTS = {"heuristic": HeuristicBot, "search": search_bot}

__all__ = ["BOTS", "GAME", "HeuristicBot", "Wypas", "WypasState"]
