"""`pasture play` names who plays each seat, and what may be typed, in its language."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pasture.cli.play import bad_choice_key, kind_label
from pasture.i18n import say, use


@pytest.fixture
def polish() -> Iterator[None]:
    use("pl")
    yield
    use("en")


def test_seats_are_named_by_level_and_person_in_the_chosen_language(polish: None) -> None:
    assert kind_label("normal") == say("bot.normal") != "normal"
    assert kind_label("hard") == say("bot.hard") != "hard"
    assert kind_label("human") == "człowiek"
    assert kind_label("no-such-bot") == "no-such-bot"


def test_with_only_passing_left_the_prompt_asks_for_the_pass_key_alone() -> None:
    assert bad_choice_key(can_pass=True, numbered=0) == "term.bad_choice_pass_only"
    assert bad_choice_key(can_pass=True, numbered=3) == "term.bad_choice_or_pass"
    assert bad_choice_key(can_pass=False, numbered=3) == "term.bad_choice"
    assert "1" not in say("term.bad_choice_pass_only", key="p")
