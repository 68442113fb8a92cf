"""What the server says and what bots are called reach the page in the player's language:
an error worded from its code and params (Polish), the difficulty levels, research bots and
table options in the lobby (French)."""

from __future__ import annotations

from typing import Any

from pasture import bots, games, i18n


def test_a_server_error_is_shown_in_polish_from_its_code_and_params(new_page: Any) -> None:
    page = new_page(locale="pl-PL")
    page.goto("/")
    page.click('.game-choice[data-game="wilson_shep"]')
    game = games.get("wilson_shep")
    too_many = game.max_players + 1
    page.fill("#players", str(too_many))  # past the field's max: the server refuses it
    page.dispatch_event("#players", "input")
    page.click("#create-table")
    alert = page.locator("p.error[role=alert]")
    alert.wait_for(state="visible")
    want = i18n.text(
        "pl", "error.invalid_players", min=game.min_players, max=game.max_players, players=too_many
    )
    assert alert.inner_text() == want
    assert want.startswith("W tę grę gra od")
    assert not page.js_errors


def test_the_lobby_names_levels_bots_and_options_in_french(new_page: Any) -> None:
    page = new_page(locale="fr-FR")
    page.goto("/")
    for game in games.all_games():
        page.click(f'.game-choice[data-game="{game.name}"]')
        page.wait_for_selector("#seat-1")
        shown = page.eval_on_selector_all("#seat-1 option", "els => els.map(e => e.textContent)")
        want = [i18n.text("fr", "lobby.person")] + [
            i18n.text("fr", "lobby.bot", bot=i18n.text("fr", f"bot.{b}"))
            for b in bots.available(game)
        ]
        assert shown == want, game.name
        for option in game.options:
            label = page.locator(f"label:has(#option-{option.name}) > span").text_content()
            assert label == i18n.text("fr", f"option.{game.name}.{option.name}"), option.name
            help_text = page.locator(f"label:has(#option-{option.name}) > small").text_content()
            assert help_text == i18n.text("fr", f"option.{game.name}.{option.name}.help")
        assert "Bot : Facile" in shown and "Bot : Difficile" in shown  # the levels
    missing = [w for w in page.js_warnings if "no text for" in w]
    assert not missing and not page.js_errors
