"""Baaaaa!'s terminal mountain, narration and menu labels in every language (issue 15)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from rich.markup import escape

from pasture.core import Match
from pasture.games.baaaaa import GAME, terminal
from pasture.games.baaaaa.board import space
from pasture.i18n import LANGUAGES, use
from tests.games.baaaaa.helpers import fresh, place, play
from tests.games.terminal_words import left_over, read, text

LEFT_OVER = left_over("term", "baaaaa")
TURN = {"en": "Turn", "pl": "Tura", "fr": "Tour", "es": "Turno"}
HUT = {"en": "hut", "pl": "chata", "fr": "cabane", "es": "cabaña"}


@pytest.fixture
def speak() -> Iterator[None]:
    yield
    use("en")


def said(markup: str) -> str:
    return read(markup, LEFT_OVER)


def played_match(seed: int, **options: object) -> Match:
    match = Match(GAME, 3, seed=seed, options=options)
    rng = random.Random(seed)
    while not match.is_over():
        seat = match.state.actors()[0]
        view = match.state.view(seat)
        actions = match.state.legal_actions(seat)
        for action in actions:
            said(terminal.label(action, view))
        match.act(seat, rng.choice(actions))
    return match


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_mid_game_mountain_in_each_language(lang: str, speak: None) -> None:
    use(lang)
    state = place(fresh(2), {space(0, 0): 3, space(1, 2): 2}, wolf=space(1, 1), saved=4)
    for seat in (0, 1, None):
        shown = text(terminal.render(state.view(seat)))
        assert not LEFT_OVER.search(shown), shown
        assert TURN[lang] in shown and HUT[lang] in shown
    assert (lang == "en") == ("floor" in text(terminal.render(state.view(0))))
    view = state.view(0)
    for action in state.legal_actions(0):
        said(terminal.label(action, view))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("wolf_player", [False, True])
def test_every_event_and_label_of_a_match_in_each_language(
    lang: str, wolf_player: bool, speak: None
) -> None:
    use(lang)
    match = played_match(7, wolf_player=wolf_player)
    kinds = set()
    for _, event in match.events_since(0):
        for seat in (0, 1, 2, None):
            seen = event.for_seat(seat)
            if seen is not None:
                line = terminal.narrate(seen, seat)
                if line is not None:
                    said(line)
                    kinds.add(event.type)
    assert {"sheep_card", "wolf_card", "game_over"} <= kinds
    final = text(terminal.render(match.state.view(None)))
    assert not LEFT_OVER.search(final)
    english = match.state.result().summary
    assert (lang == "en") == (english in final)


def test_french_uses_the_games_own_words_and_plural_forms(speak: None) -> None:
    """Sauve Moutons: la cabane, le berger, le garde-manger du loup; 1 mouton, 2 moutons."""
    use("fr")
    state = place(fresh(1), {space(1, 2): 2, space(0, 1): 1}, wolf=space(0, 3))
    events = play(state, "trio", space(1, 2), count=2)
    line = said(terminal.narrate(events[0].for_seat(0), 0) or "")
    assert line.startswith("Vous avez joué Trio") and "2 moutons" in line
    assert "atteignent la cabane : sauvés !" in line
    shown = text(terminal.render(state.view(0)))
    assert "Garde-manger" in shown and "2 sauvés" in shown and "berger" in shown


def test_polish_counts_sheep_with_its_plural_forms(speak: None) -> None:
    use("pl")
    lines = {
        n: said(
            terminal.narrate(
                {
                    "type": "wolf_card",
                    "card": "wolf_up",
                    "wolf_from": 0,
                    "wolf_to": 4,
                    "taken": n,
                },
                0,
            )
            or ""
        )
        for n in (1, 3, 5)
    }
    assert "porwana 1 owca" in lines[1]
    assert "porwane 3 owce" in lines[3]
    assert "porwanych 5 owiec" in lines[5]


def test_a_card_the_catalogues_lack_shows_its_edition_label_as_text(speak: None) -> None:
    """An edition may add a card kind: it is named by its label, markup shown, not run."""
    use("es")
    labels = {"goat": escape("[red]Cabra[/red]")}
    assert said(terminal.card_name("goat", labels)) == "[red]Cabra[/red]"
    assert said(terminal.card_name("trio", labels)) == "Trío"
