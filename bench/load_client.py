"""The load client of bench/bench_server.py: cheap per action, so that on a machine of a
few cores it leaves them to the servers it measures.

It speaks the play protocol with `batch` (one frame per change) over a minimal websocket
client (asyncio protocol callbacks, no task per message; its frames are masked with a
zero key, which the protocol allows and which leaves the payload as it is), and opens
tables and seats over one keep-alive HTTP/1.1 connection per table loop. Each table's
seats play random legal actions; a finished match is replaced by a new table. Runs in a
process of its own (`run_client`), one per server, and reports what it measured in a
window given as CLOCK_MONOTONIC times, which every process of the machine shares.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import struct
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Literal

import orjson

SetUp = Literal["open", "seats", "handshakes", "sockets"]
"""How far a table is set up with `Load.setup` (each step includes those before it): opened
(POST /api/tables); every seat taken (a POST per seat); a websocket per seat, closed once
its handshake is answered (no hello); or a websocket per seat that says hello and gets its
first frame (welcome, view)."""
SET_UP_STEPS: tuple[SetUp, ...] = ("open", "seats", "handshakes", "sockets")

HANDSHAKE = (
    "GET /ws/tables/{table} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
    "Connection: Upgrade\r\nSec-WebSocket-Key: cGFzdHVyZWJlbmNoa2V5MQ==\r\n"
    "Sec-WebSocket-Version: 13\r\n\r\n"
)


@dataclass(frozen=True, slots=True)
class Load:
    """What one client process plays, and when it measures (monotonic times)."""

    port: int
    game: str
    players: int
    tables: int
    first: int
    """Index of its first table (seeds differ between processes)."""
    think: float
    measure_from: float
    measure_to: float
    rate: float = 0.0
    """Actions a second this process offers in all (0: each seat acts at once, or after
    `think`): seats whose turn it is wait in line and one is let go every 1/rate s, so
    the server is offered exactly this rate as long as it keeps some seat waiting."""
    cpus: tuple[int, ...] = ()
    """The CPUs this process runs on (empty: any)."""
    setup: SetUp | None = None
    """Only set tables up, this far (None: play), then close them: what a table costs
    the server before any action."""


@dataclass(slots=True)
class Report:
    """What one client process saw within its window."""

    acks: int = 0
    sent: int = 0
    """Actions sent within the window (what was offered)."""
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    frames: int = 0
    matches: int = 0
    """Matches finished within the window (with `setup`: tables set up)."""
    cpu: float = 0.0
    """CPU seconds this client process used within the window."""


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (utime + stime in /proc/<pid>/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def client_frame(payload: bytes) -> bytes:
    """A masked text frame (mask key 0: the payload is sent as it is)."""
    n = len(payload)
    if n < 126:
        return struct.pack("!BB4x", 0x81, 0x80 | n) + payload
    return struct.pack("!BBH4x", 0x81, 0x80 | 126, n) + payload


class Seat(asyncio.Protocol):
    """One seat's websocket: acts on each view that says it is its turn; times its acks."""

    def __init__(
        self,
        load: Load,
        table: str,
        token: str,
        rng: random.Random,
        report: Report,
        done: asyncio.Future[None],
        pacer: Pacer | None = None,
    ) -> None:
        self.load = load
        self.table = table
        self.token = token
        self.rng = rng
        self.report = report
        self.done = done
        self.pacer = pacer
        self.transport: asyncio.Transport | None = None
        self.buffer = b""
        self.open = False
        self.pending: str | None = None
        self.sent_at = 0.0
        self.min_version = 0
        self.counter = 0
        self.view: dict[str, Any] | None = None
        self.acted_on = -1
        """The version of the last view acted on."""
        self.loop = asyncio.get_running_loop()

    # -- websocket ---------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        transport.write(HANDSHAKE.format(table=self.table, port=self.load.port).encode())

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.done.done():
            self.done.set_result(None)

    def data_received(self, data: bytes) -> None:
        buffer = self.buffer + data
        if not self.open:
            head, sep, rest = buffer.partition(b"\r\n\r\n")
            if not sep:
                self.buffer = buffer
                return
            if not head.startswith(b"HTTP/1.1 101"):
                self.report.errors.append("handshake")
                self.finish()
                return
            self.open = True
            if self.load.setup == "handshakes":  # the handshake alone: no hello
                self.finish()
                return
            self.send({"type": "hello", "token": self.token, "batch": True})
            buffer = rest
        while len(buffer) >= 2:
            opcode = buffer[0] & 0x0F
            n = buffer[1] & 0x7F
            start = 2
            if n == 126:
                if len(buffer) < 4:
                    break
                n = struct.unpack_from("!H", buffer, 2)[0]
                start = 4
            elif n == 127:
                if len(buffer) < 10:
                    break
                n = struct.unpack_from("!Q", buffer, 2)[0]
                start = 10
            if len(buffer) < start + n:
                break
            payload = buffer[start : start + n]
            buffer = buffer[start + n :]
            if opcode == 1:
                self.on_frame(payload)
            elif opcode == 9 and self.transport is not None:  # ping: pong, masked
                self.transport.write(struct.pack("!BB4x", 0x8A, 0x80 | len(payload)) + payload)
            elif opcode == 8:
                self.finish()
                return
        self.buffer = buffer

    def send(self, message: dict[str, Any]) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(client_frame(orjson.dumps(message)))

    def finish(self) -> None:
        if self.transport is not None:
            self.transport.close()
        if not self.done.done():
            self.done.set_result(None)

    # -- playing -----------------------------------------------------------------------

    def on_frame(self, payload: bytes) -> None:
        self.report.frames += 1
        if self.load.setup is not None:  # welcome and view arrived: the table is set up
            self.finish()
            return
        message = orjson.loads(payload)
        if isinstance(message, list):
            for one in message:
                self.on_message(one)
        else:
            self.on_message(message)

    def on_message(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        now = time.monotonic()
        if kind == "view":
            self.view = message
        elif kind == "ack" and message["id"] == self.pending:
            if self.load.measure_from <= now < self.load.measure_to:
                self.report.latencies.append(time.perf_counter() - self.sent_at)
                self.report.acks += 1
            self.min_version = message["version"]
            self.pending = None
        elif kind == "error":
            if self.load.measure_from <= now < self.load.measure_to:
                self.report.errors.append(message["code"])
            if message.get("id") == self.pending:
                self.pending = None
        elif kind == "end":
            self.finish()
            return
        if now >= self.load.measure_to:
            if self.pending is None:
                self.finish()
            return
        self.maybe_act()

    def maybe_act(self) -> None:
        """Act on the latest view if it is our turn there and it was not acted on yet (a
        refused action leaves the seat to act again on the view it has)."""
        view = self.view
        if (
            view is None
            or self.pending is not None
            or not view["turn"]
            or not view["legal"]
            or view["version"] < self.min_version
            or view["version"] <= self.acted_on
        ):
            return
        self.acted_on = view["version"]
        self.counter += 1
        self.pending = f"{self.counter}"
        act = {
            "type": "act",
            "action": self.rng.choice(view["legal"]),
            "version": view["version"],
            "id": self.pending,
        }
        if self.pacer is not None:  # in line: the process offers a set rate
            self.pacer.line.append(partial(self.act, act))
        elif self.load.think > 0:  # a person's (or a bot's) pause before acting
            self.loop.call_later(self.rng.uniform(0.5, 1.5) * self.load.think, self.act, act)
        else:
            self.act(act)

    def act(self, message: dict[str, Any]) -> None:
        self.sent_at = time.perf_counter()
        if self.load.measure_from <= time.monotonic() < self.load.measure_to:
            self.report.sent += 1
        self.send(message)


class Pacer:
    """Lets the seats waiting in line act at `rate` a second, in the order they got in
    line (a tick every 5 ms lets go as many as the rate allows since the last one)."""

    TICK = 0.005

    def __init__(self, rate: float) -> None:
        self.rate = rate
        self.line: deque[Callable[[], None]] = deque()
        self.credit = 0.0

    async def run(self, until: float) -> None:
        last = time.monotonic()
        while last < until:
            await asyncio.sleep(self.TICK)
            now = time.monotonic()
            self.credit = min(self.credit + (now - last) * self.rate, self.rate * 0.05)
            last = now
            while self.credit >= 1 and self.line:
                self.credit -= 1
                self.line.popleft()()
        while self.line:  # past the window: let every seat left in line act and finish
            self.line.popleft()()


class Http:
    """JSON over one keep-alive HTTP/1.1 connection (requests one at a time)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self, path: str, body: dict[str, Any]) -> Any:
        try:
            return await self._post(path, body)
        except (asyncio.IncompleteReadError, ConnectionError):
            self.close()  # the server closed the idle connection (keep-alive timeout)
            return await self._post(path, body)

    async def _post(self, path: str, body: dict[str, Any]) -> Any:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        assert self.reader is not None
        data = orjson.dumps(body)
        self.writer.write(
            f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(data)}\r\n\r\n".encode()
            + data
        )
        head = await self.reader.readuntil(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        length = 0
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        answer = orjson.loads(await self.reader.readexactly(length)) if length else None
        if status >= 300:
            raise RuntimeError(f"POST {path}: {status} {answer}")
        return answer

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


def same(protocol: Seat) -> Seat:
    return protocol


async def one_table(load: Load, http: Http, seed: int, report: Report, pacer: Pacer | None) -> None:
    """Open a table, take its seats and play it to the end (or set it up as far as
    `load.setup` says)."""
    loop = asyncio.get_running_loop()
    table = await http.post("/api/tables", {"game": load.game, "players": load.players})
    if load.setup == "open":
        return
    seats = []
    for seat in range(load.players):
        joined = await http.post(f"/api/tables/{table['id']}/seats/{seat}", {"name": f"b{seat}"})
        done: asyncio.Future[None] = loop.create_future()
        rng = random.Random(seed + seat)
        seats.append((Seat(load, table["id"], joined["token"], rng, report, done, pacer), done))
    if load.setup == "seats":
        return
    for protocol, _ in seats:
        await loop.create_connection(partial(same, protocol), "127.0.0.1", load.port)
    await asyncio.gather(*(done for _, done in seats))


async def table_loop(load: Load, n: int, report: Report, pacer: Pacer | None) -> None:
    """One table after another until the window ends."""
    http = Http(load.port)
    k = 0
    try:
        while time.monotonic() < load.measure_to:
            await one_table(load, http, n * 1000 + k * 10, report, pacer)
            if load.measure_from <= time.monotonic() < load.measure_to:
                report.matches += 1
            k += 1
    finally:
        http.close()


async def play(load: Load) -> Report:
    report = Report()
    pacer = Pacer(load.rate) if load.rate > 0 else None
    loops = asyncio.gather(
        *(table_loop(load, load.first + n, report, pacer) for n in range(load.tables)),
        return_exceptions=True,
    )
    pacing = asyncio.create_task(pacer.run(load.measure_to)) if pacer is not None else None
    await asyncio.sleep(max(load.measure_from - time.monotonic(), 0))
    cpu0 = cpu_seconds(os.getpid())
    await asyncio.sleep(max(load.measure_to - time.monotonic(), 0))
    report.cpu = cpu_seconds(os.getpid()) - cpu0
    if pacing is not None:
        await pacing
    with contextlib.suppress(TimeoutError):
        for outcome in await asyncio.wait_for(loops, 10):
            if isinstance(outcome, BaseException):
                report.errors.append(type(outcome).__name__)
    return report


def run_client(load: Load) -> Report:
    """The entry point of a client process."""
    if load.cpus:
        os.sched_setaffinity(0, load.cpus)
    return asyncio.run(play(load))
