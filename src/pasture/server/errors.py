"""Errors the server answers with: a stable `code`, a sentence, and an HTTP status."""

from __future__ import annotations

import json

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


def http_answer(e: ServerError) -> tuple[bytes, list[tuple[bytes, bytes]]]:
    """A ServerError's JSON body and headers over HTTP (a rate limit says when to retry,
    in whole seconds, as HTTP's Retry-After counts them). Written as Starlette's
    JSONResponse writes it (orjson refuses a number a client made too large for 64 bits)."""
    headers = [(b"content-type", b"application/json")]
    wait = e.params.get("retry_after") if e.code == "rate_limited" else None
    if wait is not None:
        headers.append((b"retry-after", str(wait).encode()))
    text = json.dumps(e.to_json(), ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    return text.encode(), headers
