"""Play sockets are pasture's own websockets (server/websocket.py, RFC 6455): whatever way
a client's frames arrive (with the hello in one write, in fragments, a byte at a time,
between control frames, in a burst), every message is read whole and in order; every
bound and protocol rule holds (binary and oversized messages refused, bad UTF-8, huge,
unmasked or malformed frames closing the socket with their code, pings answered, the
close handshake completed, a client that stops answering pings closed, a ping flood
from a client that reads nothing not answered into memory); a request that
is not a websocket handshake is refused with its status; and a server shutting down
closes its sockets with 1012.

The client here writes its own frames on a plain socket, so that it can send what the
websockets library never would."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import struct
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
import websockets
from websockets.frames import Frame, Opcode

from tests.server.harness import Server, served_config, served_here

MAX_MESSAGE = 64 * 1024
"""Settings.max_message: larger messages are refused; frames over 4 times it close."""


def frame(opcode: int, payload: bytes, fin: bool = True, masked: bool = True) -> bytes:
    """One client frame (RFC 6455 5.2), masked with a random key unless told not to."""
    head = bytes([(0x80 if fin else 0) | opcode])
    n = len(payload)
    bit = 0x80 if masked else 0
    if n < 126:
        head += bytes([bit | n])
    elif n < 1 << 16:
        head += struct.pack("!BH", bit | 126, n)
    else:
        head += struct.pack("!BQ", bit | 127, n)
    if not masked:
        return head + payload
    key = os.urandom(4)
    return head + key + bytes(b ^ key[i % 4] for i, b in enumerate(payload))


def text(message: dict[str, Any] | str) -> bytes:
    data = message if isinstance(message, str) else json.dumps(message)
    return frame(0x1, data.encode())


PING = {"type": "ping"}


def handshake(table_id: str, version: str = "13", key: str = "dGhlIHNhbXBsZSBub25jZQ==") -> str:
    return (
        f"GET /ws/tables/{table_id} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
        f"Sec-WebSocket-Version: {version}\r\n\r\n"
    )


class RawSocket:
    """A websocket client on a plain TCP connection: frames in and out as they are."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer

    @classmethod
    async def open(cls, port: int, table_id: str) -> RawSocket:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(handshake(table_id).encode())
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
        assert head.startswith(b"HTTP/1.1 101"), head
        # RFC 6455 section 1.3's own example key and answer
        assert b": s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n" in head
        return cls(reader, writer)

    async def write(self, data: bytes) -> None:
        self.writer.write(data)
        await self.writer.drain()

    async def frame(self, timeout: float = 10) -> Frame:
        """The next frame from the server (unmasked, RFC 6455 5.2)."""
        async with asyncio.timeout(timeout):
            first, second = await self.reader.readexactly(2)
            n = second & 0x7F
            if n == 126:
                (n,) = struct.unpack("!H", await self.reader.readexactly(2))
            elif n == 127:
                (n,) = struct.unpack("!Q", await self.reader.readexactly(8))
            assert not second & 0x80, "server frames are never masked"
            data = await self.reader.readexactly(n)
        return Frame(Opcode(first & 0x0F), data, fin=bool(first & 0x80))

    async def message(self, timeout: float = 10) -> dict[str, Any]:
        """The next message (skipping control frames)."""
        while True:
            got = await self.frame(timeout)
            if got.opcode is Opcode.TEXT:
                return dict(json.loads(bytes(got.data)))
            assert got.opcode in (Opcode.PING, Opcode.PONG), got

    async def until(self, *kinds: str) -> dict[str, Any]:
        """The next message of one of these types."""
        while True:
            message = await self.message()
            if message["type"] in kinds:
                return message

    async def closed_with(self) -> int:
        """The code of the server's close frame (messages before it are skipped)."""
        while True:
            got = await self.frame()
            if got.opcode is Opcode.CLOSE:
                return int(struct.unpack("!H", got.data[:2])[0])

    def close(self) -> None:
        self.writer.close()


@pytest.fixture
def table(server: Server) -> tuple[str, str]:
    table_id, tokens = server.table_with_people("wilson_shep", 4)
    return table_id, tokens[0]


