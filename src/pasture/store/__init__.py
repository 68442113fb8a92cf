"""Persistence: the tables, their seats and every committed action (SQLAlchemy 2).

SQLite in a file by default; PostgreSQL (psycopg 3) when given a `postgresql://` URL.
The actions table is the source of truth: a match is rebuilt by replaying it.
"""

from pasture.store.database import Database, engine_url
from pasture.store.models import ActionRow, Base, SeatRow, TableRow
from pasture.store.repository import ActionRecord, SeatRecord, TableRecord

__all__ = [
    "ActionRecord",
    "ActionRow",
    "Base",
    "Database",
    "SeatRecord",
    "SeatRow",
    "TableRecord",
    "TableRow",
    "engine_url",
]
