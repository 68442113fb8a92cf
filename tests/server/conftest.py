"""Fixtures: a server process on SQLite, and a throwaway PostgreSQL 15 cluster."""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, cast

import pytest

from tests.server.harness import Server, free_port

if TYPE_CHECKING:
    from tests.server.cluster_harness import RedisServer

PG_BIN = Path("/usr/lib/postgresql/15/bin")

SHARED: list[Server] = []
"""The servers every test of a worker may use (`server`, `postgres_server`): started by
whichever test first asks for one, stopped by their fixtures at the end."""


@pytest.fixture(scope="session", autouse=True)
def _no_server_outlives_the_run() -> Iterator[None]:
    """Every server this worker started is stopped at the end, also those of a module
    fixture that failed half-way (its teardown never runs)."""
    yield
    for server in Server.started:
        server.stop()
    Server.started.clear()


@pytest.fixture(autouse=True)
def _stop_the_tests_own_servers() -> Iterator[None]:
    """A test that fails before it stops the servers it started leaves none running (the
    servers of module and session fixtures were started before, and are theirs to stop;
    so are the SHARED ones, even when this test is the first to ask for one)."""
    before = len(Server.started)
    yield
    for server in Server.started[before:]:
        if server not in SHARED:
            server.stop()
    Server.started[before:] = [s for s in Server.started[before:] if s in SHARED]


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server on SQLite for every test that needs no settings of its own (each start
    costs CPU, its bot worker's too): each test opens its own tables."""
    db = tmp_path_factory.mktemp("db") / "pasture.sqlite"
    srv = Server(f"sqlite:///{db}?synchronous=NORMAL").start()  # fast; durable enough here
    SHARED.append(srv)
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def postgres_server(postgres_cluster: PostgresCluster) -> Iterator[Server]:
    """One server on PostgreSQL for every test that needs no settings of its own, on a
    database of its own: the other servers of the run on that cluster never see its
    tables (two processes without Redis would both think them theirs)."""
    from tests.server.cluster_harness import fresh_database

    srv = Server(fresh_database(postgres_cluster.url, "shared")).start()
    SHARED.append(srv)
    yield srv
    srv.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def any_server(request: pytest.FixtureRequest) -> Server:
    """The same tests on both databases, each on its database's one server."""
    shared = "server" if request.param == "sqlite" else "postgres_server"
    return cast(Server, request.getfixturevalue(shared))


def _as_postgres(*cmd: str) -> list[str]:
    """PostgreSQL refuses to run as root: run its tools as the postgres user."""
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else list(cmd)


def _run(*cmd: object) -> None:
    subprocess.run(_as_postgres(*map(str, cmd)), check=True, capture_output=True)


def _initdb(db: Path) -> None:
    _run(PG_BIN / "initdb", "-D", db, "-U", "postgres", "-A", "trust", "--no-sync")


def template_dir(run_pid: int) -> Path:
    """Where the workers of one pytest-xdist run share a fresh cluster's files (see
    `_shared_template`); the run's main process removes them at its end."""
    return Path(tempfile.gettempdir()) / f"pasture-pg-template-{run_pid}"


def _shared_template() -> Path | None:
    """Under pytest-xdist, the files of one `initdb` for all the workers of the run (its
    main process is each worker's parent): each worker copies them instead of running
    initdb itself, which takes seconds on a busy machine."""
    if "PYTEST_XDIST_WORKER" not in os.environ:
        return None
    root = template_dir(os.getppid())
    root.mkdir(exist_ok=True)
    if os.geteuid() == 0:
        shutil.chown(root, "postgres", "postgres")
    with open(root / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one worker runs initdb, the others wait for it
        if not (root / "ready").exists():
            shutil.rmtree(root / "db", ignore_errors=True)  # a worker stopped half-way
            _initdb(root / "db")
            (root / "ready").touch()
    return root / "db"


class PostgresCluster:
    """A throwaway PostgreSQL 15 cluster, owned by the postgres user, on a free port."""

    def __init__(self) -> None:
        self.data = Path(tempfile.mkdtemp(prefix="pasture-pg-"))
        if os.geteuid() == 0:
            shutil.chown(self.data, "postgres", "postgres")
        self.port = free_port()
        self.options = f"-p {self.port} -k {self.data} -c listen_addresses=127.0.0.1 -c fsync=off"
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"
        template = _shared_template()
        if template is None:
            _initdb(self.data / "db")
        else:
            self._run("cp", "-a", template, self.data / "db")
        self._ctl("start")

    def _run(self, *cmd: object) -> None:
        _run(*cmd)

    def _ctl(self, action: str, *extra: str) -> None:
        self._run(
            PG_BIN / "pg_ctl",
            "-D",
            self.data / "db",
            "-o",
            self.options,
            "-l",
            self.data / "log",
            "-w",
            *extra,
            action,
        )

    def restart(self) -> None:
        """An abrupt restart: every client connection is cut."""
        self._ctl("restart", "-m", "immediate")

    def destroy(self) -> None:
        subprocess.run(
            _as_postgres(
                str(PG_BIN / "pg_ctl"), "-D", str(self.data / "db"), "-m", "immediate", "stop"
            ),
            capture_output=True,
        )
        shutil.rmtree(self.data, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[PostgresCluster]:
    if not (PG_BIN / "initdb").exists():
        pytest.skip("PostgreSQL 15 binaries are not installed")
    cluster = PostgresCluster()
    try:
        yield cluster
    finally:
        cluster.destroy()


@pytest.fixture(scope="session")
def postgres_url(postgres_cluster: PostgresCluster) -> str:
    return postgres_cluster.url


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisServer]:
    """A throwaway Redis (Debian's redis-server), for tests of several processes."""
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed")
    from tests.server.cluster_harness import RedisServer

    server = RedisServer()
    try:
        yield server
    finally:
        server.destroy()
