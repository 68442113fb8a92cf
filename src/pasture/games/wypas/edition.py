"""The Wypas card composition, read from a data file (the default: edition.toml, W-1).

Every card is a *kind* (an index into the tuples below); hands, the deck and the
discard pile are counts per kind, so identical cards are interchangeable.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Final

DEFAULT_EDITION: Final = Path(__file__).with_name("edition.toml")

SHEEP: Final = 0
DOLLY: Final = 1
SUPER: Final = 2
THIEF: Final = 3
SHEEPDOG: Final = 4
BLACK_SHEEP: Final = 5
WOLF: Final = 6
ROLE_NAMES: Final = ("sheep", "dolly", "super_dolly", "thief", "sheepdog", "black_sheep", "wolf")
SPECIAL_ROLES: Final = (THIEF, SHEEPDOG, BLACK_SHEEP, WOLF)


@dataclass(frozen=True)
class Edition:
    name: str
    title: str
    colours: tuple[str, ...]
    colour_labels: tuple[str, ...]
    kinds: tuple[str, ...]
    labels: tuple[str, ...]
    counts: tuple[int, ...]
    roles: tuple[int, ...]
    colour: tuple[int, ...]
    """Colour index of each kind (-1: none or chosen when played)."""
    value: tuple[int, ...]
    """Printed value (0 for Dollies and special cards)."""
    dolly_values: tuple[int, ...]
    declare_values: tuple[int, ...]
    assumed: tuple[str, ...]
    position: dict[str, int] = field(default_factory=dict, compare=False)
    special: dict[int, int] = field(default_factory=dict, compare=False)
    """Role -> kind index of each special card."""
    numbered: dict[tuple[int, int], int] = field(default_factory=dict, compare=False)
    """(colour, value) -> kind index of the numbered sheep."""
    dolly_of: tuple[int, ...] = ()
    """Colour -> kind index of that colour's Dolly (-1: none)."""
    super_dolly: int = -1

    @property
    def size(self) -> int:
        return sum(self.counts)

    def is_sheep(self, k: int) -> bool:
        return self.roles[k] <= SUPER


def parse_edition(text: str) -> Edition:
    data = tomllib.loads(text)
    kinds: list[str] = []
    labels: list[str] = []
    counts: list[int] = []
    roles: list[int] = []
    colour: list[int] = []
    value: list[int] = []
    assumed: list[str] = []
    colours = data["colours"]
    for c, col in enumerate(colours):
        for v in range(1, int(col["max_value"]) + 1):
            kinds.append(f"{col['key']}_{v}")
            labels.append(f"{col['label']} {v}")
            counts.append(int(col["copies"]))
            roles.append(SHEEP)
            colour.append(c)
            value.append(v)
        if col.get("assumed"):
            assumed.append(f"{col['label']} sheep values 1-{col['max_value']}")
    dolly_of = []
    for c, col in enumerate(colours):
        if int(col.get("dollies", 0)):
            dolly_of.append(len(kinds))
            kinds.append(f"dolly_{col['key']}")
            labels.append(f"{col['label']} Dolly")
            counts.append(int(col["dollies"]))
            roles.append(DOLLY)
            colour.append(c)
            value.append(0)
        else:
            dolly_of.append(-1)
    super_dolly = -1
    if int(data.get("super_dolly", {}).get("count", 0)):
        super_dolly = len(kinds)
        kinds.append("super_dolly")
        labels.append("Super Dolly")
        counts.append(int(data["super_dolly"]["count"]))
        roles.append(SUPER)
        colour.append(-1)
        value.append(0)
    special: dict[int, int] = {}
    for sp in data["specials"]:
        role = ROLE_NAMES.index(sp["kind"])
        if role not in SPECIAL_ROLES:
            raise ValueError(f"unknown special card {sp['kind']!r}")
        special[role] = len(kinds)
        kinds.append(sp["kind"])
        labels.append(sp["label"])
        counts.append(int(sp["count"]))
        roles.append(role)
        colour.append(-1)
        value.append(0)
        if sp.get("assumed"):
            assumed.append(f"{sp['count']} {sp['label']} cards")
    if max(counts) > 35:
        raise ValueError("At most 35 copies of a card kind (piles are stored one digit a kind).")
    if set(special) != set(SPECIAL_ROLES):
        raise ValueError("A Wypas edition has Thief, Sheepdog, Black Sheep and Wolf cards.")
    return Edition(
        name=data["name"],
        title=data["title"],
        colours=tuple(c["key"] for c in colours),
        colour_labels=tuple(c["label"] for c in colours),
        kinds=tuple(kinds),
        labels=tuple(labels),
        counts=tuple(counts),
        roles=tuple(roles),
        colour=tuple(colour),
        value=tuple(value),
        dolly_values=tuple(range(int(data["dolly_min"]), int(data["dolly_max"]) + 1)),
        declare_values=tuple(range(int(data["declare_min"]), int(data["declare_max"]) + 1)),
        assumed=tuple(assumed),
        position={kind: k for k, kind in enumerate(kinds)},
        special=special,
        numbered={(colour[k], value[k]): k for k in range(len(kinds)) if roles[k] == SHEEP},
        dolly_of=tuple(dolly_of),
        super_dolly=super_dolly,
    )


@cache
def default_edition() -> Edition:
    return parse_edition(DEFAULT_EDITION.read_text(encoding="utf-8"))
