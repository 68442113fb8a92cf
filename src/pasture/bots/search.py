"""Information-set search guided by a game's own knowledge, within a budget per decision.

Each iteration draws a full state consistent with what the seat knows (the game's own
sampler where it has one, e.g. Wilson drawn from an exact belief, else
`Turn.sample_state`), walks one shared tree of players' actions with UCB (counting how
often each action was available, as information-set MCTS does), then plays on with the
game's rollout policy (usually its heuristic bot, now and then a random move) for at
most `max_rollout` decisions, and scores the state reached with the game's leaf
evaluation (a win chance per seat) unless the game is over. The root action the
heuristic would choose starts with a few virtual wins (its prior), so with a small
budget the search falls back on the heuristic rather than on noise.

A budget is a number of iterations, a time, or both (whichever ends first). Reaction
windows (where a seat's silence is answered for it: `State.timeout_action`) get their
own fixed time, spent in full whatever the seat holds, even with nothing to play, so
that how long a bot thinks there tells nothing of its hand (Wypas W-10a).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from pasture.core.bot import Bot, Turn
from pasture.core.game import CHANCE, Action, State, sample

Evaluate = Callable[[State], Sequence[float]]
"""A state not yet over -> each seat's estimated share of the win (0..1)."""
Sampler = Callable[[Turn, random.Random], State]
"""A turn -> a full state consistent with its view (a determinization)."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How much a search may spend on one decision; the first limit reached ends it."""

    iterations: int | None = 300
    seconds: float | None = None
    reaction_seconds: float = 0.1
    """The exact thinking time of every reaction-window decision (W-10a)."""
    reaction_iterations: int = 10
    """Iterations spent in a reaction window (fewer if its time runs out first)."""

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("A search budget needs a number of iterations or a time.")


@dataclass(frozen=True, slots=True)
class Guide:
    """What a game tells the search about itself."""

    evaluate: Evaluate
    policy: Callable[[], Bot] | None = None
    """The rollout policy and root prior (a bot that reads only its Turn)."""
    sample: Sampler | None = None
    epsilon: float = 0.1
    """The share of rollout moves made at random, so rollouts do not all agree."""
    prior_visits: float = 3.0
    """Virtual wins given to the policy's root choice."""


def final_rewards(state: State) -> list[float]:
    """1 for a win, shared equally among the winners; 0 otherwise."""
    share = [0.0] * state.num_players
    winners = state.result().winners
    for seat in winners:
        share[seat] = 1 / len(winners)
    return share


def result_shares(state: State) -> list[float]:
    """A leaf evaluation for any game: the result as if the game ended now, each seat's
    share a softmax of its score over the spread of the scores."""
    scores = state.result().scores
    spread = max(1.0, max(scores) - min(scores))
    return score_shares(scores, spread)


