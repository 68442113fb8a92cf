"""Search speed: pasture's generic IS-MCTS against OpenSpiel's Python IS-MCTS, same game.

    python bench/bench_bots.py [--seconds 5]

Both play Kuhn poker from its first decision: OpenSpiel's `kuhn_poker` (its C++ engine)
with `open_spiel.python.algorithms.ismcts.ISMCTSBot` (a random-rollout evaluator, one
rollout per simulation, UCT), and the same rules written to pasture's `State` contract
(below) with `pasture.bots.ismcts.ISMCTSBot` (random rollouts, UCB). Each runs searches
of `--iterations` iterations for about `--seconds` seconds on one core, in slices taken
in turn (so that the machine's load falls on both alike); the bench prints
iterations per second for both and their ratio. Then it prints the iterations per
second of the generic search on each pasture game (4 players where the game allows it,
Baaaaa! solo, Wilson & Shep 2) from a mid-game decision, random rollouts cut at 200
decisions. With `--decisions N` it also times N decisions of each game's `search` bot at
its full iteration budget (its time cap lifted), in seat 0 against heuristic bots.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from pasture import games
from pasture.bots import make
from pasture.bots.ismcts import ISMCTSBot
from pasture.bots.search import Budget
from pasture.core.bot import Bot, Turn
from pasture.core.game import (
    CHANCE,
    JSON,
    Action,
    ChanceOutcome,
    Event,
    Game,
    Result,
    State,
)
from pasture.core.match import Match

# --- Kuhn poker in pasture's contract --------------------------------------------------


@dataclass(frozen=True, slots=True)
class Deal(Action):
    kind: ClassVar[str] = "deal"
    card: int


@dataclass(frozen=True, slots=True)
class Bet(Action):
    kind: ClassVar[str] = "bet"
    bet: bool


DEALS = [Deal(c) for c in range(3)]
PASS, BET = Bet(False), Bet(True)
CHOICES = [PASS, BET]
ENDS = {"pp", "bb", "bp", "pbp", "pbb"}
OTHERS = ((1, 2), (0, 2), (0, 1))
"""The cards another seat may hold, by the card one holds."""


class KuhnState(State):
    """Kuhn poker: three cards, one each, ante 1, one round of betting."""

    def __init__(self) -> None:
        self.num_players = 2
        self.cards: list[int] = []
        self.history = ""
        self.over = False

    def actors(self) -> tuple[int, ...]:
        if len(self.cards) < 2:
            return (CHANCE,)
        return () if self.history in ENDS else (len(self.history) % 2,)

    def is_chance(self) -> bool:
        return len(self.cards) < 2

    def chance_outcomes(self) -> list[ChanceOutcome]:
        left = [DEALS[c] for c in range(3) if c not in self.cards]
        return [ChanceOutcome(a, 1 / len(left)) for a in left]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat == CHANCE:
            return [o.action for o in self.chance_outcomes()]
        if self.over or len(self.cards) < 2 or seat != len(self.history) % 2:
            return []
        return CHOICES  # type: ignore[return-value]

    def is_over(self) -> bool:
        return self.over

    def result(self) -> Result:
        h = self.history
        if h in ("bp", "pbp"):  # the other folded
            winner = 0 if h == "bp" else 1
            stake = 1
        else:
            winner = 0 if self.cards[0] > self.cards[1] else 1
            stake = 2 if "b" in h else 1
        scores = [float(-stake), float(-stake)]
        scores[winner] = float(stake)
        return Result(tuple(scores), (winner,))

    def view(self, seat: int | None) -> dict[str, JSON]:
        mine = self.cards[seat] if seat is not None and seat < len(self.cards) else None
        return {"card": mine, "history": self.history}

    def to_json(self) -> dict[str, JSON]:
        return {"cards": self.cards[:], "history": self.history}

    def clone(self) -> KuhnState:
        new = object.__new__(KuhnState)
        new.num_players = 2
        new.cards = self.cards[:]
        new.history = self.history
        new.over = self.over
        return new

    def determinize(self, seat: int | None, rng: random.Random) -> State:
        new = self.clone()
        if seat is not None and len(new.cards) == 2:
            other = 1 - seat
            new.cards[other] = rng.choice(OTHERS[new.cards[seat]])
        return new

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, Deal):
            self.cards.append(action.card)
        else:
            assert isinstance(action, Bet)
            self.history += "b" if action.bet else "p"
            self.over = self.history in ENDS
        return []


class Kuhn(Game):
    name = "kuhn"
    title = "Kuhn poker"
    summary = "Three cards, one each, one round of betting."
    min_players = max_players = 2
    action_types = (Deal, Bet)

    def new_state(self, num_players: int, options: Mapping[str, JSON] | None = None) -> State:
        return KuhnState()

    def state_from_json(self, data: JSON) -> State:
        state = KuhnState()
        state.cards, state.history = list(data["cards"]), data["history"]
        state.over = state.history in ENDS
        return state


KuhnState.game = Kuhn()


# --- the two searches ------------------------------------------------------------------


ROUNDS = 10
"""The two searches are timed in this many slices each, taken in turn, so that a change
of load on a shared machine falls on both alike."""


def pasture_search(iterations: int) -> Callable[[], int]:
    """One search of pasture's generic IS-MCTS at Kuhn poker's first decision; returns
    the iterations it made."""
    bot = ISMCTSBot(iterations=iterations)
    state = KuhnState()
    state.cards = [1, 2]
    rng = random.Random(0)

    def search() -> int:
        bot.choose(Turn(state, 0, rng))
        return bot.last_iterations

    return search


def openspiel_search(iterations: int) -> Callable[[], int]:
    """One search of OpenSpiel's Python IS-MCTS at Kuhn poker's first decision."""
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("kuhn_poker")
    state = game.new_initial_state()
    state.apply_action(1)
    state.apply_action(2)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 0.7, iterations, random_state=np.random.RandomState(0))

    def search() -> int:
        bot.run_search(state)
        return iterations

    return search


def interleaved_rates(
    searches: Mapping[str, Callable[[], int]], seconds: float
) -> dict[str, float]:
    """Iterations per CPU second of each search, over about `seconds` each."""
    done = dict.fromkeys(searches, 0)
    spent = dict.fromkeys(searches, 0.0)
    for _ in range(ROUNDS):
        for name, search in searches.items():
            start = time.process_time()
            while (elapsed := time.process_time() - start) < seconds / ROUNDS:
                done[name] += search()
            spent[name] += elapsed
    return {name: done[name] / spent[name] for name in searches}


def game_rates(seconds: float) -> list[tuple[str, int, float]]:
    """The generic search's iterations per second on each pasture game, mid-game."""
    out = []
    for game in games.all_games():
        players = {"baaaaa": 1, "wilson_shep": 2}.get(game.name, min(4, game.max_players))
        match = Match(game, players, seed=3)
        rng = random.Random(3)
        for _ in range(12):  # a few random steps into the game
            seat = match.state.actors()[0]
            match.act(seat, rng.choice(match.state.legal_actions(seat)))
        state = match.state
        seat = state.actors()[0]
        bot = ISMCTSBot(iterations=50)
        done, start = 0, time.process_time()
        while time.process_time() - start < seconds:
            bot.choose(Turn(state, seat, rng))
            done += bot.last_iterations
        out.append((game.name, players, done / (time.process_time() - start)))
    return out


