"""Where a notebook has the learner run code that a module also holds, the two must stay identical.

Notebook 01's loop, notebook 02's seed pieces (state, the Command tool, the binder, the middleware, and the
``create_agent`` call that puts them together), and the solution cells of notebooks 03b and 04 are the kit's own
code: a learner reads and edits exactly what the kit runs. Cells are compared with the module's definitions as
syntax trees (comments and spacing aside); notebook 02's bot is also run and compared with the kit's bot.
"""

from __future__ import annotations

import ast
import inspect
import sys
import types
from pathlib import Path

import nbformat
import pytest

from handoffs.exercises import single_agent_escalate_solution, single_agent_guard_solution
from handoffs.recorder import RunRecorder
from handoffs.single_agent import agent as agent_module
from handoffs.single_agent import binder, middleware, state, steps, tools
from handoffs.single_agent.steps import STEP_CONFIGS, all_tools

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def tagged_cells(name: str, tag: str) -> list[str]:
    notebook = nbformat.read(NOTEBOOKS / name, as_version=4)
    return [c.source for c in notebook.cells if c.cell_type == "code" and tag in c.metadata.get("tags", [])]


def definitions(source: str) -> dict[str, str]:
    """Top-level functions, classes and assignments of some source, each as ast.unparse text."""
    found = {}
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found[node.name] = ast.unparse(node)
        elif isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            found[node.targets[0].id] = ast.unparse(node.value)
    return found


def returned(function) -> str:
    """The expression a function returns (its last return), as ast.unparse text."""
    node = [n for n in ast.walk(ast.parse(inspect.getsource(function))) if isinstance(n, ast.Return)][-1]
    return ast.unparse(node.value)


def test_notebook_01_loop_is_the_modules_run_turn():
    (cell,) = tagged_cells("01_the_idea_without_a_framework.ipynb", "build-it-yourself")
    assert cell.strip() == inspect.getsource(binder.run_turn).strip()


NOTEBOOK_02 = "02_langchain_support_bot.ipynb"


@pytest.mark.parametrize("name, module", [("SupportState", state), ("record_issue", tools),
                                          ("configure_request", middleware), ("apply_step_config", middleware)])
def test_notebook_02_seed_cells_are_the_kits_code(name, module):
    cells = definitions("\n\n".join(tagged_cells(NOTEBOOK_02, "seed-code")))
    assert cells[name] == definitions(inspect.getsource(module))[name]


def test_notebook_02_binder_is_the_seeds_binder():
    cells = definitions("\n\n".join(tagged_cells(NOTEBOOK_02, "seed-code")))
    assert cells["STEP_CONFIGS"] == returned(steps.seed_configs)


def test_notebook_02_registers_every_tool_the_binder_offers_with_the_seeds_middleware():
    call = next(n for n in ast.walk(ast.parse("\n\n".join(tagged_cells(NOTEBOOK_02, "seed-code"))))
                if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "create_agent")
    keywords = {k.arg: k.value for k in call.keywords}
    assert [ast.unparse(e) for e in keywords["tools"].elts] == [t.name for t in all_tools(STEP_CONFIGS)]
    assert ast.unparse(keywords["middleware"].elts[0]) == "apply_step_config"
    assert ast.unparse(keywords["state_schema"]) == "SupportState"
    assert "create_agent(" in inspect.getsource(agent_module.build_support_agent)


def run_cells(name: str, tag: str, monkeypatch) -> dict:
    """Run a notebook's tagged cells in a module of their own (as a kernel's __main__ is), return its namespace."""
    module = types.ModuleType(f"notebook_{name[:2]}")
    monkeypatch.setitem(sys.modules, module.__name__, module)
    for source in tagged_cells(name, tag):
        exec(compile(source, name, "exec"), module.__dict__)
    return module.__dict__


def _run_notebook_02_bot(texts, monkeypatch):
    namespace = run_cells(NOTEBOOK_02, "seed-code", monkeypatch)
    bot, recorder = namespace["agent"], namespace["recorder"]
    for number, text in enumerate(texts):
        bot.invoke({"messages": [{"role": "user", "content": text}]}, {"configurable": {"thread_id": f"t{number}"}})
    return recorder


def _run_kits_bot(texts):
    recorder = RunRecorder()
    for number, text in enumerate(texts):
        bot = agent_module.build_support_agent(guard=False, recorder=recorder)
        bot.invoke({"messages": [{"role": "user", "content": text}]}, {"configurable": {"thread_id": f"t{number}"}})
    return recorder


def test_notebook_02_bot_behaves_like_the_kits_bot(monkeypatch):
    texts = ["I was charged twice", "My app crashes when I log in", "Hello!", "I want to change my address"]
    mine, kits = _run_notebook_02_bot(texts, monkeypatch), _run_kits_bot(texts)
    for number in range(len(texts)):
        assert mine.describe(f"t{number}", width=400) == kits.describe(f"t{number}", width=400)
    assert kits.steps_visited("t0") == ["triage", "resolve", "done"]


def test_notebook_03b_solution_cell_is_the_solution_module():
    cells = definitions("\n\n".join(tagged_cells("03b_exercise_step_guard_solution.ipynb", "solution")))
    assert cells["my_step_guard"] == definitions(inspect.getsource(single_agent_guard_solution))["my_step_guard"]


@pytest.mark.parametrize("name", ["escalate_to_manager", "open_manager_ticket", "TRIAGE_WITH_ESCALATION",
                                  "ESCALATE_PROMPT"])
def test_notebook_04_solution_cells_match_the_solution_module(name):
    cells = definitions("\n\n".join(tagged_cells("04_exercise_escalate_step_solution.ipynb", "solution")))
    assert cells[name] == definitions(inspect.getsource(single_agent_escalate_solution))[name]


def test_notebook_04_solution_configs_are_the_modules_configs():
    cells = definitions("\n\n".join(tagged_cells("04_exercise_escalate_step_solution.ipynb", "solution")))
    assert cells["my_configs"] == returned(single_agent_escalate_solution.escalate_configs)
