"""Load benchmark of `pasture serve`: many tables of random players over real websockets.

    python bench/bench_server.py [--tables 100] [--players 4] [--game swipsheep]
                                 [--seconds 20] [--rate N] [--db sqlite:///tmp/x.sqlite]
    python bench/bench_server.py --cluster [--games swipsheep,wilson_shep] [--seconds 10]
    python bench/bench_server.py --view-costs
    python bench/bench_server.py --path-costs [--tables 1] [--synchronous NORMAL]
    python bench/bench_server.py --setup-costs [--game baaaaa] [--profile FILE]

With --cluster it starts a throwaway Redis and PostgreSQL 15 and prints, side by side in
one run, for each game: 1 server process against 2 (`pasture serve --redis`; each
table's clients connect to the process that created it, as a reverse proxy routing by
table would), then the ack latency of one process at --rate actions a second offered.

Starts a server on a free loopback port (SQLite in a temporary file unless --db is
given; bots' delay 0), opens the tables, and has one websocket client per seat play
random legal actions; a finished match is replaced by a new table. The clients run in a
process of their own per server (bench/load_client.py: a lean websocket client, one
frame per change), so their CPU is counted apart. One server is pinned to a core of its
own, the clients (and PostgreSQL, Redis) to the others; two servers get a core each
(--no-pin: none). It stops by itself after --seconds and prints actions sent and
acknowledged per second, the latency from sending an action to its ack (p50, p99),
errors, and the CPU per acknowledged action of the server (by thread, and of it the
time in the kernel: system calls such as sends and fsync; with and without what setting
its tables up cost, measured apart) and of the clients, with the load average (the
machine may be shared). Only loopback addresses are used; the number of tables is
capped. --setup-costs prints the time a server takes to start, then the server CPU per
table of each step of setting tables up (open, seats, websocket handshakes, hellos),
each step alone, and so what one create, join, handshake and hello cost. --loop-lag
loads a probe into the server (bench/loop_lag/) and prints what its event loop's stalls
were made of and the garbage collector's passes. --view-costs
prints what building, encoding and a delta of a view cost per game, and what a change's
messages to four seats cost the table (no server). --path-costs prints the CPU of the
play path without websockets per game (the event loop's, the database thread's, and the
latter's per commit; with --tables 1 every action is a commit of its own). These two
are bench/play_path_costs.py's.
--synchronous NORMAL runs on a temporary SQLite that does not fsync each commit.

`seat_client` and `table_loop` below are a plain client on the `websockets` library,
one message per frame (bench/bench_bot_load.py uses them).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import multiprocessing
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load_client import SET_UP_STEPS, Load, SetUp, run_client  # noqa: E402
from pasture.core import registry  # noqa: E402
from pasture.server.protocol import dumps, loads  # noqa: E402
from pasture.store.database import SYNC_LEVELS  # noqa: E402
from play_path_costs import path_costs, view_costs  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
MAX_TABLES = 500
"""--path-costs sets up a table per this many actions: fewer than any game's matches have
on average (Baaaaa! and Swip'Sheep about 22), so tables do not run out."""


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


def thread_cpu(pid: int, kernel: bool = False) -> dict[str, float]:
    """CPU seconds per thread name of a process (the event loop is MainThread); with
    `kernel`, only the time spent in the kernel (system calls: sends, fsync)."""
    out: dict[str, float] = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):
            name = (task / "comm").read_text().strip()
            # the event loop; the others: the database writer, the bot pool's feeders
            name = "event loop" if task.name == str(pid) else f"other threads ({name})"
            out[name] = out.get(name, 0.0) + cpu_seconds_of(task / "stat", kernel)
    return out


def cpu_seconds_of(stat: Path, kernel: bool = False) -> float:
    """User + system CPU seconds in a /proc stat file (only system with `kernel`)."""
    fields = stat.read_text().rsplit(")", 1)[1].split()
    user = 0 if kernel else int(fields[11])
    return (user + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children_cpu(pids: list[int]) -> float:
    """CPU seconds of these processes and their children (PostgreSQL's backends)."""
    wanted = set(pids)
    total = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            if int(entry.name) in wanted or int(fields[1]) in wanted:
                total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


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


def load_line() -> str:
    """What `uptime` says: the machine is shared, so every figure comes with it."""
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f} ({os.cpu_count()} cores)"