def search_times(
    decisions: int, only: frozenset[str] = frozenset()
) -> Iterator[tuple[str, int, float, float]]:
    """CPU seconds per decision (median, 95th percentile) of each game's search bot at
    its full iteration budget (no time cap), in seat 0 against heuristic bots."""
    for game in games.all_games():
        if only and game.name not in only:
            continue
        players = {"baaaaa": 1, "wilson_shep": 2}.get(game.name, min(4, game.max_players))
        times: list[float] = []
        seed = 0
        while len(times) < decisions:
            bots = [make(game, "search")] + [make(game, "heuristic") for _ in range(players - 1)]
            uncapped(bots[0])
            match = Match(game, players, seed=seed)
            rng = random.Random(seed)
            while not match.state.is_over() and len(times) < decisions:
                state = match.state
                seat = state.actors()[0]
                turn = Turn(state, seat, rng)
                start = time.process_time()
                action = bots[seat].choose(turn)
                if seat == 0 and len(turn.legal) > 1:
                    times.append(time.process_time() - start)
                match.act(seat, action)
            seed += 1
        times.sort()
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        yield game.name, players, statistics.median(times), p95


def uncapped(bot: Bot) -> None:
    """Lift a search bot's time cap, so that it spends exactly its iteration budget."""
    budget = getattr(bot, "budget", None)
    if isinstance(budget, Budget):
        bot.budget = replace(budget, seconds=None)  # type: ignore[attr-defined]
    if hasattr(bot, "seconds"):
        bot.seconds = None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per figure")
    parser.add_argument("--iterations", type=int, default=1000, help="iterations per search")
    parser.add_argument(
        "--decisions", type=int, default=0, help="also time this many search-bot decisions"
    )
    parser.add_argument(
        "--decisions-only",
        default="",
        metavar="GAMES",
        help="time only the decisions of these games (comma-separated), skipping the rest",
    )
    args = parser.parse_args()
    if args.decisions_only:
        only = frozenset(args.decisions_only.split(","))
        print("each game's `search` bot, full budget, CPU seconds per decision with a choice:")
        for name, players, median, p95 in search_times(args.decisions or 30, only):
            print(f"  {name:12} {players} players  median {median:.3f}  p95 {p95:.3f}")
        return
    rates = interleaved_rates(
        {
            "pasture": pasture_search(args.iterations),
            "openspiel": openspiel_search(args.iterations),
        },
        args.seconds,
    )
    ours, theirs = rates["pasture"], rates["openspiel"]
    print("Kuhn poker, first decision, one core (CPU time):")
    print(f"  pasture ISMCTSBot (Python):             {ours:10,.0f} iterations/s")
    print(f"  OpenSpiel ismcts.ISMCTSBot (Python):     {theirs:10,.0f} iterations/s")
    print(f"  ratio: {ours / theirs:.1f}x")
    print("pasture games, generic search, random rollouts (CPU time):")
    for name, players, rate in game_rates(args.seconds / 2):
        print(f"  {name:12} {players} players  {rate:10,.0f} iterations/s")
    if args.decisions:
        print("each game's `search` bot, full budget, CPU seconds per decision with a choice:")
        for name, players, median, p95 in search_times(args.decisions):
            print(f"  {name:12} {players} players  median {median:.3f}  p95 {p95:.3f}")


if __name__ == "__main__":
    main()


__all__: list[Any] = []
