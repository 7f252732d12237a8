"""Lesson code has one source: the notebook cells.

Notebook 02's lesson cells (state, the transfer tool ``record_issue``, the step table, the middleware) are the kit's
only copy: the kit's modules hand out the objects those cells make (:func:`handoffs.lessons.load`), and notebook 02's
bot, built by its own ``create_agent`` cell, behaves as the kit's. Notebook 01's loop and the solution cells of
notebooks 03b and 04 are still compared with their modules as syntax trees (comments and spacing aside).
"""

from __future__ import annotations

import ast
import inspect
import sys
import types
from pathlib import Path

import nbformat
import pytest

from handoffs.exercises import part1_escalate_solution, part1_guard_solution
from handoffs.recorder import RunRecorder
from handoffs.part1 import agent as agent_module
from handoffs.part1 import by_hand, middleware, state, steps, tools
from handoffs.lessons import load
from handoffs.part1.steps import STEP_TABLE, all_tools

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


def test_notebook_01_lesson_cells_are_the_kits_only_copy():
    lesson = load(by_hand.LESSON)
    for name in by_hand.LESSON_NAMES:
        assert getattr(by_hand, name) is getattr(lesson, name)
        assert f"def {name}(" not in inspect.getsource(by_hand)
    (cell,) = tagged_cells("01_the_idea_without_a_framework.ipynb", "build-it-yourself")
    assert "def run_turn(" in cell
    assert by_hand.run_turn.__code__.co_filename.startswith("01_the_idea_without_a_framework.ipynb, cell")


NOTEBOOK_02 = "02_langchain_support_bot.ipynb"


def test_notebook_02_lesson_cells_are_the_kits_only_copy():
    """The kit's state, transfer tool, step table and middleware ARE notebook 02's cells (no second copy)."""
    lesson = load(state.LESSON)
    assert state.SupportState is lesson.SupportState
    assert tools.record_issue is lesson.record_issue
    assert middleware.configure_request is lesson.configure_request
    assert middleware.apply_step_config is lesson.apply_step_config
    assert {name: [t.name for t in step["tools"]] for name, step in steps.STEP_TABLE.items()} == {
        name: [t.name for t in step["tools"]] for name, step in lesson.STEP_TABLE.items()}
    assert steps.STEP_TABLE["triage"]["tools"][0] is lesson.record_issue
    modules = "".join(inspect.getsource(m) for m in (state, tools, steps, middleware))
    for written in ("class SupportState(AgentState):\n    \"\"\"", "def record_issue(", "\nSTEP_TABLE = {",
                    "def configure_request(", "def apply_step_config(request: ModelRequest, handler: Callable["):
        assert written not in modules, f"{written!r} is lesson code: notebook 02's cell is its only copy"


def test_notebook_02_registers_every_tool_the_step_table_offers_with_the_seeds_middleware():
    call = next(n for n in ast.walk(ast.parse("\n\n".join(tagged_cells(NOTEBOOK_02, "seed-code"))))
                if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "create_agent")
    keywords = {k.arg: k.value for k in call.keywords}
    assert [ast.unparse(e) for e in keywords["tools"].elts] == [t.name for t in all_tools(STEP_TABLE)]
    assert ast.unparse(keywords["middleware"].elts[0]) == "apply_step_config"
    assert ast.unparse(keywords["state_schema"]) == "SupportState"


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


@pytest.mark.parametrize("module, notebook, names", [
    (part1_guard_solution, "03b_exercise_step_guard_solution", ["my_step_guard"]),
    (part1_escalate_solution, "04_exercise_escalate_step_solution",
     ["escalate_to_manager", "open_manager_ticket", "TRIAGE_WITH_ESCALATION", "ESCALATE_PROMPT"]),
])
def test_the_solution_modules_are_the_solution_notebooks_cells(module, notebook, names):
    """One copy: each solution module hands out what its notebook's lesson cells define, and writes none of it."""
    lesson = load(notebook)
    for name in names:
        assert getattr(module, name) is getattr(lesson, name)
        assert f"def {name}(" not in inspect.getsource(module) and f"\n{name} = \"" not in inspect.getsource(module)
    if module is part1_escalate_solution:
        built = module.escalate_step_table()
        assert built is not lesson.my_step_table and built["escalate"]["tools"] == lesson.my_step_table["escalate"]["tools"]
