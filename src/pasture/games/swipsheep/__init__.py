"""Swip'Sheep (rules: shared/rules/swipsheep.md)."""

from pasture.games.swipsheep.game import GAME, SwipSheep
from pasture.games.swipsheep.state import SwipSheepState

__all__ = ["GAME", "SwipSheep", "SwipSheepState"]
