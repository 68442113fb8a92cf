"""The players' languages over HTTP: which one fits the browser, and each catalogue."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Header

from pasture import i18n
from pasture.server.errors import ServerError


def router() -> APIRouter:
    api = APIRouter(prefix="/api/i18n", tags=["languages"])

    @api.get("", summary="The languages, and the one the browser's Accept-Language prefers")
    async def languages(
        accept_language: Annotated[str | None, Header()] = None,
    ) -> dict[str, object]:
        return {
            "languages": [{"code": c, "name": i18n.NAMES[c]} for c in i18n.LANGUAGES],
            "preferred": i18n.negotiate(accept_language),
        }

    @api.get("/{lang}", summary="One language's catalogue: key -> text")
    async def catalogue(lang: str) -> dict[str, str]:
        if lang not in i18n.LANGUAGES:
            raise ServerError(
                404,
                "unknown_language",
                f"No catalogue for {lang[:16]!r}; the languages are {', '.join(i18n.LANGUAGES)}.",
            )
        return i18n.catalogue(lang)

    return api
