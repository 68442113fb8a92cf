"""Generic information-set Monte Carlo tree search that plays any game from its seat's view.

It is `search.SearchBot` knowing nothing of the game: each iteration draws a full state
consistent with what the seat knows (`Turn.sample_state`), walks one shared tree of
players' actions with UCB, plays on at random for at most `max_rollout` decisions, and
credits every seat with its share of the win, or, where the rollout was cut, its share
of the result as if the game ended there (`search.result_shares`). Chance outcomes are
sampled afresh on every walk (open loop), so the tree never learns from an outcome its
seat could not foresee. Reaction windows take the same time whatever the seat holds.
"""

from __future__ import annotations

from dataclasses import replace

from pasture.bots.search import Budget, Guide, SearchBot, result_shares

GENERIC = Guide(evaluate=result_shares, policy=None)


class ISMCTSBot(SearchBot):
    name = "ismcts"

    def __init__(self, iterations: int = 300, exploration: float = 0.7, max_rollout: int = 200):
        super().__init__(GENERIC, Budget(iterations=iterations), max_rollout, exploration, "ismcts")

    @property
    def iterations(self) -> int:
        return self.budget.iterations or 0

    @iterations.setter
    def iterations(self, value: int) -> None:
        self.budget = replace(self.budget, iterations=value)
