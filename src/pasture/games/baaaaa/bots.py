"""Baaaaa! bots. They see only their seat's view: the legal actions, and states sampled
with `Turn.sample_state` (in the cooperative game nothing in a state is hidden, since the
wolf deck is kept as counts; in the wolf-player variant the wolf's cards are re-drawn).

`heuristic` plays both sides. For the team it looks one turn ahead: every sheep card it
may play, then every wolf card that can come next, weighted by the exact make-up of the
unseen wolf cards (the view's `wolf_unseen`: the deck is what has not been set aside
since the last reshuffle), and scores the positions reached with `value`. Ties it must
break go the team's way. As the wolf player it plays the card, and breaks the tie, that
leaves the team the worst position. `deep` (cooperative game) searches its 4 best sheep
cards a second turn ahead: each next wolf card, then the best next sheep card.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from pasture.core.bot import Turn
from pasture.core.game import CHANCE, JSON, Action
from pasture.games.baaaaa import rules
from pasture.games.baaaaa.actions import PlayWolfCard, TakeSheep
from pasture.games.baaaaa.board import FACES, HUT, SPACES, path
from pasture.games.baaaaa.state import BaaaaaState


def _moves_to_hut() -> tuple[int, ...]:
    """Fewest sheep-card moves from each space to the hut, ignoring the wolf."""
    moves = [("up", 1), ("up", 2), ("left", 1), ("right", 1), ("left", 2), ("right", 2)]
    dist = [99] * SPACES
    dist[HUT] = 0
    for _ in range(SPACES):
        for sp in range(SPACES):
            for direction, steps in moves:
                route = path(sp, direction, steps)
                if route is None:
                    continue
                stop = HUT if HUT in route else route[-1]
                dist[sp] = min(dist[sp], dist[stop] + 1)
    return tuple(dist)


MOVES_TO_HUT = _moves_to_hut()
WORTH = tuple(0.75 - 0.17 * d for d in MOVES_TO_HUT)
"""What a sheep on each space is worth to the team (a saved sheep is 1, a taken one -1)."""
ADJACENT_RISK = 0.9
FLOOR_RISK = 0.5
HIGH_RISK = 0.3
EAGLE_RISK = 0.8
END_BONUS = 3.0


def value(s: BaaaaaState) -> float:
    """How good `s` is for the team: sheep saved minus taken, sheep on the mountain by how
    close they stand to the hut, less what the next wolf card may cost."""
    margin = s.saved - s.taken
    if s.phase == rules.OVER:
        return margin + (END_BONUS if margin > 0 else -END_BONUS if margin < 0 else 0.0)
    sheep = s.sheep
    v = float(margin)
    for sp in range(SPACES):
        if sheep[sp]:
            v += sheep[sp] * WORTH[sp]
    deck = s.deck if any(s.deck) else list(s.edition.wolf_counts)
    total = sum(deck)
    t = s.tables
    wolf, shepherd = s.wolf, s.shepherd
    limit = 2 if s.wolf_seat is None else 1
    risk = 0.0
    for k, c in enumerate(deck):
        if not c:
            continue
        effect = t.wolf_effect[k]
        if effect == rules.W_MOVE:
            step = t.wolf_step[k]
            assert step is not None
            dest = step[wolf]
            if dest >= 0 and dest != shepherd and sheep[dest]:
                risk += c * ADJACENT_RISK * min(limit, sheep[dest])
        elif effect == rules.DISGUISED:
            base = wolf - wolf % FACES
            if any(sheep[base : base + FACES]):
                risk += c * FLOOR_RISK
        elif effect == rules.LIGHTNING:
            risk += c * HIGH_RISK
        elif effect == rules.EAGLE and s.saved and shepherd != HUT:
            risk += c * EAGLE_RISK
        elif effect == rules.ESCAPED and s.taken:
            risk -= c * (1.0 if shepherd == HUT else 0.6)
    return v - risk / total


def _resolve_tie(s: BaaaaaState) -> float:
    """The value once a pending tie is broken by its chooser (team: best; wolf: worst)."""
    chooser = rules.tie_chooser(s)
    values = []
    for sp in s.tie:
        t = s.clone()
        rules.apply(t, chooser, TakeSheep(sp))
        values.append(value(t))
    return min(values) if chooser == s.wolf_seat else max(values)


def _after_card(s: BaaaaaState, k: int) -> float:
    """The value after wolf card k is carried out (cooperative game: turned and played)."""
    t = s.clone()
    rules.apply(t, CHANCE, s.tables.turn[k])
    return _resolve_tie(t) if t.phase == rules.TIE else value(t)


def _after_wolf_choice(s: BaaaaaState, k: int) -> float:
    """Variant, `s` in phase CHOOSE: the value after the wolf plays card k."""
    assert s.wolf_seat is not None
    t = s.clone()
    rules.apply(t, s.wolf_seat, PlayWolfCard(s.edition.wolf_kinds[k]))
    return _resolve_tie(t) if t.phase == rules.TIE else value(t)


def expected_wolf_step(s: BaaaaaState) -> float:
    """The expected value of `s` (after a sheep card) over the wolf cards to come."""
    if s.phase != rules.DRAW:
        return value(s)
    deck = s.deck
    total = sum(deck)
    if s.wolf_seat is None:
        return sum(c * _after_card(s, k) for k, c in enumerate(deck) if c) / total
    # Variant: two cards drawn; the wolf plays the one worse for the team.
    worth: dict[int, float] = {}
    for k, c in enumerate(deck):
        if c:
            t = s.clone()  # as if k were drawn (the discard is left out)
            t.deck[k] -= 1
            t.held = [k]
            t.phase = rules.CHOOSE
            worth[k] = _after_wolf_choice(t, k)
    if total == 1:
        return next(iter(worth.values()))
    out = 0.0
    for a, ca in enumerate(deck):
        if not ca:
            continue
        for b, cb in enumerate(deck):
            pairs = cb - (a == b)
            if pairs > 0:
                out += ca * pairs * min(worth[a], worth[b])
    return out / (total * (total - 1))


def after_card_state(
    s: BaaaaaState, k: int, score: Callable[[BaaaaaState], float] = value
) -> BaaaaaState:
    """`s` (cooperative game, phase DRAW) after wolf card k, a tie broken for the team
    (the choice `score` rates best)."""
    t = s.clone()
    rules.apply(t, CHANCE, s.tables.turn[k])
    if t.phase != rules.TIE:
        return t
    options = []
    for sp in t.tie:
        u = t.clone()
        rules.apply(u, t.current, TakeSheep(sp))
        options.append((score(u), u))
    return max(options, key=lambda o: o[0])[1]


def _best_next_turn(s: BaaaaaState, width: int) -> float:
    """`s` at a sheep card: the best one-turn expectimax value among the `width` sheep
    cards that look best before the wolf card."""
    children = []
    for action in rules.sheep_choices(s):
        t = s.clone()
        rules.apply(t, s.current, action)
        children.append((value(t), t))
    children.sort(key=lambda c: -c[0])
    return max(expected_wolf_step(t) for _, t in children[:width])


def two_turn_value(s: BaaaaaState, width: int) -> float:
    """`s` after a sheep card (cooperative game): the expected value over the next wolf
    card of the best next turn."""
    if s.phase != rules.DRAW:
        return value(s)
    deck = s.deck
    total = 0.0
    for k, c in enumerate(deck):
        if c:
            t = after_card_state(s, k)
            total += c * (value(t) if t.phase == rules.OVER else _best_next_turn(t, width))
    return total / sum(deck)


class HeuristicBot:
    """One-turn expectimax over the known make-up of the wolf deck (both roles)."""

    name = "heuristic"
    beam = 0
    """Sheep cards searched a second turn deep (0: one turn only)."""
    width = 6
    """Sheep cards of the second turn given the full expectation."""

    def choose(self, turn: Turn) -> Action:
        legal: Sequence[Action] = turn.legal
        if len(legal) == 1:
            return legal[0]
        s = turn.sample_state()
        assert isinstance(s, BaaaaaState)
        seat = turn.seat
        wolf_side = seat == s.wolf_seat
        if s.phase == rules.SHEEP:
            after = []
            for action in legal:
                t = s.clone()
                rules.apply(t, seat, action)
                after.append(t)
            scored = [expected_wolf_step(t) for t in after]
            if self.beam and s.wolf_seat is None:
                ranked = sorted(range(len(legal)), key=lambda i: -scored[i])[: self.beam]
                deep = [two_turn_value(after[i], self.width) for i in ranked]
                return legal[ranked[_best(deep, turn, maximize=True)]]
            return legal[_best(scored, turn, maximize=True)]
        scored = []
        for action in legal:
            t = s.clone()
            rules.apply(t, seat, action)
            scored.append(_resolve_tie(t) if t.phase == rules.TIE else value(t))
        return legal[_best(scored, turn, maximize=not wolf_side)]


class DeepBot(HeuristicBot):
    """The heuristic bot searching its 4 best sheep cards two turns deep (slower)."""

    name = "deep"
    beam = 4


def _best(scores: list[float], turn: Turn, maximize: bool) -> int:
    """The index of the best score; exact ties broken at random (the bot's own rng)."""
    target = max(scores) if maximize else min(scores)
    best = [i for i, v in enumerate(scores) if abs(v - target) < 1e-9]
    return best[0] if len(best) == 1 else turn.rng.choice(best)


def cooperative(options: Mapping[str, JSON]) -> bool:
    """The seats are one team against the wolf deck (no wolf player)."""
    return not options.get("wolf_player", False)
