"""The websocket protocol under any order of events (Hypothesis, stateful): connections
of seats and spectators come and go, act, resend, reconnect, leave and rejoin, with bad
input mixed in. After every step:
- one answer per client id: every answer to an id is the first one (same ack version);
- bad input gets an error {code, message}, keeps the connection, and changes nothing;
- no leak: a seat's connection sees only its own seat's view (a hand only there), a
  spectator none, and two connections of a seat see the same view at a version;
- versions a connection sees never go back, and the table never moves without an ack.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    consumes,
    initialize,
    invariant,
    multiple,
    rule,
)
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.server.harness import Server

PLAYERS = 3
# (message, error code, refused before knowing who sent it: spectators get it too)
BAD_INPUT = [
    ("{", "malformed_message", True),
    ("[1, 2]", "malformed_message", True),
    ('{"type": "dance"}', "unknown_type", True),
    ('{"type": "act", "version": 0, "id": "a\\u0000b", "action": {}}', "bad_text", True),
    (
        '{"type": "act", "version": 0, "action": ' + "[" * 50 + "]" * 50 + "}",
        "malformed_message",
        True,
    ),
    (
        '{"type": "act", "version": 0, "id": 7, "action": {"kind": "pass"}}',
        "malformed_message",
        True,
    ),
    ('{"type": "act", "action": {"kind": "pass"}}', "malformed_message", False),
    ('{"type": "act", "version": 0, "action": {"kind": "fly"}}', "malformed_action", False),
]


class Conn:
    """One websocket, and everything it was sent."""

    def __init__(self, server: Server, table_id: str, seat: int | None, token: str | None):
        self.seat = seat
        self.token = token
        self.version = -1
        self.views: dict[int, dict[str, Any]] = {}
        self.legal: list[dict[str, Any]] = []
        self.ws: ClientConnection = connect(f"{server.ws_url}/ws/tables/{table_id}")
        self.answers: list[dict[str, Any]] = []
        self.closed = False
        self.pings = self.pongs = 0

    def hello(self, since: int | None) -> None:
        hello: dict[str, Any] = {"type": "hello"}
        if self.token is not None:
            hello["token"] = self.token
        if since is not None:
            hello["since"] = since
        self.ws.send(json.dumps(hello))
        self.drain(until_view=True)

    def take(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        assert kind in {"welcome", "view", "event", "ack", "error", "table", "end", "pong"}
        if kind == "view":
            assert message["version"] >= self.version, "a version went back"
            self.version = message["version"]
            view = message["view"]
            assert view.get("seat") == self.seat
            assert ("hand" in view) == (self.seat is not None)
            self.views[message["version"]] = view
            self.legal = message["legal"]
        elif kind in ("ack", "error"):
            assert message.get("code") != "unavailable"
            self.answers.append(message)
        elif kind == "pong":
            self.pongs += 1

    def drain(self, until_view: bool = False) -> None:
        """Read everything the server sent before it answered a ping (a connection's
        messages are handled in order), and with `until_view`, a view among them."""
        try:
            self.ws.send('{"type": "ping"}')
            self.pings += 1
            fenced = True
        except ConnectionClosed:
            fenced = False  # closed: what came before the close is still read below
        seen_view = not until_view
        while True:
            try:
                text = self.ws.recv(timeout=10)
            except ConnectionClosed:
                self.closed = True
                return
            message = json.loads(text)
            self.take(message)
            seen_view = seen_view or message["type"] == "view"
            if fenced and self.pongs == self.pings:
                assert seen_view, "no view came"
                return

    def answer(self, text: str, client_id: str | None) -> dict[str, Any]:
        """Send a message and return the ack or error it gets."""
        before = len(self.answers)
        self.ws.send(text)
        while True:
            message: dict[str, Any] = json.loads(self.ws.recv(timeout=10))
            self.take(message)
            answered = message["type"] in ("ack", "error") and len(self.answers) > before
            if answered and (client_id is None or message.get("id") == client_id):
                return message

    def close(self) -> None:
        self.ws.close()
        self.closed = True


class ProtocolMachine(RuleBasedStateMachine):
    server: Server

    conns = Bundle("conns")

    @initialize(target=conns)
    def open_table(self) -> Any:
        self.table_id, tokens = self.server.table_with_people("swipsheep", PLAYERS)
        self.tokens: list[str] = tokens
        self.first_answer: dict[tuple[int, str], dict[str, Any]] = {}
        self.acked_versions: set[int] = set()
        self.ids = 0
        self.all: list[Conn] = []
        self.initial = self._version()
        return multiple(*(self._open(seat, None) for seat in (0, 1, None)))

    def _open(self, seat: int | None, since: int | None) -> Conn:
        token = self.tokens[seat] if seat is not None else None
        conn = Conn(self.server, self.table_id, seat, token)
        conn.hello(since)
        self.all.append(conn)
        return conn

    def _version(self) -> int:
        return int(self.server.get(f"/api/tables/{self.table_id}").json()["version"])

    @rule(target=conns, seat=st.sampled_from([0, 1, 2, None]), since=st.booleans())
    def connect(self, seat: int | None, since: bool) -> Conn:
        return self._open(seat, self._version() if since else None)

    @rule(conn=conns, legal=st.booleans(), reuse=st.booleans(), pick=st.integers(0, 20))
    def act(self, conn: Conn, legal: bool, reuse: bool, pick: int) -> None:
        conn.drain()
        if conn.closed:
            return
        used = [k[1] for k in self.first_answer if k[0] == conn.seat]
        if reuse and used:
            client_id = used[pick % len(used)]
        else:
            self.ids += 1
            client_id = f"id{self.ids}"
        if legal and conn.legal:
            action = conn.legal[pick % len(conn.legal)]
        else:
            action = {"kind": "pass", "left": "nothing", "right": "nothing"}
        message = {"type": "act", "action": action, "version": conn.version, "id": client_id}
        before = self._version()
        reply = conn.answer(json.dumps(message), client_id)
        if conn.seat is None:
            assert reply["code"] == "spectator"
            return
        key = (conn.seat, client_id)
        first = self.first_answer.setdefault(key, reply)
        if reply is not first:  # an id already answered: the same answer, nothing applied
            expected = {**first, "duplicate": True} if first["type"] == "ack" else first
            assert reply == expected
            assert self._version() == before
        elif reply["type"] == "ack":
            self.acked_versions.add(reply["version"])
        else:
            assert self._version() == before

    @rule(conn=conns, bad=st.sampled_from(BAD_INPUT))
    def send_bad_input(self, conn: Conn, bad: tuple[str, str, bool]) -> None:
        conn.drain()
        if conn.closed:
            return
        text, code, for_anyone = bad
        before = self._version()
        reply = conn.answer(text, None)
        expected = code if for_anyone or conn.seat is not None else "spectator"
        assert reply["type"] == "error" and reply["code"] == expected and reply["message"]
        assert self._version() == before
        conn.drain()  # its ping is answered: the connection is still open
        assert not conn.closed

    @rule(target=conns, conn=consumes(conns))
    def reconnect(self, conn: Conn) -> Conn:
        since = conn.version if conn.version >= 0 else None
        conn.close()
        return self._open(conn.seat, since)

    @rule(conn=consumes(conns))
    def leave_and_rejoin(self, conn: Conn) -> None:
        seat = conn.seat
        if seat is None or conn.closed:
            conn.close()
            return
        response = self.server.delete(f"/api/tables/{self.table_id}/seats/{seat}", conn.token)
        if response.status_code != 204:  # left already by another connection of the seat
            conn.close()
            return
        conn.drain()
        assert conn.closed and conn.answers[-1]["code"] == "seat_left"
        self.tokens[seat] = self.server.join(self.table_id, seat, "again")
        for other in self.all:  # every connection of the seat was closed
            if other.seat == seat:
                other.drain()
                assert other.closed
        self.first_answer = {k: v for k, v in self.first_answer.items() if k[0] != seat}

    @invariant()
    def views_agree_and_the_table_moves_only_by_acks(self) -> None:
        if not hasattr(self, "all"):
            return
        by_seat: dict[tuple[int | None, int], dict[str, Any]] = {}
        for conn in self.all:
            for version, view in conn.views.items():
                other = by_seat.setdefault((conn.seat, version), view)
                assert other == view, "two connections of a seat saw different views"
        assert self._version() in {self.initial, *self.acked_versions}

    def teardown(self) -> None:
        for conn in getattr(self, "all", []):
            conn.close()


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_the_websocket_protocol_keeps_its_invariants_in_any_order(server: Server) -> None:
    ProtocolMachine.server = server
    ProtocolMachine.TestCase.settings = settings(
        max_examples=12,
        stateful_step_count=15,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        derandomize=True,
    )
    ProtocolMachine.TestCase().runTest()
