"""How long a restart takes with many unfinished tables, and what the lobby costs.

    python bench/bench_startup.py [--tables 3000] [--db sqlite:///tmp/x.sqlite]

Starts a server (SQLite in a temporary file unless --db is given; loopback only),
opens --tables Swip'Sheep tables with one seat taken (unfinished: waiting for players),
stops it, and starts it again: it prints the time until the restarted server answers,
then the time of `GET /api/tables` (one page of 50: the first and the median of five)
and of a person's join at one of the tables (which loads that table on first use).
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
from bench_server import free_port  # noqa: E402

RATES = ("--create-rate", "100000", "--write-rate", "100000")
MAX_TABLES = 20_000


def start(db: str, port: int) -> tuple[subprocess.Popen[bytes], float]:
    cmd = [sys.executable, "-m", "pasture.server", "--port", str(port), "--db", db]
    cmd += ["--log-level", "warning", *RATES]
    began = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while True:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return proc, time.perf_counter() - began
        except httpx.HTTPError:
            if proc.poll() is not None:
                raise SystemExit("the server exited") from None
            time.sleep(0.05)


async def fill(port: int, tables: int) -> list[str]:
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60) as http:
        ids: list[str] = []
        for start_at in range(0, tables, 50):
            batch = range(start_at, min(tables, start_at + 50))
            made = await asyncio.gather(
                *(http.post("/api/tables", json={"game": "swipsheep", "players": 3}) for _ in batch)
            )
            new = [r.json()["id"] for r in made]
            await asyncio.gather(
                *(http.post(f"/api/tables/{t}/seats/0", json={"name": "p"}) for t in new)
            )
            ids += new
            print(f"\r{len(ids)}/{tables} tables opened", end="", flush=True, file=sys.stderr)
        print(file=sys.stderr)
        return ids


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=3000, help="unfinished tables to open")
    parser.add_argument("--db", default=None, help="database URL (default: a temporary file)")
    args = parser.parse_args()
    tables = max(1, min(args.tables, MAX_TABLES))
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{tmp}/startup.sqlite?synchronous=NORMAL"
        port = free_port()
        proc, empty = start(db, port)
        try:
            ids = asyncio.run(fill(port, tables))
        finally:
            proc.terminate()
            proc.wait(30)
        proc, took = start(db, port)
        try:
            http = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60)
            pages = []
            for _ in range(5):  # the first request also warms the server up
                began = time.perf_counter()
                http.get("/api/tables?limit=50").raise_for_status()
                pages.append(time.perf_counter() - began)
            first_page, lobby = pages[0], sorted(pages)[2]
            began = time.perf_counter()
            http.post(f"/api/tables/{ids[len(ids) // 2]}/seats/1", json={"name": "q"})
            first_use = time.perf_counter() - began
        finally:
            proc.terminate()
            proc.wait(30)
    print(f"unfinished tables          {tables}")
    print(f"start, empty database      {empty:.2f} s")
    print(f"restart until serving      {took:.2f} s")
    print(
        f"GET /api/tables (a page)   {first_page * 1000:.1f} ms first, {lobby * 1000:.1f} ms median"
    )
    print(f"join at a table not loaded {first_use * 1000:.1f} ms")
    print(f"cores                      {os.cpu_count()}")


if __name__ == "__main__":
    main()
