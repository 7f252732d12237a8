"""How big the offline model is: its Python lines and the rows of its data files, counted from the files themselves.

``python -m handoffs.evals`` prints this beside the scores, so "knowledge as data, mechanism as code" is a measured
claim: the code should stay small enough to read in one sitting while the data files grow. A *line* is a line of a
``.py`` file under ``handoffs/models/`` (blank lines and docstrings included, as ``wc -l`` counts them). A *row* is
what :func:`handoffs.models.knowledge.rows` calls one (a pattern or a word list with what it is ``about`` and its
examples, which ``tests/models/test_knowledge_rows.py`` reads); *examples* count its examples and non-examples.
The files with no such rows are named apart: the sentences the model says, and the learned weights (one a line).
Counting only: nothing is judged here.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from handoffs.i18n import Texts

MODELS = Path(__file__).resolve().parent.parent / "models"

#: modules of handoffs/models that are not the offline model's reading and deciding: the two framework adapters and
#: what they share (modes, records, token counts, a printed line), the switch to real models with its errors, the
#: trainer of learned.tsv and the builder of the derived file, the package's exports. The rest — the loader and the
#: scorer — is what a newcomer reads.
AROUND_THE_SCORER = ("__init__", "autogen_adapter", "derived", "engine", "error_text", "errors", "explain",
                     "langchain_adapter", "modes", "real_models", "switch", "tokens", "train", "types")

TEXTS = Texts({
    "code": {"en": "model code: {lines:,} Python lines in {modules} modules (handoffs/models): reading and deciding "
                   "{scorer:,}, adapters and the switch to real models {around:,}",
             "ko": "모델 코드: 파이썬 {lines:,}줄, 모듈 {modules}개 (handoffs/models): 읽고 결정하는 코드 {scorer:,}줄, "
                   "어댑터와 실제 모델 스위치 {around:,}줄"},
    "data": {"en": "model knowledge: {rows:,} rows with {examples:,} examples and non-examples in {files} files "
                   "({each}); also {others}",
             "ko": "모델 지식: 파일 {files}개에 {rows:,}행, 예와 반례 {examples:,}개 ({each}), 그 밖에 {others}"},
})


@dataclass(frozen=True)
class ModelSize:
    python_lines: int
    modules: int
    scorer_lines: int  # the loader and the scorer (every module not in AROUND_THE_SCORER)
    rows: dict[str, int]  # knowledge file name -> rows
    examples: int  # examples and non-examples, all rows together
    others: list[str]  # data files with no rows: "learned.tsv 4,002" (weights), "phrasebook.toml" (sentences)

    def lines(self) -> list[str]:
        each = ", ".join(f"{name} {count:,}" for name, count in self.rows.items())
        return [TEXTS["code"].format(lines=self.python_lines, modules=self.modules, scorer=self.scorer_lines,
                                    around=self.python_lines - self.scorer_lines),
                TEXTS["data"].format(rows=sum(self.rows.values()), files=len(self.rows), each=each,
                                     examples=self.examples, others=", ".join(self.others))]


def model_size(root: Path = MODELS) -> ModelSize:
    from handoffs.models import knowledge

    modules = sorted(root.glob("*.py"))
    counted = {p.stem: len(p.read_text(encoding="utf-8").splitlines()) for p in modules}
    lines = sum(counted.values())
    scorer = sum(n for stem, n in counted.items() if stem not in AROUND_THE_SCORER)
    rows: dict[str, int] = {}
    examples = 0
    others: list[str] = []
    for path in sorted((root / "data").iterdir()):
        if path.suffix == ".tsv":
            weights = sum(1 for line in path.read_text(encoding="utf-8").splitlines()
                          if line.strip() and not line.startswith("#"))
            others.append(f"{path.name} {weights:,}")
        elif path.suffix == ".toml":
            found = knowledge.rows_in(tomllib.loads(path.read_text(encoding="utf-8")), path.name)
            if found:
                rows[path.name] = len(found)
                examples += sum(len(r.get("examples", ())) + len(r.get("non_examples", ())) for r in found)
            else:
                others.append(path.name)
    return ModelSize(lines, len(modules), scorer, rows, examples, others)
