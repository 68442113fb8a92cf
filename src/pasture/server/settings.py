"""What a server can be tuned with (`pasture serve --help` lists the same)."""

from __future__ import annotations

from dataclasses import dataclass


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
    max_message: int = 64 * 1024
    """Largest websocket message (bytes) read as a request; larger ones are refused."""
    hello_timeout: float = 10.0
    """Seconds a new websocket has to send its hello."""
    send_queue: int = 10_000
    """Messages waiting for one slow connection before it is dropped (it can reconnect)."""