@dataclass
class Figures:
    """One run: tables on one or more server processes, one client process per server."""

    rate: float
    """Acknowledged actions a second."""
    offered: float
    """Actions a second the clients sent."""
    p50: float
    p99: float
    server_cpu: float
    """Server CPU ms per acknowledged action (every thread of every server process)."""
    client_cpu: float
    """Client CPU ms per acknowledged action (every client process)."""
    other_cpu: float
    """CPU ms per acknowledged action of the other services (PostgreSQL, Redis)."""
    errors: list[str]
    frames: int
    matches: int
    threads: dict[str, float]
    """Server CPU ms per acknowledged action by thread name."""
    threads_kernel: dict[str, float]
    """Of it, the time in the kernel (system calls)."""
    waited: float
    """Share of the time the server's event loop was ready but waited for a CPU."""
    window: tuple[float, float] = (0.0, 0.0)
    """The measured window (CLOCK_MONOTONIC)."""


def measure(
    ports: list[int],
    pids: list[int],
    game: str,
    args: argparse.Namespace,
    think: float,
    services: list[int] = [],  # noqa: B006 (never mutated)
    profile: str | None = None,
    rate: float = 0.0,
    client_cpus: tuple[int, ...] = (),
) -> Figures:
    """Tables spread over the processes, each table's clients on its creator (as a
    reverse proxy routing by table would), one client process per server. `rate`: the
    actions a second offered in all (0: as fast as the clients go, after `think`)."""
    start = time.monotonic() + 1.0  # the client processes start meanwhile
    t0 = start + args.warmup
    t1 = t0 + args.seconds
    share = [args.tables // len(ports) + (i < args.tables % len(ports)) for i in range(len(ports))]
    loads = [
        Load(
            port,
            game,
            args.players,
            share[i],
            sum(share[:i]),
            think,
            t0,
            t1,
            rate / len(ports),
            client_cpus,
        )
        for i, port in enumerate(ports)
    ]
    with ProcessPoolExecutor(len(ports), mp_context=multiprocessing.get_context("spawn")) as pool:
        futures = [pool.submit(run_client, load) for load in loads]
        time.sleep(max(t0 - time.monotonic(), 0))
        spy = None
        if profile:  # the measured window only, every thread, raw (collapsed) stacks
            spy = subprocess.Popen(
                ["py-spy", "record", "-p", str(pids[0]), "-r", "250", "--threads", "-f", "raw"]
                + ["-d", f"{args.seconds:.0f}", "-o", profile],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        cpu0 = sum(cpu_seconds(pid) for pid in pids)
        threads0 = thread_cpu(pids[0])
        kernel0 = thread_cpu(pids[0], kernel=True)
        wait0 = cpu_wait_seconds(pids[0])
        other0 = children_cpu(services)
        time.sleep(max(t1 - time.monotonic(), 0))
        elapsed = time.monotonic() - t0
        cpu1 = sum(cpu_seconds(pid) for pid in pids)
        threads1 = thread_cpu(pids[0])
        kernel1 = thread_cpu(pids[0], kernel=True)
        wait1 = cpu_wait_seconds(pids[0])
        other1 = children_cpu(services)
        reports = [f.result() for f in futures]
    if spy is not None:
        spy.wait(60)
    acks = sum(r.acks for r in reports)
    done = max(acks, 1)
    latencies = [x for r in reports for x in r.latencies]
    return Figures(
        rate=acks / elapsed,
        offered=sum(r.sent for r in reports) / elapsed,
        p50=percentile(latencies, 0.5) * 1000,
        p99=percentile(latencies, 0.99) * 1000,
        server_cpu=(cpu1 - cpu0) / done * 1000,
        client_cpu=sum(r.cpu for r in reports) / done * 1000,
        other_cpu=(other1 - other0) / done * 1000,
        errors=[e for r in reports for e in r.errors],
        frames=sum(r.frames for r in reports),
        matches=sum(r.matches for r in reports),
        threads={
            name: (cpu - threads0.get(name, 0.0)) / done * 1000 for name, cpu in threads1.items()
        },
        threads_kernel={
            name: (cpu - kernel0.get(name, 0.0)) / done * 1000 for name, cpu in kernel1.items()
        },
        waited=(wait1 - wait0) / elapsed,
        window=(t0, t1),
    )


@dataclass(frozen=True)
class SetUpCost:
    """Server CPU ms per table set up this far (load_client.py `SetUp`), by thread."""

    step: SetUp
    tables: int
    per_table: float
    event_loop: float
    """Of it, the event loop's thread."""


def setup_cost(
    port: int,
    pid: int,
    game: str,
    args: argparse.Namespace,
    cpus: tuple[int, ...],
    step: SetUp = "sockets",
    seconds: float | None = None,
    profile: str | None = None,
) -> SetUpCost:
    """Server CPU ms per table set up (by default opened, every seat taken and connected,
    its first frame received) and closed, with no action: what each match costs besides
    its actions. Only tables set up within the measured window count."""
    seconds = max(args.seconds / 2, 2) if seconds is None else seconds
    t0 = time.monotonic() + 1.0 + args.warmup / 2
    t1 = t0 + seconds
    load = Load(port, game, args.players, args.tables, 0, 0.0, t0, t1, cpus=cpus, setup=step)
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        future = pool.submit(run_client, load)
        time.sleep(max(t0 - time.monotonic(), 0))
        spy = None
        if profile:
            spy = subprocess.Popen(
                ["py-spy", "record", "-p", str(pid), "-r", "250", "--threads", "-f", "raw"]
                + ["-d", f"{seconds:.0f}", "-o", profile],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        cpu0, threads0 = cpu_seconds(pid), thread_cpu(pid)
        time.sleep(max(t1 - time.monotonic(), 0))
        cpu1, threads1 = cpu_seconds(pid), thread_cpu(pid)
        report = future.result()
    if spy is not None:
        spy.wait(60)
    if report.errors:
        raise SystemExit(f"setting tables up failed: {sorted(set(report.errors))}")
    tables = max(report.matches, 1)
    loop = threads1["event loop"] - threads0.get("event loop", 0.0)
    return SetUpCost(step, report.matches, (cpu1 - cpu0) / tables * 1000, loop / tables * 1000)


def setup_costs(args: argparse.Namespace) -> None:
    """--setup-costs: what each step of setting a table up costs a server, each step
    run alone for a few seconds by the load client on a server of its own, and the
    differences between steps: one create, one join, one websocket handshake, one hello
    answered; and how long each of those servers took to start."""
    print(f"At the start: {load_line()}")
    place = layout(1, args.pin)
    costs = []
    starts: list[tuple[float, float]] = []
    with tempfile.TemporaryDirectory(prefix="pasture-bench-") as folder:
        for step in SET_UP_STEPS:  # a fresh server each: no tables left from the last step
            started = time.monotonic()
            db = f"sqlite:///{folder}/{step}.sqlite?synchronous={args.synchronous}"
            proc, port = start_server(db, None, place.servers[0])
            starts.append((time.monotonic() - started, cpu_seconds(proc.pid)))
            profile = f"{args.profile}.{step}" if args.profile else None
            try:
                costs.append(
                    setup_cost(port, proc.pid, args.game, args, place.clients, step, 3, profile)
                )
            finally:
                stop_servers([(proc, port)])
    print(
        "server start (SQLite, no table), until it answers: "
        + ", ".join(f"{wall:.2f} s ({cpu:.2f} s of CPU)" for wall, cpu in starts)
    )
    n = args.players
    what = {
        "open": ("open the table", "a create", 1),
        "seats": (f"+ take its {n} seats", "a join", n),
        "handshakes": (f"+ {n} websocket handshakes", "a handshake", n),
        "sockets": (f"+ {n} hellos answered", "a hello, welcome + view", n),
    }
    print(
        f"Setting a {args.game} table up, {args.tables} table loops at once, server pinned"
        if place.clients
        else f"Setting a {args.game} table up, {args.tables} table loops at once"
    )
    print(f"{'step':<28} {'tables':>7} {'ms/table':>9} {'loop':>7}   {'each':>8}")
    before = SetUpCost("open", 0, 0.0, 0.0)
    for cost in costs:
        label, each, count = what[cost.step]
        print(
            f"{label:<28} {cost.tables:>7} {cost.per_table:>9.3f} {cost.event_loop:>7.3f}"
            f"   {(cost.per_table - before.per_table) / count:>8.3f} ms  {each}"
        )
        before = cost
    print(f"At the end: {load_line()}")


def print_single(args: argparse.Namespace, fig: Figures, per_table: float | None) -> None:
    print(
        f"tables {args.tables} x {args.players} connections, game {args.game},"
        f" {args.seconds:g}s, think {args.think:g}s"
        + (f", {args.rate:g} actions/s offered" if args.rate else "")
        + (", server pinned to a core of its own" if layout(1, args.pin).clients else "")
    )
    print(f"actions sent/s           {fig.offered:,.0f}")
    print(f"acknowledged actions/s   {fig.rate:,.0f}")
    print(f"ack latency p50          {fig.p50:.1f} ms")
    print(f"ack latency p99          {fig.p99:.1f} ms")
    print(f"frames received          {fig.frames:,}")
    print(f"matches finished         {fig.matches}")
    busy = fig.server_cpu * fig.rate / 1000
    print(f"server CPU per action    {fig.server_cpu:.3f} ms  (busy {busy:.0%} of one core)")
    for name, ms in sorted(fig.threads.items(), key=lambda kv: -kv[1]):
        if ms >= 0.001:
            kernel = fig.threads_kernel.get(name, 0.0)
            print(f"  {name:<22} {ms:.3f} ms  (in the kernel {kernel:.3f} ms)")
    if per_table is not None and fig.matches:
        actions = fig.rate * args.seconds / fig.matches
        share = per_table / actions
        print(
            f"  of which table set-up  {share:.3f} ms  ({per_table:.2f} ms per table: open,"
            f" {args.players} seats, {args.players} connections; {actions:.0f} actions a match)"
        )
        print(f"  actions alone          {fig.server_cpu - share:.3f} ms")
    print(f"server waited for a CPU  {fig.waited:.0%} of the time")
    print(f"client CPU per action    {fig.client_cpu:.3f} ms  (one client process)")
    print(f"errors                   {len(fig.errors)} {sorted(set(fig.errors))}")


def print_loop_lag(path: Path, window: tuple[float, float]) -> None:
    """--loop-lag: within the measured window, how late the loop's 5 ms tick ran, what
    the stalls over 20 ms were made of, how long actions took in the server and of it
    the database, and the garbage collector's passes with the unreachable objects they
    freed."""
    lags: list[float] = []
    stalls = ran = waited = 0.0
    count = 0
    passes: dict[int, list[float]] = {}
    freed: dict[int, int] = {}
    timed: dict[str, list[float]] = {"act": [], "db": []}
    for line in path.read_text().splitlines():
        record = loads(line)
        if not window[0] <= record["t"] < window[1]:
            continue
        if "lags" in record:
            lags += record["lags"]
        elif "act" in record or "db" in record:
            for kind, durations in timed.items():
                durations += record.get(kind, [])
        elif "stall" in record:
            count += 1
            stalls += record["stall"]
            ran += min(record["ran"], record["stall"])
            waited += min(record["waited"], record["stall"])
        elif "gc" in record:
            passes.setdefault(record["gc"], []).append(record["cpu"])
            freed[record["gc"]] = freed.get(record["gc"], 0) + record["collected"]
    if lags:
        print(
            f"loop tick late            p50 {percentile(lags, 0.5) * 1000:.1f} ms,"
            f" p99 {percentile(lags, 0.99) * 1000:.1f} ms, p99.9"
            f" {percentile(lags, 0.999) * 1000:.1f} ms, most {max(lags) * 1000:.0f} ms"
        )
    if count:
        slept = max(stalls - ran - waited, 0.0)
        print(
            f"  {count} stalls over 20 ms, {stalls * 1000:.0f} ms: the loop's thread ran"
            f" {ran / stalls:.0%}, waited for a CPU {waited / stalls:.0%}, slept (the GIL)"
            f" {slept / stalls:.0%}"
        )
    for kind, what in (("act", "an action to its ack"), ("db", "a database round trip")):
        if timed[kind]:
            print(
                f"in the server, {what:<22} p50 {percentile(timed[kind], 0.5) * 1000:.1f} ms,"
                f" p99 {percentile(timed[kind], 0.99) * 1000:.1f} ms"
            )
    for generation, cpus in sorted(passes.items()):
        print(
            f"  collector, generation {generation}: {len(cpus)} passes,"
            f" {sum(cpus) * 1000:.0f} ms of CPU, the longest {max(cpus) * 1000:.1f} ms,"
            f" {freed[generation]:,} objects freed (unreachable cycles)"
        )


# -- several processes, side by side ------------------------------------------------------


SERVER_SRC = [ROOT / "src"]
"""The sources the servers run (--server-src)."""
NULL_SERVER: list[int | None] = [None]
"""--null-server: the actions in a match of bench/null_server.py, run instead."""
LOOP_LAG: list[Path | None] = [None]
"""--loop-lag: the file the servers' loop-lag probe writes to (bench/loop_lag/)."""


def start_server(
    db: str, redis_url: str | None, cpus: tuple[int, ...] = ()
) -> tuple[subprocess.Popen[bytes], int]:
    """A server process; with `cpus`, it and every thread and process it starts run only
    there (its own core, so that the clients and services do not starve it)."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(SERVER_SRC[0])}
    if LOOP_LAG[0] is not None:  # the probe loads itself into the server's process
        env["PYTHONPATH"] += os.pathsep + str(ROOT / "bench" / "loop_lag")
        env["PASTURE_LOOP_LAG"] = str(LOOP_LAG[0])
    cmd = [sys.executable, "-m", "pasture.server", "--port", str(port), "--db", db]
    cmd += ["--bot-delay", "0", "--log-level", "warning"]
    cmd += ["--create-rate", "100000", "--write-rate", "100000", "--socket-rate", "1000"]
    if NULL_SERVER[0] is not None:
        cmd = [sys.executable, str(ROOT / "bench" / "null_server.py"), "--port", str(port)]
        cmd += ["--actions", str(NULL_SERVER[0])]
    if redis_url:
        cmd += ["--redis", redis_url]
    pin = (lambda: os.sched_setaffinity(0, cpus)) if cpus else None
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, preexec_fn=pin)
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return proc, port
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline or proc.poll() is not None:
            raise SystemExit("a server did not start")
        time.sleep(0.02)


def stop_servers(servers: list[tuple[subprocess.Popen[bytes], int]]) -> None:
    for proc, _ in servers:
        proc.send_signal(signal.SIGINT)
    for proc, _ in servers:
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()


@dataclass(frozen=True)
class Layout:
    """Which CPUs each server process, the client processes and the services run on."""

    servers: list[tuple[int, ...]]
    clients: tuple[int, ...]
    services: tuple[int, ...]


def layout(processes: int, pin: bool) -> Layout:
    """One process: the server has a core of its own, the clients and the services share
    the others (so neither starves it and its capacity is what is measured). Several:
    one server per core, and the clients and services go where the kernel puts them:
    on a machine with no spare core, they take their CPU from the servers."""
    cores = tuple(sorted(os.sched_getaffinity(0)))
    if not pin or len(cores) < 2:
        return Layout([()] * processes, (), ())
    if processes == 1:
        return Layout([cores[:1]], cores[1:], cores[1:])
    return Layout([(cores[i % len(cores)],) for i in range(processes)], (), cores)


def pin_tree(pids: list[int], cpus: tuple[int, ...]) -> None:
    """Every thread of these processes and of their children runs on `cpus` (new
    PostgreSQL backends inherit it from the postmaster)."""
    wanted = set(pids)
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            if int(entry.name) in wanted or parent in wanted:
                for task in (entry / "task").iterdir():
                    os.sched_setaffinity(int(task.name), cpus)


def with_processes(
    count: int,
    db: str,
    redis_url: str,
    game: str,
    args: argparse.Namespace,
    services: list[int],
    rate: float = 0.0,
    profile: str | None = None,
) -> Figures:
    place = layout(count, args.pin)
    if place.services:
        pin_tree(services, place.services)
    servers = [start_server(db, redis_url, place.servers[i]) for i in range(count)]
    try:
        ports = [port for _, port in servers]
        pids = [proc.pid for proc, _ in servers]
        return measure(
            ports,
            pids,
            game,
            args,
            0.0,
            services,
            profile=profile,
            rate=rate,
            client_cpus=place.clients,
        )
    finally:
        stop_servers(servers)


def cluster_main(args: argparse.Namespace) -> None:
    sys.path.insert(0, str(ROOT))
    from tests.server.cluster_harness import RedisServer, fresh_database
    from tests.server.conftest import PostgresCluster

    games = [g.strip() for g in args.games.split(",") if g.strip()]
    pg, redis_server = PostgresCluster(), RedisServer()
    postmaster = int((pg.data / "db" / "postmaster.pid").read_text().split()[0])
    assert redis_server.proc is not None
    services = [postmaster, redis_server.proc.pid]
    cores = len(os.sched_getaffinity(0))
    try:
        print(
            f"{args.tables} tables x {args.players} connections, {args.seconds:g} s per run,"
            f" bot delay 0; PostgreSQL 15 (fsync off) + Redis, throwaway; one client process"
            f" per server. At the start: {load_line()}. The machine may be shared: compare"
            " the ratios and the CPU per action, measured in this one run."
        )
        if args.pin:
            print(
                "1 process: the server pinned to CPU 0, the clients, PostgreSQL and Redis to"
                " the others; 2 processes: one server per CPU, the rest unpinned."
            )
        print(
            "CPU/action: ms of CPU per acknowledged action, of the servers (srv), the"
            " clients (cli) and PostgreSQL + Redis (db). bound: the most 2 processes can"
            f" reach on {cores} cores when clients and services share them,"
            f" {cores} x 1000 / (srv 2p + cli + db) actions/s, over the 1-process rate."
        )
        header = (
            f"{'game':<12} {'1 process/s':>12} {'2 processes/s':>14} {'ratio':>6} {'bound':>6}"
            f" {'srv 1p':>7} {'srv 2p':>7} {'cli':>6} {'db':>6}"
            f" {'p99 1p':>8} {'p99 2p':>8} {'errors':>7}"
        )
        if not args.skip_capacity:
            print(header)
        for game in [] if args.skip_capacity else games:
            # a fresh database for each: no table left over to adopt
            db_url = fresh_database(pg.url, "bench")
            profile = f"{args.profile}.{game}" if args.profile else None
            one = with_processes(1, db_url, redis_server.url, game, args, services, 0, profile)
            two = with_processes(
                2, fresh_database(pg.url, "bench"), redis_server.url, game, args, services
            )
            cli = (one.client_cpu + two.client_cpu) / 2
            db = (one.other_cpu + two.other_cpu) / 2
            bound = cores * 1000 / (two.server_cpu + cli + db) / max(one.rate, 1e-9)
            print(
                f"{game:<12} {one.rate:>12,.0f} {two.rate:>14,.0f}"
                f" {two.rate / max(one.rate, 1e-9):>5.2f}x {bound:>5.2f}x"
                f" {one.server_cpu:>7.3f} {two.server_cpu:>7.3f} {cli:>6.3f} {db:>6.3f}"
                f" {one.p99:>5.0f} ms {two.p99:>5.0f} ms {len(one.errors) + len(two.errors):>7}"
                f"   ({load_line()})"
            )
        print(f"\nOne process, {args.rate:g} actions/s offered (seats in line, paced):")
        print(
            f"{'game':<12} {'offered/s':>10} {'acked/s':>8} {'p50':>9} {'p99':>9} {'srv':>7}"
            f" {'cli':>6} {'errors':>7}"
        )
        for game in games:
            db_url = fresh_database(pg.url, "bench")
            fig = with_processes(1, db_url, redis_server.url, game, args, services, args.rate)
            print(
                f"{game:<12} {fig.offered:>10,.0f} {fig.rate:>8,.0f} {fig.p50:>6.1f} ms"
                f" {fig.p99:>6.1f} ms {fig.server_cpu:>7.3f} {fig.client_cpu:>6.3f}"
                f" {len(fig.errors):>7}   ({load_line()})"
            )
        print(f"At the end: {load_line()}")
    finally:
        redis_server.destroy()
        pg.destroy()


# -- what a view costs, and what a delta would ------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--game", default="swipsheep", choices=registry.names())
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="seconds a client waits before acting (0: as fast as possible, which"
        " saturates the server and measures its capacity; >0: latency at a given load)",
    )
    parser.add_argument(
        "--rate",
        type=float,
        default=None,
        help="actions a second offered in all: seats whose turn it is wait in line and are"
        " let go at this rate (the latency at a set load; default: none, or 1000 for the"
        " latency runs of --cluster)",
    )
    parser.add_argument(
        "--no-pin",
        dest="pin",
        action="store_false",
        help="do not pin processes to CPUs (by default one server has a core of its own;"
        " two servers one core each)",
    )
    parser.add_argument("--warmup", type=float, default=3)
    parser.add_argument("--db", default=None, help="database URL (default: a temporary SQLite)")
    parser.add_argument(
        "--synchronous",
        choices=SYNC_LEVELS,
        default="FULL",
        help="the temporary SQLite's `synchronous` level (FULL, the server's default: every"
        " commit is fsynced; NORMAL: durable across a killed process, not a power cut)",
    )
    parser.add_argument(
        "--profile",
        default=None,
        help="profile the server with py-spy over the measured window (250 samples a"
        " second, every thread); its raw (collapsed) stacks are written to this file (with"
        " --cluster: the 1-process runs, to this name + '.<game>')",
    )
    parser.add_argument(
        "--cluster",
        action="store_true",
        help="1 vs 2 processes on PostgreSQL + Redis, side by side, then the latency of one"
        " process at --rate",
    )
    parser.add_argument("--games", default="swipsheep,wilson_shep", help="with --cluster")
    parser.add_argument(
        "--skip-capacity", action="store_true", help="with --cluster: only the latency runs"
    )
    parser.add_argument(
        "--server-src",
        type=Path,
        default=ROOT / "src",
        help="the sources the server runs (e.g. an older checkout's src, for figures before"
        " and after a change measured with the same clients at the same time)",
    )
    parser.add_argument(
        "--null-server",
        type=int,
        metavar="ACTIONS",
        help="run bench/null_server.py instead, matches of ACTIONS actions: the same web"
        " stack and traffic with no game, no database (what the stack alone costs)",
    )
    parser.add_argument(
        "--path-costs",
        action="store_true",
        help="only print, per game, the CPU per action of the play path without websockets"
        " (TableManager.act on SQLite, --tables at a time: with 1, a commit per action): the"
        " event loop's thread and the database thread, and the database thread's CPU per commit",
    )
    parser.add_argument(
        "--loop-lag",
        action="store_true",
        help="load a probe into the server (bench/loop_lag/) and print how late its event"
        " loop's 5 ms tick ran in the measured window, what its stalls over 20 ms were made"
        " of (the loop's thread running, waiting for a CPU, or sleeping on the GIL) and the"
        " garbage collector's passes (and the unreachable objects they freed)",
    )
    parser.add_argument(
        "--setup-costs",
        action="store_true",
        help="only print a server's start time, then the server CPU of setting a table up"
        " step by step (open it, take its seats, websocket handshakes, hellos answered) and"
        " of each request; with --profile, a py-spy profile of each step (FILE.<step>)",
    )
    parser.add_argument(
        "--view-costs",
        action="store_true",
        help="only print what building, encoding and a delta of a view cost, per game, and"
        " what a change's messages to four seats cost",
    )
    args = parser.parse_args()
    unknown = [g for g in args.games.split(",") if g not in registry.names()]
    if unknown:
        parser.error(
            f"--games: no game {', '.join(unknown)}; pasture has {', '.join(registry.names())}"
        )
    if not 1 <= args.tables <= MAX_TABLES:
        parser.error(f"--tables must be 1 to {MAX_TABLES}")
    if args.view_costs:
        view_costs(args.players)
        return
    if args.path_costs:
        path_costs(args.players, args.tables, args.synchronous)
        return
    SERVER_SRC[0] = args.server_src
    NULL_SERVER[0] = args.null_server
    lag_folder = tempfile.TemporaryDirectory(prefix="pasture-lag-") if args.loop_lag else None
    if lag_folder is not None:
        LOOP_LAG[0] = Path(lag_folder.name) / "loop-lag.jsonl"
    args.seconds = min(args.seconds, 300)
    if args.setup_costs:
        setup_costs(args)
        return
    if args.cluster:
        args.rate = 1000.0 if args.rate is None else args.rate
        cluster_main(args)
        return
    print(f"At the start: {load_line()}")
    tmp = tempfile.TemporaryDirectory(prefix="pasture-bench-")
    db = args.db or f"sqlite:///{tmp.name}/bench.sqlite?synchronous={args.synchronous}"
    place = layout(1, args.pin)
    servers = [start_server(db, None, place.servers[0])]
    try:
        proc, port = servers[0]
        fig = measure(
            [port],
            [proc.pid],
            args.game,
            args,
            args.think,
            profile=args.profile,
            rate=args.rate or 0.0,
            client_cpus=place.clients,
        )
        per_table = setup_cost(port, proc.pid, args.game, args, place.clients).per_table
        print_single(args, fig, per_table)
        if LOOP_LAG[0] is not None:
            print_loop_lag(LOOP_LAG[0], fig.window)
    finally:
        stop_servers(servers)
        tmp.cleanup()
    print(f"At the end: {load_line()}")


if __name__ == "__main__":
    main()