async def _hello(server: Server, table: tuple[str, str], then: bytes = b"") -> RawSocket:
    sock = await RawSocket.open(server.port, table[0])
    await sock.write(text({"type": "hello", "token": table[1]}) + then)
    return sock


def test_messages_sent_with_the_hello_in_one_write_are_all_answered_in_order(
    server: Server, table: tuple[str, str]
) -> None:
    async def scenario() -> list[str]:
        # each refused (the action is not one), each refusal naming its id
        burst = b"".join(
            text({"type": "act", "action": {}, "version": 0, "id": f"m{i}"}) for i in range(40)
        )
        sock = await _hello(server, table, burst)
        ids: list[str] = []
        while len(ids) < 40:
            ids.append((await sock.until("error"))["id"])
        sock.close()
        return ids

    assert asyncio.run(scenario()) == [f"m{i}" for i in range(40)]


def test_a_message_begun_in_the_hellos_write_and_ended_later_is_read_whole(
    server: Server, table: tuple[str, str]
) -> None:

    async def scenario() -> list[str]:
        data = json.dumps(PING).encode()
        sock = await _hello(server, table, frame(0x1, data[:5], fin=False))
        await sock.until("view")
        await asyncio.sleep(0.2)
        await sock.write(frame(0x0, data[5:], fin=True) + text(PING))
        kinds = [(await sock.until("pong", "error"))["type"] for _ in range(2)]
        sock.close()
        return kinds

    assert asyncio.run(scenario()) == ["pong", "pong"]


def test_a_message_in_fragments_a_byte_at_a_time_or_around_a_ping_is_read_whole(
    server: Server, table: tuple[str, str]
) -> None:
    async def scenario() -> None:
        sock = await _hello(server, table)
        await sock.until("view")
        data = json.dumps(PING).encode()
        # fragments, with a control frame between them (RFC 6455 5.4 allows it)
        await sock.write(frame(0x1, data[:3], fin=False) + frame(0x0, data[3:7], fin=False))
        await sock.write(frame(0x9, b"keep-alive"))
        await sock.write(frame(0x0, data[7:], fin=True))
        pong = await sock.frame()
        assert pong.opcode is Opcode.PONG and pong.data == b"keep-alive"
        assert (await sock.message())["type"] == "pong"
        # a byte at a time
        for byte in text(PING):
            await sock.write(bytes([byte]))
            await asyncio.sleep(0.002)
        assert (await sock.message())["type"] == "pong"
        sock.close()

    asyncio.run(scenario())


def test_binary_and_oversized_messages_are_refused_and_reading_goes_on(
    server: Server, table: tuple[str, str]
) -> None:
    async def scenario() -> None:
        sock = await _hello(server, table)
        await sock.until("view")
        await sock.write(frame(0x2, b'{"type": "ping"}'))
        error = await sock.until("error")
        assert error["code"] == "malformed_message" and "text frames" in error["message"]
        big = json.dumps({"type": "chat", "text": "x" * MAX_MESSAGE})
        await sock.write(text(big))
        error = await sock.until("error")
        assert error["code"] == "message_too_large" and error["params"]["limit"] == MAX_MESSAGE
        await sock.write(text(PING))
        assert (await sock.until("pong", "error"))["type"] == "pong"
        sock.close()

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("bad", "code"),
    [
        (frame(0x1, b'{"type": "ping", "x": "\xff\xfe"}'), 1007),  # not UTF-8
        (frame(0x1, b"x" * (4 * MAX_MESSAGE + 1)), 1009),  # too big to read at all
        (frame(0x1, b'{"type": "ping"}', masked=False), 1002),  # clients must mask
        (frame(0x41, b'{"type": "ping"}'), 1002),  # a reserved bit: no extension was agreed
        (frame(0x3, b"{}"), 1002),  # an opcode RFC 6455 reserves
        (frame(0x9, b"x", fin=False), 1002),  # control frames are never fragmented
        (frame(0x9, b"x" * 126), 1002),  # nor longer than 125 bytes
        (frame(0x0, b"{}"), 1002),  # a continuation of nothing
        (frame(0x1, b"{", fin=False) + frame(0x1, b"}"), 1002),  # a message inside another
        (frame(0x1, b"x" * MAX_MESSAGE * 2, fin=False) + frame(0x0, b"x" * MAX_MESSAGE * 3), 1009),
        (frame(0x1, b"{", fin=False) + frame(0x0, b"", fin=False) * 1024, 1009),  # frames
        (frame(0x8, b"\x03"), 1002),  # a close code is two bytes
        (frame(0x8, struct.pack("!H", 1005)), 1002),  # a code no endpoint may send
        (frame(0x8, struct.pack("!H", 1000) + b"\xff"), 1007),  # a reason not in UTF-8
    ],
    ids=[
        "bad-utf8",
        "huge-frame",
        "unmasked",
        "reserved-bit",
        "reserved-opcode",
        "fragmented-ping",
        "long-ping",
        "lone-continuation",
        "nested-message",
        "huge-fragments",
        "many-fragments",
        "short-close-code",
        "reserved-close-code",
        "bad-close-reason",
    ],
)
def test_frames_that_break_the_protocol_close_the_socket_with_their_code(
    server: Server, table: tuple[str, str], bad: bytes, code: int
) -> None:
    async def scenario() -> int:
        sock = await _hello(server, table)
        await sock.until("view")
        await sock.write(bad)
        closed = await sock.closed_with()
        sock.close()
        return closed

    assert asyncio.run(scenario()) == code


