"""What reading a play message costs `pasture serve`: pings over many websockets.

    python bench/bench_receive.py [--sockets 200] [--seconds 5] [--tries 3]
                                  [--server-src OLD/src ...]

A ping (`{"type": "ping"}`) is read, bounded and answered (`pong`) like any play
message, but changes no table, writes nothing to the database and builds no view: the
server's CPU per ping is the cost of the receive path (the websocket frame, the
message's checks, the socket's reader) plus one small frame sent. Starts a server on a
free port (pinned to a core of its own, the client to the others; SQLite in a
temporary file), opens one table watched by `--sockets` spectators (each says its hello
and waits for its view), then every socket sends a ping, waits for its pong and sends
the next, for `--seconds`. Prints, per server, the event loop's CPU per ping and pings
a second, the least of `--tries` runs, servers taken in turn (each `--server-src` a
source tree, e.g. an older checkout's src, to compare in one sitting).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_server import SERVER_SRC, layout, start_server, stop_servers, thread_cpu  # noqa: E402
from load_client import HANDSHAKE, client_frame  # noqa: E402

PING = client_frame(b'{"type": "ping"}')


class Pinger(asyncio.Protocol):
    """One spectator: after its view, a ping at a time, each after the last pong."""

    def __init__(self, table: str, port: int, stop_at: float, done: asyncio.Future[int]) -> None:
        self.table = table
        self.port = port
        self.stop_at = stop_at
        self.done = done
        self.transport: asyncio.Transport | None = None
        self.buffer = b""
        self.open = False
        self.started = False
        self.pongs = 0

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        transport.write(HANDSHAKE.format(table=self.table, port=self.port).encode())

    def data_received(self, data: bytes) -> None:
        buffer = self.buffer + data
        if not self.open:
            head, sep, buffer = buffer.partition(b"\r\n\r\n")
            if not sep:
                self.buffer = head
                return
            self.open = True
            assert self.transport is not None
            self.transport.write(client_frame(b'{"type": "hello"}'))
        while len(buffer) >= 2:  # server frames here are short: 7-bit or 16-bit lengths
            n, start = buffer[1] & 0x7F, 2
            if n == 126:
                if len(buffer) < 4:
                    break
                n, start = int.from_bytes(buffer[2:4]), 4
            if len(buffer) < start + n:
                break
            self.on_message(buffer[start : start + n])
            buffer = buffer[start + n :]
        self.buffer = buffer

    def on_message(self, payload: bytes) -> None:
        is_pong = payload.startswith(b'{"type":"pong"')
        if is_pong:
            self.pongs += 1
        elif not payload.startswith(b'{"type":"view"') or self.started:
            return
        self.started = True
        assert self.transport is not None
        if time.monotonic() < self.stop_at:
            self.transport.write(PING)
        elif not self.done.done():
            self.done.set_result(self.pongs)
            self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.done.done():
            self.done.set_result(self.pongs)


async def pings(
    port: int, table: str, sockets: int, seconds: float, pid: int
) -> tuple[float, float]:
    """(event loop CPU µs per ping, pings a second) over `seconds` of pinging."""
    loop = asyncio.get_running_loop()
    stop_at = time.monotonic() + 3600.0
    pingers: list[Pinger] = []
    for _ in range(sockets):
        pinger = Pinger(table, port, stop_at, loop.create_future())
        await loop.create_connection(lambda p=pinger: p, "127.0.0.1", port)  # type: ignore[misc]
        pingers.append(pinger)
    await asyncio.sleep(1.0)  # every hello answered, pinging under way
    before = sum(p.pongs for p in pingers)
    cpu0 = thread_cpu(pid)["event loop"]
    t0 = time.monotonic()
    await asyncio.sleep(seconds)
    cpu1 = thread_cpu(pid)["event loop"]
    elapsed = time.monotonic() - t0
    count = sum(p.pongs for p in pingers) - before
    for p in pingers:
        p.stop_at = 0.0
    await asyncio.wait([p.done for p in pingers], timeout=10)
    return (cpu1 - cpu0) / max(count, 1) * 1e6, count / elapsed


def one_run(src: str, args: argparse.Namespace, folder: str, n: int) -> tuple[float, float]:
    SERVER_SRC[0] = Path(src)
    place = layout(1, args.pin)
    proc, port = start_server(f"sqlite:///{folder}/receive-{n}.sqlite", None, place.servers[0])
    try:
        if place.clients:
            os.sched_setaffinity(0, place.clients)
        http = httpx.Client(base_url=f"http://127.0.0.1:{port}")
        table = http.post("/api/tables", json={"game": "wilson_shep", "players": 4}).json()["id"]
        return asyncio.run(pings(port, table, args.sockets, args.seconds, proc.pid))
    finally:
        stop_servers([(proc, port)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sockets", type=int, default=200, help="spectators pinging at once")
    parser.add_argument("--seconds", type=float, default=5.0, help="measured time of a run")
    parser.add_argument("--tries", type=int, default=3, help="runs per server (the least)")
    parser.add_argument(
        "--server-src",
        action="append",
        default=[],
        help="a source tree to run the server from (repeat to compare; default: this one)",
    )
    parser.add_argument("--no-pin", dest="pin", action="store_false", help="no CPU pinning")
    args = parser.parse_args()
    sources = args.server_src or [str(SERVER_SRC[0])]
    print(
        f"{args.sockets} spectators pinging, {args.seconds:g} s a run, the least of"
        f" {args.tries}; load average {os.getloadavg()[0]:.2f} ({os.cpu_count()} cores)"
    )
    results: dict[str, list[tuple[float, float]]] = {src: [] for src in sources}
    with tempfile.TemporaryDirectory(prefix="pasture-receive-") as folder:
        for n in range(args.tries):  # servers in turn, so the machine's load hits each
            for src in sources:
                results[src].append(
                    one_run(src, args, folder, n * len(sources) + len(results[src]))
                )
    for src, runs in results.items():
        best = min(runs)
        print(f"{src}: {best[0]:.1f} µs of event loop CPU per ping ({best[1]:,.0f} pings/s)")


if __name__ == "__main__":
    main()
