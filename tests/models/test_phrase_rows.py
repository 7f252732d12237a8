"""Every row of ``data/phrases.toml`` carries examples and non-examples; this one test reads them all.

An *example* is a message the row must read whole: the row claims a stretch of it (no earlier row took those words
first) and :func:`handoffs.models.meaning.read` reads the row's concepts there, not negated — or, for a row that only
blocks its words, reads nothing there. A *non-example* is a near miss the row's pattern must not match at all. A row
added without both fails here; a row edited so that one of its examples stops reading as written fails here too.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from handoffs.models import idioms
from handoffs.models.meaning import phrase_claims, phrase_text, read

ROWS = tomllib.loads((Path(idioms.__file__).with_name("data") / "phrases.toml").read_text(encoding="utf-8"))["phrase"]
# A manager asked for or complained to is read as an escalation (meaning._people); merely mentioned, still one.
AS_READ = {"boss": "escalate"}


def _cases() -> list[tuple[int, str, bool]]:
    return [(i, text, kind) for i, row in enumerate(ROWS)
            for kind, key in ((True, "examples"), (False, "non_examples")) for text in row.get(key, ())]


def test_the_rows_tested_are_the_rows_read():
    assert len(ROWS) == len(idioms.PHRASES)
    assert [row["pattern"] for row in ROWS] == [p for p, _, _ in idioms._PHRASE_TABLE]


@pytest.mark.parametrize("i", range(len(ROWS)), ids=lambda i: f"row{i:02d}")
def test_every_row_has_examples_and_non_examples(i):
    assert ROWS[i].get("examples") and ROWS[i].get("non_examples"), ROWS[i]["pattern"][:60]


@pytest.mark.parametrize("i, text, example", _cases(),
                         ids=lambda v: f"row{v:02d}" if isinstance(v, int) and not isinstance(v, bool) else str(v)[:30])
def test_each_row_claims_its_examples_and_not_its_non_examples(i, text, example):
    lowered = phrase_text(text)
    if not example:
        found = idioms.PHRASES[i][0].search(lowered)
        assert found is None, f"row {i} matches its non-example {text!r} at {found.group(0)!r}"
        return
    spans = [(start, end) for row, start, end in phrase_claims(lowered) if row == i]
    claimed_by = [(row, lowered[s:e]) for row, s, e in phrase_claims(lowered)]
    assert spans, f"row {i} claims nothing in {text!r} (claims: {claimed_by})"
    mentions = read(text).mentions
    concepts = [c for c in ROWS[i]["concepts"].split(",") if c]
    for concept in concepts:
        concept = AS_READ.get(concept, concept)
        assert any(m.concept == concept and not m.negated and (m.start, m.end) in spans for m in mentions), (
            f"row {i} claims {[lowered[s:e] for s, e in spans]} in {text!r} but it is not read as {concept}: "
            f"{[(m.concept, m.word, m.negated) for m in mentions]}")
    if not concepts:
        assert read(text).set_aside
