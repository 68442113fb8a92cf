"""What runs in a bot worker process (server/bot_pool.py): its start, and a decision
within a CPU budget. A worker imports this module, the bots and the games it is asked
about, nothing of the server around them (not asyncio, not the web stack): a server
starts its workers as it starts, so what they import is part of every start."""

from __future__ import annotations

import os
import signal
import threading
import time
from types import FrameType

from pasture import bots
from pasture.core.bot import Bot, Turn
from pasture.core.game import Action, Game

PARENT_CHECK = 0.5
"""Seconds between a worker's checks that its server is still alive."""

_bots: dict[tuple[str, str], Bot] = {}
"""This worker's bots, one per game and bot name, kept between decisions."""


class _OverBudget(Exception):
    pass


def _over_budget(_signum: int, _frame: FrameType | None) -> None:
    raise _OverBudget


def start(niceness: int, server: int) -> None:
    """A worker's initializer: lower priority, the budget's signal, and leaving with its
    server (`server`: the server's pid)."""
    if niceness:
        os.nice(niceness)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server stops the pool itself
    signal.signal(signal.SIGPROF, _over_budget)
    threading.Thread(target=_leave_with, args=(server,), daemon=True).start()


def _leave_with(server: int) -> None:
    """A server killed outright (SIGKILL) cannot stop its pool: its workers leave once
    they find it gone (they are then the child of another process). `server` is the pid
    the server gave, not this process's parent now: it may have died while this started."""
    while os.getppid() == server:
        time.sleep(PARENT_CHECK)
    os._exit(0)


def ready() -> None:
    """A task that does nothing: it starts a worker before the first real decision."""


def choose(game: Game, bot_name: str, turn: Turn, budget: float) -> Action | None:
    """The bot's choice, or None if it used more than `budget` CPU seconds."""
    bot = _bots.get((game.name, bot_name))
    if bot is None:
        bot = _bots[(game.name, bot_name)] = bots.make(game, bot_name)
    signal.setitimer(signal.ITIMER_PROF, max(budget, 0.001))
    try:
        return bot.choose(turn)
    except _OverBudget:
        return None
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
