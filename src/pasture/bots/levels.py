"""Difficulty levels for people: Easy, Normal and Hard, each backed by a research bot.

A level is a name accepted wherever a bot's name is (`pasture play --seats`,
`pasture simulate --bots`, `pasture arena`, a table's seats on the server). The
ratings that back each level are measured with `pasture arena` and listed in
docs/bots.md.

Easy's `sloppy` is, in most games, the heuristic with a third of its moves (where it has
a choice) random. A game whose heuristic that barely weakens defines its own `sloppy` in
its `BOTS` (Swip'Sheep: two thirds random; Wilson & Shep: a beginner who does not follow
the swaps and never makes a decoy, since random swaps would make Wilson harder to read,
not easier).
"""

from __future__ import annotations

from typing import NamedTuple


class Level(NamedTuple):
    name: str
    title: str
    bot: str
    """The research bot that plays this level."""
    blurb: str


LEVELS: tuple[Level, ...] = (
    Level("easy", "Easy", "sloppy", "plays like Normal, but with a beginner's mistakes"),
    Level("normal", "Normal", "heuristic", "the game's own rules of thumb, instant"),
    Level("hard", "Hard", "search", "searches ahead within a time budget"),
)
BY_NAME = {level.name: level for level in LEVELS}


def resolve(name: str) -> str:
    """A level's research bot, or the name itself when it is not a level."""
    level = BY_NAME.get(name)
    return level.bot if level is not None else name
