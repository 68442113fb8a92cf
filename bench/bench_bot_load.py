"""Do expensive bots slow people down? A person's ack latency next to tables of search bots.

    python bench/bench_bot_load.py [--bot-tables 4] [--people 4] [--seconds 10]

Runs three servers one after the other (SQLite in a temporary file, loopback only):
1. no bots: the people's tables alone (the reference);
2. bots in threads of the server (`--bot-workers 0`, how bots thought before);
3. bots in a low-priority worker process (`--bot-workers 1`, the default).
In 2 and 3, `--bot-tables` Wypas tables of six `ismcts` bots play meanwhile. People are
`--people` two-seat Wilson & Shep tables of clients that act 50 ms after each view. It
prints, for each, the people's acknowledged actions and ack latency p50/p99, and the
bots' decisions.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_server import Stats, free_port, percentile, table_loop  # noqa: E402

RATES = ("--create-rate", "1000", "--write-rate", "1000", "--socket-rate", "1000")


def start_server(db: str, port: int, extra: list[str]) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, "-m", "pasture.server", "--port", str(port), "--db", db]
    cmd += ["--bot-delay", "0", "--log-level", "warning", *RATES, *extra]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


async def measure(port: int, bot_tables: int, people: int, seconds: float) -> tuple[Stats, int]:
    url = f"http://127.0.0.1:{port}"
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        bot_ids = []
        for _ in range(bot_tables):
            bots = {str(s): "ismcts" for s in range(6)}
            r = await http.post("/api/tables", json={"game": "wypas", "players": 6, "bots": bots})
            r.raise_for_status()
            bot_ids.append(r.json()["id"])
        await asyncio.sleep(2)  # the bots are thinking
        versions_before = [(await http.get(f"/api/tables/{t}")).json()["version"] for t in bot_ids]
        stats = Stats()
        stop_at = time.monotonic() + seconds
        ws_url = f"ws://127.0.0.1:{port}"
        await asyncio.gather(
            *(
                table_loop(http, ws_url, "wilson_shep", 2, n, stats, stop_at, 0.05)
                for n in range(people)
            )
        )
        versions_after = [(await http.get(f"/api/tables/{t}")).json()["version"] for t in bot_ids]
    moved = sum(a - b for a, b in zip(versions_after, versions_before, strict=True))
    return stats, moved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bot-tables", type=int, default=4, help="Wypas tables of 6 ismcts bots")
    parser.add_argument("--people", type=int, default=4, help="two-seat tables of people")
    parser.add_argument("--seconds", type=float, default=10.0, help="measured time per run")
    args = parser.parse_args()
    args.bot_tables = max(0, min(args.bot_tables, 20))
    args.people = max(1, min(args.people, 50))
    runs = [
        ("no bots", 0, ["--bot-workers", "1"]),
        ("bots in threads", args.bot_tables, ["--bot-workers", "0"]),
        ("bots in a worker process", args.bot_tables, ["--bot-workers", "1"]),
    ]
    print(
        f"{args.people} two-seat Wilson & Shep tables of people (50 ms think),"
        f" {args.bot_tables} Wypas tables of 6 ismcts bots, {args.seconds:g} s, {os.cpu_count()}"
        " cores"
    )
    print(f"{'run':<26} {'acks':>6} {'p50 ms':>8} {'p99 ms':>8} {'errors':>6} {'bot steps':>9}")
    with tempfile.TemporaryDirectory() as tmp:
        for i, (name, bot_tables, extra) in enumerate(runs):
            port = free_port()
            db = f"sqlite:///{tmp}/bench{i}.sqlite?synchronous=NORMAL"
            proc = start_server(db, port, extra)
            try:
                stats, moved = asyncio.run(measure(port, bot_tables, args.people, args.seconds))
            finally:
                proc.terminate()
                proc.wait(10)
            p50 = percentile(stats.latencies, 0.5) * 1000
            p99 = percentile(stats.latencies, 0.99) * 1000
            print(
                f"{name:<26} {stats.acks:>6} {p50:>8.1f} {p99:>8.1f} {len(stats.errors):>6}"
                f" {moved:>9}"
            )


if __name__ == "__main__":
    main()
