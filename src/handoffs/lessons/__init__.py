"""Lesson code has one source: the notebook cells a learner writes. This package makes modules of them.

A notebook that builds a piece of the pattern marks the code cells that define it with the cell tag ``lesson``
(notebook 01's loop by hand, 02's state, transfer tools, step table and middleware, 06's handoff team, 09's two
designs, 10's payload, history filters, hook and LangGraph graph, the exercise solutions). :func:`load` executes exactly those cells, in notebook order, into
one fresh module and caches it: ``load("06")`` (a notebook's number) is :mod:`handoffs.lessons.part2`, imported like
any module; ``load("02_langchain_support_bot")`` (a notebook's stem) is ``handoffs.lessons.02_langchain_support_bot``.
Tests, the exercise checkers, notebook 08's processes, Part 3 and the kit's own modules import the classes the
learner wrote — there is no second, hand-kept copy to drift. A later ``lesson`` cell may redefine a name
(``class AIAgent(AIAgent): ...`` adds a fix to the class of an earlier cell); the module keeps the last one. Each
cell's source is registered with :mod:`linecache`, so tracebacks and ``inspect`` name the cell.

Lesson cells are plain Python (no top-level ``await``, no ``%magic``, no prints): they define things; the notebook's
other cells run them. They import only the ground (the kit's model, recorder, texts), never a module that loads the
same notebook (that is refused with a clear error). The notebooks are found beside the package
(``<repository>/notebooks``) or in ``HANDOFFS_NOTEBOOKS``. Not here: what the lessons define (read the notebook) or
the Korean edition (its code cells are the English ones; ``handoffs.kit.editions`` checks that).
"""

from __future__ import annotations

import importlib
import json
import linecache
import os
import sys
import threading
from pathlib import Path
from types import ModuleType
from typing import Any, Dict, List, MutableMapping, Set, Tuple

TAG = "lesson"
MODULES = {"06": "part2"}
"""Notebooks (by number) whose lesson module has a name of its own in this package."""

_made: Dict[str, ModuleType] = {}
_loading: Set[str] = set()
_lock = threading.RLock()


class LessonError(ImportError):
    """A notebook to load is missing, has no cell tagged ``lesson``, or its cells load themselves again."""


def notebooks_folder() -> Path:
    """Where the English notebooks are: ``HANDOFFS_NOTEBOOKS``, else the repository's ``notebooks/``."""
    configured = os.environ.get("HANDOFFS_NOTEBOOKS")
    folder = Path(configured) if configured else Path(__file__).resolve().parents[3] / "notebooks"
    if not folder.is_dir():
        raise FileNotFoundError(f"The lesson notebooks are not at {folder}: the lesson code lives in the notebooks, so "
                          "run the kit from its repository, or set HANDOFFS_NOTEBOOKS to the notebooks folder.")
    return folder


def notebook_of(name: str) -> Path:
    """The English notebook ``name`` names: a stem (``"02_langchain_support_bot"``) or a number (``"06"``)."""
    folder = notebooks_folder()
    exact = folder / f"{name}.ipynb"
    if exact.is_file():
        return exact
    found = [p for p in sorted(folder.glob(f"{name}_*.ipynb")) if "solution" not in p.stem]
    if len(found) != 1:
        raise LessonError(f"Expected one notebook {name}_*.ipynb (or {name}.ipynb) in {folder}, found "
                          f"{[p.name for p in found] or 'none'}: the lesson code lives in its cells.")
    return found[0]


def lesson_cells(name: str) -> List[Tuple[str, str]]:
    """``(cell id, source)`` of every code cell tagged ``lesson`` in notebook ``name``, in order."""
    path = notebook_of(name)
    notebook = json.loads(path.read_text(encoding="utf-8"))
    cells = []
    for index, cell in enumerate(notebook.get("cells", [])):
        if cell.get("cell_type") == "code" and TAG in cell.get("metadata", {}).get("tags", []):
            source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
            cells.append((str(cell.get("id", index)), source))
    if not cells:
        raise LessonError(f"{path.name} has no code cell tagged {TAG!r}.")
    return cells


def run_cells(name: str, namespace: MutableMapping[str, Any]) -> None:
    """Execute the ``lesson`` cells of notebook ``name`` into ``namespace`` (a module's globals).

    A failing cell names itself: ``06_the_handoff_team.ipynb, cell 'ai-agent'`` is the file name of its code."""
    filename_of = notebook_of(name).name
    with _lock:
        if name in _loading:
            raise LessonError(f"{filename_of}'s lesson cells import a module that loads them again: a lesson cell "
                              "may import only the ground (the kit's model, recorder, texts, helpers).")
        _loading.add(name)
        try:
            for cell_id, source in lesson_cells(name):
                filename = f"{filename_of}, cell {cell_id!r}"
                linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
                exec(compile(source, filename, "exec"), namespace)  # noqa: S102 - the kit's own notebook cells
        finally:
            _loading.discard(name)


def load(name: str) -> ModuleType:
    """The module made of notebook ``name``'s lesson cells (a number such as ``"06"`` or a stem), made once."""
    if name in MODULES:
        return importlib.import_module(f"{__name__}.{MODULES[name]}")
    with _lock:
        if name in _made:
            return _made[name]
        module_name = f"{__name__}.{name.replace('-', '_')}"
        module = ModuleType(module_name, f"The lesson cells of notebooks/{name}.ipynb.")
        module.__file__ = str(notebook_of(name))
        sys.modules[module_name] = module  # dataclasses and pydantic look their module up while the cells run
        try:
            run_cells(name, module.__dict__)
        except BaseException:
            sys.modules.pop(module_name, None)
            raise
        _made[name] = module
        return module


__all__: List[str] = ["TAG", "MODULES", "LessonError", "lesson_cells", "load", "notebook_of", "notebooks_folder",
                      "run_cells"]
