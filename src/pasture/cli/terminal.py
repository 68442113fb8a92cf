"""How a game shows itself in the terminal.

Each game package has a `terminal` module with three functions:

- `render(view) -> rich renderable`: the table as one seat (or a spectator) sees it;
- `narrate(event, seat) -> str | None`: one line of Rich markup for an event as `seat`
  saw it (the dict from `Event.for_seat`), or None to say nothing;
- `label(action, view) -> str`: a menu entry for a legal action.

and a `RULES.md` beside it: the rules reference in the project's own words.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType
from typing import Protocol

from rich.console import RenderableType

from pasture.core.game import JSON, Action, Game


class TerminalUI(Protocol):
    def render(self, view: dict[str, JSON]) -> RenderableType: ...

    def narrate(self, event: dict[str, JSON], seat: int | None) -> str | None: ...

    def label(self, action: Action, view: dict[str, JSON]) -> str: ...


def _package(game: Game) -> str:
    return type(game).__module__.rsplit(".", 1)[0]


def terminal_ui(game: Game) -> ModuleType:
    """The game's `terminal` module (it satisfies `TerminalUI`)."""
    return importlib.import_module(f"{_package(game)}.terminal")


def rules_text(game: Game, lang: str = "en") -> str:
    """The game's rules reference (Markdown), in `lang` where it is translated
    (`RULES.<lang>.md` beside `RULES.md`), else in English."""
    module = importlib.import_module(_package(game))
    assert module.__file__ is not None
    english = Path(module.__file__).with_name("RULES.md")
    translated = english.with_name(f"RULES.{lang}.md")
    path = translated if lang != "en" and translated.is_file() else english
    return path.read_text(encoding="utf-8")
