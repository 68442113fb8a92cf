"""S-1: the card composition is data (edition.toml), the default edition as assumed."""

from __future__ import annotations

import json

import pytest

from pasture.core import CHANCE
from pasture.games.swipsheep import GAME
from pasture.games.swipsheep.actions import Deal
from pasture.games.swipsheep.edition import DEFAULT_EDITION, default_edition, parse_edition

from .helpers import DOG, S1, S2, S3, WOLF, edition, new_game, outcome_probabilities


def test_s1_default_edition_is_32_cards_10_8_4_sheep_6_wolves_4_dogs() -> None:
    e = default_edition()
    counts = dict(zip(e.kinds, e.counts, strict=True))
    assert counts == {S1: 10, S2: 8, S3: 4, WOLF: 6, DOG: 4}
    assert e.size == 32
    assert dict(zip(e.kinds, e.sheep, strict=True)) == {S1: 1, S2: 2, S3: 3, WOLF: 0, DOG: 0}
    assert sum(c * v for c, v in zip(e.counts, e.sheep, strict=True)) == 38
    # Only the sheep split is assumed (not printed in the rulebook).
    assert {k for k, a in zip(e.kinds, e.assumed, strict=True) if a} == {S1, S2, S3}


def test_s1_a_new_game_deals_from_the_default_edition() -> None:
    s = new_game(3)
    assert s.view(None)["deck"] == 32
    assert outcome_probabilities(s) == {
        S1: 10 / 32,
        S2: 8 / 32,
        S3: 4 / 32,
        WOLF: 6 / 32,
        DOG: 4 / 32,
    }


def test_s1_the_default_edition_is_read_from_its_data_file() -> None:
    assert parse_edition(DEFAULT_EDITION.read_text(encoding="utf-8")) == default_edition()


def test_s1_editing_the_data_changes_the_deck() -> None:
    text = DEFAULT_EDITION.read_text(encoding="utf-8")
    # A box with 12 one-sheep cards and 2 three-sheep cards.
    edited = text.replace("count = 10", "count = 12").replace(
        "count = 4\nassumed", "count = 2\nassumed"
    )
    e = parse_edition(edited)
    assert dict(zip(e.kinds, e.counts, strict=True)) == {S1: 12, S2: 8, S3: 2, WOLF: 6, DOG: 4}
    s = new_game(3, edition=e)
    assert s.view(None)["deck"] == 32
    assert outcome_probabilities(s)[S1] == 12 / 32
    assert outcome_probabilities(s)[S3] == 2 / 32


def test_s1_an_edition_needs_exactly_one_wolf_and_one_dog_kind() -> None:
    text = DEFAULT_EDITION.read_text(encoding="utf-8")
    with pytest.raises(ValueError, match="one Wolf and one Dog"):
        parse_edition(text.replace('role = "dog"', 'role = "wolf"'))


def test_s1_a_state_on_another_edition_round_trips_through_json() -> None:
    """Regression: from_json used to restore every state on the default edition."""
    e = edition(sheep1=5, wolf=2, dog=1)
    s = new_game(3, edition=e)
    s.apply(CHANCE, Deal(WOLF))
    text = json.dumps(s.to_json(), sort_keys=True)
    restored = GAME.state_from_json(json.loads(text))
    assert restored.edition == e
    assert json.dumps(restored.to_json(), sort_keys=True) == text
    assert restored.view(None) == s.view(None)
    restored.check_invariants()
    assert "cards" not in new_game(3).to_json()  # the default edition is not repeated
