"""A closed play socket is freed by reference counting: it leaves no cycle behind for the
garbage collector, whose middle and full passes would otherwise walk every socket
closed since the last one (a pause of the event loop that grows with the traffic)."""

from __future__ import annotations

import asyncio
import gc
import json
from pathlib import Path

import httpx
import websockets

from tests.server.harness import served_config, served_here

WATCHED = {"ServerWebSocket", "GuardedHttpToolsProtocol", "WebSocketsSansIOProtocol", "Task"}


def test_closed_sockets_leave_no_cyclic_garbage(tmp_path: Path) -> None:
    """The server as `pasture serve` runs it (its HTTP protocol, which hands play sockets
    to pasture's own websocket protocol), in this process: after a lobby connection and
    three play sockets have closed, a collection finds none of their protocol objects,
    nor their handlers' tasks, unreachable."""
    config, port = served_config(f"sqlite:///{tmp_path / 'db.sqlite'}")
    thresholds = gc.get_threshold()

    async def scenario() -> list[str]:
        async with served_here(config) as served:
            async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as http:
                table = await http.post("/api/tables", json={"game": "wypas", "players": 3})
                table_id = table.json()["id"]
                tokens = []
                for seat in range(3):
                    joined = await http.post(
                        f"/api/tables/{table_id}/seats/{seat}", json={"name": f"p{seat}"}
                    )
                    tokens.append(joined.json()["token"])
            for token in tokens:
                url = f"ws://127.0.0.1:{port}/ws/tables/{table_id}"
                async with websockets.connect(url) as ws:
                    await ws.send(json.dumps({"type": "hello", "token": token}))
                    await ws.send(json.dumps({"type": "ping"}))
                    kinds = [json.loads(await ws.recv())["type"] for _ in range(3)]
                    assert kinds == ["welcome", "view", "pong"], kinds
            for _ in range(250):  # until the server has seen every connection go
                if not served.server_state.connections:
                    break
                await asyncio.sleep(0.02)
            await asyncio.sleep(0.1)  # the play handlers' last steps after the close
            gc.set_debug(gc.DEBUG_SAVEALL)
            try:
                gc.collect()
                return [type(o).__name__ for o in gc.garbage if type(o).__name__ in WATCHED]
            finally:
                gc.set_debug(0)
                gc.garbage.clear()

    gc.collect()
    try:
        assert asyncio.run(scenario()) == []
    finally:  # the server's lifespan tuned the collector of this process
        gc.unfreeze()
        gc.set_threshold(*thresholds)
