"""Fixtures for the workshop tests (the helpers they share live in ``workshop_helpers``)."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from workshop_helpers import REPO


@pytest.fixture
def kit_checkout(tmp_path):
    """A throw-away git repository with this checkout's kit.py, its kit package and its notebooks, committed."""
    root = tmp_path / "kit"
    (root / "src" / "handoffs").mkdir(parents=True)
    shutil.copy2(REPO / "kit.py", root / "kit.py")
    shutil.copy2(REPO / "src" / "handoffs" / "__init__.py", root / "src" / "handoffs" / "__init__.py")
    if (REPO / "src" / "handoffs" / "i18n.py").exists():  # handoffs/__init__.py imports it (standard library only)
        shutil.copy2(REPO / "src" / "handoffs" / "i18n.py", root / "src" / "handoffs" / "i18n.py")
    shutil.copytree(REPO / "src" / "handoffs" / "kit", root / "src" / "handoffs" / "kit",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(REPO / "notebooks", root / "notebooks", ignore=shutil.ignore_patterns("*.mine-*", ".ipynb_*"))
    git = ["git", "-C", str(root), "-c", "user.name=test", "-c", "user.email=test@example.invalid"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "the kit as committed"], check=True)
    return root
