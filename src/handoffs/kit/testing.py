"""``./kit test [GROUP] [pytest args]``: which paths each group runs, and the pytest command line.

Standard library only. The full run (no group) is what CI runs: every test under ``tests/`` and every notebook
under nbval. To add a group, add one line to :data:`GROUPS`.

The full run and the ``notebooks`` group share their tests between :func:`workers` pytest-xdist processes
(``-n N --dist loadscope``): the root ``conftest.py`` keeps each notebook's cells on one worker and the browser tests
on one worker, one after another. ``HANDOFFS_TEST_WORKERS=1`` (or ``-n 0`` among the pytest args) runs in one process.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Dict, List, Tuple

from .environment import ROOT, KitError
from .notebooks import CELL_TIMEOUT, all_notebooks

SANITIZE = "tests/nbval_sanitize.cfg"

#: What a run of notebooks alone (no test modules) leaves out of every pytest process (the controller and each
#: xdist worker): nothing of it checks a notebook. ``--assert=plain``: pytest rewrites the ``assert`` statements of
#: every module of every installed pytest plugin's distribution (all of hypothesis, syrupy, nbval, ...) when it
#: imports them, and cannot keep the rewritten code where PYTHONDONTWRITEBYTECODE is set (this machine, CI), so it
#: parses and compiles them from source in each process: 1.1 s of CPU per process here, half the start-up; nbval
#: compares outputs, no assert of ours runs. ``-p no:syrupy``: snapshot fixtures for langchain-tests' standard tests.
NOTEBOOKS_ONLY = ["--assert=plain", "-p", "no:syrupy"]

#: group -> the paths it runs (those that exist). "all" and "notebooks" also collect the notebooks.
GROUPS: Dict[str, Tuple[str, ...]] = {
    "models": ("tests/models",),
    "evals": ("tests/evals",),
    "ui": ("tests/ui", "tests/viz", "tests/recorder"),
    "browser": ("tests/browser",),
    "part1": ("tests/part1",),
    "part2": ("tests/part2",),
    "exercises": ("tests/exercises",),
    "part3": ("tests/part3",),
    "server": ("tests/server",),
    "faults": ("tests/faults",),
    "workshop": ("tests/workshop",),
    "i18n": ("tests/i18n",),
    "notebooks": (),
    "editions": ("tests/test_notebook_editions.py",),
    "packaging": ("tests/test_*.py",),
}

#: groups that need Chromium (installed as root when missing) and the slides' reveal.js (npm)
NEEDS_CHROMIUM = {"all", "browser"}
NEEDS_SLIDE_ASSETS = {"all", "browser", "workshop"}


#: groups whose runs are shared between workers (the others are short: one process starts faster)
PARALLEL = {"all", "notebooks"}


def workers() -> int:
    """pytest-xdist workers for a parallel group: ``HANDOFFS_TEST_WORKERS``, else one per core, at most 4."""
    chosen = os.environ.get("HANDOFFS_TEST_WORKERS", "").strip()
    if chosen.isdigit():
        return int(chosen)
    return max(1, min(os.cpu_count() or 1, 4))


def parallel_arguments(group: str, pytest_args: List[str]) -> List[str]:
    """``-n N --dist loadscope`` for a parallel group, unless the caller chose ``-n`` or there is one core."""
    if group not in PARALLEL or any(a == "-n" or a.startswith(("-n", "--numprocesses")) for a in pytest_args):
        return []
    count = workers()
    return ["-n", str(count), "--dist", "loadscope"] if count > 1 else []


def _existing(patterns: Tuple[str, ...]) -> List[str]:
    found: List[str] = []
    for pattern in patterns:
        found += sorted(str(p.relative_to(ROOT)).replace("\\", "/") for p in ROOT.glob(pattern))
    return found


def group_of(args: List[str]) -> Tuple[str, List[str]]:
    """Split ``[GROUP] [pytest args]`` into the group (``"all"`` when none) and the rest."""
    if args and not args[0].startswith("-"):
        return args[0], args[1:]
    return "all", list(args)


def pytest_arguments(group: str) -> List[str]:
    """The paths and nbval options for a group or a path (``tests/x.py::name``, a notebook)."""
    nbval, modules = False, True  # modules: the run may hold test modules besides notebooks
    if group == "all":
        paths, nbval = ["tests"], True
    elif group in GROUPS:
        paths, nbval, modules = _existing(GROUPS[group]), group == "notebooks", group != "notebooks"
        if not paths and group != "notebooks":
            raise KitError(f"Group '{group}' has no tests yet (nothing exists at {', '.join(GROUPS[group])}).")
    elif (ROOT / group.split("::")[0]).exists():
        target = ROOT / group.split("::")[0]  # a notebook, or a folder of them (notebooks/ko/), runs under nbval
        paths, nbval = [group], target.suffix == ".ipynb" or (target.is_dir() and any(target.glob("*.ipynb")))
        modules = target.suffix == ".py" or (target.is_dir() and any(target.rglob("test_*.py")))
    else:
        raise KitError(f"Unknown test group or path '{group}': use one of {', '.join(GROUPS)}, or a path under tests/.")
    if group in ("all", "notebooks"):
        notebooks = [str(Path(nb).relative_to(ROOT)).replace("\\", "/") for nb in all_notebooks()]
        if not notebooks and group == "notebooks":
            raise KitError("There are no notebooks in notebooks/ (or notebooks/ko/).")
        paths += notebooks
        nbval = nbval and bool(notebooks)
    if not nbval:  # nbval's plugin imports nbformat and jsonschema (~3 s of start-up): not loaded without notebooks
        return paths + ["-p", "no:nbval"]
    return paths + nbval_arguments(notebooks_only=not modules)


def nbval_arguments(notebooks_only: bool) -> List[str]:
    """nbval's options (notebooks used as fixtures by tests, under tests/, are data, not nbval tests), and
    :data:`NOTEBOOKS_ONLY` when the run has no test modules."""
    return (["--nbval", "--nbval-sanitize-with", SANITIZE, f"--nbval-cell-timeout={CELL_TIMEOUT}",
             "--ignore-glob=*/tests/*.ipynb"] + (NOTEBOOKS_ONLY if notebooks_only else []))


def compile_sources(python: Path) -> None:
    """Byte-compile the kit's own code (``src/handoffs``) for ``python`` before a run.

    Every process of a run imports it: each notebook's kernel, each pytest worker, the processes notebooks start.
    Where PYTHONDONTWRITEBYTECODE is set (this machine, CI) none of them keeps what it compiled, so each compiled the
    kit's modules from source again: ~0.1 s of CPU per kernel. Files already compiled are only looked at (a stat
    each); an edited file is compiled anew by the next import, as always. Nothing is printed; a failure (a read-only
    checkout) only leaves the run as slow as before."""
    subprocess.run([str(python), "-m", "compileall", "-q", str(ROOT / "src" / "handoffs")],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
