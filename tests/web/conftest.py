"""Browser tests: a real server process and Debian's Chromium driven by Playwright.

Skipped cleanly when /usr/bin/chromium (or the playwright package) is missing.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.harness import Server

CHROMIUM = Path(os.environ.get("PASTURE_CHROMIUM", "/usr/bin/chromium"))
ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = Path(os.environ.get("PASTURE_SCREENSHOTS", ROOT / "build" / "screenshots"))
"""Where the tests save screenshots: build/screenshots/ (ignored by git) unless
PASTURE_SCREENSHOTS names another folder; `PASTURE_SCREENSHOTS=docs/screenshots` refreshes
the ones the docs show."""
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

try:
    from playwright import sync_api as playwright_api
except ImportError:  # pragma: no cover - the [test] extra installs it
    playwright_api = None

WHY_SKIPPED = (
    f"Chromium is not installed at {CHROMIUM}"
    if not CHROMIUM.exists()
    else "the playwright package is not installed (pip install playwright)"
    if playwright_api is None
    else None
)
HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Without a browser, the browser tests are skipped (and nothing else is)."""
    if WHY_SKIPPED is None:
        return
    skip = pytest.mark.skip(reason=WHY_SKIPPED)
    for item in items:
        if HERE in Path(str(item.fspath)).resolve().parents:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("webdb") / "pasture.sqlite"
    srv = Server(f"sqlite:///{db}", "--reaction-timeout", "5").start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    assert playwright_api is not None
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def new_page(browser: Any, server: Server) -> Iterator[Any]:
    """new_page(width=1100) opens a page in a fresh context (its own localStorage).
    Playwright's own helpers that evaluate strings (wait_for_function) are refused by the
    server's Content-Security-Policy, so pages bypass it unless `csp=True`
    (tests/web/test_csp.py checks the client under it)."""
    contexts: list[Any] = []

    def make(width: int = 1100, height: int = 900, csp: bool = False) -> Any:
        context = browser.new_context(
            viewport={"width": width, "height": height}, base_url=server.url, bypass_csp=not csp
        )
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(30_000)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.js_errors = errors  # type: ignore[attr-defined]
        violations: list[str] = []
        page.on(
            "console",
            lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None,
        )
        page.csp_violations = violations  # type: ignore[attr-defined]
        return page

    yield make
    for context in contexts:
        context.close()


def screenshot(page: Any, game: str, phone: bool = False) -> None:
    """<game>.png in SCREENSHOTS; with `phone`, also <game>_phone.png at 375 px."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{game}.png"), full_page=True)
    if phone:
        size = page.viewport_size
        page.set_viewport_size({"width": 375, "height": 800})
        page.screenshot(path=str(SCREENSHOTS / f"{game}_phone.png"), full_page=True)
        page.set_viewport_size(size)
