"""One name per idea: no tracked text uses a second name for a glossary term (issue 19, item 5).

The glossary is CONTRIBUTING.md's "Glossary: one name per idea"; ``tests/vocabulary.toml`` lists, per term, the
words that must not stand for it (a page, a binder and a delegate tool are all the step table's or the transfer
tool's second names), with the contexts where such a word is right (quoting the seed once, an HTML page). This test
reads every tracked file under the scanned paths — code, docstrings, the checkers' sentence files
(``exercises/data/*.toml``), slides, READMEs and the notebooks' cell sources (not their outputs, which follow the
code) — and names each file, line and word it finds.
"""

from __future__ import annotations

import fnmatch
import json
import re
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DATA = tomllib.loads((ROOT / "tests" / "vocabulary.toml").read_text(encoding="utf-8"))
FILES = DATA["files"]


def _tracked() -> list[str]:
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [p for p in out.split("\0") if p]


def _matches(path: str, globs: list[str]) -> bool:
    return any(fnmatch.fnmatch(path, g) for g in globs)


def _lines(path: str) -> list[tuple[str, str]]:
    """(where, text) for each line a reader sees: a notebook's cell sources, any other file's lines."""
    text = (ROOT / path).read_text(encoding="utf-8")
    if path.endswith(".ipynb"):
        cells = json.loads(text)["cells"]
        return [(f"cell {i} ({c['cell_type']})", line) for i, c in enumerate(cells)
                for line in "".join(c.get("source", "")).splitlines()]
    return [(f"line {n}", line) for n, line in enumerate(text.splitlines(), 1)]


SCANNED = [p for p in _tracked() if _matches(p, FILES["scan"]) and p.endswith(tuple(FILES["suffixes"]))
           and not _matches(p, FILES["skip"]) and (ROOT / p).is_file()]


def second_names(term: dict, where: str, line: str) -> list[str]:
    """The banned words of ``term`` on ``line`` that no allowed context covers."""
    allowed = [m.span() for a in term.get("allow", []) for m in re.finditer(a, line, re.I)]
    found = []
    for pattern in term["banned"]:
        for m in re.finditer(pattern, line, re.I):
            if not any(s <= m.start() and m.end() <= e for s, e in allowed):
                found.append(m.group(0))
    return found


def test_the_scan_covers_the_kit():
    assert len(SCANNED) > 150
    for must in ("README.md", "CONTRIBUTING.md", "slides/en/00_overview.md", "notebooks/ko/02_langchain_support_bot.ipynb",
                 "src/handoffs/exercises/escalate_text.py", "src/handoffs/exercises/data/guard.toml",
                 "src/handoffs/exercises/data/escalate.toml", "src/handoffs/exercises/data/specialist.toml"):
        assert must in SCANNED, must


def test_the_rules_catch_second_names_and_spare_allowed_contexts():
    terms = {t["term"]: t for t in DATA["term"]}
    assert second_names(terms["step table"], "", "one page per step: the binder") == ["binder"]
    assert second_names(terms["step"], "", "a tool that turns the page") != []
    assert second_names(terms["step"], "", "see their pricing page") == []
    assert second_names(terms["transfer tool"], "", "a delegate tool with a good description") == ["delegate tool"]
    assert second_names(terms["transfer tool"], "", "seed 003 calls them *delegate tools*; the kit says") == []
    assert second_names(terms["Part 1 / 2 / 3"], "", "각 파트가") == ["파트"]
    assert second_names(terms["Part 1 / 2 / 3"], "", "파트너") == []
    assert second_names(terms["operator desk"], "", "the same desk built both ways") != []
    assert second_names(terms["operator desk"], "", "the operator desk") == []


@pytest.mark.parametrize("term", DATA["term"], ids=lambda t: t["term"])
def test_no_second_name_for(term):
    found = []
    for path in SCANNED:
        if _matches(path, term.get("skip", [])):
            continue
        for where, line in _lines(path):
            for word in second_names(term, where, line):
                found.append(f"{path} {where}: {word!r} in {line.strip()[:120]!r}")
    assert found == [], f"second names for '{term['term']}' (glossary: CONTRIBUTING.md):\n" + "\n".join(found)
