"""Information-set Monte Carlo tree search that plays any game from its seat's view.

Each iteration draws a full state consistent with what the seat knows
(`Turn.sample_state`, i.e. `State.determinize`), walks one shared tree of players'
actions with UCB (counting how often each action was available, as information-set
MCTS does), plays the rest of the game at random, and credits every seat with its
share of the win. Chance outcomes are sampled afresh on every walk (open loop), so
the tree never learns from an outcome its seat could not foresee.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from pasture.core.bot import Turn
from pasture.core.game import CHANCE, Action, State
from pasture.core.match import sample


@dataclass(slots=True)
class Node:
    visits: int = 0
    available: int = 0
    reward: float = 0.0
    """Total reward for the seat that chose the action leading here."""
    children: dict[tuple[int, Action], Node] = field(default_factory=dict)


def rewards(state: State) -> list[float]:
    """1 for a win, shared equally among the winners; 0 otherwise."""
    result = state.result()
    share = [0.0] * state.num_players
    for seat in result.winners:
        share[seat] = 1 / len(result.winners)
    return share


class ISMCTSBot:
    name = "ismcts"

    def __init__(self, iterations: int = 300, exploration: float = 0.7, max_rollout: int = 5000):
        self.iterations = iterations
        self.exploration = exploration
        self.max_rollout = max_rollout

    def choose(self, turn: Turn) -> Action:
        if len(turn.legal) == 1:
            return turn.legal[0]
        rng = turn.rng
        root = Node()
        for _ in range(self.iterations):
            self._iterate(root, turn.sample_state(rng), turn.seat, rng)
        best = max(
            ((key, child) for key, child in root.children.items() if key[0] == turn.seat),
            key=lambda item: item[1].visits,
            default=None,
        )
        if best is None or best[0][1] not in turn.legal:
            return rng.choice(turn.legal)
        return best[0][1]

    def _iterate(self, root: Node, state: State, seat: int, rng: random.Random) -> None:
        path: list[tuple[Node, int]] = []
        node = root
        expanded = False
        first = True
        while not state.is_over():
            if state.is_chance():
                state.apply(CHANCE, sample(state.chance_outcomes(), rng))
                continue
            # at the root the searching seat moves first (it may be acting out of turn)
            actor = seat if first and state.legal_actions(seat) else state.actors()[0]
            first = False
            legal = state.legal_actions(actor)
            if expanded:
                state.apply(actor, rng.choice(legal))
                continue
            keys = [(actor, a) for a in legal]
            for key in keys:
                child = node.children.get(key)
                if child is not None:
                    child.available += 1
            fresh = [k for k in keys if k not in node.children]
            if fresh:
                key = rng.choice(fresh)
                child = node.children[key] = Node(available=1)
                expanded = True
            else:
                key = max(keys, key=lambda k: self._ucb(node.children[k]))
                child = node.children[key]
            state.apply(actor, key[1])
            path.append((child, actor))
            node = child
        share = rewards(state)
        root.visits += 1
        for child, actor in path:
            child.visits += 1
            child.reward += share[actor]

    def _ucb(self, child: Node) -> float:
        if child.visits == 0:
            return math.inf
        mean = child.reward / child.visits
        return mean + self.exploration * math.sqrt(math.log(max(child.available, 1)) / child.visits)
