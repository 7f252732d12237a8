"""The catalogue's table (README.md) and its tests agree: every fault test is in a row, every row names real tests."""

from __future__ import annotations

import ast
import re
from pathlib import Path

HERE = Path(__file__).parent


def defined_tests(paths) -> set[str]:
    names: set[str] = set()
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names |= {node.name for node in tree.body
                  if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_")}
    return names


def fault_test_names() -> set[str]:
    return defined_tests(path for path in HERE.glob("test_*.py") if path.name != Path(__file__).name)


def rows_of_the_table() -> dict[str, set[str]]:
    rows: dict[str, set[str]] = {}
    for line in (HERE / "README.md").read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 4 and re.fullmatch(r"[A-Z]\d+", cells[0]):
            rows[cells[0]] = {name.split("[")[0]
                              for name in re.findall(r"`((?:tests/[\w/]+\.py::)?test_\w+(?:\[\w+\])?)`", cells[3])}
    return rows


def test_every_fault_test_is_a_row_of_the_table_and_every_row_names_real_tests():
    """A row may name a test in another folder as ``tests/…/test_x.py::test_name`` (one that already drives the
    same conversations through the same processes, rather than a second copy here)."""
    rows = rows_of_the_table()
    named = set().union(*rows.values())
    here = {name for name in named if "::" not in name}
    elsewhere = {name for name in named if "::" in name}
    assert len(rows) >= 35
    assert fault_test_names() - here == set(), "tests missing from README.md's table"
    assert here - fault_test_names() == set(), "README.md names tests that do not exist"
    missing = {name for name in elsewhere
               if name.split("::")[1] not in defined_tests([HERE.parents[1] / name.split("::")[0]])}
    assert missing == set(), "README.md names tests that do not exist"
    assert all(names or row == "X2" for row, names in rows.items()), "a row without a test"
