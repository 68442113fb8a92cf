"""A probe of the event loop's stalls, loaded into `python -m pasture.server` by
bench/bench_server.py --loop-lag (this folder on the server's PYTHONPATH, the output file
in $PASTURE_LOOP_LAG); every other process ignores it.

A 5 ms tick on the loop records how late it ran. A watchdog thread reads, for every tick
over 20 ms late, how long the loop's thread ran and waited for a CPU between that tick
and the one before (/proc/self/task/<tid>/schedstat; the rest it slept, on the GIL). It reads
no stack: a thread that needs the GIL to read one sees the loop only where the loop lets
the GIL go, which would blame whatever system call comes next. The garbage collector's
passes are timed too (CPU of the thread that runs them), and so are an action's way to
its ack and the database round trips. One JSON object a line, each
with its CLOCK_MONOTONIC time `t`.
"""

from __future__ import annotations

import os
import sys

TICK = 0.005
STALL = 0.020


def _install(out_path: str) -> None:
    import asyncio
    import gc
    import json
    import threading
    import time
    from typing import Any

    import uvicorn.server

    out = open(out_path, "a", buffering=1)  # noqa: SIM115 - open for the process's life
    lock = threading.Lock()
    beat: list[float] = []
    loop_tid = threading.get_native_id()

    def write(record: dict[str, Any]) -> None:
        with lock:
            out.write(json.dumps({"t": time.monotonic(), **record}) + "\n")

    def schedstat(tid: int) -> tuple[float, float]:
        """Seconds the thread ran and waited to run."""
        with open(f"/proc/self/task/{tid}/schedstat") as f:
            ran, waited, _ = f.read().split()
        return int(ran) / 1e9, int(waited) / 1e9

    def watchdog() -> None:
        """When the tick runs again after a stall: how long it was late, and how long the
        loop's thread ran and waited for a CPU between the two ticks."""
        seen: float | None = None
        at_seen = (0.0, 0.0)
        while True:
            time.sleep(TICK / 2)
            last = beat[-1] if beat else None
            if last is None or last == seen:
                continue
            now = schedstat(loop_tid)
            if seen is not None and last - seen - TICK > STALL:
                write(
                    {
                        "stall": last - seen - TICK,
                        "ran": now[0] - at_seen[0],
                        "waited": now[1] - at_seen[1],
                    }
                )
            seen, at_seen = last, now

    gc_started: dict[str, float] = {}

    def on_gc(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            gc_started["cpu"] = time.thread_time()
        elif "cpu" in gc_started:
            cpu = time.thread_time() - gc_started.pop("cpu")
            write({"gc": info["generation"], "cpu": cpu, "collected": info["collected"]})

    def timed(kind: str, call: Any) -> Any:
        """`call` (a coroutine function), its durations written 200 at a time."""
        durations: list[float] = []

        async def timed_call(*args: Any, **kwargs: Any) -> Any:
            began = time.perf_counter()
            try:
                return await call(*args, **kwargs)
            finally:
                durations.append(time.perf_counter() - began)
                if len(durations) >= 200:
                    write({kind: durations[:]})
                    durations.clear()

        return timed_call

    def time_calls() -> None:
        """How long an action takes from its message to its ack (`TableManager.act`),
        and of it a database round trip (`Database.run`: the queue, the batch, its
        commit)."""
        from pasture.server.manager import TableManager
        from pasture.store.database import Database

        TableManager.act = timed("act", TableManager.act)  # type: ignore[method-assign]
        Database.run = timed("db", Database.run)  # type: ignore[method-assign]

    original = uvicorn.server.Server.serve

    async def serve(self: uvicorn.server.Server, *args: Any, **kwargs: Any) -> None:
        async def tick() -> None:
            lags: list[float] = []
            while True:
                beat[:] = [time.perf_counter()]
                await asyncio.sleep(TICK)
                lags.append(time.perf_counter() - beat[0] - TICK)
                if len(lags) >= 200:
                    write({"lags": lags})
                    lags = []

        ticking = asyncio.get_running_loop().create_task(tick())
        time_calls()
        gc.callbacks.append(on_gc)
        try:
            await original(self, *args, **kwargs)
        finally:
            ticking.cancel()

    uvicorn.server.Server.serve = serve  # type: ignore[method-assign]
    threading.Thread(target=watchdog, name="loop-lag", daemon=True).start()


if "pasture.server" in sys.orig_argv and os.environ.get("PASTURE_LOOP_LAG"):
    _install(os.environ["PASTURE_LOOP_LAG"])
