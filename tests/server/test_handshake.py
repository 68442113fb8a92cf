"""The websocket opening handshake (server/handshake.py, RFC 6455 section 4.2): every
request that is not one is refused with its status and a sentence, and the answer to one
carries the accept value the RFC computes. uvicorn upgrades only a request with
`Connection: Upgrade` and `Upgrade: websocket`, so those refusals are checked here, on
the function, rather than over a socket (tests/server/test_websocket.py has the rest)."""

from __future__ import annotations

import pytest

from pasture.server.handshake import HandshakeRefused, handshake_answer

KEY = b"dGhlIHNhbXBsZSBub25jZQ=="  # RFC 6455 section 1.3's own example
HEADERS = [
    (b"host", b"127.0.0.1"),
    (b"upgrade", b"websocket"),
    (b"connection", b"keep-alive, Upgrade"),
    (b"sec-websocket-key", KEY),
    (b"sec-websocket-version", b"13"),
]


def without(name: bytes) -> list[tuple[bytes, bytes]]:
    return [(n, v) for n, v in HEADERS if n != name]


def test_a_handshake_is_answered_with_the_rfc_s_accept_value() -> None:
    answer = handshake_answer("GET", "1.1", HEADERS)
    assert answer.startswith(b"HTTP/1.1 101 Switching Protocols\r\n")
    assert b"\r\nsec-websocket-accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n" in answer
    assert answer.endswith(b"\r\n\r\n")


@pytest.mark.parametrize(
    ("method", "version", "headers", "status"),
    [
        ("POST", "1.1", HEADERS, 400),
        ("GET", "1.0", HEADERS, 400),
        ("GET", "1.1", without(b"upgrade"), 400),
        ("GET", "1.1", [*without(b"upgrade"), (b"upgrade", b"h2c")], 400),
        ("GET", "1.1", without(b"connection"), 400),
        ("GET", "1.1", without(b"sec-websocket-version"), 426),
        ("GET", "1.1", [*HEADERS, (b"sec-websocket-version", b"13")], 426),  # two versions
        ("GET", "1.1", without(b"sec-websocket-key"), 400),
        ("GET", "1.1", [*HEADERS, (b"sec-websocket-key", KEY)], 400),  # two keys
        ("GET", "1.1", [*without(b"sec-websocket-key"), (b"sec-websocket-key", b"c2hvcnQ=")], 400),
    ],
    ids=[
        "post",
        "http-1.0",
        "no-upgrade",
        "upgrade-to-another-protocol",
        "no-connection-upgrade",
        "no-version",
        "two-versions",
        "no-key",
        "two-keys",
        "short-key",
    ],
)
def test_a_request_that_is_not_a_handshake_is_refused_with_its_status(
    method: str, version: str, headers: list[tuple[bytes, bytes]], status: int
) -> None:
    with pytest.raises(HandshakeRefused) as refused:
        handshake_answer(method, version, headers)
    response = refused.value.response()
    assert response.startswith(f"HTTP/1.1 {status} ".encode())
    assert b"Failed to open a WebSocket connection: " in response
    assert (b"\r\nsec-websocket-version: 13\r\n" in response) == (status == 426)
    head, _, body = response.partition(b"\r\n\r\n")
    assert f"content-length: {len(body)}".encode() in head
