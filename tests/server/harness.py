"""A real server in a subprocess and real websocket clients, for the server tests."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from typing import Any

import httpx
import websockets

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """`python -m pasture.server` on a free loopback port."""

    def __init__(self, db: str, *args: str, port: int | None = None) -> None:
        self.db = db
        self.args = args
        self.port = port or free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.log_path = f"/tmp/pasture-test-server-{self.port}.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> Server:
        env = {**os.environ, "PYTHONPATH": os.path.join(ROOT, "src")}
        cmd = [sys.executable, "-m", "pasture.server", "--port", str(self.port), "--db", self.db]
        cmd += ["--bot-delay", "0", "--log-level", "warning", *self.args]
        with open(self.log_path, "ab") as log:
            self.proc = subprocess.Popen(cmd, stdout=log, stderr=log, env=env)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log()}")
            try:
                if httpx.get(self.url + "/api/games", timeout=1).status_code == 200:
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

    def post(self, path: str, body: dict[str, Any]) -> httpx.Response:
        return httpx.post(self.url + path, json=body, timeout=10)

    def get(self, path: str) -> httpx.Response:
        return httpx.get(self.url + path, timeout=10)

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
            f"{self.server.ws_url}/ws/tables/{self.table_id}", max_size=2**24
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
        text = await asyncio.wait_for(self.ws.recv(), timeout)
        self.raw.append(text)
        message = json.loads(text)
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

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


async def play_randomly(
    client: Client, rng: random.Random, acks: list[tuple[str, int]] | None = None
) -> None:
    """Act (a random legal action) on each new view that says it is this seat's turn, until
    the match ends. Every acknowledged (id, version) goes into `acks`. An ack is always
    followed by the views of the change it acknowledges, so acting on views only is safe."""
    pending: str | None = None
    counter = 0
    while not client.ended:
        message = await client.recv(30)
        kind = message["type"]
        assert kind != "error", message
        if kind == "ack" and message["id"] == pending:
            pending = None
            if acks is not None:
                acks.append((message["id"], message["version"]))
        elif kind == "view" and pending is None and message["turn"] and message["legal"]:
            counter += 1
            pending = f"{(client.token or '')[:6]}-{message['version']}-{counter}"
            await client.act(rng.choice(message["legal"]), message["version"], pending)
