"""How many workers `pytest -n auto` starts; what the run leaves behind for them."""

from __future__ import annotations

import os
import shutil

import pytest

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


def pytest_sessionfinish(session: pytest.Session) -> None:
    """In the run's main process: remove the PostgreSQL files its workers shared."""
    if "PYTEST_XDIST_WORKER" not in os.environ:
        from tests.server.conftest import template_dir

        shutil.rmtree(template_dir(os.getpid()), ignore_errors=True)
