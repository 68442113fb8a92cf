"""The random bot: a legal action chosen uniformly. The baseline every bot must beat."""

from __future__ import annotations

from pasture.core.bot import Turn
from pasture.core.game import Action


class RandomBot:
    name = "random"

    def choose(self, turn: Turn) -> Action:
        return turn.rng.choice(turn.legal)
