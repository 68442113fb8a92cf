"""Load benchmark of `pasture serve`: many tables of random players over real websockets.

    python bench/bench_server.py [--tables 100] [--players 4] [--game swipsheep]
                                 [--seconds 20] [--db sqlite:///tmp/x.sqlite]
    python bench/bench_server.py --cluster [--games swipsheep,wilson_shep] [--seconds 10]

With --cluster it starts a throwaway Redis and PostgreSQL 15 and prints, side by side in
one run, for each game: 1 server process against 2 (`pasture serve --redis`; each
table's clients connect to the process that created it, as a reverse proxy routing by
table would), then the ack latency of one process at the offered load of --think.

Starts a server on a free loopback port (SQLite in a temporary file unless --db is
given; bots' delay 0), opens the tables, and has one websocket client per seat play
random legal actions; a finished match is replaced by a new table. It stops by itself
after --seconds and prints acknowledged actions per second, the latency from sending an
action to its ack (p50, p99), errors, and the memory (RSS) of the server and the client.
Only loopback addresses are used; the number of tables is capped.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import websockets

from pasture.server.protocol import dumps, loads

ROOT = Path(__file__).resolve().parent.parent
MAX_TABLES = 500


@dataclass
class Stats:
    acks: int = 0
    errors: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    matches: int = 0
    messages: int = 0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def seat_client(
    url: str, table_id: str, token: str, seed: int, stats: Stats, stop_at: float, think: float
) -> None:
    """Play one seat: act on each new view that says it is our turn; time each ack."""
    rng = random.Random(seed)
    async with websockets.connect(
        f"{url}/ws/tables/{table_id}", max_queue=None, compression=None
    ) as ws:
        await ws.send(dumps({"type": "hello", "token": token}))
        pending: str | None = None
        sent_at = 0.0
        min_version = 0
        counter = 0
        async for text in ws:
            stats.messages += 1
            message = loads(text)
            kind = message["type"]
            if kind == "ack" and message["id"] == pending:
                stats.latencies.append(time.perf_counter() - sent_at)
                stats.acks += 1
                min_version = message["version"]
                pending = None
            elif kind == "error":
                stats.errors.append(message["code"])
                pending = None
            elif kind == "end":
                return
            elif (
                kind == "view"
                and pending is None
                and message["turn"]
                and message["legal"]
                and message["version"] >= min_version
                and time.monotonic() < stop_at
            ):
                if think > 0:  # a person's (or a bot's) pause before acting
                    await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
                counter += 1
                pending = f"{counter}"
                sent_at = time.perf_counter()
                await ws.send(
                    dumps(
                        {
                            "type": "act",
                            "action": rng.choice(message["legal"]),
                            "version": message["version"],
                            "id": pending,
                        }
                    )
                )
            if time.monotonic() >= stop_at and pending is None:
                return


async def table_loop(
    http: httpx.AsyncClient,
    url: str,
    game: str,
    players: int,
    n: int,
    stats: Stats,
    stop_at: float,
    think: float,
) -> None:
    """One table after another until the time is up."""
    k = 0
    while time.monotonic() < stop_at:
        r = await http.post("/api/tables", json={"game": game, "players": players})
        r.raise_for_status()
        table_id = r.json()["id"]
        tokens = []
        for seat in range(players):
            r = await http.post(f"/api/tables/{table_id}/seats/{seat}", json={"name": f"b{seat}"})
            r.raise_for_status()
            tokens.append(r.json()["token"])
        await asyncio.gather(
            *(
                seat_client(url, table_id, token, n * 1000 + k * 10 + seat, stats, stop_at, think)
                for seat, token in enumerate(tokens)
            )
        )
        stats.matches += 1
        k += 1


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (the machine may be shared: CPU per action is
    the figure that does not depend on what else runs)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_wait_seconds(pid: int) -> float:
    """Time the server's main thread was ready to run but waited for a CPU."""
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return float("nan")


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def run(args: argparse.Namespace, port: int, server_pid: int) -> None:
    base = f"http://127.0.0.1:{port}"
    ws_url = f"ws://127.0.0.1:{port}"
    stats = Stats()
    stop_at = time.monotonic() + args.warmup + args.seconds
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        loops = asyncio.gather(
            *(
                table_loop(http, ws_url, args.game, args.players, n, stats, stop_at, args.think)
                for n in range(args.tables)
            )
        )
        await asyncio.sleep(args.warmup)
        acks0, t0 = stats.acks, time.perf_counter()
        cpu0, client0 = cpu_seconds(server_pid), cpu_seconds(os.getpid())
        wait0 = cpu_wait_seconds(server_pid)
        stats.latencies.clear()
        await asyncio.sleep(args.seconds)
        acks1, t1 = stats.acks, time.perf_counter()
        cpu1, client1 = cpu_seconds(server_pid), cpu_seconds(os.getpid())
        wait1 = cpu_wait_seconds(server_pid)
        server_rss = rss_mb(server_pid)
        # clients stop acting at stop_at; a client waiting for its turn is cut off
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(loops, 10)
    rate = (acks1 - acks0) / (t1 - t0)
    print(
        f"tables {args.tables} x {args.players} connections, game {args.game},"
        f" {args.seconds}s, think {args.think}s"
    )
    print(f"acknowledged actions/s   {rate:,.0f}")
    print(f"ack latency p50          {percentile(stats.latencies, 0.5) * 1000:.1f} ms")
    print(f"ack latency p99          {percentile(stats.latencies, 0.99) * 1000:.1f} ms")
    print(f"messages received        {stats.messages:,}")
    print(f"matches finished         {stats.matches}")
    done = max(acks1 - acks0, 1)
    print(
        f"server CPU per action    {(cpu1 - cpu0) / done * 1000:.2f} ms"
        f"  (server busy {(cpu1 - cpu0) / (t1 - t0):.0%} of one core)"
    )
    print(f"server waited for a CPU  {(wait1 - wait0) / (t1 - t0):.0%} of the time")
    print(f"client CPU per action    {(client1 - client0) / done * 1000:.2f} ms")
    print(f"load average             {os.getloadavg()[0]:.1f} (other work on this machine)")
    print(f"errors                   {len(stats.errors)} {sorted(set(stats.errors))}")
    print(f"server RSS               {server_rss:.0f} MB")
    print(f"client RSS               {rss_mb(os.getpid()):.0f} MB")


