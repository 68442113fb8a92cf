"""Who the table waits for and until when: the clocks every connection is shown.

The deadlines themselves are kept by the scheduler (server/timers.py); this module only
says them to the clients, as seconds left (clients' clocks need not agree with ours).
Whose turn it is and how long they have is public: it tells nothing hidden."""

from __future__ import annotations

import asyncio

from pasture.core.game import JSON
from pasture.server.live import LiveTable


def clock_message(table: LiveTable) -> dict[str, JSON] | None:
    """{type: clock, version, clocks: [{seat, kind, seconds}]}, or None without a clock."""
    if not table.deadlines:
        return None
    now = asyncio.get_running_loop().time()
    clocks: list[JSON] = [
        {"seat": seat, "kind": kind, "seconds": round(max(0.0, due - now), 1)}
        for (seat, kind), due in sorted(table.deadlines.items())
    ]
    return {"type": "clock", "version": table.match.version, "clocks": clocks}


def broadcast_clock(table: LiveTable) -> None:
    message = clock_message(table)
    if message is not None:
        table.broadcast(message)
