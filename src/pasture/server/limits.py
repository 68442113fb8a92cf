"""Rate limits: a token bucket per client (an address, or one websocket).

A bucket holds up to `burst` tokens and refills at `rate` per second; each request takes
one. An empty bucket means "too fast": the request is refused with 429 `rate_limited`,
says how long to wait (`retry_after` seconds, and a Retry-After header over HTTP) and
changes nothing.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from dataclasses import dataclass, field

from starlette.requests import Request

from pasture.server.client_address import TrustedProxies, client_address
from pasture.server.errors import ServerError
from pasture.server.settings import Settings


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


def rate_limited(message: str, wait: float) -> ServerError:
    """The refusal of a request that came too fast; `retry_after` is whole seconds (at
    least 1), as HTTP's Retry-After header counts them."""
    seconds = max(1, math.ceil(wait))
    return ServerError(429, "rate_limited", message, {"retry_after": seconds})


class ClientLimit:
    """One kind of request (`what`, as a sentence names it), limited per client address."""

    def __init__(self, what: str, rate: float, burst: float, proxies: TrustedProxies) -> None:
        self.what = what
        self.limiter = RateLimiter(rate, burst)
        self.proxies = proxies

    def check(self, request: Request) -> None:
        """Take a token for this request's client, or refuse it (ServerError 429)."""
        peer = request.client.host if request.client is not None else "?"
        client = (  # the headers are read only when a proxy may have written them
            client_address(peer, request.headers.getlist("x-forwarded-for"), self.proxies)
            if self.proxies.networks
            else peer
        )
        bucket = self.limiter.bucket(client)
        if not bucket.take():
            wait = bucket.wait()
            raise rate_limited(
                f"Too many {self.what} from your address: at most {self.limiter.rate:g} a"
                f" second. Retry in {math.ceil(wait)} s.",
                wait,
            )


@dataclass(frozen=True, slots=True)
class ClientLimits:
    """Every per-address limit of the HTTP API, one bucket per client and kind."""

    creating: ClientLimit
    """Tables opened, rematches included (a rematch opens a table for the first asker)."""
    writing: ClientLimit
    """Seats taken or left."""
    replaying: ClientLimit
    """Replays: each one plays a whole match again and builds a view per step."""

    @classmethod
    def of(cls, settings: Settings) -> ClientLimits:
        proxies = settings.trusted_proxies
        return cls(
            ClientLimit(
                "tables opened or rematches", settings.create_rate, settings.create_burst, proxies
            ),
            ClientLimit("seats taken or left", settings.write_rate, settings.write_burst, proxies),
            ClientLimit("replays", settings.replay_rate, settings.replay_burst, proxies),
        )
