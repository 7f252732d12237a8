"""The Korean notebooks (``notebooks/ko/``) are the English ones translated, never a second code base.

Every English notebook has a Korean twin and back; the twins have the same cells in the same order, and their code
cells are the same once string literals and comments are masked (``handoffs.kit.editions``): a fix made in one
edition and forgotten in the other fails here, naming the cell. The cells that are the kit's own code word for word
(tagged ``seed-code``, ``build-it-yourself``, ``solution``, ``lesson``) are identical to the letter. Each edition starts by
choosing the kit's language; the Korean prose is Korean, its links stay in the Korean edition, and its customers'
conversations are answered in Korean. The masking itself is tested on cells altered on purpose.
"""

from __future__ import annotations

import ast
import copy
import re
from pathlib import Path

import pytest

from handoffs.kit.editions import differences, masked_code, read_cells

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
KOREAN = NOTEBOOKS / "ko"
ENGLISH_NAMES = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb") if ".mine-" not in p.name)
KOREAN_NAMES = sorted(p.name for p in KOREAN.glob("*.ipynb") if ".mine-" not in p.name)
WORD_FOR_WORD_TAGS = {"seed-code", "build-it-yourself", "solution", "lesson"}
HANGUL = re.compile(r"[\uac00-\ud7a3]")


def test_every_english_notebook_has_its_korean_twin_and_back():
    assert ENGLISH_NAMES, "no English notebooks found"
    assert [n for n in ENGLISH_NAMES if n not in KOREAN_NAMES] == [], "English notebooks without a Korean twin"
    assert [n for n in KOREAN_NAMES if n not in ENGLISH_NAMES] == [], "Korean notebooks without an English twin"


@pytest.mark.parametrize("name", ENGLISH_NAMES)
def test_the_twins_differ_only_in_prose_literals_and_comments(name):
    english, korean = read_cells(NOTEBOOKS / name), read_cells(KOREAN / name)
    assert differences(english, korean) == []
    assert [c.get("id") for c in english] == [c.get("id") for c in korean], \
        "give each Korean cell its English twin's id (decks and tests name cells by id)"


@pytest.mark.parametrize("name", ENGLISH_NAMES)
def test_cells_that_are_the_kits_code_are_identical_to_the_letter(name):
    english, korean = read_cells(NOTEBOOKS / name), read_cells(KOREAN / name)
    for mine, theirs in zip(english, korean):
        if WORD_FOR_WORD_TAGS & set(mine.get("metadata", {}).get("tags", [])):
            assert theirs["source"] == mine["source"], f"cell {mine.get('id')} is the kit's code, word for word"


def _language_chosen(cells) -> str | None:
    first_code = next(c for c in cells if c["cell_type"] == "code")
    for node in ast.walk(ast.parse(first_code["source"])):
        if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) == "set_language":
            return node.args[0].value
    return None


@pytest.mark.parametrize("name", ENGLISH_NAMES)
def test_each_edition_starts_by_choosing_its_language(name):
    assert _language_chosen(read_cells(NOTEBOOKS / name)) == "en"
    assert _language_chosen(read_cells(KOREAN / name)) == "ko"


@pytest.mark.parametrize("name", KOREAN_NAMES)
def test_the_korean_prose_is_korean_and_its_links_stay_in_the_korean_edition(name):
    for cell in read_cells(KOREAN / name):
        if cell["cell_type"] != "markdown":
            continue
        assert HANGUL.search(cell["source"]), f"an untranslated markdown cell: {cell['source'][:80]!r}"
        for target in re.findall(r"\]\(([^)#\s]+\.ipynb)(?:#[^)]*)?\)", cell["source"]):
            resolved = (KOREAN / target).resolve()
            assert resolved.parent == KOREAN.resolve() and resolved.is_file(), f"{name} links to {target}"


def _shows_a_chat_reply(source: str) -> bool:
    """The cell shows what a bot answered: it prints ``await x.send(...)``, or ends with it (its value is shown)."""
    lines = [line for line in source.splitlines() if line.strip() and not line.strip().startswith("#")]
    printed = any(re.search(r"print\(.*\bawait\s+[\w.]+\.send\(", line) for line in lines)
    return printed or bool(lines and re.match(r"\s*await\s+[\w.]+\.send\(", lines[-1]))


@pytest.mark.parametrize("name", KOREAN_NAMES)
def test_korean_notebooks_are_committed_run_and_their_chats_answer_in_korean(name):
    for cell in read_cells(KOREAN / name):
        if cell["cell_type"] != "code":
            continue
        assert cell.get("execution_count") is not None, f"cell {cell.get('id')} was not run: ./kit execute it"
        if _shows_a_chat_reply(cell["source"]):
            shown = "".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
                            for o in cell.get("outputs", []))
            assert HANGUL.search(shown), f"cell {cell.get('id')} chats, but its answer is not Korean: {shown[:120]!r}"


