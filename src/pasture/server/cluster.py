"""Several server processes, one site (`pasture serve --redis URL`).

Every table has one owner process at a time, the holder of its lease (server/lease.py):
only the owner has the table in memory, applies its actions, runs its bots and timers.
A websocket may land on any process. If that process is not the owner, it asks the owner
over the bus (server/bus.py) which seat the token holds, subscribes to that seat's
channel, and has the owner attach it: the owner sends the welcome and the catch-up to
that one connection, then broadcasts to the seat's channel exactly the frames it sends
its own connections of that seat (a `SeatChannel` sits among the table's connections).
Frames are filtered for their seat by the owner before they are published; a process
subscribes to a seat's channel only for a websocket that proved that seat.

When an owner dies its leases lapse; every process adopts tables without an owner from
the committed log (a share each), and the websockets relayed for the old owner are
closed with 1012 so their clients reconnect and catch up. Actions resent with the same
client id after that are answered from the log: it is the one record of what was
acknowledged.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import logging
import math
import os
import random
import secrets
import socket
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

from redis.exceptions import RedisError
from starlette.types import ASGIApp, Message
from starlette.websockets import WebSocketDisconnect

from pasture.server import protocol
from pasture.server.bus import PREFIX, Bus, node_channel, seat_channel
from pasture.server.connection import Connection
from pasture.server.errors import ServerError, unknown_table
from pasture.server.lease import Leases
from pasture.server.live import LiveTable, token_hash
from pasture.server.settings import Settings
from pasture.server.sockets import PlaySocket
from pasture.store import repository as repo

if TYPE_CHECKING:
    from pasture.server.manager import TableManager

log = logging.getLogger("pasture.cluster")

LEASE_TTL = 3.0
"""Seconds a lease lasts unless renewed (renewed every third of it): an owner that died
is replaced after at most this long, plus one adoption round."""
RECHECK_FOR = 2.0
"""Lease times during which a table loaded here is compared with the log at each renewal:
an old owner that had not noticed yet that its lease was gone (Redis restarted empty, or
out of its reach) stops writing within one."""
ADOPT_EVERY = 0.5
ADOPT_BATCH = 1000
CALL_TIMEOUT = 2.0
"""Seconds to wait for another process's answer: a live one answers in milliseconds; a
dead one's lease has not lapsed yet, and the client's retry finds the next owner."""
NODES_KEY = f"{PREFIX}nodes"
FORWARDED = b"x-pasture-forwarded"


def new_node_id() -> str:
    """Host, pid and a random part: unique per process start, and says where it runs."""
    return f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"


def unavailable(why: str) -> ServerError:
    return ServerError(503, "unavailable", why)


class SeatChannel(Connection):
    """Stands among an owned table's connections for every websocket of one seat held by
    other processes: what the owner sends it is published on that seat's channel."""

    def __init__(self, bus: Bus, table_id: str, seat: int | None, hashed: str | None) -> None:
        # No websocket and no queue here: the bus keeps the order. The token hash is the
        # one the seat's websockets proved: what only seated players read reaches them.
        self.seat = seat
        self.token_hash = hashed
        self.closed = False
        self._bus = bus
        self.channel = seat_channel(table_id, seat)
        self.attached = 0
        """Websockets attached through it so far (pruning leaves one just reused)."""

    def send_text(self, text: str) -> None:
        if not self.closed:
            self._bus.publish(self.channel, text)

    def send_texts(self, texts: list[str]) -> None:
        for text in texts:
            self.send_text(text)

    def close(self, code: int = 1000) -> None:
        if not self.closed:
            self.closed = True
            self._bus.publish(self.channel, f"!{code}")

    async def pump(self) -> None:
        return None


class RemoteConnection(Connection):
    """One websocket held by another process, as the owner sees it while it answers that
    websocket alone (welcome, catch-up, acks, errors)."""

    def __init__(
        self, bus: Bus, node: str, conn_id: str, seat: int | None, hashed: str | None
    ) -> None:
        self.seat = seat
        self.token_hash = hashed
        self.closed = False
        self._bus = bus
        self._channel = node_channel(node)
        self._conn_id = conn_id
        self._prefix = f"f {conn_id} "

    def send_text(self, text: str) -> None:
        if not self.closed:
            self._bus.publish(self._channel, self._prefix + text)

    def send_texts(self, texts: list[str]) -> None:
        for text in texts:
            self.send_text(text)

    def close(self, code: int = 1000) -> None:
        if not self.closed:
            self.closed = True
            self._bus.publish(self._channel, f"c {self._conn_id} {code}")

    async def pump(self) -> None:
        return None


