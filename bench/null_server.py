"""The floor under `pasture serve`: the same web stack and the same traffic, no game.

    python bench/null_server.py --port 8123 [--view-bytes 1000] [--actions 80]

bench/bench_server.py --null-server runs this in place of the real server, with the same
clients, pinning and CPU accounting, to show what the stack alone costs per action:
uvicorn (httptools, uvloop) with pasture's HTTP protocol and its own play sockets
(server/http_guard.py, server/websocket.py), orjson, and frames written straight to the
transport as the real server writes them (server/frames.py). A table is a turn passed
round its seats; each action is answered as the real server answers one, with an ack and
one frame per connection holding a view of `--view-bytes` bytes, and after `--actions`
actions the match ends. Nothing is
stored, checked or filtered: the difference from the real server's figures is the cost
of pasture's own work (rules, views, commits, timers, checks).
"""

from __future__ import annotations

import argparse
import secrets
from dataclasses import dataclass, field
from typing import Any

import orjson
import uvicorn
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect

from pasture.server.frames import text_frame
from pasture.server.http_guard import GuardedHttpToolsProtocol
from pasture.server.sockets import PlaySocket


@dataclass
class Table:
    players: int
    version: int = 0
    turn: int = 0
    sockets: dict[int, PlaySocket] = field(default_factory=dict)
    tokens: dict[str, int] = field(default_factory=dict)


class NullServer:
    serves_play_sockets = True  # server/websocket.py: play sockets are kept by pasture

    def __init__(self, view_bytes: int, actions: int) -> None:
        self.tables: dict[str, Table] = {}
        self.padding = "x" * max(view_bytes - 80, 0)
        self.actions = actions

    def view(self, table: Table, seat: int) -> bytes:
        turn = seat == table.turn
        return orjson.dumps(
            {
                "type": "view",
                "version": table.version,
                "view": {"seat": seat, "padding": self.padding},
                "legal": [{"type": "go"}] if turn else [],
                "turn": turn,
            }
        )

    def send(self, socket: PlaySocket, messages: list[bytes]) -> None:
        """One frame of the messages (the `batch` form), straight to the transport."""
        if socket.ready():
            socket.write_frames(text_frame(b"[" + b",".join(messages) + b"]"))

    def play_table(self, path: str) -> str | None:
        return path.rsplit("/", 1)[1] if path.startswith("/ws/tables/") else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await self.http(scope, receive, send)
        elif scope["type"] == "lifespan":
            while (await receive())["type"] != "lifespan.shutdown":
                await send({"type": "lifespan.startup.complete"})
            await send({"type": "lifespan.shutdown.complete"})

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        parts = scope["path"].strip("/").split("/")  # api/tables[/{id}/seats/{seat}]
        answer: dict[str, Any]
        if parts == ["api", "games"]:
            answer = {"games": []}
        elif parts == ["api", "tables"]:
            table_id = secrets.token_urlsafe(12)
            self.tables[table_id] = Table(orjson.loads(body)["players"])
            answer = {"id": table_id}
        else:
            token = secrets.token_urlsafe(24)
            self.tables[parts[2]].tokens[token] = int(parts[4])
            answer = {"token": token}
        data = orjson.dumps(answer)
        headers = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(data))]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": data})

    async def play_socket(self, socket: PlaySocket, table_id: str) -> None:
        table = self.tables[table_id]
        hello = orjson.loads(await socket.receive())
        seat = table.tokens[hello["token"]]
        table.sockets[seat] = socket
        await socket.send_text("[" + self.view(table, seat).decode() + "]")
        try:
            while True:
                try:
                    act = orjson.loads(await socket.receive())
                except WebSocketDisconnect:
                    return
                if seat != table.turn or act["version"] != table.version:
                    continue
                table.version += 1
                table.turn = (table.turn + 1) % table.players
                over = table.version >= self.actions
                ack = orjson.dumps({"type": "ack", "id": act["id"], "version": table.version})
                end = orjson.dumps({"type": "end", "version": table.version})
                for other, other_socket in list(table.sockets.items()):
                    messages = [ack] if other == seat else []
                    messages.append(self.view(table, other))
                    if over:
                        messages.append(end)
                    self.send(other_socket, messages)
        finally:
            table.sockets.pop(seat, None)
            if not table.sockets and table.version >= self.actions:
                self.tables.pop(table_id, None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--view-bytes", type=int, default=1000, help="bytes of each view")
    parser.add_argument("--actions", type=int, default=80, help="actions in a match")
    args = parser.parse_args()
    uvicorn.run(
        NullServer(args.view_bytes, args.actions),
        host="127.0.0.1",
        port=args.port,
        log_level="warning",
        http=GuardedHttpToolsProtocol,
        ws_per_message_deflate=False,
        access_log=False,
    )


if __name__ == "__main__":
    main()
