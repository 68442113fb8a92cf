"""`pasture simulate --ray`: the same matches on a local Ray, the same results."""

from __future__ import annotations

import importlib.util
import json

import pytest
from typer.testing import CliRunner

from pasture.cli.main import app

runner = CliRunner()


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="needs the [ray] extra")
def test_simulate_on_ray_gives_the_local_results() -> None:
    import ray  # here, not when tests are collected: importing it costs half a second

    args = ["simulate", "swipsheep", "-n", "60", "--workers", "1", "--json", "--seed", "5"]
    local = runner.invoke(app, args)
    on_ray = runner.invoke(app, [*args, "--ray"])  # a local Ray with one CPU
    assert local.exit_code == 0 and on_ray.exit_code == 0, on_ray.output
    strip = ("seconds", "games_per_s")
    a = {k: v for k, v in json.loads(local.stdout).items() if k not in strip}
    b = {k: v for k, v in json.loads(on_ray.stdout).items() if k not in strip}
    assert a == b and a["games"] == 60
    assert not ray.is_initialized()  # the Ray it started is shut down again
