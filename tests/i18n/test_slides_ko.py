"""The Korean deck is the English deck's twin: the same files, the same slides, the same references to code,
cells, outputs and recorded runs, and the same speaker-note on every slide — only the words differ. So a fix to
one deck's references cannot be forgotten in the other (the browser test renders both)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from handoffs.language_check import HANGUL

SLIDES = Path(__file__).resolve().parents[2] / "slides"


def slides_of(path: Path) -> list[str]:
    return re.split(r"\n---\n", path.read_text(encoding="utf-8"))


def references(slide: str) -> list[str]:
    """The ``:::`` lines of a slide without a picture's title (the title is words): a recorded run's picture keeps
    kind and run, a notebook output keeps its cell and a ``lines=A-B`` excerpt."""
    kept = []
    for line in (line for line in slide.splitlines() if line.startswith(":::")):
        words = line.split()
        if words[1] == "picture":
            line = " ".join(words[:4])
        elif words[1] == "output":
            line = " ".join(words[:3] + [w for w in words[3:4] if w.startswith("lines=")])
        kept.append(line)
    return kept


def test_the_korean_edition_has_the_english_files():
    english = sorted(p.name for p in (SLIDES / "en").iterdir())
    assert sorted(p.name for p in (SLIDES / "ko").iterdir()) == english
    decks = tomllib.loads((SLIDES / "ko" / "decks.toml").read_text(encoding="utf-8"))
    assert [d["file"] for d in decks["deck"]] == [d["file"] for d in tomllib.loads(
        (SLIDES / "en" / "decks.toml").read_text(encoding="utf-8"))["deck"]]
    assert all(HANGUL.search(d["title"] + d["summary"]) for d in decks["deck"])
    assert (SLIDES / "INSTRUCTOR.ko.md").is_file()


def test_every_korean_slide_references_what_its_english_twin_does_and_has_korean_notes():
    for deck in sorted((SLIDES / "en").glob("*.md")):
        english, korean = slides_of(deck), slides_of(SLIDES / "ko" / deck.name)
        assert len(korean) == len(english), deck.name
        for number, (en, ko) in enumerate(zip(english, korean), start=1):
            assert references(ko) == references(en), (deck.name, number)
            body, _, notes = ko.partition("\nNote:\n")
            assert HANGUL.search(notes) and HANGUL.search(body), (deck.name, number)


def test_the_korean_runs_are_the_english_runs_with_korean_customers():
    english = tomllib.loads((SLIDES / "en" / "runs.toml").read_text(encoding="utf-8"))
    korean = tomllib.loads((SLIDES / "ko" / "runs.toml").read_text(encoding="utf-8"))
    assert list(korean) == list(english)
    for name, run in korean.items():
        assert {k: v for k, v in run.items() if k not in ("say", "operator")} == \
            {k: v for k, v in english[name].items() if k not in ("say", "operator")}, name
        assert len(run["say"]) == len(english[name]["say"]) and all(HANGUL.search(line) for line in run["say"]), name


def test_the_korean_customers_take_the_paths_the_pictures_show_in_english():
    """Recorded as the build records them: the same steps, handoffs and tools in both editions' pictures."""
    from handoffs.i18n import using_language
    from handoffs.workshop.recorded_runs import record

    runs = {lang: tomllib.loads((SLIDES / lang / "runs.toml").read_text(encoding="utf-8")) for lang in ("en", "ko")}

    def path(lang: str, name: str) -> tuple:
        with using_language(lang):
            run = record(name, runs[lang][name])
        recorder = run.recorder
        return recorder.steps_visited(name), recorder.handoffs(name), recorder.tools_run(name)

    for name in runs["en"]:
        assert path("ko", name) == path("en", name), name
