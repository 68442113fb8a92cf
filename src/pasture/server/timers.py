"""Who acts when nobody sends anything: bots, reaction-window timeouts, move clocks.

After every change the table's timers are set again from the state alone:
- a bot seat (or an absent player's stand-in) that is an actor acts after `bot_delay`,
  or, in a reaction window, `bot_reaction_time` after the window opened, whatever it
  holds (W-10a); it thinks in a worker process (server/bot_pool.py);
- a person who is an actor and for whom `State.timeout_action(seat)` offers a default
  (a reaction window) gets it applied after `reaction_timeout`, the same for every seat;
- otherwise, with a move clock on the table, a stand-in bot plays for a person who has
  not acted within the clock, and goes on playing until the person acts or reconnects.
A limit runs from the moment the seat began to be waited for that way, not from the last
change. Limits are Unix times, stored with the change that starts them (`plan`), so a
restart goes on with them instead of starting them again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Coroutine
from functools import partial
from typing import TYPE_CHECKING, Any

from pasture.core.bot import Turn
from pasture.server import presence
from pasture.server.live import LiveTable
from pasture.server.settings import Settings
from pasture.store import repository as repo
from pasture.store.repository import StoredTimers

if TYPE_CHECKING:
    from pasture.server.manager import TableManager

log = logging.getLogger("pasture.server")


def _limit_kind(table: LiveTable, seat: int) -> str:
    """How a seat waited for is answered for if it does not act: "bot" (a bot plays it),
    "reaction" (its automatic answer after the reaction timeout) or "clock"."""
    if table.seats[seat].bot is not None or seat in table.away:
        return "bot"
    return "reaction" if table.match.state.timeout_action(seat) is not None else "clock"


class Scheduler:
    def __init__(self, manager: TableManager, settings: Settings) -> None:
        self.manager = manager
        self.settings = settings

    def cancel(self, table: LiveTable) -> None:
        for handle in table.timers:
            handle.cancel()
        table.timers.clear()

    def plan(self, table: LiveTable, status: str | None = None) -> StoredTimers:
        """Bring the table's running limits up to date with its state (a limit already
        running keeps its time) and say what to store: called before a change is
        committed, so the commit carries them, and again when the timers are set."""
        status = table.status if status is None else status
        if status != "playing" or table.broken:
            table.deadlines.clear()
            return StoredTimers(None, {})
        now = time.time()  # deadlines are Unix times: they are stored, and outlive a restart
        state = table.match.state
        kept = table.deadlines
        table.deadlines = {}
        bots_due = False
        for seat in state.actors():  # a limit lasts while its seat is waited for the same way
            key = (seat, _limit_kind(table, seat))
            if key[1] == "bot":
                bots_due = True
            elif key[1] == "reaction":
                table.deadlines[key] = kept.get(key, now + self.settings.reaction_timeout)
            elif key[1] == "clock" and table.move_clock:
                table.deadlines[key] = kept.get(key, now + table.move_clock)
        wake = 0.0 if bots_due else min(table.deadlines.values(), default=None)
        deadlines = {f"{seat}:{kind}": due for (seat, kind), due in table.deadlines.items()}
        return StoredTimers(wake, deadlines)

    def reschedule(self, table: LiveTable, replan: bool = True) -> None:
        """Set the table's timers from its state and running limits. Without `replan`,
        the limits are those the change just committed planned (`plan`, called by
        `TableManager.apply`), and nothing they depend on has changed since."""
        self.cancel(table)
        if replan:
            self._persist(table, self.plan(table))
        if table.status != "playing" or table.broken:
            return
        now = time.time()
        state = table.match.state
        version = table.match.version
        actors = state.actors()
        for seat in actors:
            if table.seats[seat].bot is not None or seat in table.away:
                if len(actors) > 1 and state.timeout_action(seat) is not None:
                    # W-10a: in a reaction window every bot answers at the same moment
                    # after the window opened, whatever it holds.
                    opened = table.think_due.get(seat)
                    if opened is None or opened[0] != version:
                        table.think_due[seat] = (version, now + self.settings.bot_reaction_time)
                    self._later(table, 0.0, self._bot_turn, seat, version)
                else:
                    self._later(table, self.settings.bot_delay, self._bot_turn, seat, version)
            elif (seat, "reaction") in table.deadlines:
                due = table.deadlines[(seat, "reaction")]
                self._later(table, due - now, self._timeout_turn, seat, version)
            elif (seat, "clock") in table.deadlines:
                due = table.deadlines[(seat, "clock")]
                self._later(table, due - now, self._clock_ran_out, seat, version)
        presence.broadcast_clock(table)

    def _persist(self, table: LiveTable, timers: StoredTimers) -> None:
        """Store when the table is due and its running limits if they changed since the
        last commit or write (none per move); writes of one table are kept in order."""
        if timers == table.saved_timers:
            return
        table.saved_timers = timers
        previous = table.timer_write
        db = self.manager.db

        async def write() -> None:
            if previous is not None:
                with contextlib.suppress(Exception):
                    await previous
            try:
                await db.run(partial(repo.set_timers, table_id=table.id, timers=timers))
            except Exception:
                log.warning("table %s: its timers could not be stored", table.id, exc_info=True)

        table.timer_write = asyncio.ensure_future(write())

    def _later(
        self,
        table: LiveTable,
        delay: float,
        job: Callable[[LiveTable, int, int], Coroutine[Any, Any, None]],
        seat: int,
        version: int,
    ) -> None:
        def start() -> None:
            task = asyncio.ensure_future(job(table, seat, version))
            table.tasks.add(task)
            task.add_done_callback(table.tasks.discard)

        table.timers.append(asyncio.get_running_loop().call_later(max(delay, 0.0), start))

    async def _bot_turn(self, table: LiveTable, seat: int, version: int) -> None:
        """The bot sees only its seat (a Turn on a copy of the state) and thinks off the
        event loop; its action counts only if the table has not moved on meanwhile."""
        if table.match.version != version or table.broken:
            return
        state = table.match.state
        rng = table.bot_rng()
        turn = Turn(state.clone(), seat, rng)
        name = table.bot_name(seat)
        pool = self.manager.bot_pool
        opened = table.think_due.get(seat)
        due = opened[1] if opened is not None and opened[0] == version else None
        try:
            if due is None:
                action = await pool.decide(table.game, name, turn, table.bot_slot)
            else:  # undecided at the answer time: pass, as a silent person would
                left = due - time.time()
                try:
                    action = await asyncio.wait_for(
                        pool.decide(table.game, name, turn, table.bot_slot, left), max(left, 0.0)
                    )
                except TimeoutError:
                    action = None
                await asyncio.sleep(max(due - time.time(), 0.0))
        except Exception:
            log.exception("table %s: bot %s failed", table.id, name)
            return
        if action is None:  # over its CPU budget: a plain choice
            default = state.timeout_action(seat)
            action = default if default is not None else rng.choice(turn.legal)
        await self.manager.apply_for(table, seat, action, version)

    async def _timeout_turn(self, table: LiveTable, seat: int, version: int) -> None:
        if table.match.version != version or table.broken:
            return
        action = table.match.state.timeout_action(seat)
        if action is not None:
            await self.manager.apply_for(table, seat, action, version)

    async def _clock_ran_out(self, table: LiveTable, seat: int, version: int) -> None:
        if table.match.version != version or table.broken or table.status != "playing":
            return
        log.info("table %s: seat %s ran out of time; a bot stands in", table.id, seat)
        table.away.add(seat)
        table.broadcast_table()
        await self._bot_turn(table, seat, version)
