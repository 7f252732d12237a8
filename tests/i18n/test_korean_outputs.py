"""What a Korean learner reads in the committed outputs is Korean, with particles that fit; no customer hears a raw
tool result in either edition.

Scanned: every Korean notebook's committed outputs (``notebooks/ko/*.ipynb``: stream, ``text/plain``,
``text/html``, ``text/markdown``; widget views are live and not stored) and the Korean decks' own text
(``slides/ko/*.md``; the outputs a deck pulls in are the Korean notebooks' outputs, scanned with them). Fails on

* a particle placeholder left in (``이(가)``, ``을(를)``, ``(으)로``, ``은(는)``, ``과(와)``, ``(이)라고`` …);
* a particle that does not fit the word before it: after a quoted word or a Latin identifier any of 이/가, 을/를,
  은/는, 과/와, (으)로, (이)라고 (the expected one computed with :mod:`handoffs.particles`); after a Hangul word the
  cases that cannot be a different word — 를 or 라고 after a final consonant (라고 after ㄹ is a verb: 달라고, 말라고);
* a kit sentence in English: a line with three or more English words, or one that starts with an English label
  ("customer: ..."), that is not one of the line kinds listed in ``korean_outputs.toml`` (model-facing texts,
  customers' own words, printed source, reprs, package tables ...);
* numbers as English writes them in a Korean line: ``97.7 %``, ``2167 개``, ``238 세션``, ``4.2 s`` (Korean:
  ``97.7%``, ``2,167개``, ``238세션``, ``4.2초``);
* (both editions) a raw tool result told to a customer: ``korean_outputs.toml``'s ``raw_tool_result`` patterns.

Notebook outputs are made by ``./kit execute``; a fix in ``src/`` shows here once the notebook is re-executed. A
(notebook, check) pair still holding outputs from before a fix is listed under ``awaiting_reexecution`` in the
data file and is a strict xfail: it fails as soon as the re-executed notebook passes, so the entry gets removed.
"""

from __future__ import annotations

import ast
import json
import re
import tomllib
from functools import lru_cache
from importlib import import_module
from pathlib import Path

import pytest

from handoffs.lessons import lesson_cells

from handoffs.language_check import HANGUL, visible_text, without_identifiers
from handoffs.particles import final_sound, has_placeholder, particle

