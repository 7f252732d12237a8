"""Fixtures for the real-browser tests: a JupyterLab on loopback and headless Debian Chromium via playwright.

Chromium is ``$HANDOFFS_CHROMIUM`` (set by ``./kit test``), else ``chromium`` on PATH, else /usr/bin/chromium;
the tests skip, saying why, when none exists (``./kit test`` installs Debian's chromium with apt when root). Never downloads a
browser. One Chromium serves the whole session, each test a fresh context and page of it; the server and the
browser are stopped even when a test fails.
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


@pytest.fixture
def lab_with(tmp_path):
    """``lab_with({"name.ipynb": notebook_node})`` writes the notebooks and starts JupyterLab serving them."""
    labs: list[Lab] = []

    def start(notebooks: dict) -> Lab:
        import nbformat

        root = tmp_path / "notebooks"
        root.mkdir()
        for name, node in notebooks.items():
            nbformat.write(node, root / name)
        lab = Lab(root, tmp_path / "jupyter")
        labs.append(lab)
        return lab.start()

    try:
        yield start
    finally:
        for lab in labs:
            lab.stop()


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the whole session (each test gets its own context: :func:`page`)."""
    from playwright.sync_api import sync_playwright

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_FLAGS,
                                              env={**os.environ, "HOME": os.environ.get("HOME", "/tmp")})
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser):
    """A fresh page in a fresh browser context (its own cookies, storage and cache), closed after the test."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    try:
        yield context.new_page()
    finally:
        context.close()
