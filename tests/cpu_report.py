"""`pytest --cpu-report[=N]`: after the run, the N tests (and modules) that cost the most
CPU — the test process's own time plus that of the processes it started and reaped
(servers, bots' workers, PostgreSQL tools, browsers) — set-up and teardown included. A
process's CPU is known once it has ended: a server or browser shared by several tests
counts in the test after which it stops.

On a machine with few cores the suite's wall time is bounded by its CPU time, not by
the wall time of any one test, so this is the list to shorten."""

from __future__ import annotations

import resource
import sys
import time
from collections import defaultdict
from collections.abc import Generator
from dataclasses import dataclass
from typing import cast

import pytest

KEY = "cpu_seconds"
"""Name of the (own, children's) CPU seconds of a phase in a report's user_properties."""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--cpu-report",
        type=int,
        nargs="?",
        const=30,
        default=None,
        metavar="N",
        help="after the run, list the N tests and modules (30 if N is not given) that "
        "spent the most CPU, their own and their subprocesses'",
    )


def _cpu_now() -> tuple[float, float]:
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    forked = sys.modules.get("tests.server.launcher")  # servers are the launcher's children
    servers = forked.Launcher.reaped_cpu if forked is not None else 0.0
    return time.process_time(), children.ru_utime + children.ru_stime + servers


_last: tuple[float, float] | None = None
"""CPU times at the end of this process's previous test phase."""


def pytest_collection_finish(session: pytest.Session) -> None:
    global _last
    _last = _cpu_now()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Each phase's report carries the CPU spent since the previous phase ended (in
    worker processes too: user_properties travel to the main process)."""
    global _last
    report = yield
    if item.config.getoption("cpu_report") is not None:
        now = _cpu_now()
        before = _last if _last is not None else now
        report.user_properties.append((KEY, (now[0] - before[0], now[1] - before[1])))
        _last = now
    return report


@dataclass
class Cost:
    own: float = 0.0
    children: float = 0.0
    wall: float = 0.0

    @property
    def cpu(self) -> float:
        return self.own + self.children


_costs: defaultdict[str, Cost] = defaultdict(Cost)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    for name, value in report.user_properties:
        if name == KEY:
            own, children = cast(tuple[float, float], value)
            cost = _costs[report.nodeid]
            cost.own += own
            cost.children += children
            cost.wall += report.duration


def _table(reporter: pytest.TerminalReporter, title: str, costs: dict[str, Cost], n: int) -> None:
    reporter.write_sep("=", title)
    reporter.write_line(f"{'cpu s':>7} {'own s':>7} {'child s':>7} {'wall s':>7}  name")
    for name, cost in sorted(costs.items(), key=lambda kv: -kv[1].cpu)[:n]:
        line = f"{cost.cpu:7.2f} {cost.own:7.2f} {cost.children:7.2f} {cost.wall:7.2f}  {name}"
        reporter.write_line(line)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    n = terminalreporter.config.getoption("cpu_report")
    if n is None or not _costs:
        return
    modules: defaultdict[str, Cost] = defaultdict(Cost)
    for nodeid, cost in _costs.items():
        module = modules[nodeid.split("::")[0]]
        module.own += cost.own
        module.children += cost.children
        module.wall += cost.wall
    _table(terminalreporter, f"CPU: the {n} costliest tests", _costs, n)
    _table(terminalreporter, f"CPU: the {n} costliest modules", modules, n)
    total = sum(cost.cpu for cost in _costs.values())
    terminalreporter.write_line(f"CPU spent in tests (set-up and teardown included): {total:.1f} s")
