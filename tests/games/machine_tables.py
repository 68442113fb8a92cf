"""Tables (player count, options) and random playouts in machine form, for the machine
contract tests and the adapter tests."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterator, Mapping

from pasture import games
from pasture.core import CHANCE, Game, InvalidOptions
from pasture.core.game import sample
from pasture.core.machine import MachineState, Node, machine

SHORT: dict[str, dict[str, object]] = {
    "wypas": {"max_turns": 2},
    "wilson_shep": {"max_moves": 6},
    "baaaaa": {"max_turns": 40},
}
"""Caps that keep test games short (the cap options themselves are tested elsewhere)."""


def _alternatives(game: Game, option_name: str, players: int) -> list[object]:
    option = next(o for o in game.options if o.name == option_name)
    if option.choices is not None:
        return [c for c in option.choices if c != option.default]
    if isinstance(option.default, bool):
        return [not option.default]
    if option.seat:
        return [players - 1]
    return []


def tables(game: Game) -> list[tuple[int, dict[str, object]]]:
    """Every player count with the short options, then each other option value at the
    smallest and largest player count."""
    short = SHORT.get(game.name, {})
    out: list[tuple[int, dict[str, object]]] = [
        (n, dict(short)) for n in range(game.min_players, game.max_players + 1)
    ]
    for option in game.options:
        if option.name in short:
            continue
        for n in sorted({game.min_players, game.max_players}):
            for value in _alternatives(game, option.name, n):
                options = {**short, option.name: value}
                try:
                    game.resolve_options(n, options)
                    game.new_state(n, options)
                except InvalidOptions:
                    continue
                out.append((n, options))
    return out


CASES = [(g, n, o) for g in games.all_games() for n, o in tables(g)]
IDS = [f"{g.name}-{n}p-" + ",".join(f"{k}={v}" for k, v in o.items()) for g, n, o in CASES]


def playout(
    state: MachineState, rng: random.Random, visit: Callable[[MachineState], None] | None = None
) -> Iterator[MachineState]:
    """Play `state` to the end at random (chance by its odds), yielding it before each step."""
    table = state.machine
    while True:
        yield state
        if visit is not None:
            visit(state)
        if state.is_over():
            return
        deciders = state.deciders()
        if deciders == (CHANCE,):
            action = sample(state.state.chance_outcomes(), rng)
            state.apply(CHANCE, table.chance.id(action))
        elif len(deciders) > 1:
            state.apply_joint({p: rng.choice(state.legal_ids(p)) for p in deciders})
        else:
            state.apply(deciders[0], rng.choice(state.legal_ids(deciders[0])))


def new_machine_state(
    game: Game, players: int, options: Mapping[str, object], turn_based: bool = False
) -> MachineState:
    return machine(game, players, options, turn_based).new_state()


def finish(state: MachineState, rng: random.Random) -> MachineState:
    """Play `state` to the end at random; return it."""
    for _ in playout(state, rng):
        pass
    return state


def moment(state: MachineState) -> Hashable:
    """What kind of moment `state` is, for `tests.games.sampling.Moments`: what just
    happened (chance, a wait, or a seat's action, by its kind) and who decides now (the
    node, how many decide, whether the one deciding acts out of turn)."""
    table = state.machine
    last = state.log[-1] if state.log else None
    if last is None or last.action is None:
        done = None if last is None else "chance"
    elif last.action == table.wait_id:
        done = "wait"
    else:
        done = table.actions.action(last.action).kind
    node = state.node()
    if node in (Node.CHANCE, Node.TERMINAL):
        return done, node
    deciders = state.deciders()
    return done, node, len(deciders), deciders[0] not in state.state.actors()
