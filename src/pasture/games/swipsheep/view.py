"""What one seat may see of a Swip'Sheep state, and re-drawing what it may not.

`view` is the single place hidden information is filtered. `determinize` replays the
current round from its (public) start, keeping every step the seat saw and re-drawing
every step it did not, until the replayed round looks the same to that seat.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from pasture.core.game import CHANCE, JSON, Action
from pasture.core.match import sample
from pasture.games.swipsheep import rules
from pasture.games.swipsheep.actions import Attack, Deal, Draw, PassCards

if TYPE_CHECKING:
    from pasture.games.swipsheep.state import SwipSheepState

MAX_TRIES = 20_000


def _cards(s: SwipSheepState, counts: list[int]) -> dict[str, int]:
    return {s.edition.kinds[k]: c for k, c in enumerate(counts) if c}


def _log(s: SwipSheepState, seat: int | None) -> list[dict[str, JSON]]:
    """This round's events as `seat` may see them."""
    seen = (event.for_seat(seat) for event in s.events[s.log_start :])
    return [e for e in seen if e is not None]


def view(s: SwipSheepState, seat: int | None) -> dict[str, JSON]:
    kinds = s.edition.kinds
    out: dict[str, JSON] = {
        "game": "swipsheep",
        "seat": seat,
        "players": s.num_players,
        "round": min(s.round + 1, s.rounds),
        "rounds": s.rounds,
        "first_player": s.first,
        "phase": s.phase,
        "to_act": list(s.actors()),
        "deck": sum(s.deck),
        "hand_sizes": [sum(h) for h in s.hands],
        "chosen": [p is not None for p in s.passes] if s.phase == rules.PASS else None,
        "laid_wolves": s.laid[:],
        "attacker": s.attacker,
        "set_aside": _cards(s, s.aside),
        "scored": [_cards(s, pile) for pile in s.scored],
        "scores": s.scores(),
        "log": [
            e for e in (event.for_seat(seat) for event in s.events[s.log_start :]) if e is not None
        ],
        "last_round": s.last_round,
    }
    if seat is not None and 0 <= seat < s.num_players:
        out["hand"] = _cards(s, s.hands[seat])
        choice = s.passes[seat] if s.phase == rules.PASS else None
        out["my_pass"] = (
            None
            if choice is None
            else {
                side: None if k is None else kinds[k]
                for side, k in zip(("left", "right"), choice, strict=True)
            }
        )
    if s.phase == rules.OVER:
        out["result"] = s.result().to_json()
    return out


def _round_start(s: SwipSheepState) -> SwipSheepState:
    start = s.clone()
    start.events = s.events[: s.log_start]
    rules.start_round(start)
    return start


def _replay_choice(
    t: SwipSheepState, actor: int, action: Action, seat: int | None, rng: random.Random
) -> Action | None:
    """The step to replay in place of (`actor`, `action`): itself if `seat` saw it,
    otherwise a fresh draw consistent with what `seat` saw. None: no such step."""
    n = t.num_players
    if actor == CHANCE:
        if isinstance(action, Deal) and t.phase == rules.DEAL:
            seen = t.deal_queue[0] == seat
        elif isinstance(action, Draw) and t.pending_draw is not None:
            seen = seat in t.pending_draw
        else:  # the replay has already gone another way
            return None
        if seen:
            return action if rules.fast_legal(t, CHANCE, action) else None
        return sample(rules.chance_outcomes(t), rng)
    if actor == seat or isinstance(action, Attack):  # own steps and public steps
        return action if rules.fast_legal(t, actor, action) else None
    assert isinstance(action, PassCards)
    options = rules.legal_actions(t, actor)
    if seat is not None and (actor + 1) % n == seat:  # seat received this left card
        options = [o for o in options if isinstance(o, PassCards) and o.left == action.left]
    if seat is not None and (actor - 1) % n == seat:  # seat received this right card
        options = [o for o in options if isinstance(o, PassCards) and o.right == action.right]
    return rng.choice(options) if options else None


