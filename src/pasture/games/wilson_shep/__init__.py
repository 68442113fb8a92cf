"""Wilson & Shep (rules: shared/rules/wilson_shep.md)."""

from pasture.games.wilson_shep.bots import HeuristicBot, NoviceBot
from pasture.games.wilson_shep.game import GAME, WilsonShep
from pasture.games.wilson_shep.search import SearchBot
from pasture.games.wilson_shep.state import WilsonShepState

BOTS = {"heuristic": HeuristicBot, "search": SearchBot, "sloppy": NoviceBot}

__all__ = ["BOTS", "GAME", "WilsonShep", "WilsonShepState"]
