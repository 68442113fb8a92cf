"""What a server can be tuned with (`pasture serve --help` lists the same)."""

from __future__ import annotations

from dataclasses import dataclass

from pasture.server.client_address import TrustedProxies


@dataclass(frozen=True, slots=True)
class Settings:
    bot_delay: float = 0.5
    """Seconds a bot waits before it acts, so people can follow the table."""
    reaction_timeout: float = 20.0
    """Seconds every seat gets to answer when its State.timeout_action offers a default
    (a reaction window); then that default is applied. The same for every seat."""
    bot_reaction_time: float = 2.0
    """Seconds after a reaction window opens at which every bot answers it, whatever it
    holds (W-10a); a bot still thinking then passes."""
    bot_workers: int = 1
    """Worker processes bots think in (a cap on the cores bots use); 0: a thread."""
    bot_cpu_budget: float = 10.0
    """CPU seconds one bot decision may use; then a plain choice is played."""
    max_message: int = 64 * 1024
    """Largest websocket message (bytes) read as a request; larger ones are refused."""
    hello_timeout: float = 10.0
    """Seconds a new websocket has to send its hello."""
    socket_rate: float = 20.0
    """Messages a second one websocket may send on average (pings included)."""
    socket_burst: float = 60.0
    """Messages one websocket may send at once before the rate applies."""
    create_rate: float = 2.0
    """Tables one client address may open per second on average (rematches included)."""
    create_burst: float = 20.0
    """Tables one client address may open at once."""
    write_rate: float = 10.0
    """Other writes (take or leave a seat) one client address may make per second."""
    write_burst: float = 60.0
    replay_rate: float = 1.0
    """Replays (each plays a whole match again) one client address may ask for per second."""
    replay_burst: float = 10.0
    trusted_proxies: TrustedProxies = TrustedProxies()
    """Reverse proxies whose X-Forwarded-For names the client of a request (for the limits
    above); with none, the header is ignored and the client is the TCP peer."""
    max_body: int = 64 * 1024
    """Largest HTTP request body (bytes)."""
    statement_timeout: float = 5.0
    """Seconds one database statement may take; then its table's change fails with
    `unavailable` (the others go on)."""
    header_timeout: float = 10.0
    """Seconds a client has to send a request's headers."""
    sweep_interval: float = 5.0
    """Seconds between sweeps that load tables due, evict idle ones, expire old ones."""
    idle_after: float = 300.0
    """Seconds unused after which a table leaves memory (it is reloaded on demand)."""
    waiting_ttl: float = 86_400.0
    """Seconds a table may wait for players before it is closed (status `expired`)."""
    lease_ttl: float = 3.0
    """With --redis: seconds a table's lease lasts unless renewed (every third of it); a
    dead owner's tables are adopted after at most this long (server/cluster.py)."""
    send_queue: int = 10_000
    """Messages waiting for one slow connection before it is dropped (it can reconnect)."""
