"""Every error code a player can meet, every table option and every bot has a text in every
language, and an error's placeholders are the `params` its code is sent with (seats from 1)."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

import pasture
from pasture import bots, games, i18n
from pasture.core.errors import IllegalAction, InvalidOptions, PastureError
from pasture.core.match import Match
from pasture.server import protocol
from pasture.server.chat import CHAT_LIMIT, ChatError, clean_text
from pasture.server.errors import ServerError
from pasture.server.limits import rate_limited

SOURCE = Path(pasture.__file__).resolve().parent
CODE_ARGUMENT = {"ServerError": 1, "IllegalAction": 1, "InvalidOptions": 1, "ChatError": 0}
"""Which positional argument of each error's constructor is its code."""


def _name(call: ast.Call) -> str | None:
    func = call.func
    if isinstance(func, ast.Attribute):
        if func.attr == "error" and isinstance(func.value, ast.Name):
            return "protocol.error" if func.value.id == "protocol" else None
        return func.attr
    return func.id if isinstance(func, ast.Name) else None


@functools.cache  # the whole source parsed once a run, not once per language
def error_codes() -> dict[str, str]:
    """Every literal error code in the code base -> one place it is raised: codes given to
    the errors' constructors and to `protocol.error`, classes' `default_code`, `{"code": …}`
    answers and the HTTP status codes' names (the terminal's texts are not errors). Not to
    be changed by its callers (it is kept)."""
    found: dict[str, str] = {}
    for path in sorted(SOURCE.rglob("*.py")):
        if path.name == "terminal.py":
            continue
        where = str(path.relative_to(SOURCE))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            literals: list[ast.expr] = []
            if isinstance(node, ast.Call):
                name = _name(node)
                position = 0 if name == "protocol.error" else CODE_ARGUMENT.get(name or "")
                if position is not None and len(node.args) > position:
                    literals.append(node.args[position])
                literals += [k.value for k in node.keywords if k.arg == "code"]
            elif isinstance(node, ast.Assign):
                targets = [t.id for t in node.targets if isinstance(t, ast.Name)]
                if "default_code" in targets:
                    literals.append(node.value)
                if "HTTP_CODES" in targets and isinstance(node.value, ast.Dict):
                    literals += node.value.values
            elif isinstance(node, ast.Dict):
                literals += [
                    v
                    for k, v in zip(node.keys, node.values, strict=True)
                    if isinstance(k, ast.Constant) and k.value == "code"
                ]
            for literal in literals:
                if isinstance(literal, ast.Constant) and isinstance(literal.value, str):
                    found.setdefault(literal.value, f"{where}:{literal.lineno}")
    return found


def test_the_scan_finds_the_codes_of_the_engines_and_the_server() -> None:
    codes = error_codes()
    for code in ("not_your_turn", "malformed_action", "seat_taken", "rate_limited", "not_found"):
        assert code in codes
    assert {"illegal_action", "invalid_options", "unknown_bot", "unknown_game"} <= set(codes)
    assert len(codes) > 35


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_error_code_has_a_text_in_every_language(lang: str) -> None:
    missing = {
        code: where
        for code, where in error_codes().items()
        if not i18n.catalogue(lang).get(f"error.{code}", "").strip()
    }
    assert missing == {}, f"{lang}: no error.<code> text for these codes (raised there)"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_option_and_every_bot_has_a_text_in_every_language(lang: str) -> None:
    texts = i18n.catalogue(lang)
    for game in games.all_games():
        for option in game.options:
            key = f"option.{game.name}.{option.name}"
            assert texts.get(key, "").strip(), (lang, key)
            assert texts.get(f"{key}.help", "").strip(), (lang, key)
            for choice in option.choices or ():
                if isinstance(choice, str) and choice != "random":
                    assert texts.get(f"{key}.{choice}", "").strip(), (lang, key, choice)
        for bot in bots.available(game):
            assert texts.get(f"bot.{bot}", "").strip(), (lang, game.name, bot)


def test_an_error_frame_carries_its_params_beside_code_and_message() -> None:
    error = ServerError(409, "seat_taken", "Seat 2 is taken.", {"seat": 2})
    assert error.to_json() == {
        "code": "seat_taken",
        "message": "Seat 2 is taken.",
        "params": {"seat": 2},
    }
    frame = protocol.error(error.code, error.message, "c1", error.params)
    assert frame == {
        "type": "error",
        "code": "seat_taken",
        "message": "Seat 2 is taken.",
        "params": {"seat": 2},
        "id": "c1",
    }
    assert "params" not in ServerError(409, "game_over", "This match is over.").to_json()
    assert "params" not in protocol.error("game_over", "This match is over.")


def filled(error: PastureError, lang: str) -> str:
    return i18n.text(lang, f"error.{error.code}", **error.params)


def test_not_your_turn_names_the_seat_from_1_in_every_language() -> None:
    match = Match(games.get("baaaaa"), 3, seed=1)
    state = match.state
    waiting = next(seat for seat in range(3) if not state.legal_actions(seat))
    some_action = state.legal_actions(state.actors()[0])[0]
    with pytest.raises(IllegalAction) as caught:
        match.act(waiting, some_action)
    assert caught.value.params == {"seat": waiting + 1}
    assert filled(caught.value, "pl") == f"Miejsce {waiting + 1} nie ma teraz nic do zrobienia."
    for lang in i18n.LANGUAGES:
        assert "{" not in filled(caught.value, lang)


def test_a_wrong_player_count_is_worded_from_its_params() -> None:
    game = games.get("wilson_shep")
    with pytest.raises(InvalidOptions) as caught:
        game.resolve_options(game.max_players + 1, None)
    assert caught.value.params == {
        "min": game.min_players,
        "max": game.max_players,
        "players": game.max_players + 1,
    }
    assert filled(caught.value, "fr") == (
        f"Ce jeu se joue de {game.min_players} à {game.max_players} joueurs,"
        f" pas {game.max_players + 1}."
    )


def test_limits_are_worded_from_params_not_from_the_sentence() -> None:
    with pytest.raises(ChatError) as caught:
        clean_text("x" * (CHAT_LIMIT + 1))
    assert caught.value.params == {"limit": CHAT_LIMIT}
    too_fast = ChatError("chat_too_fast", "", {"count": 5, "seconds": 10, "retry_after": 3})
    refused = rate_limited("Too many tables opened from your address.", 2.2)
    assert refused.params == {"retry_after": 3}  # whole seconds, rounded up
    assert filled(refused, "pl") == "Za dużo żądań naraz: poczekaj 3 s i spróbuj ponownie."
    for lang in i18n.LANGUAGES:
        for error in (caught.value, too_fast, refused):
            text = i18n.text(lang, f"error.{error.code}", **error.params)
            assert "{" not in text and str(next(iter(error.params.values()))) in text, text
