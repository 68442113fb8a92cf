"""Messages between server processes, over Redis pub/sub.

One connection publishes and one subscribes, per process. Everything a process
publishes goes out in the order `publish` was called (one queue, one connection,
pipelined), and Redis delivers the messages of one publisher to one subscriber in that
order, across channels. The cluster relies on it: a catch-up sent to one connection and
the frames broadcast after it arrive in the order they were made.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Callable

import redis.asyncio as aioredis
from redis.exceptions import RedisError

log = logging.getLogger("pasture.cluster")

Handler = Callable[[str, str], None]
"""Called with (channel, message) for every message received."""

PREFIX = "pasture:"


def node_channel(node: str) -> str:
    """A process's own channel: requests to it, replies and frames for its websockets."""
    return f"{PREFIX}n:{node}"


def seat_channel(table_id: str, seat: int | None) -> str:
    """What one seat of a table may see (spectators: 's'), already filtered by the owner."""
    return f"{PREFIX}t:{table_id}:{'s' if seat is None else seat}"


class Bus:
    def __init__(self, url: str, on_message: Handler, on_reset: Callable[[], None]) -> None:
        self.url = url
        self.redis: aioredis.Redis = aioredis.Redis.from_url(url, decode_responses=True)
        """For commands (leases); a pool of connections."""
        self._pub: aioredis.Redis = aioredis.Redis.from_url(
            url, decode_responses=True, single_connection_client=True
        )
        self._pubsub = aioredis.Redis.from_url(url, decode_responses=True).pubsub()
        self._queue: deque[tuple[str, str]] = deque()
        self._wake = asyncio.Event()
        self._flushed = asyncio.Event()
        self._on_message = on_message
        self._confirm: dict[str, asyncio.Future[None]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._on_reset = on_reset
        """Called when the subscription was cut: messages may have been missed."""

    async def start(self, own_channel: str) -> None:
        await self.redis.ping()
        confirmed = self._expect(own_channel)
        await self._pubsub.subscribe(own_channel)  # the reader needs one subscription
        self._tasks = [
            asyncio.create_task(self._publisher()),
            asyncio.create_task(self._reader()),
        ]
        await asyncio.wait_for(confirmed, 5)

    async def close(self) -> None:
        await self.flush(2.0)
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(BaseException):
                await task
        for client in (self._pubsub, self._pub, self.redis):
            with contextlib.suppress(Exception):
                await client.aclose()

    # -- publishing ----------------------------------------------------------------------

    def publish(self, channel: str, payload: str) -> None:
        """Queue a message; it is sent after every message queued before it."""
        self._queue.append((channel, payload))
        self._flushed.clear()
        self._wake.set()

    async def flush(self, timeout: float) -> None:
        if self._queue:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._flushed.wait(), timeout)

    async def _publisher(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._queue:
                batch = list(self._queue)
                self._queue.clear()
                await self._send(batch)
            self._flushed.set()

    async def _send(self, batch: list[tuple[str, str]]) -> None:
        for attempt in range(2):  # a connection gone stale (Redis restarted) fails once
            pipe = self._pub.pipeline(transaction=False)
            for channel, payload in batch:
                pipe.publish(channel, payload)
            try:
                await pipe.execute()
                return
            except (RedisError, OSError) as e:
                if attempt:
                    # Lost: the receivers' subscriptions were cut too (they reconnect
                    # their clients), or an owner's leases lapse and its tables move.
                    log.warning("could not publish %d messages: %s", len(batch), e)
                    await asyncio.sleep(0.2)

    # -- subscribing ---------------------------------------------------------------------

    async def subscribe(self, channel: str) -> None:
        """Receive `channel`'s messages; returns once Redis confirmed it, so every message
        published after this returns is delivered."""
        confirmed = self._expect(channel)
        await self._pubsub.subscribe(channel)
        await asyncio.wait_for(confirmed, 5)

    def _expect(self, channel: str) -> asyncio.Future[None]:
        confirmed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._confirm[channel] = confirmed
        return confirmed

    async def unsubscribe(self, channel: str) -> None:
        with contextlib.suppress(RedisError, OSError):
            await self._pubsub.unsubscribe(channel)

    async def _reader(self) -> None:
        while True:
            try:
                while True:
                    message = await self._pubsub.get_message(timeout=1.0)
                    if message is None:
                        continue
                    kind = message["type"]
                    channel = message["channel"]
                    if kind == "message":
                        try:
                            self._on_message(channel, message["data"])
                        except Exception:
                            log.exception("handling a message on %s failed", channel)
                    elif kind == "subscribe":
                        confirmed = self._confirm.pop(channel, None)
                        if confirmed is not None and not confirmed.done():
                            confirmed.set_result(None)
            except asyncio.CancelledError:
                raise
            except Exception as e:
                log.warning("subscription to Redis cut: %s", e)
                self._on_reset()
                await asyncio.sleep(0.5)
