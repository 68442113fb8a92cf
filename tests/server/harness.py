"""A real server in a subprocess and real websocket clients, for the server tests."""

from __future__ import annotations

import asyncio
import atexit
import json
import os
import random
import signal
import socket
import ssl
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, ClassVar

import httpx
import uvicorn
import websockets

from pasture.server.protocol import loads
from tests.server.launcher import ForkedServer, Launcher

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FORK = os.environ.get("PASTURE_TEST_SERVERS") != "exec"
"""Servers are forked from a launcher that has imported them once (tests/server/
launcher.py); PASTURE_TEST_SERVERS=exec starts each with `python -m pasture.server`."""
atexit.register(Launcher.stop)
TLS = ssl.create_default_context()
"""One TLS context for every HTTP client (they speak plain HTTP to loopback, but each
client would otherwise load the system's certificates: ~30 ms of CPU)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@asynccontextmanager
async def served_here(config: uvicorn.Config) -> AsyncIterator[uvicorn.Server]:
    """A uvicorn server in this process and event loop (so a test can look at its
    sockets), started before the block and stopped after it."""
    server = uvicorn.Server(config)
    serving = asyncio.create_task(server.serve())
    while not server.started:
        await asyncio.sleep(0.02)
    try:
        yield server
    finally:
        server.should_exit = True
        await serving


def served_config(db: str, **options: Any) -> tuple[uvicorn.Config, int]:
    """The server on database `db` as `pasture serve` runs it (its HTTP protocol, which
    hands play sockets to pasture's own websocket protocol), for `served_here` on a free
    port; `options` for uvicorn override."""
    from pasture.server import Settings, create_app
    from pasture.server.http_guard import GuardedHttpToolsProtocol

    port = free_port()
    app = create_app(db, Settings(bot_workers=0))
    config = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=port,
        log_level="warning",
        **{"http": GuardedHttpToolsProtocol, **options},
    )
    return config, port


class Server:
    """`python -m pasture.server` on a free loopback port (forked from this test process's
    launcher, tests/server/launcher.py, unless PASTURE_TEST_SERVERS=exec)."""

    started: ClassVar[list[Server]] = []
    """Every server started in this process (a test that fails still stops its own)."""

    def __init__(
        self,
        db: str,
        *args: str,
        port: int | None = None,
        with_test_game: bool = False,
        bot_workers: int = 1,
    ) -> None:
        """`bot_workers=0`: bots think in a thread of the server, which then starts no
        worker process for them (two processes fewer per start): for tests where no bot
        of a real game plays (a test game's bots think in a thread anyway), or where what
        is tested is not where bots think (tests/server/test_bot_pool.py tests that)."""
        self.db = db
        self.with_test_game = with_test_game
        self.args = ("--bot-workers", str(bot_workers), *args)
        self.port = port or free_port()
        self.proc: subprocess.Popen[bytes] | ForkedServer | None = None
        self._http: httpx.Client | None = None
        self.log_path = f"/tmp/pasture-test-server-{self.port}.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> Server:
        args = ["--port", str(self.port), "--db", self.db]
        args += ["--bot-delay", "0", "--bot-reaction-time", "0", "--log-level", "warning"]
        args += ["--create-rate", "1000", "--write-rate", "1000", "--socket-rate", "1000"]
        args += self.args
        if FORK:
            self.proc = ForkedServer(args, self.log_path, self.with_test_game)
        else:
            env = {**os.environ, "PYTHONPATH": os.path.join(ROOT, "src")}
            if self.with_test_game:
                cmd = [sys.executable, "-c", "import tests.server.fake_game as g; g.main()"]
                env["PYTHONPATH"] += os.pathsep + ROOT
            else:
                cmd = [sys.executable, "-m", "pasture.server"]
            with open(self.log_path, "ab") as log:
                self.proc = subprocess.Popen([*cmd, *args], stdout=log, stderr=log, env=env)
        Server.started.append(self)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log()}")
            try:
                if self.get("/api/games").status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.05)
        raise RuntimeError(f"server did not start: {self.log()}")

    def log(self) -> str:
        with open(self.log_path, errors="replace") as f:
            return f.read()

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs at all."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)

    # -- REST ----------------------------------------------------------------------------

    @property
    def http(self) -> httpx.Client:
        """One client for every request to this server."""
        if self._http is None or self._http.base_url != httpx.URL(self.url):
            self._http = httpx.Client(base_url=self.url, timeout=10, verify=TLS)
        return self._http

    def post(self, path: str, body: dict[str, Any]) -> httpx.Response:
        return self.http.post(path, json=body)

    def get(self, path: str) -> httpx.Response:
        return self.http.get(path)

    def delete(self, path: str, token: str | None = None) -> httpx.Response:
        headers = {"Authorization": f"Bearer {token}"} if token is not None else {}
        return self.http.delete(path, headers=headers)

    def create(self, game: str, players: int, **body: Any) -> dict[str, Any]:
        response = self.post("/api/tables", {"game": game, "players": players, **body})
        assert response.status_code == 201, response.text
        return dict(response.json())

    def join(self, table_id: str, seat: int, name: str = "p") -> str:
        response = self.post(f"/api/tables/{table_id}/seats/{seat}", {"name": name})
        assert response.status_code == 200, response.text
        return str(response.json()["token"])

    def table_with_people(self, game: str, players: int, **body: Any) -> tuple[str, list[str]]:
        table = self.create(game, players, **body)
        bots = {int(k) for k in body.get("bots", {})}
        tokens = [self.join(table["id"], s) if s not in bots else "" for s in range(players)]
        return table["id"], tokens


class Client:
    """One websocket connection; every message received is kept, as raw text too."""

    def __init__(self, server: Server, table_id: str, token: str | None = None) -> None:
        self.server = server
        self.table_id = table_id
        self.token = token
        self.ws: Any = None
        self.raw: list[str] = []
        self.messages: list[dict[str, Any]] = []
        self.version = 0
        self.view: dict[str, Any] | None = None
        self.ended = False

    async def connect(self, since: int | None = None) -> Client:
        self.ws = await websockets.connect(
            f"{self.server.ws_url}/ws/tables/{self.table_id}", max_size=2**24, max_queue=None
        )
        hello: dict[str, Any] = {"type": "hello"}
        if self.token:
            hello["token"] = self.token
        if since is not None:
            hello["since"] = since
        await self.send(hello)
        return self

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send(json.dumps(message))

    async def act(self, action: dict[str, Any], version: int, client_id: str | None) -> None:
        message = {"type": "act", "action": action, "version": version}
        if client_id is not None:
            message["id"] = client_id
        await self.send(message)

    async def recv(self, timeout: float = 10) -> dict[str, Any]:
        async with asyncio.timeout(timeout):  # no task per message, as wait_for makes
            text = await self.ws.recv()
        self.raw.append(text)
        message = loads(text)
        self.messages.append(message)
        if message["type"] == "view":
            self.view = message
            self.version = message["version"]
        elif message["type"] == "end":
            self.ended = True
        return dict(message)

    async def until(self, kind: str, timeout: float = 10, **match: Any) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            message = await self.recv(max(deadline - time.monotonic(), 0.01))
            if message["type"] == kind and all(message.get(k) == v for k, v in match.items()):
                return message

    async def until_any(self, kinds: tuple[str, ...], timeout: float = 10) -> dict[str, Any]:
        """The next message of one of these types."""
        while True:
            message = await self.recv(timeout)
            if message["type"] in kinds:
                return message

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


RACES = ("window_reopened", "stale_version")
"""Refusals a correct player meets when others act at the same moment: a pass held in a
reaction window that a card reopened, a choice from a menu that changed meanwhile."""


class RandomPlayer:
    """Plays a seat with random legal actions through its Client, across reconnects.

    It acts on the latest view when that view says it is the seat's turn, is no older than
    its last acknowledged action (an ack comes before the views of its change), and has not
    been acted on yet. `acks` maps each acknowledged id to (version, action sent).
    """

    def __init__(self, client: Client, rng: random.Random, allow_errors: bool = False) -> None:
        self.client = client
        self.rng = rng
        self.allow_errors = allow_errors
        self.pending: dict[str, Any] | None = None
        self.min_version = 0
        self.acted_on = -1
        self.acks: dict[str, tuple[int, dict[str, Any]]] = {}
        self.errors: list[dict[str, Any]] = []
        self.races: list[dict[str, Any]] = []
        """Refusals answered by acting again (RACES)."""
        self.count = 0

    async def run(self) -> None:
        client = self.client
        # An action sent as the match ended (by this action or another seat's) is still
        # answered after the end: wait for that answer too.
        while not client.ended or self.pending is not None:
            await self._maybe_act()
            message = await client.recv(30)
            kind = message["type"]
            if kind == "error":
                mine = self.pending is not None and message.get("id") == self.pending["id"]
                if mine and message.get("code") in RACES:
                    # Another seat acted first: a card reopened the reaction window this
                    # seat's pass was held in (W-10a), or changed its choices (a Wolf
                    # queued on a pen, W-8a). The protocol's answer to a race: act again.
                    self.races.append(message)
                    self.pending = None
                    continue
                assert self.allow_errors, message
                self.errors.append(message)
                if self.pending is not None and message.get("id") == self.pending["id"]:
                    self.pending = None
            elif kind == "ack" and self.pending and message["id"] == self.pending["id"]:
                self.acks[message["id"]] = (message["version"], self.pending["action"])
                self.min_version = message["version"]
                self.pending = None

    async def resend(self) -> None:
        """After a reconnect: send the unanswered action again, with the same id."""
        if self.pending is not None:
            await self.client.send(self.pending)

    async def _maybe_act(self) -> None:
        view = self.client.view
        if (
            self.pending is None
            and view is not None
            and view["turn"]
            and view["legal"]
            and view["version"] >= self.min_version
            and view["version"] > self.acted_on
            and not self.client.ended
        ):
            self.count += 1
            version = view["version"]
            self.acted_on = version
            self.pending = {
                "type": "act",
                "action": self.rng.choice(view["legal"]),
                "version": version,
                "id": f"{(self.client.token or 'x')[:8]}-{self.count}",
            }
            await self.client.send(self.pending)


async def play_randomly(client: Client, rng: random.Random) -> RandomPlayer:
    player = RandomPlayer(client, rng)
    await player.run()
    return player
