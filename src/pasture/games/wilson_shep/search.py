"""The Wilson & Shep search bot: lookahead on the exact belief about where Wilson is.

Both roles track, exactly, what the Shep team can infer: the heuristic's `Belief`, a
filter over every hiding place under its stated model of Wilson, replayed from the
round's public history.

- **As Wilson** it searches its own swaps against that belief. For each legal swap it
  works out the belief the Shep team will hold after seeing it and the move a Shep team
  that reasons with it makes next (the heuristic's two-step lookahead, ties shared
  evenly), and scores the swap by the chance of being found on that move plus
  SUSPICION times the belief left on its tile afterwards (the danger of the moves after).
  It plays the safest swap, breaking near-ties at random (within its time budget: swaps
  not scored by then are left out). It hides as the heuristic does.
- **As the Shep team** it looks one move further than the heuristic: for each move, the
  chance of finding Wilson now, and else, after his predicted swap, the best next move
  scored by the heuristic's own two-step lookahead on the belief predicted for then.
"""

from __future__ import annotations

import time

from pasture.core.bot import Turn
from pasture.core.game import JSON, Action
from pasture.games.wilson_shep.actions import Move, Swap
from pasture.games.wilson_shep.bots import Belief, HeuristicBot, SwapModel, lookahead
from pasture.games.wilson_shep.grid import CELLS, NEIGHBOURS

SUSPICION = 0.5
"""Weight of the belief left on Wilson's tile after Shep's next move."""
EXPOSURE = 1.0
"""Weight of the chance that a Shep team not reasoning as modelled (a person, a
beginner) steps onto Wilson's tile next: one of its moves picked at random."""
CLOSE = 1e-6
"""Swaps whose danger differs by less than this are alike; one is picked at random."""


def shep_reply(belief: Belief, shep: int, flips_left: int, moves_left: int) -> list[int]:
    """Where a Shep team reasoning with `belief` moves next (several when tied)."""
    scores = {t: lookahead(belief, t, flips_left, moves_left) for t in NEIGHBOURS[shep]}
    top = max(scores.values())
    return [t for t, v in scores.items() if v >= top - 1e-12]


def predicted_belief(belief: Belief, shep: int) -> Belief:
    """The belief after Wilson's next swap with Shep on `shep`, each hypothesis carried
    forward by its own model (as `Belief.predicted`, kept apart)."""
    model = SwapModel(shep, belief.down, belief.prob)
    count = model.count
    aimed, blind = [0.0] * CELLS, [0.0] * CELLS
    for w in range(CELLS):
        p, q = belief.aimed[w], belief.blind[w]
        if p:
            for dest, chance in model.destinations(w):
                aimed[dest] += p * chance
        if q:
            moved = 0
            if w != shep:
                for y in NEIGHBOURS[w]:
                    if y != shep:
                        blind[y] += q / count
                        moved += 1
            blind[w] += q * (count - moved) / count
    out = belief.copy()
    out.aimed, out.blind, out.shep = aimed, blind, shep
    return out


def three_step(belief: Belief, target: int, flips_left: int, moves_left: int) -> float:
    """The value of Shep stepping onto `target`: finding Wilson now, or else the best
    two-step lookahead from there after his predicted swap."""
    turns_up = belief.down[target]
    catch = belief.aimed[target] + belief.blind[target] if turns_up else 0.0
    flips_after = flips_left - turns_up
    if moves_left <= 1 or flips_after <= 0 or catch >= 1.0:
        return catch
    after = belief.copy()
    if turns_up:
        after.turn_up(target)
    future = predicted_belief(after, target)
    best = max(lookahead(future, t, flips_after, moves_left - 1) for t in NEIGHBOURS[target])
    return catch + (1 - catch) * best


class SearchBot(HeuristicBot):
    name = "search"

    def __init__(self, seconds: float | None = 1.0) -> None:
        super().__init__()
        self.seconds = seconds
        """Time budget of one decision: swaps not yet scored by then are left out."""

    def choose(self, turn: Turn) -> Action:
        view = turn.view
        if view["role"] == "wilson" and view["phase"] == "swap" and "history" in view:
            return self._wilson_search(turn, view)
        if view["role"] == "shep" and view["phase"] == "move":
            return self._shep_search(turn, view)
        return super().choose(turn)

    def _wilson_search(self, turn: Turn, view: dict[str, JSON]) -> Action:
        belief = self.current(view)
        shep, me = view["shep"], view["wilson_at"]
        flips_left = view["flip_limit"] - view["flips"]
        moves_left = view["max_moves"] - view["moves"]

        def danger(swap: Swap) -> float:
            after = belief.copy()
            after.update({"step": "swap", "a": swap.a, "b": swap.b})
            at = swap.b if me == swap.a else swap.a if me == swap.b else me
            replies = shep_reply(after, shep, flips_left, moves_left)
            found = sum(t == at for t in replies) / len(replies)
            rest = 0.0
            for t in replies:
                if t != at:
                    seen = after.copy()
                    if seen.prob[t] < 1 - 1e-9:  # else it could not be wrong about t
                        seen.update({"step": "move", "to": t, "turned_up": seen.down[t]})
                    rest += seen.prob[at] / len(replies)
            reach = NEIGHBOURS[shep]
            exposed = (at in reach and after.down[at]) / len(reach)
            return found + SUSPICION * rest + EXPOSURE * exposed

        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        scored = []
        for action in turn.legal:
            if isinstance(action, Swap):
                scored.append((danger(action), action))
                if deadline is not None and time.perf_counter() > deadline:
                    break
        least = min(d for d, _ in scored)
        return turn.rng.choice([a for d, a in scored if d <= least + CLOSE])

    def _shep_search(self, turn: Turn, view: dict[str, JSON]) -> Action:
        belief = self.current(view)
        flips_left = view["flip_limit"] - view["flips"]
        moves_left = view["max_moves"] - view["moves"]
        rng = turn.rng
        return max(
            (a for a in turn.legal if isinstance(a, Move)),
            key=lambda a: (three_step(belief, a.to, flips_left, moves_left), rng.random()),
        )
