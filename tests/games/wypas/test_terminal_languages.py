"""Wypas in the terminal in each language: the table, the narration and the menu speak it
whole (no English left where a translation exists, no raw keys, markup that parses)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from rich.console import Console
from rich.text import Text

from pasture import i18n
from pasture.bots import RandomBot
from pasture.core import Match
from pasture.core.bot import Bot, Turn
from pasture.games.wypas import GAME, HeuristicBot, terminal
from tests.games.wypas.helpers import Done, Place, PlayWolf, Shear, act, skip_auction, start

WORD = re.compile(r"[^\W\d_]{4,}")


@pytest.fixture(autouse=True)
def spoken_language() -> Iterator[None]:
    yield
    i18n.use("en")  # the terminal's language is process-wide


SHARED = {"dolly", "super", "wypas", "redyk", "baca", "magenta"}
"""Words every language's Wypas texts use as English does (names, the game's own terms)."""
ALSO_SHARED = {"fr": {"orange", "points", "point", "lots", "place", "bluff", "face", "silence"}}
"""Words a language shares with English ("place", "face", "silence" are French too)."""


def english_only_words(lang: str) -> set[str]:
    """Words of the English Wypas terminal texts that are not words of `lang` too."""
    keys = [k for k in i18n.catalogue("en") if k.startswith("term.wy.")]
    keys += ["term.you", "term.seat", "game.over"]
    english = {w.lower() for k in keys for w in WORD.findall(i18n.text("en", k))}
    return english - SHARED - ALSO_SHARED.get(lang, set())


def assert_speaks(lang: str, shown: str) -> None:
    assert "term." not in shown, "a raw catalogue key reached the screen"
    if lang != "en":
        leftovers = {w.lower() for w in WORD.findall(shown)} & english_only_words(lang)
        assert not leftovers, (lang, sorted(leftovers))


def test_english_only_words_finds_real_english() -> None:
    words = english_only_words("pl")
    assert {"shear", "auction", "waiting", "winner"} <= words
    assert "dolly" not in words and "baca" not in words


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_mid_game_table_and_its_menu_are_in_the_language(lang: str) -> None:
    i18n.use(lang)
    hands = [
        ["green_4", "green_5", "green_6", "dolly_red", "red_2"],
        ["wolf", "sheepdog", "orange_1", "orange_2", "yellow_5"],
        ["thief", "yellow_1", "yellow_2", "magenta_1", "magenta_2"],
    ]
    s = start(3, hands, ["red_3", "red_4"])
    skip_auction(s)
    for v in (4, 5, 6):
        act(s, 0, Place(f"green_{v}", 0, "green", v))
    act(s, 0, Place("dolly_red", 1, "red", 1))
    act(s, 0, Done())
    act(s, 1, PlayWolf(0, 0))
    console = Console(record=True, width=160)
    for seat in (0, 1, None):
        view = s.view(seat)
        console.print(terminal.render(view))
        if seat is not None:
            for action in s.legal_actions(seat):
                console.print(terminal.label(action, view))
    shown = console.export_text()
    assert_speaks(lang, shown)
    for key in ("term.wy.reaction.title", "term.wy.col.pen1", "term.wy.legend", "term.wy.row.run"):
        assert i18n.say(key) in shown, key
    assert i18n.say("term.wy.card.wolf") in shown
    assert i18n.say("term.wy.label.shear_silent", pen=1) not in shown  # not offered yet


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_whole_game_is_narrated_and_offered_in_the_language(lang: str) -> None:
    i18n.use(lang)
    console = Console(record=True, width=160)
    match = Match(GAME, 4, {"bluff": True}, seed=2)
    bots: list[Bot] = [HeuristicBot(), RandomBot(), HeuristicBot(), RandomBot()]
    rng = random.Random(2)
    narrated: set[str] = set()
    printed: set[str] = set()  # each distinct line is shown once: the checks read words

    def show(markup: str) -> None:
        if markup not in printed:  # a line met again parses as it did the first time
            printed.add(markup)
            console.print(Text.from_markup(markup))  # markup parses

    while not match.is_over():
        state = match.state
        seat = state.actors()[0]
        view = state.view(seat)
        if match.version % 50 == 0:
            console.print(terminal.render(view))
        for action in state.legal_actions(seat):
            show(terminal.label(action, view))
        action = bots[seat].choose(Turn(state, seat, rng))
        for event in match.act(seat, action):
            for who in (0, None):
                seen = event.for_seat(who)
                if seen is None:
                    continue
                line = terminal.narrate(seen, who)
                if line:
                    narrated.add(str(seen["type"]))
                    show(line)
    console.print(terminal.render(match.state.view(0)))
    shown = console.export_text()
    assert_speaks(lang, shown)
    assert {"lots", "laid", "lot_won", "placed", "sheared", "special", "game_over"} <= narrated
    assert i18n.say("term.wy.winner", names="").strip() in shown
    assert i18n.say("term.wy.auction_title") in shown


def test_polish_uses_the_printed_rulebook_names_and_counts_its_points() -> None:
    i18n.use("pl")
    assert terminal.card("sheepdog").plain == "[Pies pasterski]"
    assert terminal.card("dolly_green", 4).plain == "[zielona Dolly=4]"
    assert terminal.pen_of(1, 0, 0) == "koszar 1 (miejsce 2)"  # seat 1 is told as the second
    assert terminal.pen_of(0, 1, 0) == "twój koszar 2"
    fleece = [i18n.say_counted("term.wy.log.fleece", n) for n in (1, 2, 5, 12, 22)]
    assert fleece == [
        ": runo warte 1 punkt",
        ": runo warte 2 punkty",
        ": runo warte 5 punktów",
        ": runo warte 12 punktów",
        ": runo warte 22 punkty",
    ]
    placed = {"type": "placed", "seat": 1, "colour": "orange", "value": 5, "pen": 0}
    told = terminal.narrate({**placed, "card": "orange_5"}, 0)
    assert told == "Miejsce 2 wpuszcza pomarańczową 5 do koszaru 1."  # the accusative
    dolly = Text.from_markup(terminal.narrate({**placed, "card": "dolly_orange"}, 1) or "")
    assert dolly.plain == "Wpuszczasz pomarańczową 5 ([pomarańczowa Dolly]) do koszaru 1."
    s = start(3, [["green_4", "green_5"]], ["red_3", "red_4"])
    assert "MEEE" in terminal.label(Shear(0, True), s.view(0))
    assert terminal.label(Shear(0, False), s.view(0)) == "ostrzyż koszar 1 w ciszy (bez punktów)"


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "Seat 2 steals [green 4] from you."),
        ("pl", "Miejsce 2 zabiera ci [zielona 4]."),
        ("fr", "Place 2 vous vole [vert 4]."),
        ("es", "Asiento 2 te roba [verde 4]."),
    ],
)
def test_a_theft_from_you_is_told_to_you(lang: str, line: str) -> None:
    i18n.use(lang)
    event = {"type": "stolen", "seat": 1, "victim": 0, "card": "green_4"}
    assert Text.from_markup(terminal.narrate(event, 0) or "").plain == line


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "⚡ Seat 3 plays [Thief] on you!"),
        ("pl", "⚡ Miejsce 3 zagrywa [Złodziej] przeciw tobie!"),
        ("fr", "⚡ Place 3 joue [Voleur] contre vous !"),
        ("es", "⚡ ¡Asiento 3 juega [Ladrón] contra ti!"),
    ],
)
def test_a_special_card_on_you_names_you_as_its_object(lang: str, line: str) -> None:
    i18n.use(lang)
    event = {"type": "special", "seat": 2, "card": "thief", "target": 0, "pen": None}
    event["cancels"] = None
    assert Text.from_markup(terminal.narrate(event, 0) or "").plain == line
