"""The checkers' sentences come from their data files whole, and a data file with a wrong shape says what is wrong.

``handoffs.exercises.text_data`` reads ``exercises/data/<name>.toml`` into the tables a checker imports. These tests
read the shipped files (every hint has three stages in both languages, every snippet put in, nothing left of the
file's own syntax) and feed the parser small broken files (a missing Korean column, a stage too many, a snippet
nobody wrote, a table the checker does not have), each of which must fail naming the file and the key.
"""

from __future__ import annotations

import re
import string
import tomllib
from importlib import resources

import pytest

from handoffs.exercises import escalate_text, guard_text, specialist_text
from handoffs.exercises.report import Finding, HintText
from handoffs.exercises.text_data import TextDataError, load, parse
from handoffs.i18n import using_language

DATA = resources.files("handoffs.exercises").joinpath("data")
NAMES = sorted(entry.name.removesuffix(".toml") for entry in DATA.iterdir() if entry.name.endswith(".toml"))


def test_every_checker_module_reads_its_data_file():
    assert {"guard", "escalate", "specialist"} <= set(NAMES)
    for name, module in (("guard", guard_text), ("escalate", escalate_text), ("specialist", specialist_text)):
        assert module.HINTS == load(name).hints and module.VERIFIED.table == load(name).verified.table
    assert specialist_text.STARTER_PROMPT == "You are a billing agent for ACME Inc."


@pytest.mark.parametrize("name", NAMES)
def test_a_data_file_gives_every_hint_three_stages_in_both_languages(name):
    raw = tomllib.loads(DATA.joinpath(f"{name}.toml").read_text(encoding="utf-8"))
    text = load(name)
    assert list(text.hints) == list(raw["hints"]) and text.hints  # every cause, in the file's order
    for cause, hint in text.hints.items():
        assert isinstance(hint.ko, HintText) and hint.ko.ko is None, cause
        for stage in ("what", "where", "code"):
            for written in (getattr(hint, stage), getattr(hint.ko, stage)):
                assert written.strip() and "<<" not in written, (cause, stage)  # snippets put in, none left over
    for table in (text.verified, text.pieces):
        assert all(set(row) == {"en", "ko"} for row in table.table.values())


def test_a_snippet_is_put_in_the_stage_s_own_language():
    hint = escalate_text.HINTS["duplicate_tool"]
    assert hint.code.endswith("seed_step_table()  # a fresh copy\nmy_step_table['triage']['tools']"
                              ".append(escalate_to_manager)")
    assert "# 새 복사본" in hint.ko.code and hint.ko.code.startswith("단계 표 전체를")


def test_a_stage_written_once_is_the_same_in_both_languages():
    text = parse({"hints": {"crash": {"what": {"en": "It broke: {error}.", "ko": "오류가 났어요: {error}."},
                                      "where": "{line}.", "code": "print({value!r})"}}}, "test.toml")
    hint = text.hints["crash"]
    assert (hint.where, hint.code) == (hint.ko.where, hint.ko.code) == ("{line}.", "print({value!r})")
    with using_language("ko"):
        finding = Finding.of(text.hints, "crash", error="X", line="3번째 줄", value=1)
    assert (finding.what, finding.where, finding.code) == ("오류가 났어요: X.", "3번째 줄.", "print(1)")


PLACEHOLDER = re.compile(r"이\(가\)|을\(를\)|은\(는\)|과\(와\)|와\(과\)|\(으\)로|\(이\)라고")


@pytest.mark.parametrize("name", NAMES)
def test_a_korean_hint_fits_its_particles_to_the_words_that_fill_its_slots(name):
    hints = load(name).hints
    for cause, hint in hints.items():
        stages = [getattr(hint.ko, stage) for stage in ("what", "where", "code")]
        fields = {field: 10.0 if spec else "open_ticket" for text in stages
                  for _, field, spec, _ in string.Formatter().parse(text) if field}
        with using_language("ko"):
            finding = Finding.of(hints, cause, **fields)
        for number in (1, 2, 3):
            assert not PLACEHOLDER.search(finding.stage(number)), (cause, number, finding.stage(number))


def test_a_korean_hint_reads_as_a_korean_writes_it():
    with using_language("ko"):
        crashed = Finding.of(escalate_text.HINTS, "tool_crashed", tool="open_manager_ticket", error="X", line="l")
        moved = Finding.of(escalate_text.HINTS, "misspelt_step", tool="escalate_to_manager", target="escalat",
                           steps="'triage'", location="l", suggestion="escalate")
    assert crashed.what == "스크립트 대화에서 호출된 open_manager_ticket이 오류를 냈어요: X."
    assert moved.what == "escalate_to_manager가 대화를 단계가 없는 단계 'escalat'으로 옮겼어요(단계: 'triage')."


def test_texts_rows_become_texts_tables_that_follow_the_language():
    text = parse({"verified": {"passed": {"en": "PASS: done.", "ko": "통과(PASS): 끝났어요."}}}, "test.toml")
    assert text.verified["passed"] == "PASS: done."
    with using_language("ko"):
        assert text.verified["passed"] == "통과(PASS): 끝났어요."


@pytest.mark.parametrize("data, names", [
    ({"verified": {"passed": {"en": "PASS"}}}, "[verified] passed"),
    ({"requests": {"hello": "Hello!"}}, "[requests] hello"),
    ({"hints": {"crash": {"what": "x", "where": "y"}}}, "[hints.crash]"),
    ({"hints": {"crash": {"what": "x", "where": "y", "code": "z", "why": "w"}}}, "[hints.crash]"),
    ({"hints": {"crash": {"what": {"en": "x"}, "where": "y", "code": "z"}}}, "[hints.crash] what"),
    ({"hints": {"crash": {"what": "x", "where": "y", "code": "<<fix>>"}}}, "no snippet named 'fix'"),
    ({"hint": {}}, "unknown table(s) ['hint']"),
    ({"model": {"prompt": 3}}, "[model] prompt"),
])
def test_a_wrongly_shaped_file_fails_naming_the_file_and_the_key(data, names):
    with pytest.raises(TextDataError) as raised:
        parse(data, "broken.toml")
    assert str(raised.value).startswith("broken.toml") and names in str(raised.value)
