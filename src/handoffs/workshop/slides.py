"""Build the workshop's reveal.js decks from ``slides/<lang>/`` and the code, then serve them or print PDFs.

``python -m handoffs.workshop.slides [--lang en] [--out build/slides] [--no-serve] [--pdf] [--port N]``
(``./kit slides`` runs it after installing the npm assets). A build:

1. reads ``slides/<lang>/decks.toml`` (the decks, in order, and the words of the index page) and ``runs.toml``;
2. expands each deck's Markdown (:mod:`.deck_sources`): code from ``src/`` and notebook cells by reference (a
   language's own notebooks, ``notebooks/<lang>/``, first), pictures drawn by :mod:`handoffs.viz` from runs
   recorded now (:mod:`.recorded_runs`) — nothing pasted; runs and pictures are made with the kit set to the deck's
   language (``handoffs.i18n.using_language``), so their labels and the model's reasons are in it too; pictures a
   notebook cell displayed are copied from its committed output (saved the same way: :mod:`handoffs.viz.slide_png`);
3. writes ``<out>/<lang>/<deck>.html`` from ``slides/template.html``, the pictures, an ``index.html``, and copies
   reveal.js, KaTeX and the fonts from ``slides/node_modules`` to ``<out>/vendor`` (:mod:`.deck_export`).

Another language is another folder with the same file names: no word of a deck lives in this code.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import sys
import time
import tomllib
from pathlib import Path
from typing import Any

from handoffs.i18n import LANGUAGES, using_language

from .deck_export import copy_vendor, export_pdfs, serve
from .deck_fit import fit
from .deck_sources import DeckSourceError, expand
from .recorded_runs import RecordedRun, RunSpecError, record

REPO = Path(__file__).resolve().parents[3]
SOURCES = REPO / "slides"
NOTEBOOKS = REPO / "notebooks"


class DeckBuild:
    """One build of every deck of one language; runs are recorded once and pictures drawn once."""

    def __init__(self, lang: str, out: Path, sources: Path = SOURCES) -> None:
        self.lang, self.out, self.sources = lang, out, sources
        self.source = sources / lang
        if not (self.source / "decks.toml").is_file():
            languages = sorted(p.name for p in sources.iterdir() if (p / "decks.toml").is_file())
            raise DeckSourceError(f"There are no slides in language '{lang}': choose one of {', '.join(languages)}.")
        self.decks = tomllib.loads((self.source / "decks.toml").read_text(encoding="utf-8"))
        self.run_specs = tomllib.loads((self.source / "runs.toml").read_text(encoding="utf-8"))
        self.runs: dict[str, RecordedRun] = {}
        self.pictures: dict[tuple[str, str, str], str] = {}

    def run(self, name: str) -> RecordedRun:
        if name not in self.run_specs:
            raise DeckSourceError(f"no run '{name}' in {self.lang}/runs.toml (runs: {', '.join(self.run_specs)}).")
        if name not in self.runs:
            self.runs[name] = record(name, self.run_specs[name])
        return self.runs[name]

    def picture(self, kind: str, run_name: str, title: str) -> str:
        """Draw (once) a picture of a recorded run; return its path relative to the deck's page."""
        key = (kind, run_name, title)
        if key not in self.pictures:
            from handoffs.viz import plot_handoffs, plot_step_graph

            run = self.run(run_name)
            if kind == "step_graph" and run.step_table is not None:
                figure = plot_step_graph(run.step_table, run.recorder, run.conversation, title=title)
            elif kind == "handoffs" and run.agents:
                figure = plot_handoffs(run.recorder, run.conversation, agents=run.agents, title=title)
            else:
                raise DeckSourceError(f"cannot draw a '{kind}' picture of run '{run_name}' (step_graph needs a "
                                      "support_bot run, handoffs a team run).")
            digest = hashlib.sha1(title.encode()).hexdigest()[:6]
            relative = f"pictures/{kind}-{run_name}-{digest}.png"
            (self.out / self.lang / "pictures").mkdir(parents=True, exist_ok=True)
            save_picture(figure, self.out / self.lang / relative)
            self.pictures[key] = relative
        return self.pictures[key]

    def notebook_picture(self, name: str, png: bytes) -> str:
        """Save a picture a notebook cell displayed (``::: output``); return its path relative to the deck's page."""
        relative = f"pictures/output-{name}.png"
        (self.out / self.lang / "pictures").mkdir(parents=True, exist_ok=True)
        (self.out / self.lang / relative).write_bytes(png)
        return relative

    def build(self) -> list[Path]:
        """Write every deck and the index; return the decks' pages."""
        if self.lang in LANGUAGES:
            with using_language(self.lang):
                return self._build()
        return self._build()

    def notebook_folders(self) -> list[Path]:
        """Where a deck's cells are looked up: the language's own notebooks first, then the English ones."""
        own = NOTEBOOKS / self.lang
        return [own, NOTEBOOKS] if self.lang != "en" and own.is_dir() else [NOTEBOOKS]

    def _build(self) -> list[Path]:
        template = (self.sources / "template.html").read_text(encoding="utf-8")
        (self.out / self.lang).mkdir(parents=True, exist_ok=True)
        copy_vendor(SOURCES / "node_modules", self.out / "vendor")
        (self.out / "theme.css").write_bytes((self.sources / "theme.css").read_bytes())
        pages = []
        for deck in self.decks["deck"]:
            name = deck["file"]
            where = f"slides/{self.lang}/{name}"
            markdown = fit(expand((self.source / name).read_text(encoding="utf-8"), where, self.notebook_folders(),
                                  self.picture, self.notebook_picture))
            page = self.out / self.lang / (Path(name).stem + ".html")
            page.write_text(fill(template, lang=self.lang, title=deck["title"], footer=self.decks["footer"],
                                 markdown=markdown), encoding="utf-8")
            pages.append(page)
        (self.out / self.lang / "index.html").write_text(self.index(pages), encoding="utf-8")
        return pages

    def index(self, pages: list[Path]) -> str:
        words = self.decks["index"]
        items = "\n".join(
            f'<li><a href="{html.escape(page.name)}">{html.escape(deck["title"])}</a> '
            f'<span>{html.escape(deck.get("summary", ""))}</span></li>' for deck, page in zip(self.decks["deck"], pages))
        return (f'<!doctype html><html lang="{html.escape(self.lang)}"><head><meta charset="utf-8">'
                f'<title>{html.escape(words["title"])}</title><link rel="icon" href="data:,"><link rel="stylesheet" href="../vendor/reveal.js/dist/theme/fonts/source-sans-pro/source-sans-pro.css"><link rel="stylesheet" href="../theme.css"></head>'
                f'<body class="deck-index"><h1>{html.escape(words["title"])}</h1><p>{html.escape(words["intro"])}</p>'
                f"<ul>{items}</ul><p>{html.escape(words['keys'])}</p></body></html>")


