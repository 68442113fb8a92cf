"""Fixtures: a server process on SQLite, and a throwaway PostgreSQL 15 cluster."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.harness import Server, free_port

PG_BIN = Path("/usr/lib/postgresql/15/bin")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("db") / "pasture.sqlite"
    srv = Server(f"sqlite:///{db}?synchronous=NORMAL").start()  # fast; durable enough here
    yield srv
    srv.stop()


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def any_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """The same tests on both databases."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('db') / 'pasture.sqlite'}?synchronous=NORMAL"
    else:
        url = str(request.getfixturevalue("postgres_url"))
    srv = Server(url).start()
    yield srv
    srv.stop()


def _as_postgres(*cmd: str) -> list[str]:
    """PostgreSQL refuses to run as root: run its tools as the postgres user."""
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else list(cmd)


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    if not (PG_BIN / "initdb").exists():
        pytest.skip("PostgreSQL 15 binaries are not installed")
    data = Path(tempfile.mkdtemp(prefix="pasture-pg-"))
    if os.geteuid() == 0:
        shutil.chown(data, "postgres", "postgres")
    port = free_port()
    subprocess.run(
        _as_postgres(
            str(PG_BIN / "initdb"),
            "-D",
            str(data / "db"),
            "-U",
            "postgres",
            "-A",
            "trust",
            "--no-sync",
        ),
        check=True,
        capture_output=True,
    )
    options = f"-p {port} -k {data} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run(
        _as_postgres(
            str(PG_BIN / "pg_ctl"),
            "-D",
            str(data / "db"),
            "-o",
            options,
            "-l",
            str(data / "log"),
            "-w",
            "start",
        ),
        check=True,
        capture_output=True,
    )
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            _as_postgres(str(PG_BIN / "pg_ctl"), "-D", str(data / "db"), "-m", "immediate", "stop"),
            capture_output=True,
        )
        shutil.rmtree(data, ignore_errors=True)
