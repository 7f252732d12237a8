"""The notebooks as files: which ones the kit runs, re-executing them, and putting one back as committed.

The notebooks come in two editions: English in ``notebooks/`` and Korean in ``notebooks/ko/`` (the same file
names; :data:`EDITIONS`). A notebook is named by its path relative to ``notebooks/``: ``03_under_the_hood.ipynb``
or ``ko/03_under_the_hood.ipynb``.

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
#: language -> the folder of its edition, relative to notebooks/ ("" is notebooks/ itself)
EDITIONS = {"en": "", "ko": "ko"}


def edition_folder(language: str) -> Path:
    """The folder holding one edition's notebooks (``notebooks/`` for English, ``notebooks/ko/`` for Korean)."""
    if language not in EDITIONS:
        raise KitError(f"There is no '{language}' edition of the notebooks: choose one of {', '.join(EDITIONS)}.")
    return NOTEBOOKS / EDITIONS[language] if EDITIONS[language] else NOTEBOOKS


def edition_notebooks(language: str) -> List[Path]:
    """One edition's notebooks in sorted order (learners' saved copies excluded)."""
    folder = edition_folder(language)
    return sorted((p for p in folder.glob("*.ipynb") if LEARNER_COPY not in p.name), key=lambda p: p.name)


def all_notebooks() -> List[Path]:
    """The kit's notebooks: the English edition in sorted order, then the Korean one (learners' copies excluded)."""
    return [notebook for language in EDITIONS for notebook in edition_notebooks(language)]


def display_name(notebook: Path) -> str:
    """A notebook's name relative to notebooks/: ``03_under_the_hood.ipynb``, ``ko/03_under_the_hood.ipynb``."""
    try:
        return notebook.resolve().relative_to(NOTEBOOKS.resolve()).as_posix()
    except ValueError:
        return notebook.name


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
    """name relative to notebooks/ (``03_x.ipynb``, ``ko/03_x.ipynb``) -> committed content, for every edition."""
    listing = _git("ls-tree", "-r", "--name-only", "HEAD", "notebooks/")
    if listing.returncode != 0:
        raise KitError("This folder is not a git clone of the kit (or has no commit), so there is no committed "
                       "version to go back to: clone the kit with git to use reset.")
    folders = set(EDITIONS.values())
    names = []
    for line in listing.stdout.splitlines():
        relative = line[len("notebooks/"):]
        folder = relative.rpartition("/")[0]
        if relative.endswith(".ipynb") and folder in folders:
            names.append(relative)
    return {name: _git("show", f"HEAD:notebooks/{name}", binary=True).stdout for name in names}


def _split_edition(wanted: str) -> tuple:
    """``ko/03`` -> ("ko", "03"); ``notebooks/03_x.ipynb`` -> ("", "03_x.ipynb"); other folders -> (None, ...)."""
    parts = [p for p in wanted.strip().replace("\\", "/").split("/") if p not in ("", ".")]
    if "notebooks" in parts[:-1]:  # a path to the checkout's notebooks/ folder: keep what follows it
        parts = parts[len(parts) - parts[::-1].index("notebooks"):]
    if len(parts) == 2 and parts[0] in EDITIONS.values() and parts[0]:
        return parts[0], parts[1]
    if len(parts) == 1:
        return "", parts[0]
    return None, "/".join(parts)


def resolve(wanted: str, committed: Dict[str, bytes]) -> str:
    """The committed notebook a learner means by ``03``, ``03_under_the_hood``, a file name, ``ko/03`` or a path."""
    if not wanted.strip().replace("\\", "/").strip("/"):
        raise KitError("Name the notebook to reset, e.g. ./kit reset 03 (or give no name to reset them all).")
    folder, name = _split_edition(wanted)
    prefix = f"{folder}/" if folder else ""
    in_edition = {n[len(prefix):]: n for n in committed if folder is not None and n.rpartition("/")[0] == folder}
    for candidate in (name, f"{name}.ipynb"):
        if candidate in in_edition:
            return in_edition[candidate]
    matches = sorted(in_edition[n] for n in in_edition if n.startswith(name) and n[len(name):len(name) + 1] in ("_", "."))
    plain = [n for n in matches if not n[:-len(".ipynb")].endswith("_solution")]
    if len(plain) == 1:
        return plain[0]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise KitError(f"'{wanted}' could mean {', '.join(matches)}: give the full name.")
    choices = sorted(in_edition.values()) if in_edition else sorted(n for n in committed if "/" not in n)
    korean = " (the Korean edition: ko/03 and so on)" if folder == "" and any("/" in n for n in committed) else ""
    raise KitError(f"There is no committed notebook called '{wanted}': choose one of "
                   f"{', '.join(choices)}{korean}.")


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
            copy = path.parent / f"{path.stem}{LEARNER_COPY}{stamp}.ipynb"
            number = 1
            while copy.exists():  # two resets in one second: never overwrite an earlier copy
                number += 1
                copy = path.parent / f"{path.stem}{LEARNER_COPY}{stamp}-{number}.ipynb"
            shutil.move(str(path), str(copy))
            kept = f" Your version is kept as {copy.name}."
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(committed[name])
        lines.append(f"{name}: back to its committed version.{kept}")
    if any("kept as" in line for line in lines):
        lines.append("If a notebook is open in JupyterLab, close its tab without saving (or use File > Reload "
                     "Notebook from Disk), else saving it writes your old version back.")
    return lines
