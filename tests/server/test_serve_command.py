"""`pasture serve` is a Typer command with a helpful --help."""

from __future__ import annotations

import subprocess
import sys

import typer
from typer.testing import CliRunner

from pasture.cli.serve import serve


def test_serve_help_lists_its_options() -> None:
    app = typer.Typer()
    app.command("serve")(serve)
    app.command("other")(lambda: None)  # a group, as in the main CLI
    result = CliRunner().invoke(app, ["serve", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    for option in ("--host", "--port", "--db", "--bot-delay", "--reaction-timeout"):
        assert option in result.output
    assert "online" in result.output


def test_python_m_pasture_server_is_the_same_command() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "pasture.server", "--help"], capture_output=True, text=True
    )
    assert result.returncode == 0 and "--db" in result.stdout
