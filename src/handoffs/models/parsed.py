"""The model's knowledge files (``data/*.toml``) as parsed, read from a derived JSON copy made from the same bytes.

Every fresh process parses the data files before its first reply (``phrases.toml`` alone is 200 KB): ``tomllib``,
written in Python, took ~80 ms of notebook 00's first reply on a quiet machine, where ``json`` (in C) reads the same
values in under a tenth of that. ``data/derived/parsed.json`` holds each data file's parsed values, with the SHA-256
of the bytes they were parsed from; :func:`load` returns them when the data file still has those bytes, and parses
the file otherwise (a file edited without ``./kit derive``): a stale copy never changes a value, it only costs the
time back. The copy keeps the order of every table and the type of every value (an integer stays an integer).

``./kit derive`` (:mod:`.derived`) writes the copy with :func:`build`; ``--check`` and the test suite compare it.
What this module is not: the reading of rows (:mod:`.knowledge`), or a cache of anything that depends on a message.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).with_name("data")
DERIVED = DATA / "derived" / "parsed.json"
ABOUT = ("Derived from the model's data files by `./kit derive` (python -m handoffs.models.derived --write): do not "
         "edit. files: 'name.toml' -> {sha256 of its bytes, its values as tomllib parses them} "
         "(handoffs.models.parsed).")


def digest(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


def parse(raw: bytes) -> dict[str, Any]:
    """``tomllib.loads`` of a data file's bytes (tomllib imported here: a process whose copies are current never
    imports it, ~5 ms of its start)."""
    import tomllib

    return tomllib.loads(raw.decode("utf-8"))


@lru_cache(maxsize=1)
def _copies() -> dict[str, Any]:
    """The derived file's entries by data file name (empty when it is missing, or not the file this module writes)."""
    try:
        stored = json.loads(DERIVED.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return stored.get("files", {}) if stored.get("about") == ABOUT else {}


def load(path: Path) -> dict[str, Any]:
    """``tomllib.loads`` of the file at ``path``: from the derived copy when it was made from these bytes."""
    raw = path.read_bytes()
    copy = _copies().get(path.name) if path.parent == DATA else None
    if copy is not None and copy["sha256"] == digest(raw):
        return copy["data"]
    return parse(raw)


def sources() -> list[Path]:
    """The data files the copy holds: every ``data/*.toml``, by name."""
    return sorted(DATA.glob("*.toml"))


def build() -> str:
    """The derived file's text: every data file parsed now, one line per top-level table or per table of an array
    (a change to a data file is a change to its own lines)."""
    def value(v: Any) -> str:  # an array of tables: one table a line
        if isinstance(v, list) and v and all(isinstance(item, dict) for item in v):
            return "[\n" + ",\n".join(f"        {json.dumps(item, ensure_ascii=False)}" for item in v) + "\n      ]"
        return json.dumps(v, ensure_ascii=False)

    def entry(path: Path) -> str:
        raw = path.read_bytes()
        tables = parse(raw)
        body = ",\n".join(f"      {json.dumps(k, ensure_ascii=False)}: {value(v)}" for k, v in tables.items())
        return (f'    {json.dumps(path.name)}: {{"sha256": "{digest(raw)}", "data": {{\n{body}\n    }}}}')

    return "{\n" + f'  "about": {json.dumps(ABOUT, ensure_ascii=False)},\n  "files": {{\n' + ",\n".join(
        entry(path) for path in sources()) + "\n  }\n}\n"
