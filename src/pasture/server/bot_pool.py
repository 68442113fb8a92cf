"""Bots think in worker processes, so their thinking never slows people down.

The event loop and the database threads share one interpreter (and its GIL): a search
bot thinking in a thread there would delay every acknowledgement. So every decision is
sent to a pool of worker processes:
- per server: `workers` processes (a cap on the cores bots may use), each at a lower
  scheduling priority (`nice`), so the server's own work is always served first;
- per decision: a CPU budget, counted by the kernel (ITIMER_PROF); a bot over it is
  stopped and the seat gets a plain choice instead (server/timers.py);
- per table: one decision at a time, so one table of search bots cannot fill the pool
  while other tables wait.

With `workers=0` bots think in a thread of the server process, as a fallback. What runs
in a worker is server/bot_worker.py.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from pasture import bots
from pasture.core.bot import Turn
from pasture.core.game import Action, Game
from pasture.server import bot_worker

log = logging.getLogger("pasture.server")


def _found_by_workers(game: Game) -> bool:
    """A worker finds the games of `pasture.games` (a state travels as its game's name and
    JSON); a game registered only in the server process (a test's) thinks in a thread."""
    return type(game).__module__.startswith("pasture.games.")


def _choose_in_thread(game: Game, bot_name: str, turn: Turn, budget: float) -> Action | None:
    return bots.make(game, bot_name).choose(turn)


class BotPool:
    def __init__(self, workers: int, cpu_budget: float, niceness: int = 10) -> None:
        self.workers = workers
        self.cpu_budget = cpu_budget
        self.niceness = niceness
        self._executor: Executor = self._new_executor()
        self._threads = ThreadPoolExecutor(max_workers=2, thread_name_prefix="pasture-bot")
        self.decisions = 0
        self.over_budget = 0

    def _new_executor(self) -> Executor:
        if self.workers <= 0:
            return ThreadPoolExecutor(max_workers=4, thread_name_prefix="pasture-bot")
        # spawn: the server process has threads (database writers), which fork copies badly
        return ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=bot_worker.start,
            initargs=(self.niceness, os.getpid()),
        )

    def warm_up(self) -> None:
        """Start the workers now rather than at the first bot's move."""
        if isinstance(self._executor, ProcessPoolExecutor):
            for _ in range(self.workers):
                self._executor.submit(bot_worker.ready)

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
        self._threads.shutdown(wait=False, cancel_futures=True)

    async def decide(
        self, game: Game, bot_name: str, turn: Turn, slot: asyncio.Lock, budget: float | None = None
    ) -> Action | None:
        """The bot's choice for `turn`, thought in a worker within the CPU budget (or
        `budget` if smaller); None if it went over. `slot` is the table's: one decision
        of a table at a time."""
        budget = self.cpu_budget if budget is None else min(budget, self.cpu_budget)
        in_process = isinstance(self._executor, ProcessPoolExecutor) and _found_by_workers(game)
        run = bot_worker.choose if in_process else _choose_in_thread
        executor = self._executor if in_process else self._threads
        async with slot:
            loop = asyncio.get_running_loop()
            started = time.monotonic()
            try:
                action = await loop.run_in_executor(executor, run, game, bot_name, turn, budget)
            except BrokenProcessPool:  # a worker died (killed, out of memory): start anew
                log.error("a bot worker died; the pool is restarted")
                self._executor = self._new_executor()
                action = None
            self.decisions += 1
            if action is None:
                self.over_budget += 1
                log.info(
                    "bot %s went over its CPU budget (%.1f s) after %.1f s",
                    bot_name,
                    budget,
                    time.monotonic() - started,
                )
            return action
