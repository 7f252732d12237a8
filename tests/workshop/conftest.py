"""Helpers for the workshop tests: run ``kit.py`` the way a Windows or macOS learner does, with no bash at all."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

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


@pytest.fixture
def kit_checkout(tmp_path):
    """A throw-away git repository with this checkout's kit.py, its kit package and its notebooks, committed."""
    root = tmp_path / "kit"
    (root / "src" / "handoffs").mkdir(parents=True)
    shutil.copy2(REPO / "kit.py", root / "kit.py")
    shutil.copy2(REPO / "src" / "handoffs" / "__init__.py", root / "src" / "handoffs" / "__init__.py")
    shutil.copytree(REPO / "src" / "handoffs" / "kit", root / "src" / "handoffs" / "kit",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(REPO / "notebooks", root / "notebooks", ignore=shutil.ignore_patterns("*.mine-*", ".ipynb_*"))
    git = ["git", "-C", str(root), "-c", "user.name=test", "-c", "user.email=test@example.invalid"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "the kit as committed"], check=True)
    return root
