"""Small budgets so that tests of search bots stay quick (and, with no time limit but in
reaction windows, deterministic)."""

from __future__ import annotations

from pasture.bots import make
from pasture.bots.search import Budget, SearchBot
from pasture.core.bot import Bot
from pasture.core.game import Game
from pasture.games.baaaaa.search import SearchBot as BaaaaaSearch


def quick(bot: Bot, iterations: int = 12) -> Bot:
    """`bot` with a budget of a few iterations and no time limit outside reaction windows."""
    if isinstance(bot, SearchBot):
        bot.budget = Budget(iterations=iterations, reaction_seconds=0.2, reaction_iterations=3)
        bot.max_rollout = min(bot.max_rollout, 20)
    elif isinstance(bot, BaaaaaSearch):
        bot.beams, bot.seconds = (2, 2, 1), None
    return bot


def quick_bot(game: Game, name: str) -> Bot:
    return quick(make(game, name))
