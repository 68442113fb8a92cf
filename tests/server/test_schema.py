"""Several server processes may start at once on one new PostgreSQL database."""

from __future__ import annotations

import threading

from sqlalchemy import Engine, inspect

from pasture.store.database import make_engine, prepare_schema
from pasture.store.models import Base
from tests.server.cluster_harness import fresh_database

STARTERS = 4


def _start_together(url: str) -> list[BaseException]:
    """Prepare the schema from several engines released at the same moment."""
    engines = [make_engine(url) for _ in range(STARTERS)]
    together = threading.Barrier(STARTERS)
    errors: list[BaseException] = []

    def start(engine: Engine) -> None:
        together.wait()
        try:
            prepare_schema(engine)
        except BaseException as error:  # noqa: BLE001 - the test reports any failure
            errors.append(error)

    threads = [threading.Thread(target=start, args=(engine,)) for engine in engines]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for engine in engines:
        engine.dispose()
    return errors


def test_processes_starting_together_on_an_empty_database_all_start(postgres_url: str) -> None:
    for attempt in range(3):  # each a new database: the race is on the first creation
        url = fresh_database(postgres_url, f"pasture_schema_{attempt}")
        assert _start_together(url) == []
        engine = make_engine(url)
        tables = set(inspect(engine).get_table_names())
        engine.dispose()
        assert {table.name for table in Base.metadata.sorted_tables} <= tables
