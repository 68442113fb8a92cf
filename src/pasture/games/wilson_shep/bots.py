"""Wilson & Shep bots that reason from their own seat's view only.

`heuristic` plays both roles.

As **Wilson** it plays a stochastic policy (`SwapModel`) built so that fleeing and
feinting look alike:

- A face-down tile inside Shep's reach (the up to 8 tiles Shep may turn up next)
  *flees* by a swap that carries it to a neighbour outside the reach, chosen with
  weight exp(-TRAP * share of Shep's next positions that would corner it there).
- If Wilson is inside the reach and can flee, he flees.
- Otherwise (safe, or cornered) he makes a **decoy**: he picks a tile that could flee,
  with probability proportional to how much the Shep team suspects it (their belief,
  which he works out exactly as they do), and makes exactly the escape that tile would
  make if it were Wilson. Seen from outside, a real escape and a decoy are alike, and
  the suspicion the Shep team had on the tiles in reach all passes to the one moved.
- SLIP of his swaps are made uniformly at random, so that no habit is certain.
- He hides with probability proportional to exp(-TRAP * share of Shep's placements
  that would corner him at once): centre tiles most, corners least.

As the **Shep team** it keeps the exact distribution of where Wilson is under this
model of Wilson. Two hypotheses are weighed as the round goes, half the prior each:
*aimed* (with probability 1 - NOISE each swap follows the Wilson policy above, else a
legal swap uniformly at random; he hid as above, mixed the same way) and *blind* (he
hid and swaps uniformly at random). Every public swap multiplies each (hypothesis,
position) probability by the chance that Wilson, standing there, would have made that
swap, then carries it along the swap; every sheep turned up zeroes its position.

It moves with a two-step lookahead on that belief: the chance of finding Wilson now,
plus, if not, the best chance of finding him on the next move after Wilson's predicted
swap (the model's marginal), plus PULL times the predicted chance within that next
reach. A move that would turn up the 8th sheep, or the last move before the cap,
counts only the chance now (a step onto a face-up tile keeps the last attempt). It
places Shep where the chance on the first move is best. With the `memory` option
`none` the view holds no history, and the belief falls back to uniform over the
face-down tiles.
"""

from __future__ import annotations

from math import exp

from pasture.core.bot import Turn
from pasture.core.game import JSON, Action
from pasture.games.wilson_shep.actions import Hide, Swap
from pasture.games.wilson_shep.grid import CELLS, NEIGHBOURS, PAIRS_CLEAR_OF

TRAP = 2.0
"""How much Wilson shuns places where Shep's next step could corner him."""
SLIP = 0.3
"""The share of Wilson's swaps made uniformly at random, so that no habit is certain."""
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


SHELTER: tuple[tuple[float, ...], ...] = tuple(
    tuple(exp(-TRAP * _trap_share(x, s)) for s in range(CELLS)) for x in range(CELLS)
)
"""SHELTER[x][s]: how good a refuge `x` (outside Shep's reach) is with Shep on `s`."""

HIDE_WEIGHTS: tuple[float, ...] = tuple(
    exp(-TRAP * sum(_cornered(p, q) for q in range(CELLS) if q != p) / (CELLS - 1))
    for p in range(CELLS)
)
HIDE_PRIOR: tuple[float, ...] = tuple(
    (1 - NOISE) * h / sum(HIDE_WEIGHTS) + NOISE / CELLS for h in HIDE_WEIGHTS
)
"""The Shep team's prior on where Wilson hid."""


