"""Wilson & Shep bots that reason from their own seat's view only.

`heuristic` plays both roles.

As **Wilson** it plays a stochastic policy (`SwapModel`): every legal swap gets a
utility and is chosen with probability proportional to exp(utility).

- Where Wilson ends up is penalised by how exposed he is: inside Shep's reach (the
  up to 8 tiles Shep may turn up next) costs DANGER; outside it, TRAP times the share
  of Shep's next positions that would corner him (inside the new reach with no step
  out of it).
- Moving his own tile costs MOVE_COST (a move is a clue); a decoy that looks like an
  escape (a face-down tile carried from inside Shep's reach to outside, exactly what a
  fleeing Wilson does) earns DECOY_BONUS, so escapes hide among decoys.
- He hides with probability proportional to exp(-TRAP * share of Shep's placements
  that would corner him at once): centre tiles most, corners least.

As the **Shep team** it keeps the exact distribution of where Wilson is under this
model of Wilson: with probability 1 - NOISE Wilson plays the policy above, with
probability NOISE a legal swap uniformly at random (and the same mixture for where he
hid). Every public swap multiplies each position's probability by the chance that
Wilson, standing there, would have made that swap, then carries it along the swap;
every sheep turned up zeroes its position. It then moves with a two-step lookahead on
that belief: the chance of finding Wilson now, plus, if not, the best chance of
finding him on the next move after Wilson's predicted swap (the model's marginal),
plus a small pull towards where the belief's mass will be. With the `memory` option
`none` the view holds no swap history, and the belief falls back to uniform over the
face-down tiles.
"""

from __future__ import annotations

from math import exp

from pasture.core.bot import Turn
from pasture.core.game import JSON, Action
from pasture.games.wilson_shep.actions import Hide, Swap
from pasture.games.wilson_shep.grid import CELLS, NEIGHBOURS, PAIRS

DANGER = 4.0
TRAP = 2.0
MOVE_COST = 0.3
DECOY_BONUS = 1.0
NOISE = 0.2
"""The Shep team's model gives this share to a Wilson swapping uniformly at random."""
PULL = 0.1
"""Weight of the predicted mass within Shep's next reach in the lookahead."""

REACH: tuple[frozenset[int], ...] = tuple(frozenset(n) for n in NEIGHBOURS)


def _cornered(w: int, shep: int) -> bool:
    """Wilson at `w` is inside Shep's reach and every swap of his tile stays inside it."""
    if w not in REACH[shep]:
        return False
    return all(y == shep or y in REACH[shep] for y in NEIGHBOURS[w])


def _trap_share(w: int, shep: int) -> float:
    """The share of Shep's next positions from `shep` that would corner Wilson at `w`."""
    nxt = NEIGHBOURS[shep]
    return sum(_cornered(w, t) for t in nxt if t != w) / len(nxt)


PENALTY: tuple[tuple[float, ...], ...] = tuple(
    tuple(DANGER if w in REACH[s] else TRAP * _trap_share(w, s) for s in range(CELLS))
    for w in range(CELLS)
)
"""PENALTY[w][s]: how exposed Wilson is at `w` with Shep on `s`, after his swap."""

HIDE_WEIGHTS: tuple[float, ...] = tuple(
    exp(-TRAP * sum(_cornered(p, q) for q in range(CELLS) if q != p) / (CELLS - 1))
    for p in range(CELLS)
)
HIDE_PRIOR: tuple[float, ...] = tuple(
    (1 - NOISE) * h / sum(HIDE_WEIGHTS) + NOISE / CELLS for h in HIDE_WEIGHTS
)
"""The Shep team's prior on where Wilson hid."""

LEGAL_PAIRS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(pair for pair in PAIRS if s not in pair) for s in range(CELLS)
)


