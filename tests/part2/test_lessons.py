"""Part 2's lesson code has one source, notebook 06's cells, and the kit runs exactly those cells.

The classes tests, checkers, notebook 08 and Part 3 use are the ones the learner writes in notebook 06
(``handoffs.lessons.part2``); no module under ``src/`` keeps a copy; a changed cell changes the kit; no notebook
prints lesson code with ``inspect.getsource``; the 07 solution notebook shows the solution module word for word.
"""

from __future__ import annotations

import ast
import json
import re
import shutil
from pathlib import Path

import nbformat
import pytest

from handoffs import lessons
from handoffs.exercises import part2_specialist_solution as solution
from handoffs.lessons import part2

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
NOTEBOOK_06 = NOTEBOOKS / "06_the_handoff_team.ipynb"


def code_cells(path: Path, tag: str | None = None) -> list[str]:
    notebook = nbformat.read(path, as_version=4)
    return [c.source for c in notebook.cells
            if c.cell_type == "code" and (tag is None or tag in c.metadata.get("tags", []))]


def test_notebook_06_builds_the_team_in_its_cells():
    code = "\n".join(code_cells(NOTEBOOK_06))
    assert code.count("@message_handler") >= 3
    for defined in ("class AIAgent(RoutedAgent)", "class HumanAgent(RoutedAgent)", "class UserAgent(RoutedAgent)",
                    "class UserLogin(BaseModel)", "class UserTask(BaseModel)", "class AgentResponse(BaseModel)",
                    "def transfer_to_sales_agent()", ".register(", "TypeSubscription(", "self.publish_message(",
                    "await runtime.publish_message(UserLogin(), topic_id=TopicId(user_topic_type"):
        assert defined in code, defined
    for helper in ("run_scripted_session", "build_team", "new_runtime", "open_session", "getsource"):
        assert helper not in code, helper


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("*.ipynb")) + sorted((NOTEBOOKS / "ko").glob("*.ipynb")),
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_notebook_prints_source_code(path):
    for cell in code_cells(path):
        assert not re.search(r"\bgetsource\b|\bgetsourcelines\b|\.__code__", cell), cell[:200]


def test_the_kits_team_is_the_notebooks_cells():
    assert part2.AIAgent._answer.__code__.co_filename == "06_the_handoff_team.ipynb, cell 'ai-agent'"
    assert part2.AIAgent._transfer.__code__.co_filename == "06_the_handoff_team.ipynb, cell 'loop-bound'"
    assert part2.register_team.__code__.co_filename == "06_the_handoff_team.ipynb, cell 'register-team'"
    assert [cls.__name__ for cls in part2.AIAgent.__mro__[:3]] == ["AIAgent"] * 3  # seed loop + two fixes
    assert lessons.load("06") is part2


def test_no_module_in_src_keeps_a_copy_of_the_lesson_code():
    src = ROOT / "src" / "handoffs"
    for path in src.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "@message_handler" not in text and "(RoutedAgent)" not in text, path
    assert not (src / "part2" / "agents.py").exists()


def test_lesson_cells_are_plain_python():
    for cell_id, source in lessons.lesson_cells("06"):
        compile(source, cell_id, "exec")  # no top-level await, no %magic: the kit imports them as a module


def test_a_changed_cell_changes_the_kit(tmp_path, monkeypatch):
    copy = tmp_path / "notebooks"
    copy.mkdir()
    notebook = json.loads(NOTEBOOK_06.read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        source = "".join(cell["source"])
        if cell.get("id") == "transfer-tools":
            assert '"Use for anything sales or buying related."' in source
            cell["source"] = source.replace('"Use for anything sales or buying related."', '"Use for purchases."')
    (copy / NOTEBOOK_06.name).write_text(json.dumps(notebook), encoding="utf-8")
    monkeypatch.setenv("HANDOFFS_NOTEBOOKS", str(copy))
    namespace: dict = {"__name__": "changed_lesson"}
    lessons.run_cells("06", namespace)
    assert namespace["transfer_to_sales_agent_tool"].description == "Use for purchases."
    assert part2.transfer_to_sales_agent_tool.description == "Use for anything sales or buying related."


def test_missing_notebooks_are_named(tmp_path, monkeypatch):
    monkeypatch.setenv("HANDOFFS_NOTEBOOKS", str(tmp_path / "nowhere"))
    with pytest.raises(FileNotFoundError, match="HANDOFFS_NOTEBOOKS"):
        lessons.lesson_cells("06")


def test_the_07_solution_notebook_shows_the_solution_module_word_for_word():
    cells = "\n".join(code_cells(NOTEBOOKS / "07_exercise_extend_the_team_solution.ipynb"))
    source = Path(solution.__file__).read_text()
    taught = [n for n in ast.parse(source).body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Assign))]
    assert len(taught) == 5
    for node in taught:
        assert ast.get_source_segment(source, node) in cells, node