class SwapModel:
    """Wilson's policy with Shep on `shep`, the face-down tiles `down` and the Shep
    team's belief `prob`: the chance of each swap for each place Wilson may be."""

    def __init__(self, shep: int, down: list[bool], prob: list[float]) -> None:
        self.shep = shep
        self.prob = prob
        self.count = len(PAIRS_CLEAR_OF[shep])
        reach = REACH[shep]
        # How a tile inside Shep's reach flees: to a neighbour outside it, away from traps.
        self.escapes: dict[int, dict[int, float]] = {}
        for y in reach:
            if down[y]:
                away = {x: SHELTER[x][shep] for x in NEIGHBOURS[y] if x != shep and x not in reach}
                if away:
                    total = sum(away.values())
                    self.escapes[y] = {x: v / total for x, v in away.items()}
        self._policy: dict[int, dict[tuple[int, int], float]] = {}

    def policy(self, w: int) -> dict[tuple[int, int], float]:
        """The swaps a Wilson at `w` makes, with their chances (what the bot plays)."""
        cached = self._policy.get(w)
        if cached is not None:
            return cached
        out: dict[tuple[int, int], float] = {}
        own = self.escapes.get(w)
        if own is not None:  # in reach with a way out: flee
            for x, q in own.items():
                out[(w, x) if w < x else (x, w)] = q
        else:  # safe (or cornered): make a fleeing tile's escape, as suspected as it is
            suspects = {y: self.prob[y] for y in self.escapes if y != w}
            for y, p in suspects.items():
                away = {x: q for x, q in self.escapes[y].items() if x != w}
                total = sum(away.values())
                for x, q in away.items():
                    pair = (y, x) if y < x else (x, y)
                    out[pair] = out.get(pair, 0.0) + p * q / total
            mass = sum(out.values())
            if mass > 0:
                out = {pair: q / mass for pair, q in out.items()}
            else:  # nothing to mimic: any swap that leaves his own tile be
                pairs = [pair for pair in PAIRS_CLEAR_OF[self.shep] if w not in pair]
                out = dict.fromkeys(pairs, 1 / len(pairs))
        if SLIP:  # part of the time a swap at random, so that no habit is certain
            rest = 1 - SLIP
            out = {pair: rest * q for pair, q in out.items()}
            for pair in PAIRS_CLEAR_OF[self.shep]:
                out[pair] = out.get(pair, 0.0) + SLIP / self.count
        self._policy[w] = out
        return out

    def likelihood(self, w: int, pair: tuple[int, int]) -> float:
        """The chance, under the Shep team's model, that Wilson at `w` swaps `pair`."""
        return (1 - NOISE) * self.policy(w).get(pair, 0.0) + NOISE / self.count

    def destinations(self, w: int) -> list[tuple[int, float]]:
        """Where Wilson at `w` is after his swap, under the model: [(position, chance)]."""
        policy = self.policy(w)
        uniform = NOISE / self.count
        out = []
        if w != self.shep:
            for y in NEIGHBOURS[w]:
                if y != self.shep:
                    pair = (w, y) if w < y else (y, w)
                    out.append((y, (1 - NOISE) * policy.get(pair, 0.0) + uniform))
        out.append((w, 1.0 - sum(p for _, p in out)))
        return out


class Belief:
    """Where Wilson may be, replayed step by step from the round's public history.

    Two hypotheses are weighed against each other as the round goes: Wilson plays the
    model (`aimed`) or swaps uniformly at random (`blind`); each holds the joint
    probability of that hypothesis and each position, the two summing to 1.
    """

    def __init__(self) -> None:
        self.aimed = [p / 2 for p in HIDE_PRIOR]
        self.blind = [0.5 / CELLS] * CELLS
        self.down = [True] * CELLS
        self.shep: int | None = None

    @classmethod
    def field_only(cls, down: list[bool]) -> Belief:
        """Memory `none`: uniform over the face-down tiles, both hypotheses alike."""
        belief = cls()
        belief.down = down[:]
        half = 0.5 / sum(down)
        belief.aimed = [half if d else 0.0 for d in down]
        belief.blind = belief.aimed[:]
        return belief

    def copy(self) -> Belief:
        new = Belief()
        new.aimed, new.blind, new.down = self.aimed[:], self.blind[:], self.down[:]
        new.shep = self.shep
        return new

    @property
    def prob(self) -> list[float]:
        """The chance that Wilson is at each position."""
        return [a + b for a, b in zip(self.aimed, self.blind, strict=True)]

    def update(self, step: dict[str, JSON]) -> None:
        kind = step["step"]
        if kind == "place":
            self.shep = step["at"]
        elif kind == "swap":
            assert self.shep is not None
            a, b = step["a"], step["b"]
            model = SwapModel(self.shep, self.down, self.prob)
            aimed = [
                p * model.likelihood(w, (a, b)) if p else 0.0 for w, p in enumerate(self.aimed)
            ]
            blind = [p / model.count for p in self.blind]
            for part in (aimed, blind):
                part[a], part[b] = part[b], part[a]
            self.down[a], self.down[b] = self.down[b], self.down[a]
            self._normalise(aimed, blind)
        else:
            self.shep = step["to"]
            if step["turned_up"]:
                self.turn_up(step["to"])

    def turn_up(self, at: int) -> None:
        """A sheep was turned up at `at`: Wilson is not there."""
        self.down[at] = False
        self.aimed[at] = self.blind[at] = 0.0
        self._normalise(self.aimed, self.blind)

    def _normalise(self, aimed: list[float], blind: list[float]) -> None:
        total = sum(aimed) + sum(blind)
        self.aimed = [p / total for p in aimed]
        self.blind = [p / total for p in blind]

    def predicted(self, shep: int) -> list[float]:
        """Where Wilson will be after his next swap with Shep on `shep`, under each
        hypothesis weighted by its probability (the model's marginal)."""
        model = SwapModel(shep, self.down, self.prob)
        count = model.count
        out = [0.0] * CELLS
        for w in range(CELLS):
            p, q = self.aimed[w], self.blind[w]
            if p:
                for dest, chance in model.destinations(w):
                    out[dest] += p * chance
            if q:  # a blind swap takes his tile to each free neighbour with chance 1/count
                moved = 0
                if w != shep:
                    for y in NEIGHBOURS[w]:
                        if y != shep:
                            out[y] += q / count
                            moved += 1
                out[w] += q * (count - moved) / count
        return out

    def soon(self, shep: int) -> float:
        """With Shep on `shep`: the best chance of finding Wilson on the next move after
        his swap, plus PULL times the chance that he is anywhere within that reach."""
        future = self.predicted(shep)
        nxt = [future[t] for t in NEIGHBOURS[shep] if self.down[t]]
        return max(nxt) + PULL * sum(nxt) if nxt else 0.0


