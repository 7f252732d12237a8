"""How big the offline model is: its Python lines and the rows of its data files, counted from the files themselves.

``python -m handoffs.evals`` prints this beside the scores, so "knowledge as data, mechanism as code" is a measured
claim: the code should stay small enough to read in one sitting while the data files grow. A *line* is a line of a
``.py`` file under ``handoffs/models/`` (blank lines and docstrings included, as ``wc -l`` counts them). A *row* is
one entry a person writes and a test reads: an item of a TOML array of tables (``[[phrase]]``), a TOML table that
holds values (``[concepts.billing]``, ``[yes]`` with its word lists), or a line of a ``.tsv`` file that is not a
comment. Counting only: nothing is judged here.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from handoffs.i18n import Texts

MODELS = Path(__file__).resolve().parent.parent / "models"

TEXTS = Texts({
    "code": {"en": "model code: {lines:,} Python lines in {modules} modules (handoffs/models)",
             "ko": "모델 코드: 파이썬 {lines:,}줄, 모듈 {modules}개 (handoffs/models)"},
    "data": {"en": "model data: {rows:,} rows in {files} files ({each})",
             "ko": "모델 데이터: 파일 {files}개에 {rows:,}행 ({each})"},
})


@dataclass(frozen=True)
class ModelSize:
    python_lines: int
    modules: int
    rows: dict[str, int]  # data file name -> rows

    def lines(self) -> list[str]:
        each = ", ".join(f"{name} {count:,}" for name, count in self.rows.items())
        return [TEXTS["code"].format(lines=self.python_lines, modules=self.modules),
                TEXTS["data"].format(rows=sum(self.rows.values()), files=len(self.rows), each=each)]


def _toml_rows(value: object) -> int:
    if isinstance(value, list):
        return sum(_toml_rows(item) or 1 for item in value if isinstance(item, dict))  # [[rows]]: one each
    if isinstance(value, dict):
        nested = sum(_toml_rows(v) for v in value.values() if isinstance(v, (dict, list)))
        holds_values = any(not isinstance(v, dict) and not (isinstance(v, list) and v and isinstance(v[0], dict))
                           for v in value.values())
        return nested if nested else int(holds_values)
    return 0


def rows_of(path: Path) -> int:
    """Rows a person wrote in one data file (see the module's docstring for what counts as a row)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".tsv":
        return sum(1 for line in text.splitlines() if line.strip() and not line.startswith("#"))
    return _toml_rows(tomllib.loads(text))


def model_size(root: Path = MODELS) -> ModelSize:
    modules = sorted(root.glob("*.py"))
    lines = sum(len(p.read_text(encoding="utf-8").splitlines()) for p in modules)
    data = sorted(p for p in (root / "data").iterdir() if p.suffix in (".toml", ".tsv"))
    return ModelSize(lines, len(modules), {p.name: rows_of(p) for p in data})