class SwapModel:
    """Wilson's policy with Shep on `shep` and the face-down tiles `down`: the chance of
    each swap for each place Wilson may be, and where it takes him."""

    def __init__(self, shep: int, down: list[bool]) -> None:
        self.shep = shep
        reach = REACH[shep]
        self.pairs = LEGAL_PAIRS[shep]
        # A decoy looks like an escape when it carries a face-down tile out of reach.
        self.decoy = {
            (a, b): exp(DECOY_BONUS)
            if (a in reach) != (b in reach) and down[a if a in reach else b]
            else 1.0
            for a, b in self.pairs
        }
        self.decoy_total = sum(self.decoy.values())
        self.count = len(self.pairs)
        self._cache: dict[int, tuple[float, float, list[tuple[int, float]]]] = {}

    def _terms(self, w: int) -> tuple[float, float, list[tuple[int, float]]]:
        """(normaliser, weight of any one decoy factor, [(destination, weight)])."""
        cached = self._cache.get(w)
        if cached is not None:
            return cached
        s = self.shep
        stay = exp(-PENALTY[w][s])
        moves: list[tuple[int, float]] = []
        decoys = self.decoy_total
        if w != s:
            for y in NEIGHBOURS[w]:
                if y == s:
                    continue
                pair = (w, y) if w < y else (y, w)
                decoys -= self.decoy[pair]
                moves.append((y, exp(-PENALTY[y][s] - MOVE_COST)))
        total = stay * decoys + sum(weight for _, weight in moves)
        cached = self._cache[w] = (total, stay, moves)
        return cached

    def policy(self, w: int) -> list[tuple[tuple[int, int], float]]:
        """Every legal swap and its probability for a Wilson at `w` (the bot's play)."""
        total, stay, moves = self._terms(w)
        weight = {(w, y) if w < y else (y, w): m for y, m in moves}
        return [
            (pair, weight[pair] / total if pair in weight else stay * self.decoy[pair] / total)
            for pair in self.pairs
        ]

    def likelihood(self, w: int, pair: tuple[int, int]) -> float:
        """The chance, under the Shep team's model, that Wilson at `w` swaps `pair`."""
        total, stay, moves = self._terms(w)
        if w in pair:
            y = pair[0] if pair[1] == w else pair[1]
            own = next(m for dest, m in moves if dest == y) / total
        else:
            own = stay * self.decoy[pair] / total
        return (1 - NOISE) * own + NOISE / self.count

    def destinations(self, w: int) -> list[tuple[int, float]]:
        """Where Wilson at `w` is after his swap, under the model: [(position, chance)]."""
        total, stay, moves = self._terms(w)
        uniform = NOISE / self.count
        out = [(y, (1 - NOISE) * m / total + uniform) for y, m in moves]
        out.append((w, 1.0 - sum(p for _, p in out)))
        return out


def _normalised(belief: list[float]) -> list[float]:
    total = sum(belief)
    return [b / total for b in belief] if total > 0 else belief


class Belief:
    """Where Wilson may be, replayed step by step from the round's public history."""

    def __init__(self) -> None:
        self.prob = list(HIDE_PRIOR)
        self.down = [True] * CELLS
        self.shep: int | None = None
        self.steps = 0

    def update(self, step: dict[str, JSON]) -> None:
        kind = step["step"]
        if kind == "place":
            self.shep = step["at"]
        elif kind == "swap":
            a, b = step["a"], step["b"]
            assert self.shep is not None
            model = SwapModel(self.shep, self.down)
            pair = (a, b)
            prob = [p * model.likelihood(w, pair) if p else 0.0 for w, p in enumerate(self.prob)]
            prob[a], prob[b] = prob[b], prob[a]
            self.down[a], self.down[b] = self.down[b], self.down[a]
            self.prob = _normalised(prob)
        else:
            to = step["to"]
            self.shep = to
            if step["turned_up"]:
                self.down[to] = False
                self.prob[to] = 0.0
                self.prob = _normalised(self.prob)
        self.steps += 1