def test_the_close_handshake_is_completed_and_the_table_plays_on(
    server: Server, table: tuple[str, str]
) -> None:
    async def scenario() -> None:
        sock = await _hello(server, table)
        view = await sock.until("view")
        await sock.write(frame(0x8, struct.pack("!H", 1000) + b"bye"))
        assert await sock.closed_with() == 1000
        assert await sock.reader.read() == b""  # then the server closes the connection
        sock.close()
        again = await _hello(server, table)  # the seat reconnects and plays
        view = await again.until("view")
        if view["turn"]:
            act = {"type": "act", "action": view["legal"][0], "version": view["version"]}
            await again.write(text({**act, "id": "after-close"}))
            assert (await again.until("ack"))["id"] == "after-close"
        again.close()

    asyncio.run(scenario())


def test_a_close_without_a_code_is_answered_without_one(
    server: Server, table: tuple[str, str]
) -> None:
    async def scenario() -> bytes:
        sock = await _hello(server, table)
        await sock.until("view")
        await sock.write(frame(0x8, b""))
        while (got := await sock.frame()).opcode is not Opcode.CLOSE:
            pass
        assert await sock.reader.read() == b""
        sock.close()
        return bytes(got.data)

    assert asyncio.run(scenario()) == b""


@pytest.mark.parametrize(
    ("version", "key", "answer"),
    [
        ("8", "dGhlIHNhbXBsZSBub25jZQ==", b"HTTP/1.1 426 "),
        ("13", "c2hvcnQ=", b"HTTP/1.1 400 "),  # 5 bytes, not 16
        ("13", "not base64!", b"HTTP/1.1 400 "),
    ],
    ids=["old-version", "short-key", "bad-key"],
)
def test_a_handshake_that_is_not_one_is_refused_with_its_status(
    server: Server, table: tuple[str, str], version: str, key: str, answer: bytes
) -> None:
    async def scenario() -> bytes:
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        writer.write(handshake(table[0], version, key).encode())
        got = await asyncio.wait_for(reader.read(), 10)  # the answer, then the connection closed
        writer.close()
        return got

    got = asyncio.run(scenario())
    assert got.startswith(answer), got
    assert b"Failed to open a WebSocket connection" in got
    if version != "13":
        assert b"\r\nsec-websocket-version: 13\r\n" in got


def _config(tmp_path: Path, **options: Any) -> tuple[uvicorn.Config, int]:
    return served_config(f"sqlite:///{tmp_path / 'db.sqlite'}", **options)


async def _seat(port: int) -> tuple[str, str]:
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as http:
        table = await http.post("/api/tables", json={"game": "wypas", "players": 3})
        table_id = table.json()["id"]
        joined = await http.post(f"/api/tables/{table_id}/seats/0", json={"name": "a"})
        return table_id, joined.json()["token"]


