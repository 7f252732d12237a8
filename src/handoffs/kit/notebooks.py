"""The notebooks as files: which ones the kit runs, re-executing them, and putting one back as committed.

``reset`` restores a notebook from git's last commit (``HEAD``) and never loses the learner's work: a version that
differs from the committed one is first copied beside it as ``NAME.mine-YYYYMMDD-HHMMSS.ipynb`` (those copies are
never run by ``./kit test`` or ``./kit execute``, and git ignores them). Standard library only; needs ``git``.
"""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path
from typing import Dict, List, Optional

from .environment import ROOT, KitError

NOTEBOOKS = ROOT / "notebooks"
CELL_TIMEOUT = 600
LEARNER_COPY = ".mine-"  # in the name of a learner's saved version: 03_under_the_hood.mine-20261201-101500.ipynb
REPRODUCIBLE = {"HANDOFFS_MODEL": "offline", "PYTHONHASHSEED": "0", "TZ": "UTC"}


def all_notebooks() -> List[Path]:
    """The kit's notebooks in sorted order (learners' saved copies excluded)."""
    return sorted((p for p in NOTEBOOKS.glob("*.ipynb") if LEARNER_COPY not in p.name), key=lambda p: p.name)


def execute_command(python: str, notebook: Path) -> List[str]:
    """nbconvert re-executing one notebook in place; no per-cell timestamps, so only real changes show in git."""
    return [python, "-m", "nbconvert", "--to", "notebook", "--execute", "--inplace", "--log-level=WARN",
            f"--ExecutePreprocessor.timeout={CELL_TIMEOUT}", "--ExecutePreprocessor.record_timing=False",
            str(notebook)]


def _git(*args: str, binary: bool = False) -> subprocess.CompletedProcess:
    if shutil.which("git") is None:
        raise KitError("Resetting a notebook needs git, which is not installed: install git (git-scm.com), "
                       "or download the notebook again from the kit's repository.")
    return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=not binary)


def committed_notebooks() -> Dict[str, bytes]:
    """name -> committed content of every notebook in notebooks/ at HEAD."""
    listing = _git("ls-tree", "--name-only", "HEAD", "notebooks/")
    if listing.returncode != 0:
        raise KitError("This folder is not a git clone of the kit (or has no commit), so there is no committed "
                       "version to go back to: clone the kit with git to use reset.")
    names = [Path(line).name for line in listing.stdout.splitlines() if line.endswith(".ipynb")]
    return {name: _git("show", f"HEAD:notebooks/{name}", binary=True).stdout for name in names}


def resolve(wanted: str, committed: Dict[str, bytes]) -> str:
    """The committed notebook a learner means by ``03``, ``03_under_the_hood``, a file name or a path."""
    name = Path(wanted.strip().replace("\\", "/")).name
    if not name:
        raise KitError("Name the notebook to reset, e.g. ./kit reset 03 (or give no name to reset them all).")
    for candidate in (name, f"{name}.ipynb"):
        if candidate in committed:
            return candidate
    matches = sorted(n for n in committed if n.startswith(name) and n[len(name):len(name) + 1] in ("_", "."))
    plain = [n for n in matches if not n[:-len(".ipynb")].endswith("_solution")]
    if len(plain) == 1:
        return plain[0]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise KitError(f"'{wanted}' could mean {', '.join(matches)}: give the full name.")
    raise KitError(f"There is no committed notebook called '{wanted}': choose one of "
                   f"{', '.join(sorted(committed))}.")


def reset(wanted: Optional[str] = None, now: Optional[float] = None) -> List[str]:
    """Put one notebook (or every one) back to its committed version; return one line per notebook for the user."""
    committed = committed_notebooks()
    names = [resolve(wanted, committed)] if wanted is not None else sorted(committed)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    lines = []
    for name in names:
        path = NOTEBOOKS / name
        if path.is_file() and path.read_bytes() == committed[name]:
            lines.append(f"{name}: already as committed, nothing to do.")
            continue
        kept = ""
        if path.exists():
            copy = NOTEBOOKS / f"{path.stem}{LEARNER_COPY}{stamp}.ipynb"
            number = 1
            while copy.exists():  # two resets in one second: never overwrite an earlier copy
                number += 1
                copy = NOTEBOOKS / f"{path.stem}{LEARNER_COPY}{stamp}-{number}.ipynb"
            shutil.move(str(path), str(copy))
            kept = f" Your version is kept as {copy.name}."
        NOTEBOOKS.mkdir(exist_ok=True)
        path.write_bytes(committed[name])
        lines.append(f"{name}: back to its committed version.{kept}")
    if any("kept as" in line for line in lines):
        lines.append("If a notebook is open in JupyterLab, close its tab without saving (or use File > Reload "
                     "Notebook from Disk), else saving it writes your old version back.")
    return lines
