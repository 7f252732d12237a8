"""The catalogue's table (README.md) and its tests agree: every fault test is in a row, every row names real tests."""

from __future__ import annotations

import ast
import re
from pathlib import Path

HERE = Path(__file__).parent


def fault_test_names() -> set[str]:
    names: set[str] = set()
    for path in HERE.glob("test_*.py"):
        if path.name == Path(__file__).name:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names |= {node.name for node in tree.body
                  if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_")}
    return names


def rows_of_the_table() -> dict[str, set[str]]:
    rows: dict[str, set[str]] = {}
    for line in (HERE / "README.md").read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 4 and re.fullmatch(r"[A-Z]\d+", cells[0]):
            rows[cells[0]] = {name.split("[")[0] for name in re.findall(r"`(test_\w+(?:\[\w+\])?)`", cells[3])}
    return rows


def test_every_fault_test_is_a_row_of_the_table_and_every_row_names_real_tests():
    rows = rows_of_the_table()
    named = set().union(*rows.values())
    assert len(rows) >= 35
    assert fault_test_names() - named == set(), "tests missing from README.md's table"
    assert named - fault_test_names() == set(), "README.md names tests that do not exist"
    assert all(names or row == "X2" for row, names in rows.items()), "a row without a test"
