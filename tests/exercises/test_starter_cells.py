"""The exercise notebooks' cells can be re-run in any order without changing what they give, or the kit.

Each notebook runs in a real kernel (nbclient), top to bottom; then its exercise cells and check cell run again,
twice and out of order. The check's output must be the same every time, and the kit's own step table untouched
(notebook 04's starter builds on a fresh copy, never on ``STEP_TABLE`` itself).
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
KIT_BINDER = ("from handoffs.part1 import STEP_TABLE\n"
              "print({name: [t.name for t in step['tools']] for name, step in STEP_TABLE.items()})")
SEED_BINDER = ("{'triage': ['record_issue'], 'resolve': ['resolve_billing', 'resolve_technical', 'resolve_other', "
               "'end_conversation'], 'done': []}")


def text_of(cell) -> str:
    parts = []
    for output in cell.get("outputs", []):
        if output.get("output_type") == "error":
            parts.append(f"ERROR {output['ename']}: {output['evalue']}")
        parts.append(output.get("text") or output.get("data", {}).get("text/plain", ""))
    return "".join(parts)


def index_of(notebook, needle: str) -> int:
    return next(i for i, c in enumerate(notebook.cells) if c.cell_type == "code" and needle in c.source)


@pytest.mark.parametrize("name, edited, check", [
    ("03b_exercise_step_guard.ipynb", "my_step_guard =", "report = check_step_guard"),
    ("03b_exercise_step_guard_solution.ipynb", "def my_step_guard", "report = check_step_guard"),
    ("04_exercise_escalate_step.ipynb", "my_step_table = seed_step_table()", "report = check_escalate_step"),
    ("04_exercise_escalate_step_solution.ipynb", "my_step_table = {", "report = check_escalate_step"),
    ("07_exercise_extend_the_team.ipynb", "async def build_extended_team", "await check_specialist"),
    ("07_exercise_extend_the_team_solution.ipynb", "async def build_extended_team", "await check_specialist"),
])
def test_re_running_cells_in_any_order_gives_the_same_check(name, edited, check):
    notebook = nbformat.read(NOTEBOOKS / name, as_version=4)
    notebook.cells.append(nbformat.v4.new_code_cell(KIT_BINDER))
    # the kernel is killed at the end, not asked to shut down (1-2 s a kernel of waiting; nothing here reads it after)
    client = NotebookClient(notebook, timeout=120, kernel_name="python3", shutdown_kernel="immediate",
                            resources={"metadata": {"path": str(NOTEBOOKS)}})
    with client.setup_kernel():
        for index, cell in enumerate(notebook.cells):
            client.execute_cell(cell, index)
        first = text_of(notebook.cells[index_of(notebook, check)])
        assert first and "ERROR" not in first
        edit, report, kit = index_of(notebook, edited), index_of(notebook, check), len(notebook.cells) - 1
        for order in ([edit, edit, report], [report, edit, report, report], [edit, kit, edit, report]):
            for index in order:
                client.execute_cell(notebook.cells[index], index)
            assert text_of(notebook.cells[report]) == first
        client.execute_cell(notebook.cells[kit], kit)
        assert text_of(notebook.cells[kit]).strip() == SEED_BINDER
