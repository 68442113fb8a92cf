"""How many workers `pytest -n auto` starts, in what order they get the tests, and what
the run leaves behind for them."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

pytest_plugins = ["tests.cpu_report"]  # pytest --cpu-report

if sys.dont_write_bytecode:
    # PYTHONDONTWRITEBYTECODE keeps __pycache__ out of the tree, but without compiled
    # files every test process compiles (and rewrites the asserts of) every test module
    # again, seconds of CPU each: they are cached outside the tree instead, for the
    # processes the tests start too.
    PYCACHE = sys.pycache_prefix or os.path.join(tempfile.gettempdir(), "pasture-pycache")
    sys.pycache_prefix = os.environ["PYTHONPYCACHEPREFIX"] = PYCACHE
    sys.dont_write_bytecode = False
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

WORKERS_PER_CPU = 2
"""Much of the suite waits rather than computes (server and browser start-ups, bots'
delays, reaction windows, lease expiries): two workers per CPU keep the CPUs busy
meanwhile. PYTEST_XDIST_AUTO_NUM_WORKERS still sets the number exactly."""


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    if config.option.dist == "no":  # no --dist given: idle workers take queued tests
        config.option.dist = "worksteal"
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # pytest-xdist reads it
    return WORKERS_PER_CPU * len(os.sched_getaffinity(0))


WAITING = ("server", "web")
"""Directories under tests/ whose tests mostly wait (servers and browsers starting,
bots' delays, timers) rather than compute."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """With several workers, spread the waiting modules evenly among the computing ones,
    each module's tests kept together and in order: a worker's share of the run (its
    initial contiguous chunk, then what it steals) mixes both kinds, so one worker's
    wait is another's CPU time instead of every worker waiting at the end of the run."""
    if config.getoption("numprocesses", None) in (None, 0):
        return
    modules: dict[Path, list[pytest.Item]] = {}
    for item in items:
        modules.setdefault(item.path, []).append(item)
    root = Path(str(config.rootpath)) / "tests"

    def waits(path: Path) -> bool:
        parts = path.relative_to(root).parts if path.is_relative_to(root) else ()
        return bool(parts) and parts[0] in WAITING

    waiting = [m for m in modules if waits(m)]
    computing = [m for m in modules if not waits(m)]

    def spread(group: list[Path]) -> list[tuple[float, Path]]:
        return [((i + 0.5) / len(group), path) for i, path in enumerate(group)]

    order = sorted(spread(waiting) + spread(computing), key=lambda placed: placed[0])
    items[:] = [item for _, path in order for item in modules[path]]


def pytest_sessionfinish(session: pytest.Session) -> None:
    """In the run's main process: remove the PostgreSQL files its workers shared."""
    if "PYTEST_XDIST_WORKER" not in os.environ:
        from tests.server.conftest import template_dir

        shutil.rmtree(template_dir(os.getpid()), ignore_errors=True)