def save_picture(figure: Any, path: Path) -> None:
    """Save a figure as a slide shows it (:func:`handoffs.viz.slide_png.picture_png`: one slide pixel per PNG pixel,
    its smallest label's size written into the PNG; the browser test scales it by what the browser shows)."""
    from handoffs.viz.slide_png import picture_png

    path.write_bytes(picture_png(figure))


def fill(template: str, **fields: str) -> str:
    """The template with ``{{name}}`` replaced; the Markdown goes into a <textarea>, so it is HTML-escaped there."""
    page = template
    for name, value in fields.items():
        page = page.replace("{{%s}}" % name, html.escape(value, quote=True))
    return page


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="./kit slides", description="Build the workshop decks, then serve them.")
    parser.add_argument("--lang", default="en", help="the source language folder under slides/ (default: en)")
    parser.add_argument("--out", type=Path, default=REPO / "build" / "slides", help="where to write the decks")
    parser.add_argument("--port", type=int, default=8000, help="the loopback port to serve on (default 8000)")
    parser.add_argument("--no-serve", action="store_true", help="build only")
    parser.add_argument("--pdf", action="store_true", help="also print every deck to PDF (headless Chromium)")
    args = parser.parse_args(argv)
    started = time.monotonic()
    try:
        pages = DeckBuild(args.lang, args.out).build()
    except (DeckSourceError, RunSpecError, tomllib.TOMLDecodeError, KeyError, FileNotFoundError) as error:
        print(f"[slides] error: {error}", file=sys.stderr)
        return 2
    print(f"[slides] built {len(pages)} decks in {time.monotonic() - started:.1f} s: {args.out / args.lang}")
    if args.pdf:
        for pdf in export_pdfs(args.out, pages):
            print(f"[slides] wrote {pdf}")
    if not args.no_serve:
        serve(args.out, args.lang, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
