"""What pasture says to players, in English, Polish, French and Spanish.

One JSON catalogue per language (`en.json`, `pl.json`, `fr.json`, `es.json` beside this
file), all with the same keys: English is the source, and a test fails when another
language lacks a key or a placeholder. The browser client loads the same files (GET
/api/i18n/<lang>), so the page, the server and the terminal speak from one set of keys.

A text may hold `{name}` placeholders. A counted text is a group of keys `<key>.one`,
`<key>.few`, `<key>.many`, `<key>.other` (the plural categories each language uses);
`plural(lang, n)` names the category of `n`.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Final

LANGUAGES: Final = ("en", "pl", "fr", "es")
DEFAULT: Final = "en"
NAMES: Final = {"en": "English", "pl": "Polski", "fr": "Français", "es": "Español"}
PLURALS: Final = {
    "en": ("one", "other"),
    "pl": ("one", "few", "many", "other"),
    "fr": ("one", "many", "other"),
    "es": ("one", "many", "other"),
}
"""The plural categories each language's counted texts must have (CLDR's)."""

HERE = Path(__file__).resolve().parent
PLACEHOLDER = re.compile(r"\{(\w+)\}")


@cache
def catalogue(lang: str) -> dict[str, str]:
    """The language's texts by key (an unknown language is English)."""
    if lang not in LANGUAGES:
        lang = DEFAULT
    with (HERE / f"{lang}.json").open(encoding="utf-8") as f:
        data: dict[str, str] = json.load(f)
    return data


def plural(lang: str, n: int) -> str:
    """The CLDR plural category of the whole number `n` in `lang`."""
    n = abs(n)
    if lang == "pl":
        if n == 1:
            return "one"
        if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
            return "few"
        return "many"
    if lang == "fr":
        return "one" if n in (0, 1) else "many" if n and n % 1_000_000 == 0 else "other"
    if lang == "es":
        return "one" if n == 1 else "many" if n and n % 1_000_000 == 0 else "other"
    return "one" if n == 1 else "other"


def text(lang: str, key: str, /, **params: object) -> str:
    """The text for `key` in `lang` (English if missing there), placeholders filled."""
    found = catalogue(lang).get(key)
    if found is None:
        found = catalogue(DEFAULT).get(key, key)
    return PLACEHOLDER.sub(lambda m: str(params.get(m.group(1), m.group(0))), found)


def counted(lang: str, key: str, n: int, /, **params: object) -> str:
    """The counted text `<key>.<category>` for `n` ({n} is filled in too)."""
    category = plural(lang, n)
    table = catalogue(lang)
    if f"{key}.{category}" not in table:
        category = "other"
    return text(lang, f"{key}.{category}", n=n, **params)


def negotiate(accept_language: str | None) -> str:
    """The best of LANGUAGES for an Accept-Language header (English when none fits)."""
    best, best_q = DEFAULT, 0.0
    for order, part in enumerate((accept_language or "").split(",")):
        tag, _, rest = part.strip().partition(";")
        primary = tag.strip().lower().split("-")[0]
        q = 1.0
        if rest.strip().startswith("q="):
            try:
                q = float(rest.strip()[2:])
            except ValueError:
                q = 0.0
        q -= order * 1e-6  # earlier entries win ties, as the header means
        if primary in LANGUAGES and q > best_q:
            best, best_q = primary, q
    return best


_spoken = [DEFAULT]
"""The language the terminal speaks (`pasture play --lang`); the server passes its own."""


def use(lang: str) -> None:
    """Make `lang` the language of `say` (an unknown language is English)."""
    _spoken[0] = lang if lang in LANGUAGES else DEFAULT


def spoken() -> str:
    return _spoken[0]


def say(key: str, /, **params: object) -> str:
    """`text` in the language chosen with `use` (the terminal's)."""
    return text(_spoken[0], key, **params)


def say_counted(key: str, n: int, /, **params: object) -> str:
    return counted(_spoken[0], key, n, **params)


def from_environment(value: str | None) -> str:
    """The language of a POSIX locale such as `pl_PL.UTF-8` (English when none fits)."""
    return negotiate((value or "").split(".")[0].replace("_", "-"))
