"""Stacked Swip'Sheep rounds for the rule tests: every random thing is a chosen outcome.

The helpers compute the dealing order from the rules themselves (one card at a time,
starting at the first player's left), so a test fails if the engine deals otherwise.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from pasture.core import CHANCE
from pasture.games.swipsheep import GAME, SwipSheepState
from pasture.games.swipsheep.actions import Attack, Deal, Draw, PassCards
from pasture.games.swipsheep.edition import Edition, parse_edition

S1, S2, S3, WOLF, DOG = "sheep1", "sheep2", "sheep3", "wolf", "dog"


def new_game(players: int, first_player: int = 0, edition: Edition | None = None) -> SwipSheepState:
    if edition is not None:
        return SwipSheepState(players, first_player, edition)
    return GAME.new_state(players, {"first_player": first_player})


def deal_order(first: int, players: int, cards: int) -> list[int]:
    """Who receives each dealt card: one at a time from the first player's left."""
    return [(first + 1 + i) % players for i in range(cards)]


def deal(s: SwipSheepState, hands: Mapping[int, Sequence[str]]) -> None:
    """Deal `hands[seat]` to each seat (in that order per seat) by choosing Deal outcomes."""
    left = {seat: list(cards) for seat, cards in hands.items()}
    total = sum(len(cards) for cards in left.values())
    for seat in deal_order(s.view(None)["first_player"], s.num_players, total):
        assert s.is_chance(), "the deal ended before every stacked card was dealt"
        s.apply(CHANCE, Deal(left[seat].pop(0)))
    assert s.view(None)["phase"] != "deal", "cards are left to deal"


def pass_cards(s: SwipSheepState, passes: Mapping[int, tuple[str | None, str | None]]) -> None:
    for seat, (left, right) in passes.items():
        s.apply(seat, PassCards(left, right))


def attack(s: SwipSheepState, target: int, drawn: str | None = None) -> None:
    """The current attacker attacks `target`; chance then draws `drawn` (if anything)."""
    seat = s.actors()[0]
    s.apply(seat, Attack(target))
    if drawn is not None:
        s.apply(CHANCE, Draw(drawn))
    assert not s.is_chance() or s.view(None)["phase"] == "deal", "a draw is still pending"


def play_round(
    s: SwipSheepState,
    hands: Mapping[int, Sequence[str]],
    passes: Mapping[int, tuple[str | None, str | None]],
    attacks: Sequence[tuple[int, str | None]] = (),
) -> None:
    deal(s, hands)
    pass_cards(s, passes)
    for target, drawn in attacks:
        attack(s, target, drawn)


def four_players_at_a_short_third_round() -> SwipSheepState:
    """Rounds 1 and 2 score 22 sheep cards; round 3 has only 6 Wolves and 4 Dogs left."""
    s = new_game(4)
    play_round(
        s,
        {1: [S1, S1, S1], 2: [S1, S1, S1], 3: [S1, S1, S1], 0: [S1, S2, S2]},
        {0: (S2, S2), 1: (S1, S1), 2: (S1, S1), 3: (S1, S1)},
    )
    play_round(
        s,
        {2: [S2, S2, S2], 3: [S2, S2, S2], 0: [S3, S3, S3], 1: [S3, DOG, DOG]},
        {0: (S3, S3), 1: (DOG, DOG), 2: (S2, S2), 3: (S2, S2)},
    )
    assert s.view(None)["round"] == 3 and s.view(None)["first_player"] == 2
    assert s.view(None)["deck"] == 10
    # S-2: 10 cards for 4 players, from seat 3 (left of the first player, seat 2).
    deal(s, {3: [WOLF, WOLF, DOG], 0: [WOLF, WOLF, DOG], 1: [WOLF, DOG], 2: [WOLF, DOG]})
    return s


def hand(s: SwipSheepState, seat: int) -> Counter[str]:
    """The seat's hand as the seat sees it."""
    return Counter(s.view(seat)["hand"])


def outcome_probabilities(s: SwipSheepState) -> dict[str, float]:
    return {o.action.card: o.probability for o in s.chance_outcomes()}  # type: ignore[attr-defined]


def edition(**counts: int) -> Edition:
    """An edition with the default card kinds and the given counts (missing kinds: 0),
    written as data and parsed like the default edition file."""
    lines = ['name = "test"', 'title = "test"']
    kinds = (
        (S1, "sheep", 1),
        (S2, "sheep", 2),
        (S3, "sheep", 3),
        (WOLF, "wolf", 0),
        (DOG, "dog", 0),
    )
    for kind, role, sheep in kinds:
        lines += ["[[cards]]", f'kind = "{kind}"', f'label = "{kind}"', f'role = "{role}"']
        lines += [f"sheep = {sheep}", f"count = {counts.get(kind, 0)}"]
    return parse_edition("\n".join(lines))
