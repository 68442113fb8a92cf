"""What the terminal tests in every language share: the text a player reads off a
rendered table, and a check that a line reads as words."""

from __future__ import annotations

import re

from rich.console import Console
from rich.text import Text


def left_over(*prefixes: str) -> re.Pattern[str]:
    """A placeholder not filled in, or a catalogue key (under `prefixes`) shown instead of
    its text."""
    keys = "|".join(re.escape(p) for p in prefixes)
    return re.compile(rf"\{{\w+\}}|\b(?:{keys})\.[a-z_.]+")


def text(renderable: object) -> str:
    console = Console(width=140, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def read(markup: str, leftover: re.Pattern[str]) -> str:
    """The line as the player reads it (Rich markup that does not parse fails here)."""
    shown = Text.from_markup(markup).plain
    assert not leftover.search(shown), shown
    return shown
