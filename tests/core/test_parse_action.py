"""An action's JSON form is checked field by field against its class (core/game.py
`parse_action`, from a list of the class's fields made once): what it builds, and each
malformed form refused with `malformed_action` and a sentence naming what is wrong."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest

from pasture.core.errors import IllegalAction
from pasture.core.game import Action, parse_action


@dataclass(frozen=True, slots=True)
class Place(Action):
    kind: ClassVar[str] = "place"
    space: int
    card: str | None
    cards: tuple[int, ...] = ()
    hidden: bool = False


@dataclass(frozen=True, slots=True)
class Skip(Action):
    kind: ClassVar[str] = "skip"


TYPES: dict[str, type[Action]] = {"place": Place, "skip": Skip}


def test_a_well_formed_action_is_built_with_its_defaults() -> None:
    assert parse_action({"kind": "place", "space": 3, "card": None}, TYPES) == Place(3, None)
    built = parse_action(
        {"kind": "place", "space": 0, "card": "ram", "cards": [1, 2], "hidden": True}, TYPES
    )
    assert built == Place(0, "ram", (1, 2), True)
    assert isinstance(built, Place) and isinstance(built.cards, tuple)  # a list: a tuple
    assert parse_action({"kind": "skip"}, TYPES) == Skip()
    # the same class parsed again (its fields are read once) gives the same
    assert parse_action({"kind": "place", "space": 3, "card": None}, TYPES) == Place(3, None)


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ("place", "JSON object"),
        ({"space": 1}, "Unknown action kind None"),
        ({"kind": "jump"}, "Unknown action kind 'jump'; this game knows: place, skip"),
        ({"kind": "place", "space": 1, "card": None, "x": 1, "a": 2}, "no field(s) a, x"),
        ({"kind": "skip", "space": 1}, "no field(s) space"),
        ({"kind": "place", "card": None}, "needs the field 'space'"),
        ({"kind": "place", "space": 1}, "needs the field 'card'"),
        ({"kind": "place", "space": True, "card": None}, "'space' of action 'place' has the"),
        ({"kind": "place", "space": 1.5, "card": None}, "numbers, strings, booleans"),
        ({"kind": "place", "space": "1", "card": None}, "'space' of action 'place' has the"),
        ({"kind": "place", "space": 1, "card": 2}, "'card' of action 'place' has the"),
        ({"kind": "place", "space": 1, "card": None, "hidden": 1}, "'hidden' of action"),
        ({"kind": "place", "space": 1, "card": None, "cards": 7}, "'cards' of action"),
        ({"kind": "place", "space": 1, "card": None, "cards": [{}]}, "numbers, strings"),
        ({"kind": "place", "space": {"a": 1}, "card": None}, "numbers, strings"),
    ],
)
def test_a_malformed_action_is_refused_saying_why(data: object, words: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        parse_action(data, TYPES)
    assert refused.value.code == "malformed_action"
    assert words in refused.value.message