def predicted(prob: list[float], shep: int, down: list[bool]) -> list[float]:
    """Where Wilson will be after his next swap with Shep on `shep` (the model's marginal)."""
    model = SwapModel(shep, down)
    out = [0.0] * CELLS
    for w, p in enumerate(prob):
        if p:
            for dest, q in model.destinations(w):
                out[dest] += p * q
    return out


def lookahead(prob: list[float], down: list[bool], target: int, last_try: bool) -> float:
    """The value of Shep stepping onto `target`: finding Wilson now, or else soon."""
    catch = prob[target] if down[target] else 0.0
    if last_try:
        return catch
    after = prob[:]
    after_down = down[:]
    if down[target]:
        after[target] = 0.0
        after_down[target] = False
        after = _normalised(after)
    future = predicted(after, target, after_down)
    nxt = [future[t] for t in NEIGHBOURS[target] if after_down[t]]
    soon = (max(nxt) + PULL * sum(nxt)) if nxt else 0.0
    return catch + (1 - catch) * soon


class HeuristicBot:
    name = "heuristic"

    def __init__(self) -> None:
        self._belief: Belief | None = None
        self._history: list[dict[str, JSON]] = []

    def choose(self, turn: Turn) -> Action:
        view = turn.view
        if view["role"] == "wilson":
            return self._wilson(turn, view)
        return self._shep(turn, view)

    # --- Wilson ------------------------------------------------------------------------

    def _wilson(self, turn: Turn, view: dict[str, JSON]) -> Action:
        if view["phase"] == "hide":
            (at,) = turn.rng.choices(range(CELLS), weights=HIDE_WEIGHTS)
            return Hide(at)
        down = [cell is None for cell in view["grid"]]
        policy = SwapModel(view["shep"], down).policy(view["wilson_at"])
        (pair,) = turn.rng.choices([p for p, _ in policy], weights=[q for _, q in policy])
        return Swap(*pair)

    # --- the Shep team -----------------------------------------------------------------

    def belief(self, view: dict[str, JSON]) -> Belief:
        """The belief for this view, carried on from the last call when the round's
        history only grew since."""
        history: list[dict[str, JSON]] = view["history"]
        known = self._history
        belief = self._belief
        if belief is None or history[: len(known)] != known:
            belief = Belief()
            known = []
        for step in history[len(known) :]:
            belief.update(step)
        self._belief, self._history = belief, history[:]
        return belief

    def _shep(self, turn: Turn, view: dict[str, JSON]) -> Action:
        down = [cell is None for cell in view["grid"]]
        if "history" in view:
            belief = self.belief(view)
            assert belief.down == down, "the replayed field must match the view"
            prob = belief.prob
        else:  # memory `none`: only the field is known
            prob = _normalised([1.0 if d else 0.0 for d in down])
        rng = turn.rng
        if view["phase"] == "place":
            return max(
                turn.legal,
                key=lambda a: (_placement_value(prob, down, a.at), rng.random()),  # type: ignore[attr-defined]
            )
        last_try = view["flips"] == view["flip_limit"] - 1 or view["moves"] == view["max_moves"] - 1
        return max(
            turn.legal,
            key=lambda a: (lookahead(prob, down, a.to, last_try), rng.random()),  # type: ignore[attr-defined]
        )


def _placement_value(prob: list[float], down: list[bool], at: int) -> float:
    future = predicted(prob, at, down)
    nxt = [future[t] for t in NEIGHBOURS[at]]
    return max(nxt) + PULL * sum(nxt)


def wilson_policy(shep: int, down: list[bool], wilson_at: int) -> dict[tuple[int, int], float]:
    """The heuristic Wilson's swap probabilities (for tests and analysis)."""
    return dict(SwapModel(shep, down).policy(wilson_at))


__all__ = ["Belief", "HeuristicBot", "SwapModel", "wilson_policy"]
