"""``./kit test`` on several cores: which runs get pytest-xdist workers, and which tests must share a worker."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from handoffs.kit import testing

ROOT = Path(__file__).resolve().parents[1]


def _root_conftest():
    spec = importlib.util.spec_from_file_location("kit_root_conftest", ROOT / "conftest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_notebooks_cells_and_the_browser_tests_each_stay_on_one_worker():
    unit = _root_conftest().work_unit
    cells = {unit(f"notebooks/ko/06_the_handoff_team.ipynb::Cell {n}") for n in range(30)}
    assert cells == {"notebooks/ko/06_the_handoff_team.ipynb"}
    assert unit("notebooks/06_the_handoff_team.ipynb::Cell 0") != unit("notebooks/ko/06_the_handoff_team.ipynb::Cell 0")
    browser = {unit("tests/browser/test_slides.py::test_deck[en]"), unit("tests/browser/test_kit_lab_url.py::test_url")}
    assert browser == {"browser"}
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