# -- several processes, side by side ------------------------------------------------------


@dataclass
class Figures:
    rate: float
    p50: float
    p99: float
    cpu_per_action: float
    errors: int


def start_server(db: str, redis_url: str | None) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    cmd = [sys.executable, "-m", "pasture.server", "--port", str(port), "--db", db]
    cmd += ["--bot-delay", "0", "--log-level", "warning"]
    if redis_url:
        cmd += ["--redis", redis_url]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return proc, port
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline or proc.poll() is not None:
            raise SystemExit("a server did not start")
        time.sleep(0.1)


async def measure(
    ports: list[int], pids: list[int], game: str, args: argparse.Namespace, think: float
) -> Figures:
    """Tables spread over the processes; each table's clients talk to its creator."""
    stats = Stats()
    stop_at = time.monotonic() + args.warmup + args.seconds
    clients = [httpx.AsyncClient(base_url=f"http://127.0.0.1:{p}", timeout=30) for p in ports]
    try:
        loops = asyncio.gather(
            *(
                table_loop(
                    clients[n % len(ports)],
                    f"ws://127.0.0.1:{ports[n % len(ports)]}",
                    game,
                    args.players,
                    n,
                    stats,
                    stop_at,
                    think,
                )
                for n in range(args.tables)
            )
        )
        await asyncio.sleep(args.warmup)
        acks0, t0 = stats.acks, time.perf_counter()
        cpu0 = sum(cpu_seconds(pid) for pid in pids)
        stats.latencies.clear()
        errors0 = len(stats.errors)
        await asyncio.sleep(args.seconds)
        acks1, t1 = stats.acks, time.perf_counter()
        cpu1 = sum(cpu_seconds(pid) for pid in pids)
        errors = len(stats.errors) - errors0
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(loops, 10)
    finally:
        for client in clients:
            await client.aclose()
    done = max(acks1 - acks0, 1)
    return Figures(
        (acks1 - acks0) / (t1 - t0),
        percentile(stats.latencies, 0.5) * 1000,
        percentile(stats.latencies, 0.99) * 1000,
        (cpu1 - cpu0) / done * 1000,
        errors,
    )


def with_processes(
    count: int, db: str, redis_url: str, game: str, args: argparse.Namespace, think: float
) -> Figures:
    servers = [start_server(db, redis_url) for _ in range(count)]
    try:
        ports = [port for _, port in servers]
        pids = [proc.pid for proc, _ in servers]
        return asyncio.run(measure(ports, pids, game, args, think))
    finally:
        for proc, _ in servers:
            proc.send_signal(signal.SIGINT)
        for proc, _ in servers:
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()


