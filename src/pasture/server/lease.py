"""Which process owns a table: a lease in Redis, `pasture:lease:<table>` = the owner's
node id, with a time to live its owner keeps renewing.

A lease rather than a PostgreSQL advisory lock: a lock lives as long as its database
session, and a session to a machine that vanished lasts until TCP keepalive gives up
(minutes); a lease lapses after its TTL, so the time to take over is ours to choose. And
the lease's value says who the owner is, which is what another process needs to forward
an action there. A lease alone cannot stop an owner that paused past its TTL from
writing once more; the action log can: its primary key (table, seq) and its unique
(table, seat, client id) refuse the second of two writers, which then drops the table;
and a process that took a table compares it with the log for a while (cluster.py), for the
last actions an old owner acknowledged before it knew.
"""

from __future__ import annotations

from collections.abc import Sequence

import redis.asyncio as aioredis

from pasture.server.bus import PREFIX

_ACQUIRE = """
local holder = redis.call('GET', KEYS[1])
if not holder then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return ARGV[1]
end
if holder == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return holder
"""

_RENEW = """
local lost = {}
for i, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then
    redis.call('PEXPIRE', key, ARGV[2])
  else
    table.insert(lost, i - 1)
  end
end
return lost
"""

_RELEASE = """
for _, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then redis.call('DEL', key) end
end
return 0
"""


def lease_key(table_id: str) -> str:
    return f"{PREFIX}lease:{table_id}"


class Leases:
    def __init__(self, redis: aioredis.Redis, node: str, ttl: float) -> None:
        self.redis = redis
        self.node = node
        self.ttl_ms = int(ttl * 1000)
        self._acquire = redis.register_script(_ACQUIRE)
        self._renew = redis.register_script(_RENEW)
        self._release = redis.register_script(_RELEASE)

    async def acquire(self, table_id: str) -> str:
        """Take the table's lease if nobody holds it; returns the holder (maybe us)."""
        return str(await self._acquire(keys=[lease_key(table_id)], args=[self.node, self.ttl_ms]))

    async def holders(self, table_ids: Sequence[str]) -> list[str | None]:
        if not table_ids:
            return []
        values = await self.redis.mget([lease_key(t) for t in table_ids])
        return [None if v is None else str(v) for v in values]

    async def renew(self, table_ids: Sequence[str]) -> list[str]:
        """Extend our leases; returns the tables whose lease is no longer ours."""
        if not table_ids:
            return []
        keys = [lease_key(t) for t in table_ids]
        lost = await self._renew(keys=keys, args=[self.node, self.ttl_ms])
        return [table_ids[int(i)] for i in lost]

    async def release(self, table_ids: Sequence[str]) -> None:
        if table_ids:
            await self._release(keys=[lease_key(t) for t in table_ids], args=[self.node])
