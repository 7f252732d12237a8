"""Lesson code has one source: the notebook cells a learner writes. This module runs them as modules.

A notebook that builds a part's pattern (notebook 06: seed 003's handoff team) marks the code cells that define it
with the cell tag ``lesson``. :func:`run_cells` executes exactly those cells, in notebook order, into a module's
namespace; :func:`load` imports that module (``load("06")`` is :mod:`handoffs.lessons.part2`), so Python caches it
like any import. Tests, the exercise checkers, notebook 08's many sessions and gRPC processes, and Part 3 all import
the classes the learner wrote — there is no second, hand-kept copy to drift. A later ``lesson`` cell may redefine a
name (``class AIAgent(AIAgent): ...`` adds a fix to the class of an earlier cell); the module keeps the last one.

Lesson cells are plain Python (no top-level ``await``, no ``%magic``): they define things; the notebook's other
cells run them. The notebooks are found beside the package (``<repository>/notebooks``) or in ``HANDOFFS_NOTEBOOKS``.
Not here: what the lessons define (read the notebook) or the Korean edition (its code cells are the English ones,
``handoffs.kit.editions`` checks that; the English edition is the source).
"""

from __future__ import annotations

import importlib
import json
import linecache
import os
from pathlib import Path
from types import ModuleType
from typing import Any, List, MutableMapping, Tuple

TAG = "lesson"
MODULES = {"06": "part2"}
"""Which notebook (by its number) a lesson module is made of."""


def notebooks_folder() -> Path:
    """Where the English notebooks are: ``HANDOFFS_NOTEBOOKS``, else the repository's ``notebooks/``."""
    configured = os.environ.get("HANDOFFS_NOTEBOOKS")
    folder = Path(configured) if configured else Path(__file__).resolve().parents[3] / "notebooks"
    if not folder.is_dir():
        raise FileNotFoundError(f"The lesson notebooks are not at {folder}: the lesson code lives in the notebooks, so "
                                "run the kit from its repository, or set HANDOFFS_NOTEBOOKS to the notebooks folder.")
    return folder


def notebook_of(number: str) -> Path:
    """The English notebook whose name starts with ``number`` (e.g. ``"06"``)."""
    found = sorted(notebooks_folder().glob(f"{number}_*.ipynb"))
    found = [path for path in found if "solution" not in path.stem]
    if len(found) != 1:
        raise FileNotFoundError(f"Expected one notebook {number}_*.ipynb in {notebooks_folder()}, found "
                                f"{[p.name for p in found] or 'none'}.")
    return found[0]


def lesson_cells(number: str) -> List[Tuple[str, str]]:
    """``(cell id, source)`` of every code cell tagged ``lesson`` in notebook ``number``, in order."""
    notebook = json.loads(notebook_of(number).read_text(encoding="utf-8"))
    cells = []
    for index, cell in enumerate(notebook.get("cells", [])):
        if cell.get("cell_type") == "code" and TAG in cell.get("metadata", {}).get("tags", []):
            source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
            cells.append((cell.get("id", str(index)), source))
    if not cells:
        raise ValueError(f"{notebook_of(number).name} has no code cell tagged {TAG!r}.")
    return cells


def run_cells(number: str, namespace: MutableMapping[str, Any]) -> None:
    """Execute the ``lesson`` cells of notebook ``number`` into ``namespace`` (a module's globals).

    A failing cell names itself: ``06_the_handoff_team.ipynb, cell 'ai-agent'`` is the file name of its code."""
    name = notebook_of(number).name
    for cell_id, source in lesson_cells(number):
        filename = f"{name}, cell {cell_id!r}"
        # tracebacks and inspect show the cell's lines, as they show a file's
        linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
        code = compile(source, filename, "exec")
        exec(code, namespace)  # noqa: S102 - the kit's own notebook: this is how its lesson code becomes a module


def load(number: str) -> ModuleType:
    """The module made of notebook ``number``'s lesson cells (imported once, then cached like any module)."""
    try:
        module = MODULES[number]
    except KeyError:
        raise KeyError(f"No lesson module is made of notebook {number!r}; known: {sorted(MODULES)}.") from None
    return importlib.import_module(f"{__name__}.{module}")


__all__: List[str] = ["TAG", "MODULES", "lesson_cells", "load", "notebook_of", "notebooks_folder", "run_cells"]
