"""Wypas (rules: shared/rules/wypas.md)."""

from pasture.games.wypas.game import GAME, Wypas
from pasture.games.wypas.state import WypasState

BOTS: dict[str, type] = {}

__all__ = ["BOTS", "GAME", "Wypas", "WypasState"]
