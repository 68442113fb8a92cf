"""Wilson & Shep's terminal table, narration and menu labels in every language (issue 15)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from pasture.cli.terminal import terminal_ui
from pasture.core import Match
from pasture.games.wilson_shep import GAME
from pasture.games.wilson_shep import terminal as ws_terminal
from pasture.games.wilson_shep.edition import Edition, default_edition, picture_key
from pasture.i18n import LANGUAGES, catalogue, use
from tests.games.terminal_words import left_over, read, text
from tests.games.wilson_shep.helpers import hide_and_place, new_game, turn

ui = terminal_ui(GAME)
LEFT_OVER = left_over("term", "wilson_shep")
ROUND = {"en": "Round", "pl": "Runda", "fr": "Manche", "es": "Ronda"}


@pytest.fixture
def speak() -> Iterator[None]:
    yield
    use("en")


def said(markup: str) -> str:
    return read(markup, LEFT_OVER)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_mid_game_field_in_each_language(lang: str, speak: None) -> None:
    use(lang)
    state = new_game(3)
    hide_and_place(state, 15, 0)
    turn(state, (10, 11), 1)  # position 1 shows picture 0
    for seat in (0, 1, None):
        shown = text(ui.render(state.view(seat)))
        assert not LEFT_OVER.search(shown), shown
        assert ROUND[lang] in shown
        assert catalogue(lang)[picture_key(default_edition().pictures[0])] in shown
    assert (lang == "en") == ("you search with Shep" in text(ui.render(state.view(1))))
    for seat in (0, 1):
        view = state.view(seat)
        for action in state.legal_actions(seat):
            said(ui.label(action, view))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_event_and_label_of_a_match_in_each_language(lang: str, speak: None) -> None:
    use(lang)
    match = Match(GAME, 3, seed=4)
    rng = random.Random(4)
    while not match.is_over():
        seat = match.state.actors()[0]
        view = match.state.view(seat)
        actions = match.state.legal_actions(seat)
        for action in actions:
            said(ui.label(action, view))
        match.act(seat, rng.choice(actions))
    kinds = set()
    for _, event in match.events_since(0):
        for seat in (0, 1, None):
            seen = event.for_seat(seat)
            if seen is not None:
                line = ui.narrate(seen, seat)
                assert line, event.type
                said(line)
                kinds.add(event.type)
    assert {"hidden", "placed", "swapped", "moved", "turned_up", "round_over"} <= kinds
    assert ROUND[lang] in text(ui.render(match.state.view(None)))


def test_polish_counts_turned_up_sheep_with_its_plural_forms(speak: None) -> None:
    use("pl")
    line = {
        n: said(ui.narrate({"type": "turned_up", "picture": 0, "flips": n}, 0) or "")
        for n in (1, 3, 5)
    }
    assert "odkryta 1 owca" in line[1]
    assert "odkryte 3 owce" in line[3]
    assert "odkrytych 5 owiec" in line[5]


def test_every_picture_of_the_edition_has_a_name_in_each_language() -> None:
    for lang in LANGUAGES:
        for own in default_edition().pictures:
            assert picture_key(own) in catalogue(lang), (lang, own)


def test_a_picture_the_catalogue_lacks_shows_its_edition_name_as_text(
    monkeypatch: pytest.MonkeyPatch, speak: None
) -> None:
    """A box owner's edition may name a picture anything, markup included: shown, not run."""
    own = default_edition()
    odd = Edition(own.name, own.title, ("[red]ram[/red]", *own.pictures[1:]), own.assumed)
    monkeypatch.setattr(ws_terminal, "default_edition", lambda: odd)
    use("fr")
    state = new_game(2)
    hide_and_place(state, 5, 0)
    turn(state, (10, 11), 1)  # position 1 shows picture 0
    shown = text(ui.render(state.view(1)))
    assert "[red]ram[/red]" in shown
    assert "[red]ram[/red]" in said(
        ui.narrate({"type": "turned_up", "picture": 0, "flips": 1}, 1) or ""
    )
