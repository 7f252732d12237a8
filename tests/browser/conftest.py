"""Fixtures for the real-browser tests: a JupyterLab on loopback and headless Debian Chromium via playwright.

The tests that write their own notebook share one JupyterLab (:class:`SharedLab`), each in a workspace of its own.

Chromium is ``$HANDOFFS_CHROMIUM`` (set by ``./kit test``), else ``chromium`` on PATH, else /usr/bin/chromium;
the tests skip, saying why, when none exists (``./kit test`` installs Debian's chromium with apt when root). Never downloads a
browser. One Chromium serves the browser tests that run in a row (closed before any other test runs), each test a
fresh context and page of it; the server and the browser are stopped even when a test fails.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from browser_lab import ARTIFACTS, Lab

CHROMIUM = Path(os.environ.get("HANDOFFS_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"]


def pytest_collection_modifyitems(items):
    if not CHROMIUM.exists():
        reason = f"needs Debian's chromium at {CHROMIUM} (apt-get install -y chromium; ./kit test does it as root)"
        for item in items:
            if "browser" in item.keywords:
                item.add_marker(pytest.mark.skip(reason=reason))


class SharedLab:
    """One JupyterLab for the tests that bring their own notebook (:func:`lab_with`): started by the first of them
    and killed, kernels and all, after the last browser test of a row on this worker (:func:`pytest_runtest_teardown`,
    as :class:`SharedChromium`): a server's start is ~2.5 s of CPU (5 s at load 8) and nothing in it is the test's.
    Each test still has its own notebook, kernel, workspace (:meth:`Lab.url`) and browser context. (A
    ``scope="package"`` fixture would not do: with no ``__init__.py`` here pytest keeps it for the whole session.)"""

    def __init__(self) -> None:
        self.lab: Lab | None = None

    def get(self, tmp_path_factory) -> Lab:
        if self.lab is None:
            home = tmp_path_factory.mktemp("lab")
            (home / "notebooks").mkdir()
            lab = Lab(home / "notebooks", home / "jupyter")
            try:
                self.lab = lab.start()
            except BaseException:
                lab.stop()
                raise
        return self.lab

    def close(self) -> None:
        lab, self.lab = self.lab, None
        if lab is not None:
            lab.stop()


LAB = SharedLab()


@pytest.fixture
def lab_with(tmp_path_factory):
    """``lab_with({"name.ipynb": notebook_node})`` writes the notebooks where the shared JupyterLab (:class:`SharedLab`)
    serves them."""

    def start(notebooks: dict) -> Lab:
        import nbformat

        shared_lab = LAB.get(tmp_path_factory)
        for name, node in notebooks.items():
            assert not (shared_lab.root / name).exists(), f"{name} is another browser test's notebook: rename it"
            nbformat.write(node, shared_lab.root / name)
        return shared_lab

    return start


class SharedChromium:
    """One headless Chromium for a row of browser tests: started by the first test that asks, closed after the last
    one before a test elsewhere (:func:`pytest_runtest_teardown`) — playwright's sync API keeps its asyncio loop
    running in this thread, which the next tests' ``asyncio.run`` (pytest-asyncio, nbval's kernels) would trip on."""

    def __init__(self) -> None:
        self._playwright = None
        self.browser = None

    def get(self):
        if self.browser is None:
            from playwright.sync_api import sync_playwright

            self._playwright = sync_playwright().start()
            self.browser = self._playwright.chromium.launch(
                executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_FLAGS,
                env={**os.environ, "HOME": os.environ.get("HOME", "/tmp")})
        return self.browser

    def close(self) -> None:
        playwright, browser, self._playwright, self.browser = self._playwright, self.browser, None, None
        try:
            if browser is not None:
                browser.close()
        finally:
            if playwright is not None:
                playwright.stop()


SHARED = SharedChromium()
HERE = Path(__file__).resolve().parent


@pytest.hookimpl(trylast=True)  # after the test's own fixtures (its page's context) are torn down
def pytest_runtest_teardown(item, nextitem):
    if nextitem is None or HERE not in Path(nextitem.path).resolve().parents:
        try:
            SHARED.close()
        finally:
            LAB.close()


def pytest_sessionfinish(session, exitstatus):
    try:
        SHARED.close()
    finally:
        LAB.close()


@pytest.fixture
def browser():
    """The shared Chromium (each test gets its own context: :func:`page`)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return SHARED.get()


@pytest.fixture
def page(browser):
    """A fresh page in a fresh browser context (its own cookies, storage and cache), closed after the test."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    try:
        yield context.new_page()
    finally:
        context.close()
