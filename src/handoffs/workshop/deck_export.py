"""Getting built decks in front of people: the vendored assets, a loopback web server, PDF handouts.

- :func:`copy_vendor` copies the files the decks load (reveal.js with its plugins and font, KaTeX, the code
  font) from ``slides/node_modules`` (``npm ci`` of ``slides/package-lock.json``) next to the decks, so the
  built folder is self-contained: copy it to a USB stick and serve it anywhere, with no network;
- :func:`serve` serves the build on ``127.0.0.1`` only (the next free port if the asked one is taken);
- :func:`export_pdfs` prints every deck with reveal.js's print layout through headless Chromium — Debian's
  (``$HANDOFFS_CHROMIUM`` or ``/usr/bin/chromium``), never a downloaded one — one PDF page per slide.
"""

from __future__ import annotations

import functools
import os
import shutil
import socket
import threading
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Iterator

#: what the decks load, relative to node_modules (see slides/template.html)
VENDOR = ("reveal.js/dist", "reveal.js/plugin/markdown", "reveal.js/plugin/highlight", "reveal.js/plugin/notes",
          "reveal.js/plugin/math", "katex/dist", "@fontsource/source-code-pro/400.css",
          "@fontsource/source-code-pro/700.css", "@fontsource/source-code-pro/files")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"]


class MissingAssets(FileNotFoundError):
    """slides/node_modules lacks a file the decks load."""


def copy_vendor(node_modules: Path, target: Path) -> None:
    for relative in VENDOR:
        source = node_modules / relative
        if not source.exists():
            raise MissingAssets(f"{source} is missing: run './kit slides' (it runs npm ci in slides/) first.")
        destination = target / relative
        destination.parent.mkdir(parents=True, exist_ok=True)
        if source.is_dir():
            shutil.copytree(source, destination, dirs_exist_ok=True)
        else:
            shutil.copy2(source, destination)


class QuietHandler(SimpleHTTPRequestHandler):
    """Serves files; logs only what went wrong (a 404 is a missing asset)."""

    def log_request(self, code: object = "-", size: object = "-") -> None:
        if str(getattr(code, "value", code)).startswith(("4", "5")):
            super().log_request(code, size)


def _free_port(wanted: int) -> int:
    for port in [wanted, *range(wanted + 1, wanted + 50), 0]:
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
                return sock.getsockname()[1]
            except OSError:
                continue
    raise OSError("no free port on 127.0.0.1")


@contextmanager
def serving(root: Path, port: int = 0) -> Iterator[str]:
    """Serve ``root`` on 127.0.0.1 in a background thread; yields the base URL; stops on exit."""
    handler = functools.partial(QuietHandler, directory=str(root))
    server = ThreadingHTTPServer(("127.0.0.1", _free_port(port) if port else 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def serve(root: Path, lang: str, port: int) -> None:
    """Serve until Ctrl+C, printing where each deck is."""
    with serving(root, port) as base:
        print(f"[slides] serving {root} on loopback only. Open {base}/{lang}/index.html")
        print("[slides] in a deck: S = speaker notes, F = full screen, Esc = overview. Ctrl+C stops the server.",
              flush=True)
        try:
            threading.Event().wait()
        except KeyboardInterrupt:
            print("\n[slides] stopped.")


def chromium_path() -> str:
    found = os.environ.get("HANDOFFS_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(found).exists():
        raise FileNotFoundError("PDF export needs Debian's chromium (sudo apt-get install chromium).")
    return found


def export_pdfs(root: Path, pages: list[Path], browser: Any = None) -> list[Path]:
    """One PDF per deck, beside it in ``pdf/``; every slide on its own 1280x720 page. ``browser``: a running
    playwright Chromium to print with (a test session's); without it, Debian's chromium is started and stopped."""
    if browser is None:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_FLAGS)
            try:
                return export_pdfs(root, pages, browser)
            finally:
                browser.close()
    written = []
    with serving(root) as base:
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        try:
            for deck in pages:
                url = f"{base}/{deck.parent.name}/{deck.name}?print-pdf"
                page.goto(url, wait_until="networkidle")
                page.wait_for_function("() => window.Reveal && Reveal.isReady()", timeout=60_000)
                page.wait_for_timeout(300)  # reveal lays the print pages out after 'ready'
                target = deck.parent / "pdf" / f"{deck.stem}.pdf"
                target.parent.mkdir(exist_ok=True)
                page.pdf(path=str(target), width="1280px", height="720px", print_background=True,
                         prefer_css_page_size=True)
                written.append(target)
        finally:
            page.close()
    return written
