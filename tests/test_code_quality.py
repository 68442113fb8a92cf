"""Lint, format and type checks run with the tests, so one command checks everything."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


@pytest.mark.skipif(shutil.which("ruff") is None, reason="ruff is installed with the [test] extra")
def test_ruff_lint_is_clean() -> None:
    done = run("ruff", "check", "src", "tests", "bench", "setup.py")
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.skipif(shutil.which("ruff") is None, reason="ruff is installed with the [test] extra")
def test_ruff_format_is_clean() -> None:
    done = run("ruff", "format", "--check", "src", "tests", "bench", "setup.py")
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_is_clean() -> None:
    done = run(sys.executable, "-m", "mypy")
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_runs_strict_and_the_package_says_it_is_typed() -> None:
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert config["tool"]["mypy"]["strict"] is True
    assert (ROOT / "src" / "pasture" / "py.typed").is_file()
    assert "py.typed" in config["tool"]["setuptools"]["package-data"]["pasture"]