def _redraw_opening(
    s: SwipSheepState, t: SwipSheepState, seat: int | None, rng: random.Random
) -> list[tuple[int, Action]] | None:
    """Fresh deals and passes for the round (all passes made), keeping what `seat` saw:
    its own cards, the cards passed to it, and how many wolves each player laid.

    Each dealt card has a destination: kept, or passed to a neighbour. The wolves each
    hand must hold after passing are public, so they are placed first; the other cards
    are drawn from what `seat` has not seen. None: this draw could not be completed.
    """
    n = s.num_players
    kinds = s.edition.kinds
    wolf = kinds[s.edition.wolf]
    queue = t.deal_queue[:]
    deals = [a for _, a in s.history if isinstance(a, Deal)]
    passes = [(who, a) for who, a in s.history if isinstance(a, PassCards)]
    pass_of = dict(passes)
    laid = next(
        e.public["laid"] for e in s.events[s.log_start :] if e.type == "wolves_tonight" and e.public
    )
    pool = {k: c for k, c in zip(kinds, t.deck, strict=True)}
    own = [d.card for d, p in zip(deals, queue, strict=True) if p == seat]
    for dealt in own:
        pool[dealt] -= 1

    roles = {3: ("keep", "left", "right"), 2: ("left", "right"), 1: ("left",), 0: ()}
    card_of: dict[tuple[int, str], str] = {}
    unknown: dict[int, list[tuple[int, str]]] = {q: [] for q in range(n)}
    wolves_in = [0] * n
    for p in range(n):
        for role in roles[queue.count(p)]:
            dest = {"keep": p, "left": (p + 1) % n, "right": (p - 1) % n}[role]
            choice = pass_of.get(p)
            card: str | None = None
            if p == seat:
                card = "own"
                if role != "keep" and choice is not None:
                    card = choice.left if role == "left" else choice.right
            elif dest == seat and choice is not None:  # a card passed to `seat`
                card = choice.left if role == "left" else choice.right
                if card is None or pool[card] <= 0:
                    return None
                pool[card] -= 1
                card_of[(p, role)] = card
            if card is None:
                unknown[dest].append((p, role))
            elif card == wolf:
                wolves_in[dest] += 1
    for q in range(n):
        if q == seat:
            continue
        need = laid[q] - wolves_in[q]
        if need < 0 or need > len(unknown[q]) or need > pool[wolf]:
            return None
        for slot in rng.sample(unknown[q], need):
            card_of[slot] = wolf
            unknown[q].remove(slot)
        pool[wolf] -= need
    rest = [k for k, c in pool.items() if k != wolf for _ in range(c)]
    open_slots = [slot for q in range(n) if q != seat for slot in unknown[q]]
    if len(rest) < len(open_slots):
        return None
    for slot, card in zip(open_slots, rng.sample(rest, len(open_slots)), strict=True):
        card_of[slot] = card

    hands: dict[int, list[str]] = {p: [] for p in range(n)}
    for (p, _), card in card_of.items():
        hands[p].append(card)
    for cards in hands.values():
        rng.shuffle(cards)
    hands[seat if seat is not None else -1] = own
    steps: list[tuple[int, Action]] = [(CHANCE, Deal(hands[p].pop())) for p in reversed(queue)]
    steps.reverse()
    for who, action in passes:
        if who != seat:
            left, right = card_of.get((who, "left")), card_of.get((who, "right"))
            action = PassCards(left, right)
        steps.append((who, action))
    return steps


def determinize(s: SwipSheepState, seat: int | None, rng: random.Random) -> SwipSheepState:
    if s.phase == rules.OVER:
        return s.clone()  # every hand has been revealed
    target = view(s, seat)
    passed = s.phase == rules.ATTACK
    for _ in range(MAX_TRIES):
        t = _round_start(s)
        opening = _redraw_opening(s, t, seat, rng) if passed else []
        if opening is None:
            continue
        for actor, action in opening:
            t.history.append((actor, action))
            rules.apply(t, actor, action)
        for actor, action in s.history[len(opening) :]:
            replayed = _replay_choice(t, actor, action, seat, rng)
            if replayed is None:
                break
            t.history.append((actor, replayed))
            rules.apply(t, actor, replayed)
        else:
            if view(t, seat) == target:
                return t
    raise RuntimeError(f"no consistent re-draw found for seat {seat} in {MAX_TRIES} tries")
