"""Lesson code has one source: the notebook cells a learner edits. ``load(stem)`` makes a module of them.

A notebook's code cells tagged ``lesson`` (the pattern's own code: a payload type, a history filter, an agent class,
a step table ...) are exec'd, in order, into one fresh module, ``handoffs.lessons.<stem>``; tests, checkers and the
kit's own modules import what they need from it, so nothing keeps a second copy of that code. The module is made
once per process (cached); its source is registered with :mod:`linecache`, so tracebacks and ``inspect.getsource``
show the cell's lines.

The English notebook (``notebooks/<stem>.ipynb``) is the source; the Korean twin's code cells equal it
(``./kit test editions``). Lesson cells import only the ground (the kit's model, recorder, texts), never a module
that itself loads the same notebook.

What this module is not: it runs no other cell (no outputs, no top-level ``await``) and it does not look at a
kernel: a learner's edits count in their kernel once they re-run the cell; the kit's modules read the saved file.
"""

from __future__ import annotations

import json
import linecache
import sys
import threading
import types
from pathlib import Path

TAG = "lesson"
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"

_made: dict[str, types.ModuleType] = {}
_loading: set[str] = set()
_lock = threading.RLock()


class LessonError(ImportError):
    """A notebook to load is missing, or has no cell tagged ``lesson``."""


def lesson_cells(notebook_stem: str) -> list[tuple[str, str]]:
    """``(cell id, source)`` of the notebook's code cells tagged ``lesson``, in order."""
    path = NOTEBOOKS / f"{notebook_stem}.ipynb"
    if not path.is_file():
        raise LessonError(f"No notebook {path.name} in {NOTEBOOKS}: the lesson code lives in its cells.")
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    found = [(str(c.get("id", index)), "".join(c["source"]) if isinstance(c["source"], list) else c["source"])
             for index, c in enumerate(cells)
             if c["cell_type"] == "code" and TAG in c.get("metadata", {}).get("tags", [])]
    if not found:
        raise LessonError(f"{path.name} has no code cell tagged {TAG!r}.")
    return found


def load(notebook_stem: str) -> types.ModuleType:
    """The module made of ``notebooks/<notebook_stem>.ipynb``'s lesson cells (made once, then cached)."""
    with _lock:
        if notebook_stem in _made:
            return _made[notebook_stem]
        if notebook_stem in _loading:
            raise LessonError(f"notebooks/{notebook_stem}.ipynb's lesson cells import a module that loads them again: "
                              "a lesson cell may import only the ground (the kit's model, recorder, texts, helpers).")
        _loading.add(notebook_stem)
        name = f"{__name__}.{notebook_stem.replace('-', '_')}"
        module = types.ModuleType(name, f"The lesson cells of notebooks/{notebook_stem}.ipynb.")
        module.__file__ = str(NOTEBOOKS / f"{notebook_stem}.ipynb")
        sys.modules[name] = module  # dataclasses and pydantic look their module up while the cells run
        try:
            for cell_id, source in lesson_cells(notebook_stem):
                filename = f"<{notebook_stem}.ipynb cell {cell_id}>"
                linecache.cache[filename] = (len(source), None, source.splitlines(keepends=True), filename)
                exec(compile(source, filename, "exec"), module.__dict__)
        except BaseException:
            sys.modules.pop(name, None)
            raise
        finally:
            _loading.discard(notebook_stem)
        _made[notebook_stem] = module
        return module
