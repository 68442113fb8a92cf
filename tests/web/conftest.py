"""Browser tests: a real server process and Debian's Chromium driven by Playwright.

Skipped cleanly when Chromium (or the playwright package) is missing.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.harness import Server

HEADLESS_SHELL = Path("/usr/bin/chromium-headless-shell")
CHROMIUM = Path(
    os.environ.get(
        "PASTURE_CHROMIUM",
        HEADLESS_SHELL if HEADLESS_SHELL.exists() else "/usr/bin/chromium",
    )
)
"""Debian's Chromium headless shell (`apt-get install chromium-headless-shell`, the same
Blink without the browser's own window, toolbar and address bar, which cost the whole
Chromium several times the CPU per page), else the whole Chromium; PASTURE_CHROMIUM names
another."""
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
    playwright_api = None  # type: ignore[assignment]

WHY_SKIPPED = (
    f"Chromium is not installed at {CHROMIUM}"
    if not CHROMIUM.exists()
    else "the playwright package is not installed (pip install playwright)"
    if playwright_api is None
    else None
)
HERE = Path(__file__).resolve().parent


def in_here(item: pytest.Item | None) -> bool:
    """Whether `item` is a browser test."""
    return item is not None and HERE in Path(str(item.fspath)).resolve().parents


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Without a browser, the browser tests are skipped (and nothing else is)."""
    if WHY_SKIPPED is None:
        return
    skip = pytest.mark.skip(reason=WHY_SKIPPED)
    for item in items:
        if in_here(item):
            item.add_marker(skip)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("webdb") / "pasture.sqlite"
    srv = Server(f"sqlite:///{db}", "--reaction-timeout", "5").start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def slow_bots(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose bots (and stand-ins) wait 1.5 s, so a person can act in between."""
    db = tmp_path_factory.mktemp("slowdb") / "pasture.sqlite"
    srv = Server(f"sqlite:///{db}", "--reaction-timeout", "5", "--bot-delay", "1.5").start()
    yield srv
    srv.stop()


class SharedChromium:
    """One Chromium for a run of browser tests in a row. Playwright's sync API keeps an
    event loop marked running in this thread while it is open, and the server tests call
    asyncio.run(): so it is closed whenever the next test is not a browser test (under
    -n auto a worker takes tests of both kinds). Starting the driver and the browser costs
    seconds of CPU, so it is not done per module."""

    def __init__(self) -> None:
        self.driver: Any = None
        self.browser: Any = None

    def get(self) -> Any:
        if self.browser is None or not self.browser.is_connected():
            self.close()
            assert playwright_api is not None
            self.driver = playwright_api.sync_playwright().start()
            self.browser = self.driver.chromium.launch(
                executable_path=str(CHROMIUM), headless=True, args=ARGS
            )
        return self.browser

    def close(self) -> None:
        browser, driver = self.browser, self.driver
        self.browser = self.driver = None
        try:
            if browser is not None and browser.is_connected():
                browser.close()
        finally:
            if driver is not None:
                driver.stop()


SHARED = SharedChromium()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """After the test's own fixtures are torn down: close Chromium unless a browser test
    comes next (xdist gives each test its successor, which is never stolen)."""
    yield
    if not in_here(nextitem):
        SHARED.close()


@pytest.fixture
def browser() -> Any:
    """The shared Chromium (see SharedChromium)."""
    return SHARED.get()


@pytest.fixture
def new_page(browser: Any, server: Server) -> Iterator[Any]:
    """new_page(width=1100, height=900, locale="en-GB") opens a page in a fresh context (its
    own localStorage; `locale` is the browser's Accept-Language). Playwright's own helpers
    that evaluate strings (wait_for_function) are refused by the server's
    Content-Security-Policy, so pages bypass it unless `csp=True` (tests/web/test_csp.py
    checks the client under it). Pages ask for reduced motion unless `motion=True`:
    Playwright clicks only what stands still, so every sliding tile would hold a click
    back until its animation ends."""
    contexts: list[Any] = []

    def make(
        width: int = 1100,
        height: int = 900,
        locale: str = "en-GB",
        csp: bool = False,
        motion: bool = False,
    ) -> Any:
        context = browser.new_context(
            viewport={"width": width, "height": height},
            base_url=server.url,
            locale=locale,
            bypass_csp=not csp,
            reduced_motion="no-preference" if motion else "reduce",
        )
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(30_000)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.js_errors = errors
        warnings: list[str] = []
        violations: list[str] = []

        def on_console(message: Any) -> None:
            if message.type == "warning":
                warnings.append(message.text)
            if "Content Security Policy" in message.text:
                violations.append(message.text)

        page.on("console", on_console)
        page.js_warnings = warnings
        page.csp_violations = violations
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


def screenshot_view(page: Any, name: str) -> None:
    """<name>.png in SCREENSHOTS: what the viewport shows now (not the whole page)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))
