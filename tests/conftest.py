"""Scheduling for `pytest -n auto`: the costliest test files start first, so the workers
end together on quick ones instead of one waiting while the other runs a long test.

Every run keeps how long each test took in pytest's cache (.pytest_cache); the next run
orders the files by their tests' total, costliest first (a file's tests stay together
and in order, so its module fixtures start once per worker). Tests never timed count as
costly: new files start early. Without a cache (a fresh checkout) the order is pytest's.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

DURATIONS = "pasture/test_durations"
"""Cache key: node id -> seconds the test took last time (setup, call and teardown)."""


def _is_worker(config: pytest.Config) -> bool:
    return hasattr(config, "workerinput")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    cache = getattr(config, "cache", None)
    known: dict[str, float] = cache.get(DURATIONS, {}) if cache is not None else {}
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
