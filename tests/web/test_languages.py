"""The page in English, Polish, French and Spanish: chosen from the browser's
Accept-Language, switched in the top bar (and kept), and a whole Swip'Sheep match played in
each language without a single text missing."""

from __future__ import annotations

from typing import Any

import pytest

from pasture import i18n
from tests.server.harness import Server
from tests.web.conftest import screenshot
from tests.web.helpers import open_table, play_to_end
from tests.web.test_swipsheep import swipsheep_step

LOCALES = {"en": "en-GB", "pl": "pl-PL", "fr": "fr-FR", "es": "es-ES"}


@pytest.mark.parametrize("lang", list(LOCALES))
def test_a_whole_match_in_each_language(new_page: Any, server: Server, lang: str) -> None:
    page = new_page(locale=LOCALES[lang])
    page.goto("/")
    page.wait_for_selector(".game-choice")
    assert page.get_attribute("html", "lang") == lang
    assert page.input_value("#lang") == lang
    assert page.inner_text("#new-h") == i18n.text(lang, "lobby.start")
    summary = i18n.text(lang, "game.swipsheep.summary")
    page.click('.game-choice[data-game="swipsheep"]')
    assert page.inner_text(".summary") == summary
    open_table(page, server, "swipsheep", 3, {1: "heuristic", 2: "random"}, "Zoë")
    assert i18n.text(lang, "table.log") in page.inner_text(".table-side h2")
    shot = False

    def after() -> None:
        nonlocal shot
        if not shot and page.locator("#log li").count() > 3:
            screenshot(page, f"swipsheep_{lang}")
            shot = True

    play_to_end(page, swipsheep_step, on_turn=after)
    assert page.inner_text("#end h2") == i18n.text(lang, "end.title")
    missing = [w for w in page.js_warnings if "no text for" in w]
    assert not missing and not page.js_errors
    if lang != "en":  # nothing English slipped through in the log's fixed words
        log = page.inner_text("#log")
        assert "passed" not in log and "Round" not in log


def test_the_language_switch_is_kept(new_page: Any) -> None:
    page = new_page(locale="en-US")
    page.goto("/")
    page.wait_for_selector(".game-choice")
    assert page.inner_text("#new-h") == "Start a game"
    page.select_option("#lang", "pl")
    page.wait_for_function("document.documentElement.lang === 'pl'")
    page.wait_for_selector(".game-choice")
    assert page.inner_text("#new-h") == i18n.text("pl", "lobby.start")
    page.reload()
    page.wait_for_selector(".game-choice")
    assert page.inner_text("#new-h") == i18n.text("pl", "lobby.start")
    page.click("#read-rules")  # the rules come in the chosen language when translated
    page.wait_for_selector("#rules-dialog .rules-text")
    assert i18n.text("pl", "rules.close") in page.inner_text("#rules-close")
    page.wait_for_function("document.querySelector('#rules-dialog').innerText.includes('Kto co')")
