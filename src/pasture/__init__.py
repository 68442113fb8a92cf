"""pasture: four sheep tabletop games, exactly by their rules."""

__version__ = "0.1.0"
