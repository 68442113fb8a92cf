"""`Event` and `ChanceOutcome` are records (`core.game.Record`): equal by their fields and
class, hashable when their fields are, copied and pickled whole. They are written-out
classes (not frozen dataclasses, whose `__init__` mypyc leaves interpreted), so these tests
hold the behaviour the dataclasses had, on both builds."""

from __future__ import annotations

import copy
import pickle

import pytest

import pasture
from pasture.core.game import Action, ChanceOutcome, Event
from pasture.games.wypas.actions import Deal


def test_events_are_equal_by_their_fields() -> None:
    event = Event("passed", {"from": 0}, {"card": "wolf"}, (0, 1))
    assert event == Event(type="passed", public={"from": 0}, private={"card": "wolf"}, to=(0, 1))
    assert event != Event("passed", {"from": 0}, {"card": "dog"}, (0, 1))
    assert event != Event("passed", {"from": 0}, {"card": "wolf"}, (0, 2))
    assert Event("x", None) == Event("x", None, None, ())
    assert event != ("passed", {"from": 0}, {"card": "wolf"}, (0, 1))


def test_an_event_hashes_like_its_fields() -> None:
    assert hash(Event("x", None, None, (1,))) == hash(Event("x", None, None, (1,)))
    with pytest.raises(TypeError):  # a dict in it: unhashable, as the dataclass was
        hash(Event("x", {"a": 1}))


def test_an_event_shows_its_fields() -> None:
    text = repr(Event("bid", {"seat": 2}, None, (2,)))
    assert text == "Event(type='bid', public={'seat': 2}, private=None, to=(2,))"


def test_events_and_outcomes_copy_and_pickle_whole() -> None:
    event = Event("drawn", {"seat": 1}, {"card": "green_3"}, (1,))
    outcome = ChanceOutcome(Deal("green_3"), 0.25)
    for value in (event, outcome):
        assert pickle.loads(pickle.dumps(value)) == value
        assert copy.deepcopy(value) == value
        assert copy.copy(value) == value


def test_outcomes_are_equal_by_action_and_probability() -> None:
    outcome = ChanceOutcome(Deal("wolf"), 0.5)
    assert outcome == ChanceOutcome(action=Deal("wolf"), probability=0.5)
    assert outcome != ChanceOutcome(Deal("wolf"), 0.25)
    assert outcome != ChanceOutcome(Deal("dog"), 0.5)
    assert hash(outcome) == hash(ChanceOutcome(Deal("wolf"), 0.5))
    assert repr(outcome) == f"ChanceOutcome(action={Deal('wolf')!r}, probability=0.5)"


@pytest.mark.skipif(not pasture.compiled(), reason="compiled attributes are read-only")
def test_compiled_values_cannot_be_changed() -> None:
    event: object = Event("x", None)
    outcome: object = ChanceOutcome(Action(), 1.0)
    with pytest.raises(AttributeError):
        event.type = "y"  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        outcome.probability = 0.0  # type: ignore[attr-defined]
