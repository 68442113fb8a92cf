"""Rate limits: a token bucket per client (an address, or one websocket).

A bucket holds up to `burst` tokens and refills at `rate` per second; each request takes
one. An empty bucket means "too fast": the request is refused and changes nothing.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass, field


@dataclass(slots=True)
class TokenBucket:
    rate: float
    """Tokens added per second."""
    burst: float
    """Most tokens held: how many requests may come at once."""
    tokens: float = -1.0
    stamp: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        if self.tokens < 0:
            self.tokens = self.burst

    def take(self, now: float | None = None) -> bool:
        """Take one token; False when none is left."""
        now = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def wait(self) -> float:
        """Seconds until the next token."""
        return max(0.0, (1 - self.tokens) / self.rate) if self.rate > 0 else 60.0


class RateLimiter:
    """One bucket per key; the least recently seen keys are forgotten beyond `keys`."""

    def __init__(self, rate: float, burst: float, keys: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self._keys = keys
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def bucket(self, key: str) -> TokenBucket:
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = TokenBucket(self.rate, self.burst)
            while len(self._buckets) > self._keys:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(key)
        return bucket
