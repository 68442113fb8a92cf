"""The game-agnostic core: the contract every game implements, and the match that drives one."""

from pasture.core.errors import IllegalAction, InvalidOptions
from pasture.core.game import (
    CHANCE,
    Action,
    ChanceOutcome,
    Event,
    Game,
    Option,
    Result,
    State,
)
from pasture.core.match import Match

__all__ = [
    "CHANCE",
    "Action",
    "ChanceOutcome",
    "Event",
    "Game",
    "IllegalAction",
    "InvalidOptions",
    "Match",
    "Option",
    "Result",
    "State",
]
