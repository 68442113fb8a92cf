"""Baaaaa! / Sauve Moutons (rules: shared/rules/baaaaa.md)."""

from pasture.games.baaaaa.game import GAME, Baaaaa
from pasture.games.baaaaa.state import BaaaaaState

BOTS: dict[str, type] = {}

__all__ = ["BOTS", "GAME", "Baaaaa", "BaaaaaState"]
