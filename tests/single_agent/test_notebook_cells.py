"""Where a notebook has the learner type code that a module also holds, the two must stay identical."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import nbformat
import pytest

from handoffs.exercises import single_agent_escalate_solution as solution
from handoffs.single_agent import binder

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def tagged_cells(name: str, tag: str) -> list[str]:
    notebook = nbformat.read(NOTEBOOKS / name, as_version=4)
    return [c.source for c in notebook.cells if c.cell_type == "code" and tag in c.metadata.get("tags", [])]


def test_notebook_01_loop_is_the_modules_run_turn():
    (cell,) = tagged_cells("01_the_idea_without_a_framework.ipynb", "build-it-yourself")
    assert cell.strip() == inspect.getsource(binder.run_turn).strip()


def _definitions(source: str) -> dict[str, str]:
    """Top-level functions and assignments of some source, each as ast.unparse text (comments/spacing aside)."""
    found = {}
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found[node.name] = ast.unparse(node)
        elif isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            found[node.targets[0].id] = ast.unparse(node.value)
    return found


@pytest.mark.parametrize("name", ["escalate_to_manager", "open_manager_ticket", "TRIAGE_WITH_ESCALATION",
                                  "ESCALATE_PROMPT"])
def test_notebook_04_solution_cells_match_the_solution_module(name):
    cells = _definitions("\n\n".join(tagged_cells("04_exercise_escalate_step_solution.ipynb", "solution")))
    module = _definitions(inspect.getsource(solution))
    assert cells[name] == module[name]


def test_notebook_04_solution_configs_are_the_modules_configs():
    cells = _definitions("\n\n".join(tagged_cells("04_exercise_escalate_step_solution.ipynb", "solution")))
    returned = next(n for n in ast.walk(ast.parse(inspect.getsource(solution.escalate_configs)))
                    if isinstance(n, ast.Return))
    assert cells["my_configs"] == ast.unparse(returned.value)
