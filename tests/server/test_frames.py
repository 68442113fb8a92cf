"""Frames the server writes straight to the transport (server/frames.py) are the frames
the websockets library itself would write, at every length encoding (RFC 6455 5.2), and
a client that reads slowly still gets every message in order."""

from __future__ import annotations

import asyncio
import json
import random
import socket
from collections.abc import Generator
from typing import Any

import pytest
import websockets
from websockets.frames import Close, Frame, Opcode

from pasture.server.frames import CLOSE, PING, PONG, close_frame, frame, text_frame
from tests.server.harness import Client, Server, play_randomly


def parse(data: bytes) -> Frame:
    """Read one frame from `data` with the websockets library's own parser, as a
    client reads it (server frames are not masked); nothing may be left over."""
    position = 0

    def read_exact(n: int) -> Generator[None, None, bytes]:
        nonlocal position
        chunk = data[position : position + n]
        position += n
        assert len(chunk) == n, "the frame is shorter than its header says"
        return chunk
        yield  # a generator, as the parser expects

    parser = Frame.parse(read_exact, mask=False)
    try:
        while True:
            next(parser)
    except StopIteration as done:
        frame: Frame = done.value
    assert position == len(data), "bytes after the frame"
    return frame


@pytest.mark.parametrize("size", [0, 1, 125, 126, 1000, 65535, 65536, 300_000])
def test_text_frame_is_one_final_unmasked_text_frame(size: int) -> None:
    payload = ("é" * size).encode()[:size]
    frame = parse(text_frame(payload))
    assert frame.opcode == Opcode.TEXT
    assert frame.fin
    assert frame.data == payload


@pytest.mark.parametrize("size", [0, 125, 126, 65536])
def test_text_frame_equals_what_websockets_serializes(size: int) -> None:
    payload = b"x" * size
    expected = Frame(Opcode.TEXT, payload).serialize(mask=False)
    assert text_frame(payload) == expected


@pytest.mark.parametrize("opcode", [PING, PONG, CLOSE])
@pytest.mark.parametrize("size", [0, 4, 125])
def test_control_frames_equal_what_websockets_serializes(opcode: int, size: int) -> None:
    payload = bytes(range(size))
    assert frame(opcode, payload) == Frame(Opcode(opcode), payload).serialize(mask=False)


@pytest.mark.parametrize(
    ("code", "reason", "kept"),
    [
        (1000, "", ""),
        (1009, "too big", "too big"),
        (4403, "x" * 200, "x" * 123),
        (1011, "é" * 70, "é" * 61),
    ],
)
def test_a_close_frame_holds_its_code_and_as_much_reason_as_fits(
    code: int, reason: str, kept: str
) -> None:
    closing = Close.parse(parse(close_frame(code, reason)).data)  # the reason must be UTF-8
    assert (closing.code, closing.reason) == (code, kept)


def test_a_close_frame_without_a_code_is_empty() -> None:
    assert parse(close_frame(1005)).data == b""


def test_a_client_that_stops_reading_gets_every_message_in_order_once_it_reads(
    server: Server,
) -> None:
    """A spectator that reads nothing while a match is played (a tiny receive buffer: the
    server's socket backs up, and its connection goes from direct writes to its own task
    and back, which a match of tens of kilobytes of views does) receives, once it reads,
    every view in order up to the last, and the events in order."""
    table_id, tokens = server.table_with_people("wilson_shep", 4)

    async def scenario() -> list[dict[str, Any]]:
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect(("127.0.0.1", server.port))
        url = f"{server.ws_url}/ws/tables/{table_id}"
        async with websockets.connect(url, sock=sock, max_queue=1) as watcher:
            await watcher.send(json.dumps({"type": "hello"}))
            players = [await Client(server, table_id, t).connect() for t in tokens]
            rng = random.Random(5)
            await asyncio.gather(*(play_randomly(p, rng) for p in players))
            for p in players:
                await p.close()
            seen: list[dict[str, Any]] = []
            while not seen or seen[-1]["type"] != "end":
                seen.append(json.loads(await asyncio.wait_for(watcher.recv(), 30)))
            return seen

    seen = asyncio.run(scenario())
    views = [m["version"] for m in seen if m["type"] == "view"]
    final = server.get(f"/api/tables/{table_id}").json()["version"]
    assert views == sorted(set(views)) and views[-1] == final
    events = [m["version"] for m in seen if m["type"] == "event"]
    assert events == sorted(events) and events[-1] <= final