@pytest.mark.parametrize("http", ["pasture", "uvicorn"])
def test_play_sockets_are_pasture_s_own_under_its_http_protocol_and_asgi_s_otherwise(
    tmp_path: Path, http: str
) -> None:
    """Under `pasture serve`'s HTTP protocol a play socket's transport is kept by a
    ServerWebSocket; under uvicorn's own (another way of serving the application), by
    uvicorn's websocket protocol, through ASGI. Play is the same either way."""
    options = {} if http == "pasture" else {"http": "httptools"}
    config, port = _config(tmp_path, **options)

    async def scenario() -> list[str]:
        async with served_here(config) as served:
            table_id, token = await _seat(port)
            url = f"ws://127.0.0.1:{port}/ws/tables/{table_id}"
            async with websockets.connect(url) as ws:
                await ws.send(json.dumps({"type": "hello", "token": token}))
                for _ in range(3):
                    await ws.send(json.dumps(PING))
                kinds = [json.loads(await ws.recv())["type"] for _ in range(5)]
                assert kinds == ["welcome", "view", "pong", "pong", "pong"], kinds
                return [type(c).__name__ for c in served.server_state.connections]

    kept_by = asyncio.run(scenario())
    assert ("ServerWebSocket" in kept_by) == (http == "pasture"), kept_by
    assert ("WebSocketsSansIOProtocol" in kept_by) == (http == "uvicorn"), kept_by


def test_a_client_that_answers_no_ping_is_closed_and_one_that_does_stays(tmp_path: Path) -> None:
    config, port = _config(tmp_path, ws_ping_interval=0.2, ws_ping_timeout=0.3)

    async def scenario() -> tuple[int, list[str]]:
        async with served_here(config):
            table_id, token = await _seat(port)
            deaf = await RawSocket.open(port, table_id)  # reads, never answers a ping
            await deaf.write(text({"type": "hello"}))
            code = await deaf.closed_with()
            deaf.close()
            url = f"ws://127.0.0.1:{port}/ws/tables/{table_id}"
            async with websockets.connect(url) as ws:  # answers pings by itself
                await ws.send(json.dumps({"type": "hello", "token": token}))
                await asyncio.sleep(1.5)  # five pings answered
                await ws.send(json.dumps(PING))
                kinds = [json.loads(await ws.recv())["type"] for _ in range(3)]
            return code, kinds

    code, kinds = asyncio.run(scenario())
    assert code == 1011
    assert kinds == ["welcome", "view", "pong"]


def test_a_server_shutting_down_closes_its_play_sockets_with_1012(tmp_path: Path) -> None:
    config, port = _config(tmp_path)

    async def scenario() -> int:
        async with served_here(config) as served:
            table_id, token = await _seat(port)
            sock = await RawSocket.open(port, table_id)
            await sock.write(text({"type": "hello", "token": token}))
            await sock.until("view")
            served.should_exit = True
            code = await sock.closed_with()
            sock.close()
            return code

    assert asyncio.run(scenario()) == 1012


def test_a_ping_flood_from_a_client_that_does_not_read_is_not_answered_into_memory(
    tmp_path: Path,
) -> None:
    """Pongs are written only while the client takes what it is sent: 12.7 MB of pings
    from a client that reads nothing leave the server holding about the transport's
    high-water mark of pongs, not one per ping."""
    config, port = _config(tmp_path)

    async def scenario() -> int:
        async with served_here(config) as served:
            table_id, _ = await _seat(port)
            raw = socket.socket()
            raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            raw.connect(("127.0.0.1", port))
            reader, writer = await asyncio.open_connection(sock=raw)
            writer.write(handshake(table_id).encode())
            await reader.readuntil(b"\r\n\r\n")
            writer.write(text({"type": "hello"}))
            ping = frame(0x9, b"p" * 125)
            for _ in range(100):  # more than the kernel's send buffer takes (4 MB here)
                writer.write(ping * 1000)
                await writer.drain()
            await asyncio.sleep(0.5)
            held = [
                c.transport.get_write_buffer_size()
                for c in served.server_state.connections
                if type(c).__name__ == "ServerWebSocket"
            ]
            writer.close()
            assert len(held) == 1, held
            return held[0]

    assert asyncio.run(scenario()) < 256 * 1024
