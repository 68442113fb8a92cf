"""The catalogues: every language has every key English has (and nothing else), the same
placeholders, every plural form its language needs, and every key the client asks for."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pasture import i18n

WEB = Path(i18n.__file__).resolve().parents[1] / "web"
PLURAL_SUFFIX = re.compile(r"\.(one|few|many|other)$")


def groups(lang: str) -> dict[str, set[str]]:
    """Key -> plural categories present (an empty set for a plain text)."""
    out: dict[str, set[str]] = {}
    for key in i18n.catalogue(lang):
        found = PLURAL_SUFFIX.search(key)
        if found and key[: found.start()] + ".one" in i18n.catalogue("en"):
            out.setdefault(key[: found.start()], set()).add(found.group(1))
        else:
            out.setdefault(key, set())
    return out


def placeholders(text: str) -> set[str]:
    return set(i18n.PLACEHOLDER.findall(text))


@pytest.mark.parametrize("lang", [lang for lang in i18n.LANGUAGES if lang != "en"])
def test_every_language_has_every_key_with_its_placeholders(lang: str) -> None:
    english, other = groups("en"), groups(lang)
    assert sorted(set(english) - set(other)) == [], f"{lang} lacks these keys"
    assert sorted(set(other) - set(english)) == [], f"{lang} has keys English does not"
    for key, forms in english.items():
        if forms:
            assert set(i18n.PLURALS[lang]) <= other[key], (lang, key, other[key])
            want = set().union(*(placeholders(i18n.text("en", f"{key}.{f}")) for f in forms))
            for form in other[key]:
                got = placeholders(i18n.catalogue(lang)[f"{key}.{form}"])
                assert got <= want | {"n"} and want - {"n"} <= got, (lang, key, form, got, want)
        else:
            assert placeholders(i18n.catalogue(lang)[key]) == placeholders(
                i18n.catalogue("en")[key]
            ), (lang, key)
            assert i18n.catalogue(lang)[key].strip(), (lang, key)


def test_every_key_the_client_asks_for_is_in_the_catalogue() -> None:
    english = i18n.catalogue("en")
    plural_groups = {k for k, forms in groups("en").items() if forms}
    asked: set[tuple[str, str]] = set()
    for path in WEB.rglob("*.js"):
        source = path.read_text(encoding="utf-8")
        for fn, key in re.findall(r"\b(t|tn|tw)\(\"([a-z0-9_.]+)\"", source):
            asked.add((fn, key))
    assert len(asked) > 100
    for fn, key in sorted(asked):
        if fn == "tn":
            assert key in plural_groups, f"no counted text {key}"
        elif fn == "tw":
            assert f"{key}.you" in english and f"{key}.other" in english, key
        else:
            assert key in english, f"no text {key}"


def test_accept_language_picks_the_best_language() -> None:
    assert i18n.negotiate("pl-PL,pl;q=0.9,en;q=0.8") == "pl"
    assert i18n.negotiate("de-DE,fr;q=0.7,es;q=0.9") == "es"
    assert i18n.negotiate("de, it") == "en"
    assert i18n.negotiate(None) == "en"
    assert i18n.negotiate("fr-CA") == "fr"


def test_polish_counts_use_their_three_forms() -> None:
    assert [i18n.counted("pl", "n.cards", n) for n in (1, 2, 5, 22, 12)] == [
        "1 karta",
        "2 karty",
        "5 kart",
        "22 karty",
        "12 kart",
    ]
    assert i18n.counted("fr", "n.cards", 0) == "0 carte"
    assert i18n.counted("en", "n.cards", 1) == "1 card"
