"""The database schema: tables (one per match), seats, and the log of players' actions."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, Float, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    """One table: the game, its players and options, and the match's secret seed."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    # Decimal digits: a 64-bit unsigned seed does not fit a signed BIGINT. Secret until the
    # match is over; only its hash is ever served before that.
    seed: Mapped[str] = mapped_column(String(32))
    seed_hash: Mapped[str] = mapped_column(String(64))
    move_clock: Mapped[float | None] = mapped_column(Float, nullable=True)
    status: Mapped[str] = mapped_column(String(16), index=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, index=True)
    # When the server must act on the table by itself (Unix time; 0: at once, e.g. a bot's
    # move; NULL: only when someone acts). Tables due are loaded without being asked for.
    wake_at: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)
    # The running limits ("<seat>:reaction" or "<seat>:clock" -> Unix time), so that a
    # restart does not start them again.
    deadlines: Mapped[dict[str, float] | None] = mapped_column(JSON, nullable=True)


class SeatRow(Base):
    """A seat: a bot by name, or a person by display name and the hash of their token."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # The version when the current occupant sat down (their private catch-up starts there).
    since_version: Mapped[int | None] = mapped_column(Integer, nullable=True, default=0)


class ActionRow(Base):
    """One player's action, in order (`seq` from 1). Chance is not stored: the seed
    replays it. `version` is the match version once this action and the chance that
    followed it were applied; `client_id` makes a resent action idempotent."""

    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("table_id", "seat", "client_id"),)

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    version: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    client_id: Mapped[str | None] = mapped_column(String(128), nullable=True)
