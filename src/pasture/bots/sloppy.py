"""A gentler bot for beginners: a game's heuristic bot that makes some moves at random."""

from __future__ import annotations

from pasture.core.bot import Bot, Turn
from pasture.core.game import Action


class SloppyBot:
    name = "sloppy"

    def __init__(self, inner: Bot, share: float = 1 / 3) -> None:
        self.inner = inner
        self.share = share

    def choose(self, turn: Turn) -> Action:
        if len(turn.legal) > 1 and turn.rng.random() < self.share:
            return turn.rng.choice(turn.legal)
        return self.inner.choose(turn)
