"""The FastAPI application: lobby (REST), play (websocket) and the browser client."""

from __future__ import annotations

import gc
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from pasture.server import i18n, rematch, replay, rest, ws
from pasture.server.errors import ServerError, http_answer
from pasture.server.http_guard import HttpGuard, WebClientFiles
from pasture.server.limits import ClientLimits
from pasture.server.lobby_lane import LobbyLane
from pasture.server.manager import TableManager
from pasture.server.settings import Settings
from pasture.store.database import Database

log = logging.getLogger("pasture.server")

DEFAULT_DB = "sqlite:///pasture.sqlite"
HTTP_CODES = {
    404: "not_found",
    405: "method_not_allowed",
    413: "body_too_large",
    429: "rate_limited",
}


def settle_garbage_collector() -> None:
    """What the server made to start (modules, routes, the games' tables) lives as long as
    it does: it is frozen out of the collector's passes, which then walk only what tables
    and messages made, and the youngest objects are collected ten times less often.
    Under bench/bench_server.py's load (Swip'Sheep, 8 s): time in the collector 1.9 s ->
    0.6 s, the longest pause 203 ms -> 44 ms, no full collection."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(7000, 10, 10)


def create_app(
    db_url: str = DEFAULT_DB, settings: Settings | None = None, redis_url: str | None = None
) -> FastAPI:
    """The server for the database at `db_url` (SQLite file or PostgreSQL URL). With
    `redis_url`, one of several processes serving the same tables (server/cluster.py)."""
    settings = settings or Settings()
    state: dict[str, Any] = {}

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        db = Database(db_url, settings.statement_timeout)
        manager = TableManager(db, settings)
        state["manager"] = manager
        cluster = None
        if redis_url is not None:  # cluster hook: due tables are adopted, not all loaded
            from pasture.server.cluster import Cluster

            cluster = manager.cluster = Cluster(manager, redis_url, settings, settings.lease_ttl)
            cluster.asgi = app
        await manager.start()
        if cluster is not None:
            await cluster.start()
            state["cluster"] = cluster
        settle_garbage_collector()
        try:
            yield
        finally:
            manager.stop()
            if cluster is not None:
                await cluster.stop()
            db.close()

    app = ws.PlayApp(
        title="pasture",
        summary="Play pasture's sheep games online: tables, seats and a websocket per player.",
        description="The websocket protocol is described in docs/server.md.",
        version="0.1.0",
        lifespan=lifespan,
        # No OpenTelemetry: else every request asks whether a provider was set up.
        telemetry={"tracing": False, "metrics": False, "logs": False},
    )
    manager = _LazyManager(state)

    @app.exception_handler(ServerError)
    async def _server_error(_request: Request, e: ServerError) -> Response:
        content, headers = http_answer(e)
        return Response(
            content, status_code=e.status, headers={k.decode(): v.decode() for k, v in headers}
        )

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_request: Request, e: StarletteHTTPException) -> JSONResponse:
        code = HTTP_CODES.get(e.status_code, "bad_request")
        return JSONResponse(
            {"code": code, "message": str(e.detail)}, status_code=e.status_code, headers=e.headers
        )

    @app.exception_handler(RequestValidationError)
    async def _bad_request(_request: Request, e: RequestValidationError) -> JSONResponse:
        first = e.errors()[0] if e.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()))
        message = f"{where}: {first.get('msg', 'invalid request')}"
        return JSONResponse({"code": "bad_request", "message": message}, status_code=422)

    @app.exception_handler(Exception)
    async def _unexpected(_request: Request, e: Exception) -> JSONResponse:
        log.error("unexpected error", exc_info=e)
        message = "The server could not do that now; try again."
        return JSONResponse({"code": "unavailable", "message": message}, status_code=503)

    limits = ClientLimits.of(settings)
    lobby = rest.Lobby(manager, limits)  # type: ignore[arg-type]
    # Each middleware added wraps those before it: forwarding, then the guard, then the
    # lane that answers the lobby's ordinary writes.
    app.add_middleware(LobbyLane, lobby=lobby)
    app.add_middleware(HttpGuard, max_body=settings.max_body)
    if redis_url is not None:  # cluster hook: requests about a table go to its owner
        from pasture.server.forward import ForwardToOwner

        app.add_middleware(ForwardToOwner, state=state)
    app.include_router(rest.router(lobby))
    app.include_router(i18n.router())
    app.include_router(rematch.router(manager, limits))  # type: ignore[arg-type]
    app.include_router(replay.router(manager, limits))  # type: ignore[arg-type]
    ws.install(app, manager, settings)  # type: ignore[arg-type]
    _mount_web_client(app)
    _document_errors(app)
    return app


def _document_errors(app: FastAPI) -> None:
    """The API document, with the schema the routes' error answers refer to (rest.py
    ERRORS), built when first asked for."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        schema = FastAPI.openapi(app)  # kept as app.openapi_schema
        schemas = schema.setdefault("components", {}).setdefault("schemas", {})
        schemas["ErrorOut"] = rest.ErrorOut.model_json_schema()
        return schema

    app.openapi = openapi  # type: ignore[method-assign]


class _LazyManager:
    """The routes are built before the lifespan creates the manager: forward to it."""

    def __init__(self, state: dict[str, Any]) -> None:
        self._state = state

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state["manager"], name)


def _mount_web_client(app: FastAPI) -> None:
    """Serve the browser client (`pasture.web`: index.html, ES modules, CSS) at /."""
    from fastapi.responses import RedirectResponse

    import pasture.web

    @app.get("/tables/{table_id}", include_in_schema=False)
    async def invite(table_id: str, request: Request) -> RedirectResponse:
        """The invite form /tables/<id>?seat=<n> opens the client at that table."""
        query = dict(request.query_params) | {"table": table_id}
        return RedirectResponse("/?" + urlencode(query), status_code=307)

    web_dir = Path(pasture.web.__file__).parent
    app.mount("/", WebClientFiles(directory=web_dir, html=True), name="web")
