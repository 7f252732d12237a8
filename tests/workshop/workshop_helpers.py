"""Helpers for the workshop tests: run ``kit.py`` the way a Windows or macOS learner does, with no bash at all.

(A module of its own, not ``conftest``: several test folders have a ``conftest.py``, and ``from conftest import``
picks whichever was imported first when the folders run together.)
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def no_bash_path(tmp_path: Path, *tools: str) -> str:
    """A PATH holding only ``python`` (this interpreter) and the named tools: no bash, no sh, no coreutils."""
    folder = tmp_path / "only-python"
    folder.mkdir(exist_ok=True)
    (folder / "python").symlink_to(sys.executable)
    for tool in tools:
        found = shutil.which(tool)
        if found:
            (folder / tool).symlink_to(found)
    return str(folder)


def run_kit(root: Path, *args: str, path: str, timeout: float = 120, env: dict | None = None) -> subprocess.CompletedProcess:
    """``python kit.py ARGS`` in ``root``, with only ``path`` on PATH."""
    environment = {key: value for key, value in os.environ.items() if not key.startswith(("HANDOFFS_", "BASH"))}
    environment.update({"PATH": path, "SHELL": "", **(env or {})})
    return subprocess.run([sys.executable, str(root / "kit.py"), *args], cwd=str(root), env=environment,
                          capture_output=True, text=True, timeout=timeout)