def lookahead(belief: Belief, target: int, flips_left: int, moves_left: int) -> float:
    """The value of Shep stepping onto `target`: finding Wilson now, or else soon."""
    turns_up = belief.down[target]
    catch = belief.aimed[target] + belief.blind[target] if turns_up else 0.0
    if moves_left <= 1 or (turns_up and flips_left <= 1):
        return catch  # the round ends after this move unless it finds him
    after = belief.copy()
    if turns_up:
        after.turn_up(target)
    return catch + (1 - catch) * after.soon(target)


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
        prob = self.current(view).prob  # what the Shep team works out, he works out too
        policy = SwapModel(view["shep"], down, prob).policy(view["wilson_at"])
        (pair,) = turn.rng.choices(list(policy), weights=list(policy.values()))
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

    def current(self, view: dict[str, JSON]) -> Belief:
        """The Shep team's belief about where Wilson is."""
        down = [cell is None for cell in view["grid"]]
        if "history" not in view:
            return Belief.field_only(down)
        belief = self.belief(view)
        assert belief.down == down, "the replayed field must match the view"
        return belief

    def _shep(self, turn: Turn, view: dict[str, JSON]) -> Action:
        belief = self.current(view)
        rng = turn.rng
        if view["phase"] == "place":
            return max(
                turn.legal,
                key=lambda a: (belief.soon(a.at), rng.random()),  # type: ignore[attr-defined]
            )
        flips_left = view["flip_limit"] - view["flips"]
        moves_left = view["max_moves"] - view["moves"]
        return max(
            turn.legal,
            key=lambda a: (lookahead(belief, a.to, flips_left, moves_left), rng.random()),  # type: ignore[attr-defined]
        )


class NoviceBot(HeuristicBot):
    """Easy: the mistakes a beginner makes. As the Shep team it does not follow the
    swaps (its belief is the field alone, uniform over the face-down tiles); as Wilson
    it only ever moves his own tile when it can (fleeing Shep's reach as the heuristic does, else a
    step to a random neighbour outside it), never a decoy, so his swaps give him away
    to a team that follows them."""

    name = "sloppy"

    def current(self, view: dict[str, JSON]) -> Belief:
        return Belief.field_only([cell is None for cell in view["grid"]])

    def _wilson(self, turn: Turn, view: dict[str, JSON]) -> Action:
        if view["phase"] == "hide":
            return super()._wilson(turn, view)
        w, shep = view["wilson_at"], view["shep"]
        if w == shep:  # under Shep his tile cannot move: any swap
            return turn.rng.choice(turn.legal)
        down = [cell is None for cell in view["grid"]]
        flee = SwapModel(shep, down, [0.0] * CELLS).escapes.get(w)
        if flee is not None:
            (to,) = turn.rng.choices(list(flee), weights=list(flee.values()))
        else:
            steps = [y for y in NEIGHBOURS[w] if y != shep]
            away = [y for y in steps if y not in REACH[shep]]
            to = turn.rng.choice(away or steps)
        return Swap(*sorted((w, to)))


def wilson_policy(
    shep: int, down: list[bool], prob: list[float], wilson_at: int
) -> dict[tuple[int, int], float]:
    """The heuristic Wilson's swap probabilities (for tests and analysis)."""
    return SwapModel(shep, down, prob).policy(wilson_at)


__all__ = ["Belief", "HeuristicBot", "NoviceBot", "SwapModel", "lookahead", "wilson_policy"]
