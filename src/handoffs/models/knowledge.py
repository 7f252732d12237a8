"""The offline model's knowledge files (``data/*.toml``), read once: rows of patterns or words, each saying what it
is for and carrying its examples.

A row is a TOML table with

* ``about`` — what the row is for, in one sentence;
* ``pattern`` — a regular expression, written as one string or as a list of strings joined end to end (one
  alternative per line reads best); ``${name}`` stands for the file's ``[parts]`` entry ``name`` (a piece several
  patterns share, such as the words for a person); ``ignore_case = true`` compiles it case-insensitively; or
* ``words`` — whole words or word sequences, found as whole words in the tokenised text; or
* ``stems`` — beginnings of words, found anywhere in the lower-cased text ("explod" in "exploded");
* or another key the reading module asks for (``means``: a word -> what it stands for; ``pairs``; ``concepts``);
* ``examples`` and ``non_examples`` — texts the row must and must not match (``tests/models/test_knowledge_rows.py``
  reads every one of them, with the judge its registry gives the file or the row).

Every pattern is compiled through :func:`handoffs.models.patterns.compile` (bounded, so reading stays linear).
What this module is not: the model's mechanism. Which row is asked what, and when, is the calling module's business.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Pattern

from . import parsed, patterns

DATA = Path(__file__).with_name("data")
_PART = re.compile(r"\$\{(\w+)\}")


@lru_cache(maxsize=None)
def load(file: str) -> dict[str, Any]:
    """The parsed ``data/<file>`` (``"cues.toml"``): from its derived copy when current (:mod:`.parsed`)."""
    return parsed.load(DATA / file)


def source(file: str, row: dict[str, Any]) -> str:
    """A row's regular expression, its pieces joined and its ``${part}`` s filled from the file's ``[parts]``."""
    text = row["pattern"] if isinstance(row["pattern"], str) else "".join(row["pattern"])
    parts = load(file).get("parts", {})
    return _PART.sub(lambda m: parts[m.group(1)], text)


def compiled(file: str, row: dict[str, Any]) -> Pattern[str]:
    """A row's pattern, compiled through :func:`patterns.compile`."""
    return patterns.compile(source(file, row), re.IGNORECASE if row.get("ignore_case") else 0)


def pattern(file: str, name: str) -> Pattern[str]:
    """The compiled pattern of row ``name`` of ``data/<file>``."""
    return compiled(file, load(file)[name])


def later(file: str, row: "str | dict[str, Any]") -> patterns.Later:
    """Row ``row`` (its name, or the row) of ``data/<file>``, compiled as :func:`compiled` does when first used
    (:class:`patterns.Later`): for a row many messages never ask."""
    found = load(file)[row] if isinstance(row, str) else row
    return patterns.Later(source(file, found), re.IGNORECASE if found.get("ignore_case") else 0)


def pruned(file: str, name: str) -> patterns.Pruned:
    """Row ``name`` of ``data/<file>`` as a :class:`patterns.Pruned`: searched as only the alternatives whose words a
    text holds (for a row asked of every message, with many alternatives of which a message names few)."""
    row = load(file)[name]
    return patterns.Pruned(source(file, row), re.IGNORECASE if row.get("ignore_case") else 0)


def any_of(file: str, table: str) -> patterns.Pruned:
    """One pattern matching wherever any row of ``[table]`` matches (its rows' patterns as alternatives; the rows
    must agree on ``ignore_case``). Searched as only the alternatives whose words a text holds (:class:`Pruned`)."""
    rows = list(load(file)[table].values())
    cases = {bool(row.get("ignore_case")) for row in rows}
    if len(cases) != 1:
        raise ValueError(f"data/{file} [{table}]: give every row the same ignore_case, or compile them one by one.")
    return patterns.Pruned("|".join(source(file, row) for row in rows), re.IGNORECASE if cases.pop() else 0)


def words(file: str, name: str) -> tuple[str, ...]:
    """The ``words`` (or ``stems``) of row ``name`` of ``data/<file>``."""
    row = load(file)[name]
    return tuple(row.get("words", row.get("stems", ())))


def rows(file: str) -> list[dict[str, Any]]:
    """Every row of ``data/<file>`` (see :func:`rows_in`)."""
    return rows_in(load(file), file)


def rows_in(data: dict[str, Any], file: str) -> list[dict[str, Any]]:
    """Every row of a parsed knowledge file: an entry of an array of tables, or a table that says what it is ``about`` or
    carries ``examples``, as a copy with its dotted name under ``"name"`` and its file under ``"file"``
    (``[parts]`` is not a row)."""
    found: list[dict[str, Any]] = []

    def walk(prefix: str, value: Any, listed: bool = False) -> None:
        if isinstance(value, list):
            for i, item in enumerate(value):
                walk(f"{prefix}[{i}]", item, listed=True)
        elif isinstance(value, dict):
            if listed or {"about", "examples", "non_examples"} & set(value):
                found.append({**value, "name": prefix, "file": file})
                return
            for key, inner in value.items():
                if key != "parts":
                    walk(f"{prefix}.{key}" if prefix else key, inner)

    walk("", data)
    return found
