"""Per-client rate limits over real HTTP and websockets: every endpoint that makes work
(tables, seats, rematches, replays, socket messages) is limited; a refusal is 429
`rate_limited` with how long to wait (`retry_after` in the params, and Retry-After);
behind a trusted reverse proxy each client has its own bucket, and nobody else's
X-Forwarded-For is believed."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from pasture.server.client_address import TrustedProxies, client_address
from tests.server.harness import Client, Server


def _server(tmp_path_factory: pytest.TempPathFactory, *args: str, bot_workers: int = 1) -> Server:
    db = tmp_path_factory.mktemp("db") / "limits.sqlite"
    return Server(f"sqlite:///{db}?synchronous=NORMAL", *args, bot_workers=bot_workers).start()


def _refused(response: httpx.Response) -> int:
    """The wait a 429 names, checked to be the same in the header and the params."""
    assert response.status_code == 429, response.text
    body = response.json()
    assert body["code"] == "rate_limited" and body["message"], body
    wait = body["params"]["retry_after"]
    assert isinstance(wait, int) and wait >= 1
    assert response.headers["retry-after"] == str(wait)
    return int(wait)


def _finished_table(server: Server) -> str:
    table = server.create("wilson_shep", 2, bots={0: "random", 1: "random"})
    deadline = time.monotonic() + 30
    while server.get(f"/api/tables/{table['id']}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots' match did not end"
        time.sleep(0.05)
    return str(table["id"])


def test_rematches_replays_and_sockets_are_rate_limited_and_say_when_to_retry(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    server = _server(
        tmp_path_factory,
        *("--create-rate", "0.01", "--replay-rate", "0.01"),
        *("--socket-rate", "0.01"),
    )
    table_id = _finished_table(server)  # one table opened: 9 of the burst of 10 left
    replays = [server.get(f"/api/tables/{table_id}/replay?seat=0") for _ in range(11)]
    assert [r.status_code for r in replays[:10]] == [200] * 10  # a burst of 10 is fine
    assert _refused(replays[10]) >= 60  # one replay per 100 s: the next is far off
    asked = [
        server.http.post(
            f"/api/tables/{table_id}/rematch", headers={"Authorization": "Bearer nobody"}
        )
        for _ in range(10)
    ]
    assert [r.status_code for r in asked[:9]] == [403] * 9  # read (and refused) as usual
    _refused(asked[9])
    _refused(server.post("/api/tables", {"game": "swipsheep", "players": 3}))  # one bucket
    assert server.get(f"/api/tables/{table_id}").json()["rematch"] is None  # nothing made
    assert server.get("/api/tables?limit=200").json() == []  # ... and no table opened

    async def chatter() -> dict[str, Any]:
        client = await Client(server, table_id).connect()
        await client.until("view")
        for _ in range(61):  # a burst of 60, and one more
            await client.send({"type": "ping"})
        refused = await client.until("error")
        await client.close()
        return refused

    refused = asyncio.run(chatter())
    assert refused["code"] == "rate_limited" and refused["params"]["retry_after"] >= 60


def _open_tables(server: Server, forwarded_for: str | None, count: int) -> list[int]:
    headers = {"X-Forwarded-For": forwarded_for} if forwarded_for is not None else {}
    body = {"game": "swipsheep", "players": 3}
    return [
        server.http.post("/api/tables", json=body, headers=headers).status_code
        for _ in range(count)
    ]


def test_x_forwarded_for_is_ignored_unless_the_peer_is_a_trusted_proxy(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    server = _server(
        tmp_path_factory, "--create-rate", "0.01", "--trusted-proxy", "10.0.0.0/8", bot_workers=0
    )
    # The peer (127.0.0.1) is no trusted proxy: every header shares the peer's bucket.
    assert _open_tables(server, "203.0.113.1", 10) == [201] * 10
    assert _open_tables(server, "203.0.113.2", 1) == [429]
    assert _open_tables(server, None, 1) == [429]


def test_behind_a_trusted_proxy_each_client_has_its_own_bucket(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    server = _server(
        tmp_path_factory,
        *("--create-rate", "0.01", "--trusted-proxy", "127.0.0.1", "--trusted-proxy", "10.0.0.0/8"),
        bot_workers=0,
    )
    assert _open_tables(server, "203.0.113.1", 10) == [201] * 10
    assert _open_tables(server, "203.0.113.1", 1) == [429]
    assert _open_tables(server, "203.0.113.2", 1) == [201]  # another client behind the proxy
    # A client cannot get a fresh bucket by writing the header itself: the proxies append
    # the address they saw, and the right-most one that is not a proxy is the client.
    assert _open_tables(server, "198.51.100.7, 203.0.113.1, 10.1.2.3", 1) == [429]
    assert _open_tables(server, "not-an-address", 1) == [201]  # the proxy's own bucket
    assert _open_tables(server, "203.0.113.9, not-an-address", 1) == [201]  # the same


def test_the_client_is_the_right_most_hop_that_is_no_trusted_proxy() -> None:
    proxies = TrustedProxies.parse(["127.0.0.1", "10.0.0.0/8", "fd00::/8"])
    assert client_address("127.0.0.1", ["203.0.113.1"], proxies) == "203.0.113.1"
    assert client_address("127.0.0.1", ["1.1.1.1, 203.0.113.1, 10.0.0.2"], proxies) == (
        "203.0.113.1"
    )
    assert client_address("127.0.0.1", ["1.1.1.1", "203.0.113.1:5555"], proxies) == (
        "203.0.113.1"  # two headers read as one list; a port is not part of the address
    )
    assert client_address("127.0.0.1", ["[2001:db8::1]:443, fd00::5"], proxies) == "2001:db8::1"
    assert client_address("127.0.0.1", ["10.0.0.9, 10.0.0.2"], proxies) == "10.0.0.9"
    assert client_address("127.0.0.1", ["1.1.1.1, junk, 10.0.0.2"], proxies) == "10.0.0.2"
    assert client_address("127.0.0.1", [], proxies) == "127.0.0.1"
    assert client_address("::ffff:127.0.0.1", ["203.0.113.1"], proxies) == "203.0.113.1"
    assert client_address("127.0.0.1", ["::ffff:203.0.113.1"], proxies) == "203.0.113.1"
    assert client_address("192.0.2.5", ["203.0.113.1"], proxies) == "192.0.2.5"  # untrusted
    assert client_address("127.0.0.1", ["203.0.113.1"], TrustedProxies()) == "127.0.0.1"


def test_a_trusted_proxy_that_is_no_address_is_refused_clearly() -> None:
    from pasture.cli.main import app

    result = CliRunner().invoke(app, ["serve", "--trusted-proxy", "proxy.example"])
    assert result.exit_code == 2
    assert "--trusted-proxy" in result.output and "not an IP address" in result.output
