"""The corpus of learner solutions under ``solutions/<exercise>/``: each file is one solution, labelled.

A solution file's docstring says what it tries and, on a line of its own, what the checker must answer:
``expect: pass`` or ``expect: <cause>`` — the cause its first finding (and so its first hint) must name.
Files are imported as ``solutions.<exercise>.<name>`` (their shared pieces live in ``_parts.py``).
"""

from __future__ import annotations

import importlib
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

_EXPECT = re.compile(r"^expect: (\S+)\s*$", re.M)


@dataclass(frozen=True)
class Solution:
    exercise: str
    name: str
    expect: str  # "pass" or the cause of the first finding

    @property
    def passes(self) -> bool:
        return self.expect == "pass"

    def load(self) -> ModuleType:
        return importlib.import_module(f"solutions.{self.exercise}.{self.name}")


def corpus(exercise: str) -> list[Solution]:
    """Every labelled solution of one exercise, sorted by file name."""
    found = []
    for path in sorted((HERE / "solutions" / exercise).glob("*.py")):
        if path.name.startswith("_"):
            continue
        label = _EXPECT.search(path.read_text(encoding="utf-8"))
        if label is None:
            raise ValueError(f"{path.name} has no 'expect: ...' line in its docstring")
        found.append(Solution(exercise, path.stem, label.group(1)))
    return found