@dataclass(frozen=True, slots=True)
class RemoteSeat:
    """A websocket's place at a table another process owns."""

    table_id: str
    owner: str
    seat: int | None
    token_hash: str | None


@dataclass(eq=False, slots=True)
class Session:
    """A websocket served here for a table owned elsewhere."""

    conn: Connection
    remote: RemoteSeat
    attached: bool = False
    """Set when the owner's catch-up has arrived: channel frames before it are in it."""


@dataclass(slots=True)
class Subscribers:
    sessions: set[Session] = field(default_factory=set)
    ready: asyncio.Future[None] | None = None


Op = Callable[[dict[str, Any]], Awaitable[Any]]


class Cluster:
    def __init__(
        self,
        manager: TableManager,
        redis_url: str,
        settings: Settings,
        lease_ttl: float = LEASE_TTL,
    ) -> None:
        self.manager = manager
        self.settings = settings
        self.node = new_node_id()
        self.lease_ttl = lease_ttl
        self.bus = Bus(redis_url, self._on_message, self._subscription_cut)
        self.leases = Leases(self.bus.redis, self.node, lease_ttl)
        self.asgi: ASGIApp | None = None
        """The whole application, to answer HTTP requests forwarded here."""
        self.sessions: dict[str, Session] = {}
        self._channels: dict[str, Subscribers] = {}
        self._calls: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._remotes: dict[tuple[str, str], RemoteConnection] = {}
        self._ids = itertools.count(1)
        self._tasks: list[asyncio.Task[None]] = []
        self._renewed_at = time.monotonic()
        self._loaded_at: dict[str, float] = {}
        """Tables whose lease this process took lately, and when (monotonic)."""
        self._ops: dict[str, Op] = {
            "open": self._op_open,
            "attach": self._op_attach,
            "act": self._op_act,
            "bye": self._op_bye,
            "http": self._op_http,
        }

    async def start(self) -> None:
        await self.bus.start(node_channel(self.node))
        await self._register()
        self._tasks = [
            asyncio.create_task(self._keep_leases()),
            asyncio.create_task(self._adopt_orphans()),
        ]
        log.info("cluster node %s started", self.node)

    async def stop(self) -> None:
        """After the manager closed its connections: hand the tables back at once."""
        for task in self._tasks:
            task.cancel()
        for session in list(self.sessions.values()):
            session.conn.close(1012)
        with contextlib.suppress(RedisError, OSError):
            await self.bus.flush(2.0)
            await self.leases.release(list(self.manager.tables))
            await self.bus.redis.zrem(NODES_KEY, self.node)
        await self.bus.close()

    # -- ownership -----------------------------------------------------------------------

    async def hold(self, table_id: str) -> None:
        """Before the manager loads or creates a table: take its lease, or refuse."""
        try:
            holder = await self.leases.acquire(table_id)
        except (RedisError, OSError):
            raise unavailable("Redis cannot be reached; retry.") from None
        if holder != self.node:
            raise unavailable("Another server process holds this table now; retry.")
        self._loaded_at.setdefault(table_id, time.monotonic())

    async def owner_of(self, table_id: str) -> str:
        """The table's owner; this process takes the lease if nobody holds it."""
        if table_id in self.manager.tables:
            return self.node
        try:
            return await self.leases.acquire(table_id)
        except (RedisError, OSError):
            raise unavailable("Redis cannot be reached; retry.") from None

    def _drop(self, table_id: str) -> None:
        """The lease is no longer ours: stop serving the table; its clients reconnect."""
        table = self.manager.tables.pop(table_id, None)
        if table is None:
            return
        table.broken = True
        self.manager.scheduler.cancel(table)
        for conn in list(table.connections):
            conn.close(1012)

    async def _register(self) -> None:
        await self.bus.redis.zadd(NODES_KEY, {self.node: time.time() + self.lease_ttl})

    async def _keep_leases(self) -> None:
        while True:
            await asyncio.sleep(self.lease_ttl / 3)
            try:
                await self._keep_leases_once()
            except Exception:  # a bug here must not stop the renewals for good
                log.exception("renewing leases failed")

    async def _keep_leases_once(self) -> None:
        owned = list(self.manager.tables)
        try:
            lost = await self.leases.renew(owned)
            await self._register()
            self._renewed_at = time.monotonic()
            await self._watch_sessions()
            await self._recheck_recent_loads()
        except (RedisError, OSError) as e:
            if time.monotonic() - self._renewed_at < self.lease_ttl:
                return
            log.warning("Redis unreachable for the lease time (%s): tables handed over", e)
            lost = owned
        for table_id in lost:
            log.warning("table %s: lease lost, handed over", table_id)
            self._drop(table_id)
        with contextlib.suppress(RedisError, OSError):
            await self._prune_channels()
        self._unload_finished()

    async def _recheck_recent_loads(self) -> None:
        """A table loaded here while its old owner still wrote misses that owner's last
        actions, and nothing else would tell if no client acts on it again (a finished
        match would read as unfinished): until the old owner must have stopped, compare
        what is loaded with the log, and load again what is behind."""
        now = time.monotonic()
        horizon = RECHECK_FOR * self.lease_ttl
        self._loaded_at = {t: at for t, at in self._loaded_at.items() if now - at < horizon}
        ids = [t for t in self._loaded_at if t in self.manager.tables]
        if not ids:
            return
        counts = await self.manager.db.run(partial(repo.logged_counts, table_ids=ids))
        for table_id in ids:
            table = self.manager.tables.get(table_id)
            if table is None or counts.get(table_id, 0) <= table.seq:
                continue
            async with table.lock:  # not a commit of our own that is just being counted
                logged = await self.manager.db.run(
                    partial(repo.logged_counts, table_ids=[table_id])
                )
                if self.manager.tables.get(table_id) is not table:
                    continue
                behind = logged.get(table_id, 0) > table.seq
                if behind:
                    log.warning(
                        "table %s: behind the log (%s actions), reloaded", table_id, table.seq
                    )
                    self._drop(table_id)
            if behind:
                with contextlib.suppress(ServerError):
                    await self.manager.get(table_id)

    async def _prune_channels(self) -> None:
        """Stop publishing a seat's frames once no process listens for that seat any
        more (a process subscribes before it asks to attach, so none is missed)."""
        seen = [
            (table, c, c.attached)
            for table in self.manager.tables.values()
            for c in table.connections
            if isinstance(c, SeatChannel)
        ]
        if not seen:
            return
        counts = dict(await self.bus.redis.pubsub_numsub(*(c.channel for _, c, _ in seen)))
        for table, c, attached in seen:
            if counts.get(c.channel, 1) == 0 and c.attached == attached:
                table.connections.discard(c)

    def _unload_finished(self) -> None:
        """A finished table nobody watches any more, here or elsewhere, leaves memory."""
        for table in list(self.manager.tables.values()):
            self.manager.forget_if_idle(table)

    async def _watch_sessions(self) -> None:
        """Websockets relayed for an owner that lost its table reconnect (to anyone)."""
        sessions = list(self.sessions.values())
        table_ids = sorted({s.remote.table_id for s in sessions})
        holders = dict(zip(table_ids, await self.leases.holders(table_ids), strict=True))
        for session in sessions:
            if holders.get(session.remote.table_id) != session.remote.owner:
                session.conn.close(1012)  # the owner lost it, or died: reconnect

    async def _adopt_orphans(self) -> None:
        """Unfinished tables whose owner is gone: take a share of them (bots and clocks
        go on from the committed log)."""
        await asyncio.sleep(random.uniform(0, ADOPT_EVERY))
        while True:
            try:
                await self._adopt_once()
            except (RedisError, OSError) as e:
                log.warning("cannot adopt tables now: %s", e)
            except Exception:
                log.exception("adopting tables failed")
            await asyncio.sleep(ADOPT_EVERY)

    async def _adopt_once(self) -> None:
        # Tables that must act by themselves soon (bots, clocks); any other table is
        # taken by the first process a client of it reaches.
        horizon = time.time() + 2 * self.settings.sweep_interval
        due = partial(repo.due_table_ids, before=horizon, limit=ADOPT_BATCH)
        ids = list(await self.manager.db.run(due))
        holders = await self.leases.holders(ids)
        free = [t for t, h in zip(ids, holders, strict=True) if h is None]
        if not free:
            return
        live = await self.bus.redis.zcount(NODES_KEY, time.time(), "+inf")
        random.shuffle(free)
        share = free[: math.ceil(len(free) / max(int(live), 1))]
        # Leases first (quick), then the loads: a client reconnecting meanwhile finds
        # the new owner and waits for the table there.
        mine = [t for t in share if await self.leases.acquire(t) == self.node]
        for table_id in mine:
            try:
                await self.manager.get(table_id)
                log.info("table %s adopted", table_id)
            except ServerError:
                pass  # e.g. the database is unreachable: the lease lapses, retried later

    # -- messages between processes ------------------------------------------------------

    def _on_message(self, channel: str, data: str) -> None:
        if channel.startswith(f"{PREFIX}t:"):
            self._on_seat_frame(channel, data)
            return
        kind, _, rest = data.partition(" ")
        if kind == "f":
            conn_id, _, text = rest.partition(" ")
            session = self.sessions.get(conn_id)
            if session is not None:
                session.conn.send_text(text)
        elif kind == "a":
            session = self.sessions.get(rest)
            if session is not None:
                session.attached = True
        elif kind == "c":
            conn_id, _, code = rest.partition(" ")
            session = self.sessions.get(conn_id)
            if session is not None:
                session.conn.close(int(code))
        elif kind == "q":
            asyncio.ensure_future(self._serve(protocol.loads(rest)))
        elif kind == "r":
            reply = protocol.loads(rest)
            future = self._calls.pop(reply["rid"], None)
            if future is not None and not future.done():
                future.set_result(reply)

    def _on_seat_frame(self, channel: str, data: str) -> None:
        subscribers = self._channels.get(channel)
        if subscribers is None:
            return
        if data.startswith("!"):
            for session in list(subscribers.sessions):
                session.conn.close(int(data[1:]))
            return
        for session in subscribers.sessions:
            if session.attached:
                session.conn.send_text(data)

    def _subscription_cut(self) -> None:
        """Frames may have been missed: every relayed websocket reconnects and catches up."""
        for session in list(self.sessions.values()):
            session.conn.close(1012)

    async def call(self, node: str, op: str, **args: Any) -> Any:
        """Ask another process; its ServerError is raised here."""
        rid = f"{self.node}:{next(self._ids)}"
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._calls[rid] = future
        request = {"op": op, "rid": rid, "from": self.node, **args}
        self.bus.publish(node_channel(node), "q " + protocol.dumps(request))
        try:
            reply = await asyncio.wait_for(future, CALL_TIMEOUT)
        except TimeoutError:
            raise unavailable("The server holding this table did not answer; retry.") from None
        finally:
            self._calls.pop(rid, None)
        error = reply.get("error")
        if error is not None:
            params = error.get("params") or {}
            raise ServerError(
                int(error["status"]), str(error["code"]), str(error["message"]), dict(params)
            )
        return reply.get("result")

    def cast(self, node: str, op: str, **args: Any) -> None:
        """Tell another process, without waiting for an answer."""
        request = {"op": op, "rid": None, "from": self.node, **args}
        self.bus.publish(node_channel(node), "q " + protocol.dumps(request))

    async def _serve(self, request: dict[str, Any]) -> None:
        rid = request.get("rid")
        reply: dict[str, Any] = {"rid": rid}
        try:
            op = self._ops.get(str(request.get("op")))
            if op is None:
                raise ServerError(400, "unknown_op", f"Unknown request {request.get('op')!r}.")
            reply["result"] = await op(request)
        except ServerError as e:
            reply["error"] = {"status": e.status, **e.to_json()}
        except Exception:
            log.exception("request %s failed", request.get("op"))
            reply["error"] = {"status": 503, "code": "unavailable", "message": "Retry."}
        if rid is not None:
            self.bus.publish(node_channel(str(request["from"])), "r " + protocol.dumps(reply))

    # -- the owner's side ----------------------------------------------------------------

    def _catch_up_with(self, table_id: str, since: Any) -> None:
        """A client has seen a later version than the table here: the table was taken
        over while an old owner still wrote (Redis lost its leases, an owner paused past
        its lease). What it wrote is in the log: drop this copy, load the log again."""
        table = self.manager.tables.get(table_id)
        if table is not None and isinstance(since, int) and since > table.match.version:
            log.warning(
                "table %s: behind the log (v%s < v%s), reloaded",
                table_id,
                table.match.version,
                since,
            )
            self._drop(table_id)

    async def _op_open(self, request: dict[str, Any]) -> dict[str, Any]:
        self._catch_up_with(str(request["table"]), request.get("since"))
        table = await self.manager.get(str(request["table"]))
        hashed = request.get("token_hash")
        seat = None
        if hashed is not None:
            seat = table.seat_of(str(hashed))
            if seat is None:
                raise ServerError(403, "bad_token", "That token holds no seat at this table.")
        return {"seat": seat}

    def _remote(self, request: dict[str, Any]) -> RemoteConnection:
        seat = request.get("seat")
        return RemoteConnection(
            self.bus,
            str(request["from"]),
            str(request["conn"]),
            None if seat is None else int(seat),
            request.get("token_hash"),
        )

    async def _op_attach(self, request: dict[str, Any]) -> None:
        table = await self.manager.get(str(request["table"]))
        conn = self._remote(request)
        self._publish_seat(table, conn.seat, conn.token_hash)
        try:
            await self.manager.attach(table, conn, request.get("since"))
            chat = self._chat()
            if chat is not None:
                chat.welcome(table, conn)
        finally:
            table.connections.discard(conn)  # its seat's frames go to the channel
        # The catch-up is ahead of this marker on the bus: channel frames after it are new.
        self.bus.publish(node_channel(str(request["from"])), f"a {request['conn']}")

    def _publish_seat(self, table: LiveTable, seat: int | None, hashed: str | None) -> None:
        for c in table.connections:
            if (
                isinstance(c, SeatChannel)
                and c.seat == seat
                and c.token_hash == hashed
                and not c.closed
            ):
                c.attached += 1
                return
        channel = SeatChannel(self.bus, table.id, seat, hashed if seat is not None else None)
        channel.attached = 1
        table.connections.add(channel)

    def _chat(self) -> Any:
        state = getattr(self.asgi, "state", None)
        return getattr(state, "chat", None)

    def _remote_of(self, request: dict[str, Any]) -> RemoteConnection:
        """The same object for every message of one relayed websocket (chat counts its
        rate per connection)."""
        key = (str(request["from"]), str(request["conn"]))
        conn = self._remotes.get(key)
        if conn is None:
            conn = self._remotes[key] = self._remote(request)
        return conn

    async def _op_act(self, request: dict[str, Any]) -> None:
        """A message from a relayed websocket: an action, a chat line, "I'm back"."""
        conn = self._remote_of(request)
        table = self.manager.tables.get(str(request["table"]))
        if table is None or table.broken:
            conn.send(protocol.error("unavailable", "The table moved; reconnect."))
            conn.close(1012)
            return
        message = request["message"]
        kind = message.get("type")
        if kind == "chat":
            chat = self._chat()
            if chat is not None:
                chat.say(table, conn, message)
        elif kind == "back":
            await self.manager.back(table, conn)
        else:
            await self.manager.act(table, conn, message)

    async def _op_bye(self, request: dict[str, Any]) -> None:
        conn = self._remotes.pop((str(request["from"]), str(request["conn"])), None)
        chat = self._chat()
        if conn is not None and chat is not None:
            chat.forget(conn)

    async def _op_http(self, request: dict[str, Any]) -> dict[str, Any]:
        if self.asgi is None:
            raise unavailable("Not ready; retry.")
        headers = [(k.encode("latin-1"), v.encode("latin-1")) for k, v in request["headers"]]
        scope: dict[str, Any] = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": request["method"],
            "scheme": "http",
            "path": request["path"],
            "raw_path": request["path"].encode(),
            "root_path": "",
            "query_string": request["query"].encode("latin-1"),
            "headers": [*headers, (FORWARDED, b"1")],
            "client": tuple(request.get("client") or ("?", 0)),  # limits stay per client
            "server": ("cluster", 0),
        }
        body = base64.b64decode(request["body"])
        answer = HttpAnswer()

        async def receive() -> Message:
            if not answer.read:
                answer.read = True
                return {"type": "http.request", "body": body, "more_body": False}
            return {"type": "http.disconnect"}

        await self.asgi(scope, receive, answer.send)
        return {
            "status": answer.status,
            "headers": answer.headers,
            "body": base64.b64encode(b"".join(answer.body)).decode(),
        }

    # -- websockets for tables owned elsewhere -------------------------------------------

    async def open_remote(self, table_id: str, token: str | None, since: Any) -> RemoteSeat | None:
        """Where a websocket's table is: None if here, else the owner and the seat."""
        from pasture.server.manager import MAX_TABLE_ID

        if len(table_id) > MAX_TABLE_ID:
            raise unknown_table(table_id)
        owner = await self.owner_of(table_id)
        if owner == self.node:
            self._catch_up_with(table_id, since)
            return None
        hashed = token_hash(token) if token is not None else None
        result = await self.call(owner, "open", table=table_id, token_hash=hashed, since=since)
        seat = result["seat"]
        return RemoteSeat(table_id, owner, None if seat is None else int(seat), hashed)

    async def play_remote(
        self, remote: RemoteSeat, socket: PlaySocket, since: Any, batch: bool = False
    ) -> None:
        """Serve one websocket for a table owned elsewhere, until it closes."""
        from pasture.server.ws import MessageReader

        settings = self.settings
        conn = Connection(socket, remote.seat, remote.token_hash, settings.send_queue, batch)
        pump = asyncio.create_task(conn.pump())
        conn_id = f"{next(self._ids)}"
        session = Session(conn, remote)
        self.sessions[conn_id] = session
        channel = seat_channel(remote.table_id, remote.seat)
        where = {"table": remote.table_id, "seat": remote.seat, "token_hash": remote.token_hash}
        reader = MessageReader(socket, settings)
        try:
            await self._listen(channel, session)
            await self.call(remote.owner, "attach", conn=conn_id, since=since, **where)
            async for message in reader.messages(conn):
                kind = message["type"]
                if kind in ("act", "chat", "back"):
                    self.cast(remote.owner, "act", conn=conn_id, message=message, **where)
                elif kind == "ping":
                    conn.send({"type": "pong"})
                else:
                    conn.send(protocol.error("unknown_type", f"Unknown message type {kind!r}."))
        except WebSocketDisconnect:
            pass
        except ServerError as e:  # e.g. a bad 'since': refused as on the owner
            conn.send(protocol.error(e.code, e.message, params=e.params))
            conn.close(4000 + e.status if e.status < 500 else 1011)
        except (RedisError, OSError, TimeoutError):
            conn.send(protocol.error("unavailable", "The table cannot be reached now; retry."))
            conn.close(1011)
        finally:
            self.sessions.pop(conn_id, None)
            self.cast(remote.owner, "bye", conn=conn_id, **where)
            await self._unlisten(channel, session)
            conn.close()
            try:
                await asyncio.wait_for(pump, 5)
            except (Exception, asyncio.CancelledError):
                pump.cancel()

    async def _listen(self, channel: str, session: Session) -> None:
        subscribers = self._channels.get(channel)
        if subscribers is None:
            subscribers = self._channels[channel] = Subscribers()
            subscribers.ready = asyncio.ensure_future(self.bus.subscribe(channel))
        subscribers.sessions.add(session)
        assert subscribers.ready is not None
        await asyncio.shield(subscribers.ready)

    async def _unlisten(self, channel: str, session: Session) -> None:
        subscribers = self._channels.get(channel)
        if subscribers is None:
            return
        subscribers.sessions.discard(session)
        if not subscribers.sessions:
            del self._channels[channel]
            await self.bus.unsubscribe(channel)


@dataclass(slots=True)
class HttpAnswer:
    """The response of a forwarded HTTP request, as the application sends it."""

    status: int = 500
    headers: list[tuple[str, str]] = field(default_factory=list)
    body: list[bytes] = field(default_factory=list)
    read: bool = False

    async def send(self, message: Message) -> None:
        if message["type"] == "http.response.start":
            self.status = int(message["status"])
            self.headers = [
                (k.decode("latin-1"), v.decode("latin-1")) for k, v in message.get("headers", [])
            ]
        elif message["type"] == "http.response.body":
            self.body.append(bytes(message.get("body", b"")))
