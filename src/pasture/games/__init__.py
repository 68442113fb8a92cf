"""The games. `pasture.games.get(name)` and `pasture.games.names()` find them."""

from pasture.core.registry import all_games, get, names

__all__ = ["all_games", "get", "names"]
