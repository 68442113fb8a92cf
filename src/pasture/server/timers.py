"""Who acts when nobody sends anything: bots, reaction-window timeouts, move clocks.

After every change the table's timers are set again from the state alone:
- a bot seat (or an absent player's stand-in) that is an actor acts after `bot_delay`;
- a person who is an actor and for whom `State.timeout_action(seat)` offers a default
  (a reaction window) gets it applied after `reaction_timeout`, the same for every seat;
- otherwise, with a move clock on the table, a stand-in bot plays for a person who has
  not acted within the clock, and goes on playing until the person acts or reconnects.
A limit runs from the moment the seat began to be waited for, not from the last change.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from pasture.core.bot import Turn
from pasture.server import presence
from pasture.server.live import LiveTable
from pasture.server.settings import Settings

if TYPE_CHECKING:
    from pasture.server.manager import TableManager

log = logging.getLogger("pasture.server")


class Scheduler:
    def __init__(self, manager: TableManager, settings: Settings) -> None:
        self.manager = manager
        self.settings = settings

    def cancel(self, table: LiveTable) -> None:
        for handle in table.timers:
            handle.cancel()
        table.timers.clear()

    def reschedule(self, table: LiveTable) -> None:
        self.cancel(table)
        if table.status != "playing" or table.broken:
            table.deadlines.clear()
            return
        loop = asyncio.get_running_loop()
        now = loop.time()
        state = table.match.state
        version = table.match.version
        actors = state.actors()
        table.deadlines = {k: d for k, d in table.deadlines.items() if k[0] in actors}
        for seat in actors:
            if table.seats[seat].bot is not None or seat in table.away:
                self._later(table, self.settings.bot_delay, self._bot_turn, seat, version)
            elif state.timeout_action(seat) is not None:
                due = table.deadlines.setdefault(
                    (seat, "reaction"), now + self.settings.reaction_timeout
                )
                self._later(table, due - now, self._timeout_turn, seat, version)
            elif table.move_clock:
                due = table.deadlines.setdefault((seat, "clock"), now + table.move_clock)
                self._later(table, due - now, self._clock_ran_out, seat, version)
        presence.broadcast_clock(table)

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
        turn = Turn(table.match.state.clone(), seat, table.bot_rng())
        bot = table.bot_for(seat)
        try:
            action = await asyncio.to_thread(bot.choose, turn)
        except Exception:
            log.exception("table %s: bot %s failed", table.id, getattr(bot, "name", bot))
            return
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
