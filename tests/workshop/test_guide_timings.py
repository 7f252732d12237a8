"""The instructor guides' timing tables and worked examples are what the notebooks say (``./kit timings``).

The committed blocks between ``<!-- timings:... -->`` markers in slides/INSTRUCTOR.md and INSTRUCTOR.ko.md must
equal what :mod:`handoffs.workshop.guide_tables` computes from the committed notebooks and the stored run times;
every notebook must have a measured run time; and the worked examples, read back from the guide as text, must
follow the guide's own rule — (reading + code + run) × 1.5, rounded to the nearest 5 minutes.
"""

from __future__ import annotations

import re

import pytest

from handoffs.kit.notebooks import edition_notebooks
from handoffs.workshop import guide_tables
from handoffs.workshop.timings import counts, stored_run_times


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_committed_tables_are_what_the_notebooks_say(language):
    committed = guide_tables.GUIDES[language].read_text(encoding="utf-8")
    assert guide_tables.render(committed, language) == committed, (
        f"{guide_tables.GUIDES[language].name}'s timing blocks drifted from the notebooks: run ./kit timings")


def test_every_notebook_has_a_measured_run_time():
    missing = [p.name for p in edition_notebooks("en") if p.stem not in stored_run_times()]
    assert not missing, f"never measured: run ./kit timings --measure {' '.join('notebooks/' + m for m in missing)}"


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_worked_examples_follow_the_guides_own_rule(language):
    text = guide_tables.GUIDES[language].read_text(encoding="utf-8")
    block = re.search(r"<!-- timings:examples -->(.*?)<!-- /timings:examples -->", text, re.S).group(1)
    examples = re.findall(r"(\d\d)\w*: \(([\d.]+) \+ ([\d.]+) \+ ([\d.]+)\) × 1\.5 = ([\d.]+) → (\d+)", block)
    assert [number for number, *_ in examples] == ["06", "09", "10"]
    by_number = {p.stem[:2]: p for p in edition_notebooks("en")}
    for number, read, code, run, raw, slot in examples:
        assert abs((float(read) + float(code) + float(run)) * 1.5 - float(raw)) < 0.2, (number, read, code, run, raw)
        assert int(slot) == max(5, 5 * round(float(raw) / 5)), (number, raw, slot)
        found = counts(by_number[number])  # and the reading and code minutes are this notebook's
        assert abs(float(read) - found["words"] / 150) < 0.06 and abs(float(code) - found["code_lines"] / 15) < 0.06


def test_a_guide_without_its_markers_is_named():
    with pytest.raises(guide_tables.GuideError, match="timings:table"):
        guide_tables.render("# a guide with no generated block\n", "en")


def test_a_changed_notebook_shows_in_the_table(tmp_path, monkeypatch):
    """Counts are read from the notebook files: one more markdown word in 06 changes 06's row."""
    import json
    import shutil

    from handoffs.kit import notebooks

    copy = tmp_path / "notebooks"
    shutil.copytree(notebooks.NOTEBOOKS, copy, ignore=shutil.ignore_patterns("ko", "*.mine-*"))
    before = guide_tables.table("en")
    page = json.loads((copy / "06_the_handoff_team.ipynb").read_text())
    markdown = next(c for c in page["cells"] if c["cell_type"] == "markdown")
    markdown["source"] = "".join(markdown["source"]) + " extra"
    (copy / "06_the_handoff_team.ipynb").write_text(json.dumps(page))
    monkeypatch.setattr(guide_tables, "edition_notebooks", lambda language: sorted(copy.glob("*.ipynb")))
    after = guide_tables.table("en")
    changed = [(a, b) for a, b in zip(before.splitlines(), after.splitlines()) if a != b]
    assert len(changed) == 1 and changed[0][0].startswith("| 06_the_handoff_team")