def test_the_english_notebook_00_points_korean_readers_to_their_edition():
    first = read_cells(NOTEBOOKS / "00_start_here.ipynb")[0]
    assert first["cell_type"] == "markdown" and "notebooks/ko/" in first["source"] and HANGUL.search(first["source"])


# --- the comparison itself, on cells altered on purpose -------------------------------------------------------------

def _pair():
    """A real pair of editions to alter: notebook 02 (kit code, f-strings, top-level await, a magic line)."""
    english = read_cells(NOTEBOOKS / "02_langchain_support_bot.ipynb")
    return english, copy.deepcopy(english)


def _code_index(cells, needle: str) -> int:
    return next(i for i, c in enumerate(cells) if c["cell_type"] == "code" and needle in c["source"])


@pytest.mark.parametrize("needle, old, new", [
    ("await panel.send(", "await panel.send(", "panel.send("),                       # the code changed
    ("ChatPanel(LangChainBackend", 'thread_id="panel"', 'thread_id="panel-2"'),     # a literal that is code
    ("plot_step_graph(STEP_TABLE", '"panel"', '"panel", 7'),                       # one argument more
    ("print(f\"[{name}]", "step['tools']", "step['prompt']"),                       # inside an f-string's field
    ("print(f\"[{name}]", "or 'none'}", "or None}"),                                 # a field's expression
    ("%matplotlib inline", "%matplotlib inline", "%matplotlib widget"),             # an IPython line
])
def test_a_code_cell_changed_in_one_edition_is_found(needle, old, new):
    english, translated = _pair()
    index = _code_index(translated, needle)
    assert old in translated[index]["source"]
    translated[index]["source"] = translated[index]["source"].replace(old, new, 1)
    found = differences(english, translated)
    assert len(found) == 1 and f"code cell {index + 1} " in found[0], found


@pytest.mark.parametrize("needle, old, new", [
    ("await panel.send(\"Hi", '"Hi there!"', '"안녕하세요!"'),                         # a customer's line
    ("print(f\"[{name}]", "tools: {", "도구: {"),                                    # literal text of an f-string
    ("ChatPanel(LangChainBackend", '"Support bot"', '"고객 지원 "\n        "봇"'),      # one literal written as two
    ("recorder = RunRecorder()", "agent = create_agent(", "# 에이전트를 만들어요\nagent = create_agent("),  # a comment
])
def test_literals_and_comments_may_be_translated(needle, old, new):
    english, translated = _pair()
    index = _code_index(translated, needle)
    assert old in translated[index]["source"]
    translated[index]["source"] = translated[index]["source"].replace(old, new, 1)
    assert differences(english, translated) == []


def test_cells_added_retyped_or_retagged_are_found():
    english, translated = _pair()
    longer = differences(english, translated + [{"cell_type": "markdown", "source": "더"}])
    assert f"has {len(english)} cells, the translation {len(english) + 1}" in longer[0]
    retyped = copy.deepcopy(translated)
    index = _code_index(retyped, "await panel.send(")
    retyped[index]["cell_type"] = "markdown"
    assert f"cell {index + 1} is code in English but markdown" in differences(english, retyped)[0]
    retagged = copy.deepcopy(translated)
    seed = next(i for i, c in enumerate(retagged) if "seed-code" in c.get("metadata", {}).get("tags", []))
    retagged[seed]["metadata"]["tags"] = []
    assert "other tags" in differences(english, retagged)[0]


def test_nbval_markers_are_code_and_other_comments_are_not():
    assert masked_code("# NBVAL_IGNORE_OUTPUT\nx = 1") != masked_code("x = 1")
    assert masked_code("# 한국어 주석\nx = 1  # 설명") == masked_code("# an English comment\nx = 1")


def test_cells_tokenize_cannot_read_fall_back_to_patterns():
    broken = 'print("unterminated)\nx = 1'
    assert masked_code(broken) == masked_code('print("끝나지 않은)\nx = 1')
    assert masked_code(broken) != masked_code('print("unterminated)\nx = 2')
    shell = '!{sys.executable} -m handoffs.part1 --db "{db}" "Thanks, bye!"'
    assert masked_code(shell) == masked_code(shell.replace("Thanks, bye!", "고마워요, 안녕히 계세요!"))
    assert masked_code(shell) != masked_code(shell.replace("--db", "--database"))
