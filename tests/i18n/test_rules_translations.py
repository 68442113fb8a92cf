"""Translated rules references: each one names every ruling its English original names, and
is what the browser and `pasture rules --lang` show in that language."""

from __future__ import annotations

import re

import pytest

from pasture import games, i18n
from pasture.cli.terminal import rules_text

RULING = re.compile(r"\b(?:WS|[SWBP])-\d+\b")
TRANSLATED = [
    (game, lang)
    for game in games.all_games()
    for lang in i18n.LANGUAGES
    if lang != "en" and rules_text(game, lang) != rules_text(game)
]


def test_every_rules_reference_is_translated() -> None:
    assert {(g.name, lang) for g, lang in TRANSLATED} == {
        (g.name, lang) for g in games.all_games() for lang in i18n.LANGUAGES if lang != "en"
    }


@pytest.mark.parametrize(("game", "lang"), TRANSLATED, ids=lambda x: getattr(x, "name", x))
def test_a_translation_names_every_ruling_and_option(game: games.Game, lang: str) -> None:  # type: ignore[name-defined]
    english, translated = rules_text(game), rules_text(game, lang)
    assert sorted(set(RULING.findall(english))) == sorted(set(RULING.findall(translated)))
    for code in re.findall(r"`([a-z_]+(?:\.toml)?)`", english):
        assert f"`{code}`" in translated, (lang, code)
    assert len(translated.splitlines()) >= len(english.splitlines()) * 0.8