def score_shares(scores: Sequence[float], spread: float) -> list[float]:
    """Each seat's estimated win chance from its lead: a softmax of scores / spread."""
    top = max(scores)
    weights = [math.exp((s - top) / spread) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


@dataclass(slots=True, eq=False)
class Node:
    visits: float = 0.0
    available: int = 0
    reward: float = 0.0
    """Total reward for the seat that chose the action leading here."""
    children: dict[tuple[int, Action], Node] = field(default_factory=dict)
    seen: tuple[int, Sequence[Action], list[Node | None]] | None = None
    """The last (actor, legal list, its children): games that hand out the same list
    object for the same choices save hashing every action on every walk."""


def in_reaction_window(state: State, seat: int) -> bool:
    """The seat is being asked whether to react (its silence would be answered for it)."""
    return not state.is_over() and state.timeout_action(seat) is not None


class SearchBot:
    """Information-set MCTS with a game's rollout policy, prior and leaf evaluation."""

    name = "search"

    def __init__(
        self,
        guide: Guide,
        budget: Budget | None = None,
        max_rollout: int = 40,
        exploration: float = 0.7,
        name: str = "search",
    ) -> None:
        self.guide = guide
        self.budget = budget or Budget()
        self.max_rollout = max_rollout
        self.exploration = exploration
        self.name = name
        self._policy = guide.policy() if guide.policy is not None else None
        self.last_iterations = 0

    def choose(self, turn: Turn) -> Action:
        start = time.perf_counter()
        rng = turn.rng
        probe = self._sample(turn, rng)
        if in_reaction_window(probe, turn.seat):
            end = start + self.budget.reaction_seconds
            action = self._search(turn, probe, rng, self.budget.reaction_iterations, end)
            time.sleep(max(0.0, end - time.perf_counter()))
            return action
        if len(turn.legal) == 1:  # nothing hidden is revealed: the choice is forced
            return turn.legal[0]
        seconds = self.budget.seconds
        deadline = None if seconds is None else start + seconds
        return self._search(turn, probe, rng, self.budget.iterations, deadline)

    def _sample(self, turn: Turn, rng: random.Random) -> State:
        if self.guide.sample is not None:
            return self.guide.sample(turn, rng)
        return turn.sample_state(rng)

    def _search(
        self,
        turn: Turn,
        first: State,
        rng: random.Random,
        iterations: int | None,
        deadline: float | None,
    ) -> Action:
        root = Node()
        seat = turn.seat
        if self._policy is not None and len(turn.legal) > 1:
            favourite = self._policy.choose(Turn(first.clone(), seat, rng))
            key = (seat, favourite)
            prior = self.guide.prior_visits
            root.children[key] = Node(visits=prior, available=0, reward=prior)
        count = 0
        state: State | None = first
        while True:
            if iterations is not None and count >= iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            self._iterate(root, state or self._sample(turn, rng), seat, rng)
            state = None
            count += 1
        self.last_iterations = count
        mine = [(key[1], child) for key, child in root.children.items() if key[0] == seat]
        legal = [(a, c) for a, c in mine if a in turn.legal]
        if not legal:
            return turn.legal[0] if len(turn.legal) == 1 else rng.choice(turn.legal)
        return max(legal, key=lambda item: item[1].visits)[0]

    def _iterate(self, root: Node, state: State, seat: int, rng: random.Random) -> None:
        # Actions come from legal_actions, so they are applied without re-checking
        # (`_apply`): the search spends its time searching.
        path: list[tuple[Node, int]] = []
        node = root
        c = self.exploration
        log, sqrt = math.log, math.sqrt
        legal = state.legal_actions(seat)  # at the root the searching seat moves first
        actor = seat  # (it may be acting out of turn)
        while True:
            if state.is_over():
                break
            if state.is_chance():
                state._apply(CHANCE, sample(state.chance_outcomes(), rng))
                legal = []
                continue
            if not legal:
                actor = state.actors()[0]
                legal = state.legal_actions(actor)
            seen = node.seen
            if seen is not None and seen[1] is legal and seen[0] == actor:
                children = seen[2]
            else:
                kids = node.children
                children = [kids.get((actor, a)) for a in legal]
                node.seen = (actor, legal, children)
            if None in children:
                fresh = [i for i, child in enumerate(children) if child is None]
                for child in children:
                    if child is not None:
                        child.available += 1
                i = fresh[0] if len(fresh) == 1 else rng.choice(fresh)
                child = children[i] = node.children[(actor, legal[i])] = Node(available=1)
                state._apply(actor, legal[i])
                path.append((child, actor))
                break
            best_value, best = -1.0, 0
            for i, child in enumerate(children):
                assert child is not None
                child.available += 1
                value = child.reward / child.visits + c * sqrt(log(child.available) / child.visits)
                if value > best_value:
                    best_value, best = value, i
            node = children[best]  # type: ignore[assignment]
            state._apply(actor, legal[best])
            path.append((node, actor))
            legal = []
        share = self._rollout(state, rng)
        root.visits += 1
        for child, who in path:
            child.visits += 1
            child.reward += share[who]

    def _rollout(self, state: State, rng: random.Random) -> Sequence[float]:
        policy, epsilon = self._policy, self.guide.epsilon
        decisions = 0
        limit = self.max_rollout
        while not state.is_over():
            if state.is_chance():
                state._apply(CHANCE, sample(state.chance_outcomes(), rng))
                continue
            if decisions >= limit:
                return self.guide.evaluate(state)
            actor = state.actors()[0]
            legal = state.legal_actions(actor)
            if len(legal) == 1:
                action = legal[0]
            elif policy is None or rng.random() < epsilon:
                action = rng.choice(legal)
            else:
                action = policy.choose(Turn(state, actor, rng))
            state._apply(actor, action)
            decisions += 1
        return final_rewards(state)
