"""pasture: four sheep tabletop games, exactly by their rules."""

__version__ = "0.1.0"


def compiled() -> bool:
    """True when the game engines run compiled by mypyc (a `PASTURE_COMPILE=1` build, see
    setup.py), False for the pure-Python engines of an ordinary install."""
    from pasture.core.game import COMPILED

    return COMPILED
