"""Every game package under `pasture.games` that exposes `GAME` is registered by name."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from pasture.core.errors import PastureError
from pasture.core.game import Game


class UnknownGame(PastureError):
    default_code = "unknown_game"


@cache
def _games() -> dict[str, Game]:
    import pasture.games as package

    found: dict[str, Game] = {}
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            found[game.name] = game
    return dict(sorted(found.items()))


def names() -> list[str]:
    """The registered games' names, sorted."""
    return list(_games())


def get(name: str) -> Game:
    """The game called `name`, or UnknownGame with the list of known names."""
    try:
        return _games()[name]
    except KeyError:
        known = ", ".join(_games())
        raise UnknownGame(f"There is no game {name!r}; pasture has: {known}.") from None


def all_games() -> list[Game]:
    return list(_games().values())
