"""Errors the server answers with: a stable `code`, a sentence, and an HTTP status."""

from __future__ import annotations

from pasture.core.errors import ErrorParams, PastureError


class ServerError(PastureError):
    """An answer of the form {code, message, params?}; `status` is used by the REST API."""

    def __init__(
        self, status: int, code: str, message: str, params: ErrorParams | None = None
    ) -> None:
        super().__init__(message, code, params)
        self.status = status


def unknown_table(table_id: str) -> ServerError:
    return ServerError(404, "unknown_table", f"There is no table {table_id!r}.")
