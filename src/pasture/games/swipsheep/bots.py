"""A Swip'Sheep bot that reasons from its own view only.

It values cards by what they are worth to their holder this round (sheep by their
count, a Wolf by the expected haul of one attack, a Dog by the attacks it may turn
away), passes the cards it values least (the better of the two to the neighbour
further behind), and sends each wolf where it expects the most: it estimates who holds
a Dog from the cards it has seen (its own hand, what it passed, set-aside cards, the
attacks so far) and the rest of the pool.
"""

from __future__ import annotations

from math import comb

from pasture.core.bot import Turn
from pasture.core.game import JSON, Action
from pasture.games.swipsheep.actions import Attack, PassCards
from pasture.games.swipsheep.edition import Edition, default_edition

DOG_VALUE = 1.0
GIFT_WEIGHT = 0.5
"""How much a card handed to an opponent counts against us (they are one of several)."""


class Knowledge:
    """What the seat can tell about the cards it cannot see, from its view."""

    def __init__(self, view: dict[str, JSON], edition: Edition) -> None:
        self.view = view
        self.seat: int = view["seat"]
        self.players: int = view["players"]
        hand: dict[str, int] = view["hand"]
        seen = dict(hand)
        for kind, count in view["set_aside"].items():
            seen[kind] = seen.get(kind, 0) + count
        for pile in view["scored"]:
            for kind, count in pile.items():
                seen[kind] = seen.get(kind, 0) + count
        wolf, dog = edition.kinds[edition.wolf], edition.kinds[edition.dog]
        seen[wolf] = seen.get(wolf, 0) + sum(view["laid_wolves"])
        self.unseen = {
            kind: total - seen.get(kind, 0)
            for kind, total in zip(edition.kinds, edition.counts, strict=True)
        }
        self.sheep = dict(zip(edition.kinds, edition.sheep, strict=True))
        self.dog, self.wolf = dog, wolf
        self.known_dogs = [0] * self.players
        self.no_dog = [False] * self.players
        for event in view["log"]:
            kind = event["type"]
            if kind == "passed" and event.get("card") == dog and event["from"] == self.seat:
                self.known_dogs[event["to"]] += 1
            elif kind == "attack":
                target = event["target"]
                if event["defended"]:
                    self.known_dogs[target] = max(0, self.known_dogs[target] - 1)
                else:
                    self.no_dog[target] = True
            elif kind == "drew":
                self.no_dog[event["drawer"]] = False  # may have drawn one
                if event.get("card") == dog and event["victim"] == self.seat:
                    self.known_dogs[event["drawer"]] += 1

    def pool_size(self) -> int:
        return sum(self.unseen.values())

    def dog_chance(self, target: int) -> float:
        """Chance that `target` holds at least one Dog now."""
        if self.known_dogs[target]:
            return 1.0
        if self.no_dog[target]:
            return 0.0
        size = self.view["hand_sizes"][target]
        pool = self.pool_size()
        dogs = self.unseen.get(self.dog, 0) - sum(self.known_dogs)
        if size == 0 or dogs <= 0 or pool <= 0:
            return 0.0
        size = min(size, pool)
        return 1.0 - comb(pool - dogs, size) / comb(pool, size)

    def mean_unseen_sheep(self) -> float:
        pool = self.pool_size()
        if not pool:
            return 0.0
        return sum(self.sheep[k] * c for k, c in self.unseen.items()) / pool


class SwipSheepBot:
    name = "heuristic"

    def __init__(self, edition: Edition | None = None) -> None:
        self.edition = edition or default_edition()

    def choose(self, turn: Turn) -> Action:
        if isinstance(turn.legal[0], PassCards):
            return self._pass(turn)
        return self._attack(turn)

    def card_value(self, kind: str | None, knowledge: Knowledge) -> float:
        if kind is None:
            return 0.0
        if kind == knowledge.wolf:
            return knowledge.mean_unseen_sheep()  # one attack's expected haul
        if kind == knowledge.dog:
            return DOG_VALUE
        return float(knowledge.sheep[kind])

    def _pass(self, turn: Turn) -> Action:
        view = turn.view
        know = Knowledge(view, self.edition)
        hand = dict(view["hand"])
        seat, n = know.seat, know.players
        scores = view["scores"]
        left, right = (seat + 1) % n, (seat - 1) % n

        def score(action: PassCards) -> float:
            kept = dict(hand)
            for card in (action.left, action.right):
                if card is not None:
                    kept[card] -= 1
            keep: float = sum(self.card_value(k, know) * c for k, c in kept.items())
            gift_left = self.card_value(action.left, know)
            gift_right = self.card_value(action.right, know)
            # the richer gift should go to the neighbour further behind
            lead = float(scores[left] - scores[right]) * 0.05
            return keep - GIFT_WEIGHT * (gift_left + gift_right) - lead * (gift_left - gift_right)

        return max(turn.legal, key=lambda a: (score(a), turn.rng.random()))  # type: ignore[arg-type]

    def _attack(self, turn: Turn) -> Action:
        view = turn.view
        know = Knowledge(view, self.edition)
        mine = view["hand"]
        my_cards = sum(mine.values())
        my_mean = (
            sum(self.card_value(k, know) * c for k, c in mine.items()) / my_cards if my_cards else 0
        )
        steal = know.mean_unseen_sheep()
        scores = view["scores"]
        best_score = max(scores)

        def value(action: Attack) -> float:
            t = action.target
            p_dog = know.dog_chance(t)
            gain = steal if view["hand_sizes"][t] else 0.0
            expected = (1 - p_dog) * gain - p_dog * my_mean + p_dog * 0.3  # a Dog spent is good
            return float(expected + 0.1 * (scores[t] == best_score))

        return max(turn.legal, key=lambda a: (value(a), turn.rng.random()))  # type: ignore[arg-type]