ROOT = Path(__file__).resolve().parents[2]
DATA = tomllib.loads((Path(__file__).with_name("korean_outputs.toml")).read_text(encoding="utf-8"))
KOREAN_NOTEBOOKS = sorted((ROOT / "notebooks" / "ko").glob("*.ipynb"))
ENGLISH_NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
KOREAN_DECKS = sorted((ROOT / "slides" / "ko").glob("*.md"))
LABELS = frozenset(word.lower() for word in DATA["labels"]["words"])
ENGLISH_LABEL = re.compile(r"\s*(?P<word>[a-z]+(?: [a-z]+)*):\s+\S")  # "customer: ...", "refund: ..."
COMPOUND = re.compile(r"\b[a-z]+(?:-[a-z]+)+\b")  # out-of-context, pub-sub: a tag or a name, not three words

ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}(?:'[a-z]+)?")
QUOTED_THEN_PARTICLE = re.compile(
    r"(?P<word>'[^'\n]{1,40}'|\"[^\"\n]{1,40}\"|‘[^’\n]{1,40}’|“[^”\n]{1,40}”|(?<![\w.])[A-Za-z][A-Za-z0-9_]*[A-Za-z0-9](?![A-Za-z0-9_]))"
    r"(?P<particle>이라고|라고|으로|로|이|가|을|를|은|는|과|와)(?![가-힣(])")
HANGUL_THEN_PARTICLE = re.compile(r"(?P<word>[가-힣]+?)(?P<particle>를|라고)(?![가-힣])")
FORM = {"이라고": "이라고", "라고": "이라고", "으로": "(으)로", "로": "(으)로", "이": "이/가", "가": "이/가",
        "을": "을/를", "를": "을/를", "은": "은/는", "는": "은/는", "과": "과/와", "와": "과/와"}


# --- what is read ------------------------------------------------------------------------------------------------

def output_texts(notebook: Path) -> list[tuple[str, str]]:
    """(cell id, text) of every stored text output of ``notebook`` (HTML as the browser shows it)."""
    texts = []
    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
        for output in cell.get("outputs", []) if cell["cell_type"] == "code" else []:
            if output["output_type"] == "stream":
                texts.append((cell.get("id", "?"), "".join(output["text"])))
                continue
            data = output.get("data", {})
            if "application/vnd.jupyter.widget-view+json" in data:
                continue
            kind = next((k for k in ("text/html", "text/markdown", "text/plain") if k in data), None)
            if kind is not None:
                text = "".join(data[kind])
                texts.append((cell.get("id", "?"), visible_text(text) if kind == "text/html" else text))
    return texts


def deck_lines(deck: Path) -> list[str]:
    """The lines of a deck a person reads: not directives, fenced code or code spans (those are code)."""
    lines, fenced = [], False
    for line in deck.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
            continue
        if fenced or line.startswith(":::"):
            continue
        lines.append(visible_text(re.sub(r"`[^`]*`", " ", line)))
    return lines


def _strings_of(source: str) -> list[str]:
    """Every string in Python ``source``; an f-string with ``{}`` where its values go."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    strings, parts = [], set()
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            strings.append("".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values))
            parts.update(id(v) for v in node.values)
    return strings + [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
                      and isinstance(node.value, str) and id(node) not in parts]


def _customer_strings(path: Path) -> list[str]:
    """The strings of a data file of customers' messages (JSON lines or TOML)."""
    def walk(value) -> list[str]:
        if isinstance(value, str):
            return [value]
        items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
        return [s for item in items for s in walk(item)]
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".toml":
        return walk(tomllib.loads(text))
    return [s for line in text.splitlines() if line.strip() for s in walk(json.loads(line))]


def trigrams(text: str) -> set[tuple[str, ...]]:
    """Three-word runs of ``text``'s English once identifiers, quotes and labels are out (a slot filled with
    'billing' or left as ``{}`` reads the same)."""
    words = [w.lower() for w in ENGLISH_WORD.findall(without_identifiers(text)) if w.lower() not in LABELS]
    return {tuple(words[i:i + 3]) for i in range(len(words) - 2)}


@lru_cache(maxsize=1)
def known_english() -> frozenset:
    """Three-word runs of the English a model reads and customers write (korean_outputs.toml, 1 and 2)."""
    runs: set = set()
    for name in DATA["model_facing"]["modules"]:
        for string in _strings_of(Path(import_module(name).__file__).read_text(encoding="utf-8")):
            runs |= trigrams(string)
    for notebook in DATA["model_facing"]["lesson_notebooks"]:  # lesson code lives in notebook cells
        for _, source in lesson_cells(notebook):
            for string in _strings_of(source):
                runs |= trigrams(string)
    for pattern in DATA["customers"]["globs"]:
        for path in ROOT.glob(pattern):
            for string in _customer_strings(path):
                runs |= trigrams(string)
    return frozenset(runs)


# --- the checks ----------------------------------------------------------------------------------------------------

def placeholder_particles(line: str) -> list[str]:
    return [line.strip()] if has_placeholder(line) else []


def wrong_particles(line: str) -> list[str]:
    """``word+particle`` pairs in ``line`` whose particle does not fit the word."""
    wrong = []
    for match in QUOTED_THEN_PARTICLE.finditer(line):
        word, written = match["word"], match["particle"]
        said = re.sub(r"\s*\([^()]*\)(?=\W*$)", "", word)  # "아직(NOT YET)"과: the particle follows 아직
        expected = particle(said, FORM[written])
        if written != expected:
            wrong.append(f"{word}{written} (expected {word}{expected})")
    for match in HANGUL_THEN_PARTICLE.finditer(line):
        word, written = match["word"], match["particle"]
        sound = final_sound(word)
        if sound == "consonant" or (written == "를" and sound == "rieul"):
            wrong.append(f"{word}{written} (expected {word}{'을' if written == '를' else '이라고'})")
    return wrong


_LINE_KINDS = [(kind["kind"], re.compile(kind["pattern"])) for kind in DATA["line_kind"]]


def english_words(line: str) -> list[str]:
    """The English words of ``line`` a reader reads as language: identifiers, quotes and the kit's labels taken
    out, and in a line with Hangul the capitalised words too (there a capital is a name: Windows, Alice, Core)."""
    words = [w for w in ENGLISH_WORD.findall(COMPOUND.sub(" ", without_identifiers(line))) if w.lower() not in LABELS]
    return [w for w in words if not w[0].isupper()] if HANGUL.search(line) else words


def english_kit_sentences(lines: list[str]) -> list[str]:
    """The lines that are the kit speaking English (three or more English words, none of the allowed kinds)."""
    known = known_english()
    found, printed_source = [], False
    for line in lines:
        if re.match(r"\s*(async\s+)?(def|class) \w+", line):
            printed_source = True  # a printed function or class: the lines after it (docstring too) are source
        label = ENGLISH_LABEL.match(line)
        if len(english_words(line)) < 3 and not (label and label["word"].lower() not in LABELS):
            continue
        if printed_source and not HANGUL.search(line):
            continue
        if any(pattern.search(line) for _, pattern in _LINE_KINDS):
            continue
        runs = trigrams(line)
        if runs and len(runs & known) >= DATA["model_facing"]["share"] * len(runs):
            continue
        found.append(line.strip())
    return found


def typography(line: str) -> list[str]:
    """Numbers written as English writes them in a Korean line (korean_outputs.toml, ``typography``)."""
    if not HANGUL.search(line):
        return []
    return [line.strip()] if any(re.search(p, line) for p in DATA["typography"]["patterns"]) else []


def raw_tool_results(line: str) -> list[str]:
    return [line.strip()] if any(re.search(p, line) for p in DATA["raw_tool_result"]["patterns"]) else []


LINE_CHECKS = {"placeholder": placeholder_particles, "particle": wrong_particles, "typography": typography}


def korean_findings(lines: list[str]) -> dict[str, list[str]]:
    found = {name: [f for line in lines for f in check(line)] for name, check in LINE_CHECKS.items()}
    found["english"] = english_kit_sentences(lines)
    found["raw_tool_result"] = [f for line in lines for f in raw_tool_results(line)]
    return found


@lru_cache(maxsize=None)
def notebook_findings(notebook: Path) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for cell, text in output_texts(notebook):
        for check, hits in korean_findings(text.splitlines()).items():
            found.setdefault(check, []).extend(f"#{cell}: {hit}" for hit in hits)
    return found


# --- the tests -----------------------------------------------------------------------------------------------------

PENDING = {(entry["notebook"], entry["check"]): entry["why"] for entry in DATA.get("awaiting_reexecution", [])}


def _cases(notebooks: list[Path], checks: tuple[str, ...], edition: str) -> list:
    cases = []
    for notebook in notebooks:
        for check in checks:
            key = (f"{edition}/{notebook.stem}", check)
            marks = [pytest.mark.xfail(strict=True, reason=PENDING[key])] if key in PENDING else []
            cases.append(pytest.param(notebook, check, id=f"{edition}/{notebook.stem}-{check}", marks=marks))
    return cases


@pytest.mark.parametrize(("notebook", "check"), _cases(
    KOREAN_NOTEBOOKS, ("placeholder", "particle", "english", "typography", "raw_tool_result"), "ko"))
def test_korean_notebook_outputs(notebook: Path, check: str):
    hits = notebook_findings(notebook).get(check, [])
    assert not hits, f"{notebook.name}: {len(hits)} {check} finding(s):\n" + "\n".join(hits)


@pytest.mark.parametrize(("notebook", "check"), _cases(ENGLISH_NOTEBOOKS, ("raw_tool_result",), "en"))
def test_english_notebook_outputs_tell_customers_no_raw_tool_result(notebook: Path, check: str):
    hits = [f"#{cell}: {hit}" for cell, text in output_texts(notebook)
            for line in text.splitlines() for hit in raw_tool_results(line)]
    assert not hits, f"{notebook.name}: {len(hits)} raw tool result(s):\n" + "\n".join(hits)


@pytest.mark.parametrize("deck", KOREAN_DECKS, ids=lambda p: p.stem)
def test_korean_deck_text(deck: Path):
    found = korean_findings(deck_lines(deck))
    hits = [f"{check}: {hit}" for check, lines in found.items() for hit in lines]
    assert not hits, f"{deck.name}:\n" + "\n".join(hits)


# --- the checks themselves, on lines written for them -----------------------------------------------------------

@pytest.mark.parametrize(("line", "count"), [
    ("사용자가 '부서진'라고 함", 1), ("사용자가 '돈'이라고 함", 0), ("사용자가 '배송'이라고 함", 0),
    ("'billing'(으)로 기록됨", 0), ("'billing'으로 기록됨", 0), ("'billing'로 기록됨", 1), ("'sales'로 기록됨", 0),
    ("resolve_billing이 일을 마쳤어요", 0), ("resolve_billing가 일을 마쳤어요", 1), ("영수증라고 했어요", 1),
    ("도와 달라고 했어요", 0), ("하지 말라고 했어요", 0), ("환불를 원해요", 1), ("환불을 원해요", 0),
    ("IssuesAndRepairsAgent가 답했어요", 0), ("'주문'를 확인", 1), ("'주문'을 확인", 0),
])
def test_wrong_particles_are_found(line: str, count: int):
    assert len(wrong_particles(line)) == count, wrong_particles(line)


def test_the_checks_find_each_kind():
    lines = ["order:  ACME 제트 추진 스카이콩콩 for $9999999 (confirmed)",
             "[done] model saw no tools -> 이번 호출에 제공된 도구가 없음",
             "customer: 안녕하세요",  # an English label
             "You are a friendly customer support agent. You are in the TRIAGE step.",  # a seed's prompt
             "   고객: I was charged twice for my subscription this month.",  # a customer (eval set)
             "resolve_billing이(가) 이 단계의 일을 마쳤어요",
             "환불 처리가 완료되었습니다 (execute_refund: 'success')."]
    found = korean_findings(lines)
    assert found["english"] == [lines[0], lines[1], lines[2]]
    assert found["placeholder"] == [lines[5]]
    assert found["raw_tool_result"] == [lines[6]]
    fixed = ["주문: ACME 제트 추진 스카이콩콩, $9,999,999 (확정)", "[done] 모델이 본 도구: 없음 -> 제공된 도구가 없음",
             "고객: 안녕하세요", "resolve_billing이 이 단계의 일을 마쳤어요", "환불 처리가 완료되었습니다."]
    assert korean_findings(fixed) == {"placeholder": [], "particle": [], "typography": [], "english": [],
                                      "raw_tool_result": []}
    assert typography("2167 개의 메시지") and typography("라우팅 정확도:  97.7 % (2118/2167)")
    assert typography("세션 1000개 중 1000개가 4.2 s 만에 끝났어요 (초당 238 세션)")
    assert not typography("메시지 2,167개, 97.7%, 4.2초 만에 (초당 238세션)") and not typography("97.7 % (English)")
