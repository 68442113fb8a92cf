"""The pictures on Wilson & Shep's sheep tiles, read from a data file (default: edition.toml).

Pictures are cosmetic: no rule depends on them, but a face-up tile shows one, and each
picture is on exactly one tile.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pasture.games.wilson_shep.grid import CELLS

DEFAULT_EDITION = Path(__file__).with_name("edition.toml")


@dataclass(frozen=True)
class Edition:
    name: str
    title: str
    pictures: tuple[str, ...]
    """Picture names by id (0-15), one per sheep tile."""
    assumed: bool

    def picture_keys(self) -> tuple[str, ...]:
        """Each picture's catalogue key (pasture.i18n), by id: its name in snake case."""
        return tuple(picture_key(p) for p in self.pictures)


def picture_key(picture: str) -> str:
    """`wilson_shep.picture.<name>`: where the catalogues name an edition's picture (a
    picture they lack is shown by its edition name)."""
    return "wilson_shep.picture." + re.sub(r"[^a-z0-9]+", "_", picture.lower()).strip("_")


def parse_edition(text: str) -> Edition:
    data = tomllib.loads(text)
    pictures = tuple(str(p) for p in data["pictures"])
    if len(pictures) != CELLS or len(set(pictures)) != CELLS:
        raise ValueError(f"A Wilson & Shep edition names {CELLS} different sheep pictures.")
    return Edition(data["name"], data["title"], pictures, bool(data.get("assumed", False)))


@cache
def default_edition() -> Edition:
    return parse_edition(DEFAULT_EDITION.read_text(encoding="utf-8"))
