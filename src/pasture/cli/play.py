"""`pasture play`: people and bots at one terminal.

Each human seat is shown its own view and a menu of its legal actions; bots act on
their own. With several humans at one screen, the game asks to hand over the keyboard
before showing a hand, and narrates only what everybody may see.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

from pasture.bots import make
from pasture.cli.terminal import terminal_ui
from pasture.core.bot import Bot, Turn
from pasture.core.errors import IllegalAction
from pasture.core.game import JSON, Action, Game
from pasture.core.match import Match
from pasture.i18n import DEFAULT, catalogue, say, say_counted

HUMAN = "human"
Ask = Callable[[str], str]
PASS_KEY = "p"
"""Passing (letting play go on, or not reacting) is always this key, never a number: a
number's meaning changes with the moment, and habit must not play a card by mistake."""


def help_text(game: str) -> str:
    return say("term.help", key=PASS_KEY, game=game)


class Quit(Exception):
    """The player asked to leave the game."""


class TerminalGame:
    def __init__(
        self,
        game: Game,
        seats: Sequence[str],
        options: Mapping[str, JSON] | None,
        seed: int | None,
        console: Console,
        ask: Ask,
    ) -> None:
        self.game = game
        self.ui = terminal_ui(game)
        self.console = console
        self.ask = ask
        self.match = Match(game, len(seats), options, seed)
        self.humans = [s for s, kind in enumerate(seats) if kind == HUMAN]
        self.bots: dict[int, Bot] = {
            s: make(game, kind) for s, kind in enumerate(seats) if kind != HUMAN
        }
        self.seat_names = [
            say("term.you")
            if kind == HUMAN and len(self.humans) == 1
            else say("term.seat_kind", n=s + 1, kind=kind_label(kind))
            for s, kind in enumerate(seats)
        ]
        self.rng = random.Random(self.match.seed_hash)
        self.narrator = self.humans[0] if len(self.humans) == 1 else None
        self.narrated = 0
        self.last_human: int | None = None
        self.offered_at: dict[int, int] = {}

    def run(self) -> None:
        players = say_counted("term.players", len(self.seat_names))
        self.console.print(
            Panel.fit(
                f"[bold]{escape(self.game.title)}[/] — {players}\n"
                + "\n".join(
                    f"  {say('term.seat', n=s + 1)}: {escape(name)}"
                    for s, name in enumerate(self.seat_names)
                )
                + f"\n{say('term.commitment')}: {self.match.seed_hash}",
                title="pasture",
            )
        )
        state = self.match.state
        while not state.is_over():
            self.narrate()
            seat = self.next_seat()
            if seat in self.bots:
                turn = Turn(state, seat, self.rng)
                self.match.act(seat, self.bots[seat].choose(turn))
            else:
                self.human_turn(seat, waiting=seat not in state.actors())
        self.narrate()
        self.finish()

    def next_seat(self) -> int:
        """The next seat to ask: a human holding an out-of-turn move is offered it once per
        moment; otherwise the first seat the game waits for."""
        state = self.match.state
        for seat in self.humans:
            out_of_turn = seat not in state.actors() and state.legal_actions(seat)
            if out_of_turn and self.offered_at.get(seat) != self.match.version:
                self.offered_at[seat] = self.match.version
                return seat
        return state.actors()[0]

    def narrate(self) -> None:
        for _, event in self.match.events_since(self.narrated):
            seen = event.for_seat(self.narrator)
            line = self.ui.narrate(seen, self.narrator) if seen is not None else None
            if line:
                self.console.print(f"  {line}")
        self.narrated = self.match.version

    def human_turn(self, seat: int, waiting: bool) -> None:
        if len(self.humans) > 1 and self.last_human != seat:
            self.ask(f"\n[{say('term.hand_over', n=seat + 1)}] ")
        self.last_human = seat
        state = self.match.state
        view = state.view(seat)
        self.console.print(self.ui.render(view))
        legal = state.legal_actions(seat)
        passing = state.timeout_action(seat)
        if passing not in legal:
            passing = None
        numbered = [a for a in legal if a != passing]
        menu = Table.grid(padding=(0, 2))
        if waiting or passing is not None:
            what = say("term.play_on") if passing is None else self.ui.label(passing, view)
            menu.add_row(f"[bold]{PASS_KEY}[/]", f"{say('term.pass')}: {what}")
        for i, action in enumerate(numbered, start=1):
            menu.add_row(f"[bold]{i}[/]", self.ui.label(action, view))
        title = say("term.may_play") if waiting else say("term.your_move", n=seat + 1)
        self.console.print(Panel(menu, title=title, expand=False))
        while True:
            answer = self.ask(f"{say('term.choose')} ").strip().lower()
            if answer in ("q", "quit", "exit"):
                raise Quit
            if answer in ("?", "h", "help"):
                self.console.print(help_text(self.game.name))
                continue
            if answer == "r":
                self.console.print(self.ui.render(state.view(seat)))
                continue
            if answer == PASS_KEY or (waiting and answer == ""):
                if passing is None and waiting:
                    return
                if passing is not None:
                    self.match.act(seat, passing)
                    return
            choice = self.parse_choice(answer, numbered)
            if choice is None:
                bad = bad_choice_key(waiting or passing is not None, len(numbered))
                self.console.print(f"[red]{say(bad, n=len(numbered), key=PASS_KEY)}[/]")
                continue
            try:
                self.match.act(seat, choice)
            except IllegalAction as err:  # the menu only lists legal moves; say so if not
                self.console.print(f"[red]{escape(err.message)}[/]")
                continue
            return

    @staticmethod
    def parse_choice(answer: str, legal: Sequence[Action]) -> Action | None:
        if answer.isdigit() and 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1]
        return None

    def finish(self) -> None:
        state = self.match.state
        self.console.print(self.ui.render(state.view(self.narrator)))
        result = state.result()
        table = Table(title=say("term.final_scores"))
        table.add_column(say("term.col_seat"))
        table.add_column(say("term.col_player"))
        table.add_column(say("term.col_score"), justify="right")
        table.add_column("")
        for seat, score in enumerate(result.scores):
            mark = f"[bold green]{say('term.winner')}[/]" if seat in result.winners else ""
            table.add_row(str(seat + 1), escape(self.seat_names[seat]), f"{score:g}", mark)
        self.console.print(table)
        if result.summary:
            self.console.print(escape(result.summary))
        self.console.print(say("term.seed", seed=self.match.revealed_seed()))


def parse_seats(spec: str | None, players: int, default_bot: str) -> list[str]:
    """'human,bot,random' -> one entry per seat; 'bot' means the default bot."""
    if not spec:
        return [HUMAN] + [default_bot] * (players - 1)
    seats = [s.strip().lower() for s in spec.split(",") if s.strip()]
    if len(seats) != players:
        raise ValueError(f"--seats names {len(seats)} seats for {players} players.")
    return [default_bot if s == "bot" else s for s in seats]


def kind_label(kind: str) -> str:
    """Who plays a seat, in the terminal's language: a person, or a bot by its level or
    name ("Normal", "Normalny"); a name the catalogue lacks as given."""
    key = "term.human" if kind == HUMAN else f"bot.{kind}"
    return say(key) if key in catalogue(DEFAULT) else kind


def bad_choice_key(can_pass: bool, numbered: int) -> str:
    """The catalogue key that says what a seat may type: numbers, the pass key, or both."""
    if not can_pass:
        return "term.bad_choice"
    return "term.bad_choice_or_pass" if numbered else "term.bad_choice_pass_only"
