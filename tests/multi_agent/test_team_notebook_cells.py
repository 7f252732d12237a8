"""Notebook 06's registrations cell and notebook 07's solution cells are the kit's own code, word for word.

Notebook 06 runs ``register_seed_agents`` as a cell — the seed's registration cell that ``build_team`` calls — and
notebook 07 asks learners to write the same kind of cell; a test keeps the notebooks from drifting from the code.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import nbformat

from handoffs.exercises import multi_agent_specialist_solution as solution
from handoffs.multi_agent import team

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def code_cells(name: str, tag: str | None = None) -> list[str]:
    notebook = nbformat.read(NOTEBOOKS / name, as_version=4)
    return [c.source for c in notebook.cells
            if c.cell_type == "code" and (tag is None or tag in c.metadata.get("tags", []))]


def test_notebook_06_runs_the_kits_registrations_as_a_cell():
    (cell,) = code_cells("06_the_handoff_team.ipynb", "seed-code")
    assert cell.strip() == inspect.getsource(team.register_seed_agents).strip()
    assert cell.count("await runtime.add_subscription(") == cell.count(".register(") == 5


def test_build_team_registers_through_that_cell():
    assert "await register_seed_agents(" in inspect.getsource(team.build_team)


def test_the_07_solution_notebook_shows_the_solution_module_word_for_word():
    cells = "\n".join(code_cells("07_exercise_extend_the_team_solution.ipynb"))
    source = Path(solution.__file__).read_text()
    taught = [n for n in ast.parse(source).body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Assign))]
    assert len(taught) == 5
    for node in taught:
        assert ast.get_source_segment(source, node) in cells, node
