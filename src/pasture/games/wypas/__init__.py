"""Wypas (rules: shared/rules/wypas.md)."""

from pasture.games.wypas.bots import HeuristicBot
from pasture.games.wypas.game import GAME, Wypas
from pasture.games.wypas.state import WypasState

BOTS = {"heuristic": HeuristicBot}

__all__ = ["BOTS", "GAME", "HeuristicBot", "Wypas", "WypasState"]
