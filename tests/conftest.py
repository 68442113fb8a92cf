"""Scheduling for `pytest -n auto`: the costliest test files start first, so the workers
end together on quick ones instead of one waiting while the other runs a long test.

Every run keeps how long each test took in pytest's cache (.pytest_cache); the next run
orders the files by their tests' total, costliest first (a file's tests stay together
and in order, so its module fixtures start once per worker). Tests never timed count as
costly: new files start early. Without a cache (a fresh checkout, as in CI) the times
come from `tests/durations.json`, kept in the repository: `python -m tests.conftest`
writes it from this checkout's cache after a whole run.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

DURATIONS = "pasture/test_durations"
"""Cache key: node id -> seconds the test took last time (setup, call and teardown)."""
KEPT = Path(__file__).with_name("durations.json")
"""The same, from a whole run on the reference machine: the order for a fresh checkout."""


def _known_durations(config: pytest.Config) -> dict[str, float]:
    cache = getattr(config, "cache", None)
    known: dict[str, float] = cache.get(DURATIONS, {}) if cache is not None else {}
    if not known and KEPT.exists():
        known = json.loads(KEPT.read_text())
    return known


def _is_worker(config: pytest.Config) -> bool:
    return hasattr(config, "workerinput")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    known = _known_durations(config)
    if not known:
        return
    cost: dict[Path, float] = {}
    first: dict[Path, int] = {}
    for index, item in enumerate(items):
        first.setdefault(item.path, index)
        cost[item.path] = cost.get(item.path, 0.0) + known.get(item.nodeid, math.inf)
    # Every worker sorts the same collection with the same cache: the same order.
    items.sort(key=lambda item: (-cost[item.path], first[item.path]))


class DurationRecorder:
    """In the process that reports (the controller under xdist): times of this run."""

    def __init__(self) -> None:
        self.times: dict[str, float] = {}

    @pytest.hookimpl
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self.times[report.nodeid] = self.times.get(report.nodeid, 0.0) + report.duration

    @pytest.hookimpl
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        cache = getattr(session.config, "cache", None)
        if cache is None or not self.times:
            return
        known: dict[str, float] = cache.get(DURATIONS, {})
        known.update({nodeid: round(t, 3) for nodeid, t in self.times.items()})
        cache.set(DURATIONS, known)


def pytest_configure(config: pytest.Config) -> None:
    if not _is_worker(config):
        config.pluginmanager.register(DurationRecorder(), "pasture-durations")


def _keep_durations() -> None:
    """Write tests/durations.json from the cache of the last whole run here."""
    cached = KEPT.parent.parent / ".pytest_cache" / "v" / DURATIONS
    known: dict[str, float] = json.loads(cached.read_text())
    KEPT.write_text(json.dumps(dict(sorted(known.items())), indent=0) + "\n")
    print(f"{KEPT}: {len(known)} tests, {sum(known.values()):.0f} s in all")


if __name__ == "__main__":
    _keep_durations()
