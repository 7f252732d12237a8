"""``python kit.py reset [NOTEBOOK]`` puts a broken notebook back as committed and never loses the learner's work.

Run as a learner on Windows would: ``python kit.py`` with no bash on PATH (only python and git), in a throw-away
git repository holding this checkout's kit and notebooks.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from workshop_helpers import no_bash_path, run_kit

NB = "03_under_the_hood.ipynb"


def mine(root, stem):
    return sorted((root / "notebooks").glob(f"{stem}.mine-*.ipynb"))


def test_a_broken_notebook_comes_back_and_the_learners_version_is_kept(kit_checkout, tmp_path):
    root, path = kit_checkout, no_bash_path(tmp_path, "git")
    committed = (root / "notebooks" / NB).read_bytes()
    (root / "notebooks" / NB).write_text('{"cells": [ broken by a learner')
    result = run_kit(root, "reset", "03", path=path)
    assert result.returncode == 0, result.stderr
    assert (root / "notebooks" / NB).read_bytes() == committed
    copies = mine(root, "03_under_the_hood")
    assert len(copies) == 1 and copies[0].read_text() == '{"cells": [ broken by a learner'
    assert copies[0].name in result.stdout and "back to its committed version" in result.stdout


def test_two_resets_in_one_second_keep_both_versions(kit_checkout, tmp_path):
    root, path = kit_checkout, no_bash_path(tmp_path, "git")
    for attempt in ("first try", "second try"):
        (root / "notebooks" / NB).write_text(attempt)
        assert run_kit(root, "reset", NB, path=path).returncode == 0
    assert sorted(p.read_text() for p in mine(root, "03_under_the_hood")) == ["first try", "second try"]


def test_reset_all_restores_deleted_and_changed_notebooks_and_leaves_the_rest(kit_checkout, tmp_path):
    root, path = kit_checkout, no_bash_path(tmp_path, "git")
    (root / "notebooks" / "01_the_idea_without_a_framework.ipynb").unlink()
    edited = json.loads((root / "notebooks" / "06_the_handoff_team.ipynb").read_text())
    edited["cells"][0]["source"] = "my notes"
    (root / "notebooks" / "06_the_handoff_team.ipynb").write_text(json.dumps(edited))
    (root / "notebooks" / "my_own.ipynb").write_text("{}")  # a learner's new notebook: not the kit's, left alone
    result = run_kit(root, "reset", path=path)
    assert result.returncode == 0, result.stderr
    assert subprocess.run(["git", "-C", str(root), "status", "--porcelain", "--", "notebooks/*_*.ipynb"],
                          capture_output=True, text=True).stdout.split() == ["??", "notebooks/06_the_handoff_team.mine-" +
                          mine(root, "06_the_handoff_team")[0].name.split(".mine-")[1], "??", "notebooks/my_own.ipynb"]
    assert mine(root, "01_the_idea_without_a_framework") == []  # nothing to keep: it was deleted
    assert (root / "notebooks" / "my_own.ipynb").read_text() == "{}"
    assert "00_start_here.ipynb: already as committed" in result.stdout


def test_learner_copies_are_not_run_as_kit_notebooks(kit_checkout, tmp_path):
    root = kit_checkout
    (root / "notebooks" / NB).write_text("changed")
    assert run_kit(root, "reset", "03", path=no_bash_path(tmp_path, "git")).returncode == 0
    names = subprocess.run([sys.executable, "-c", "import sys; sys.path.insert(0, 'src'); "
                            "from handoffs.kit.notebooks import all_notebooks; print([p.name for p in all_notebooks()])"],
                           cwd=root, capture_output=True, text=True, check=True).stdout
    assert NB in names and ".mine-" not in names


def test_bad_names_get_one_sentence_and_change_nothing(kit_checkout, tmp_path):
    root, path = kit_checkout, no_bash_path(tmp_path, "git")
    files = lambda: {p: p.read_bytes() for p in (root / "notebooks").rglob("*") if p.is_file()}  # noqa: E731
    before = files()
    for args, expected in [(["../../etc/passwd"], "no committed notebook called '../../etc/passwd'"),
                           (["99"], "no committed notebook called '99'"),
                           (["0"], "no committed notebook called '0'"),
                           (["03", "04"], "one notebook at a time"),
                           ([""], "Name the notebook")]:
        result = run_kit(root, "reset", *args, path=path)
        assert result.returncode == 2 and expected in result.stderr, (args, result.stderr)
        assert len(result.stderr.strip().splitlines()) == 1
    assert files() == before


def test_without_git_history_reset_says_what_to_do(kit_checkout, tmp_path):
    shutil.rmtree(kit_checkout / ".git")
    result = run_kit(kit_checkout, "reset", "03", path=no_bash_path(tmp_path))
    assert result.returncode == 2
    assert "needs git" in result.stderr or "not a git clone" in result.stderr


def test_the_korean_edition_is_reset_by_its_folder_and_keeps_the_learners_copy_there(kit_checkout, tmp_path):
    root, path = kit_checkout, no_bash_path(tmp_path, "git")
    korean, english = root / "notebooks" / "ko" / NB, root / "notebooks" / NB
    if not korean.exists():
        pytest.skip("no Korean edition of notebook 03 in this checkout")
    committed, english_before = korean.read_bytes(), english.read_bytes()
    korean.write_text("내가 고친 노트북")
    result = run_kit(root, "reset", "ko/03", path=path)
    assert result.returncode == 0, result.stderr
    assert korean.read_bytes() == committed and english.read_bytes() == english_before
    copies = sorted((root / "notebooks" / "ko").glob("03_under_the_hood.mine-*.ipynb"))
    assert len(copies) == 1 and copies[0].read_text() == "내가 고친 노트북"
    assert mine(root, "03_under_the_hood") == []  # the English folder got no copy
    assert f"ko/{NB}: back to its committed version" in result.stdout
    (root / "notebooks" / "ko" / "01_the_idea_without_a_framework.ipynb").unlink()
    assert run_kit(root, "reset", path=path).returncode == 0  # all notebooks, both editions
    assert (root / "notebooks" / "ko" / "01_the_idea_without_a_framework.ipynb").is_file()
    for name in ("notebooks/ko/03", "ko\\03_under_the_hood.ipynb", str(root / "notebooks" / "ko" / NB)):
        assert run_kit(root, "reset", name, path=path).returncode == 0, name
    wrong = run_kit(root, "reset", "fr/03", path=path)
    assert wrong.returncode == 2 and "no committed notebook called 'fr/03'" in wrong.stderr