def cluster_main(args: argparse.Namespace) -> None:
    sys.path.insert(0, str(ROOT))
    from tests.server.cluster_harness import RedisServer, fresh_database
    from tests.server.conftest import PostgresCluster

    games = [g.strip() for g in args.games.split(",") if g.strip()]
    pg, redis_server = PostgresCluster(), RedisServer()
    try:
        print(
            f"{args.tables} tables x {args.players} connections, {args.seconds:g} s per run,"
            f" bot delay 0; PostgreSQL 15 (fsync off) + Redis, throwaway; {os.cpu_count()}"
            f" cores, load average {os.getloadavg()[0]:.1f} at the start (the machine may be"
            " shared: compare the ratios, measured in this one run)"
        )
        header = (
            f"{'game':<12} {'1 process/s':>12} {'2 processes/s':>14} {'ratio':>6}"
            f" {'CPU/action 1p':>14} {'2p':>8} {'p99 1p':>8} {'p99 2p':>8} {'errors':>7}"
        )
        print(header)
        for game in (
            [] if args.skip_capacity else games
        ):  # a fresh database for each: no table left over to adopt
            one = with_processes(
                1, fresh_database(pg.url, "bench"), redis_server.url, game, args, 0
            )
            two = with_processes(
                2, fresh_database(pg.url, "bench"), redis_server.url, game, args, 0
            )
            print(
                f"{game:<12} {one.rate:>12,.0f} {two.rate:>14,.0f}"
                f" {two.rate / max(one.rate, 1e-9):>5.2f}x"
                f" {one.cpu_per_action:>11.2f} ms {two.cpu_per_action:>5.2f} ms"
                f" {one.p99:>5.0f} ms {two.p99:>5.0f} ms {one.errors + two.errors:>7}"
            )
        print(f"\nOne process, clients thinking {args.think:g} s (0.5-1.5x) before each action:")
        print(f"{'game':<12} {'offered/s':>10} {'p50':>9} {'p99':>9} {'CPU/action':>11}")
        for game in games:
            db = fresh_database(pg.url, "bench")
            fig = with_processes(1, db, redis_server.url, game, args, args.think)
            print(
                f"{game:<12} {fig.rate:>10,.0f} {fig.p50:>6.1f} ms {fig.p99:>6.1f} ms"
                f" {fig.cpu_per_action:>8.2f} ms"
            )
        print(f"load average {os.getloadavg()[0]:.1f} at the end")
    finally:
        redis_server.destroy()
        pg.destroy()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--game", default="swipsheep")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="seconds a client waits before acting (0: as fast as possible, which"
        " saturates the server and measures its capacity; >0: latency at a given load)",
    )
    parser.add_argument("--warmup", type=float, default=3)
    parser.add_argument("--db", default=None, help="database URL (default: a temporary SQLite)")
    parser.add_argument("--profile", default=None, help="run the server under py-spy, SVG here")
    parser.add_argument(
        "--cluster",
        action="store_true",
        help="1 vs 2 processes on PostgreSQL + Redis, side by side, then latency at --think",
    )
    parser.add_argument("--games", default="swipsheep,wilson_shep", help="with --cluster")
    parser.add_argument(
        "--skip-capacity", action="store_true", help="with --cluster: only the latency runs"
    )
    args = parser.parse_args()
    if not 1 <= args.tables <= MAX_TABLES:
        parser.error(f"--tables must be 1 to {MAX_TABLES}")
    args.seconds = min(args.seconds, 300)
    if args.cluster:
        if args.think == 0:
            args.think = 0.1
        cluster_main(args)
        return
    tmp = tempfile.TemporaryDirectory(prefix="pasture-bench-")
    db = args.db or f"sqlite:///{tmp.name}/bench.sqlite"
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    cmd = [
        sys.executable,
        "-m",
        "pasture.server",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--db",
        db,
        "--bot-delay",
        "0",
        "--log-level",
        "warning",
        *("--create-rate", "1000", "--write-rate", "1000", "--socket-rate", "1000"),
    ]
    if args.profile:
        cmd = ["py-spy", "record", "--threads", "-f", "raw", "-o", args.profile, "--", *cmd]
    server = subprocess.Popen(cmd, env=env)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline or server.poll() is not None:
                raise SystemExit("the server did not start")
            time.sleep(0.1)
        pid = server.pid
        if args.profile:  # the server is py-spy's child
            pid = int(subprocess.check_output(["pgrep", "-P", str(server.pid)]).split()[0])
        asyncio.run(run(args, port, pid))
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()
        tmp.cleanup()


if __name__ == "__main__":
    main()
