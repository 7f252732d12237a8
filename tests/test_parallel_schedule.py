"""``./kit test`` on several cores: which runs get pytest-xdist workers, and which tests must share a worker."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

from handoffs.kit import testing

ROOT = Path(__file__).resolve().parents[1]


def _root_conftest():
    spec = importlib.util.spec_from_file_location("kit_root_conftest", ROOT / "conftest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_notebooks_cells_the_jupyterlab_tests_and_the_slide_tests_each_stay_on_one_worker():
    unit = _root_conftest().work_unit
    cells = {unit(f"notebooks/ko/06_the_handoff_team.ipynb::Cell {n}") for n in range(30)}
    assert cells == {"notebooks/ko/06_the_handoff_team.ipynb"}
    assert unit("notebooks/06_the_handoff_team.ipynb::Cell 0") != unit("notebooks/ko/06_the_handoff_team.ipynb::Cell 0")
    labs = {unit("tests/browser/test_panels_in_jupyterlab.py::test_a"), unit("tests/browser/test_newcomer_drive.py::t")}
    assert labs == {"browser"}  # two JupyterLabs never run at once
    assert unit("tests/browser/test_slides.py::test_deck[en]") == unit("tests/browser/test_slides.py::test_pdf[ko]")
    assert unit("tests/browser/test_slides.py::test_deck[en]") != "browser"  # no lab: may run beside one
    assert unit("tests/models/test_routing.py::test_a[x]") == unit("tests/models/test_routing.py::test_b")
    assert unit("tests/models/test_routing.py::test_a") != unit("tests/models/test_idioms.py::test_a")


def test_the_full_run_and_the_notebooks_use_the_cores_unless_told_otherwise(monkeypatch):
    monkeypatch.setenv("HANDOFFS_TEST_WORKERS", "2")
    assert testing.parallel_arguments("all", []) == ["-n", "2", "--dist", "loadscope"]
    assert testing.parallel_arguments("notebooks", ["-x"]) == ["-n", "2", "--dist", "loadscope"]
    assert testing.parallel_arguments("all", ["-n", "0"]) == []  # the caller's own -n wins
    assert testing.parallel_arguments("models", []) == []  # a group runs in one process
    monkeypatch.setenv("HANDOFFS_TEST_WORKERS", "1")
    assert testing.parallel_arguments("all", []) == []


def test_a_run_of_notebooks_alone_leaves_out_what_checks_no_notebook_and_the_full_run_keeps_it():
    notebooks = testing.pytest_arguments("notebooks")
    assert "--nbval" in notebooks and "--assert=plain" in notebooks and "no:syrupy" in notebooks
    one = testing.pytest_arguments("notebooks/02_langchain_support_bot.ipynb")
    assert "--nbval" in one and "--assert=plain" in one
    full = testing.pytest_arguments("all")
    assert "--nbval" in full and "--assert=plain" not in full and "no:syrupy" not in full  # test modules' asserts


def test_the_kits_code_is_byte_compiled_before_a_run():
    testing.compile_sources(Path(sys.executable))
    init = ROOT / "src" / "handoffs" / "__init__.py"
    assert Path(importlib.util.cache_from_source(str(init))).exists()


def test_units_are_handed_out_costliest_first_and_a_unit_never_timed_is_estimated_by_its_tests():
    conftest = _root_conftest()
    units = {"tests/a.py": 3, "browser": 8, "notebooks/09.ipynb": 19, "tests/new.py": 40, "tests/tiny_new.py": 1}
    seconds = {"tests/a.py": 90.0, "browser": 300.0, "notebooks/09.ipynb": 50.0, "tests/gone.py": 7.0}
    # 440 s over 30 tests: 14.7 s a test, so the new 40-test file is estimated at 587 s and the new 1-test one at 15 s
    assert conftest.costliest_first(units, seconds) == [
        "tests/new.py", "browser", "tests/a.py", "notebooks/09.ipynb", "tests/tiny_new.py"]
    assert conftest.costliest_first({"x": 2, "y": 2}, {}) == ["x", "y"]  # nothing timed: by tests, then as collected


def test_the_recorded_seconds_name_units_that_exist_and_a_run_records_them_in_the_same_format():
    conftest = _root_conftest()
    recorded = conftest.unit_seconds()
    assert recorded["browser"] > 0 and len(recorded) > 50
    missing = [unit for unit in recorded if unit != "browser" and not (ROOT / unit).exists()]
    assert missing == [], f"tests/unit_seconds.json names units that are gone: {missing}"
    entry = conftest.merged({"tests/a.py": 4.0, "tests/b.py": 2.0}, {"tests/b.py": 9.04, "notebooks/c.ipynb": 1.0})
    assert entry["seconds"] == {"tests/b.py": 9.0, "tests/a.py": 4.0, "notebooks/c.ipynb": 1.0}
    assert list(entry["seconds"]) == ["tests/b.py", "tests/a.py", "notebooks/c.ipynb"]  # costliest first
    assert set(entry) == set(json.loads(conftest.RECORDED.read_text(encoding="utf-8")))
