"""Every text table of the kit has both languages, the same ``{slots}`` in each, and Korean that is Korean.

The tables are found, not listed: every module of the package is imported, every :class:`handoffs.i18n.Texts`
registers itself in ``i18n.TABLES``, and the exercises' ``HINTS`` (three stages and a Korean column each) are
read from the checkers' ``*_text`` modules. A new table, or a new row without its Korean, fails here.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import string

import pytest

import handoffs
from handoffs import i18n
from handoffs.language_check import HANGUL, english_sentences, without_identifiers
from handoffs.models.reasons import REASONS

MODULES = sorted(m.name for m in pkgutil.walk_packages(handoffs.__path__, "handoffs.")
                 if not m.name.endswith("__main__"))
for _name in MODULES:
    importlib.import_module(_name)
HINT_MODULES = ("handoffs.exercises.guard_text", "handoffs.exercises.escalate_text", "handoffs.exercises.specialist_text")


def slots(text) -> list:
    """The format fields of a text (a tuple's texts in order): what a translation must keep."""
    if isinstance(text, tuple):
        return [slots(part) for part in text]
    return sorted({field for _, field, _, _ in string.Formatter().parse(text) if field is not None})


def words_of(text) -> str:  # a row's texts as one (a tuple of column headers, or one sentence)
    return " ".join(text) if isinstance(text, tuple) else text


def every_row():
    for table in i18n.TABLES:
        for key, row in table.table.items():
            yield f"{table_name(table)}[{key!r}]", row
    for key, row in REASONS.items():
        yield f"models.reasons.REASONS[{key!r}]", row


def table_names(table) -> list[str]:
    """Every ``module.NAME`` the table is reachable as (where it is defined, and where it is imported)."""
    return [f"{module}.{name}" for module in MODULES
            for name, value in vars(importlib.import_module(module)).items() if value is table]


def table_name(table) -> str:
    return (table_names(table) or ["an unnamed table"])[0]


def test_the_tables_of_every_place_a_learner_looks_are_found():
    names = {name for table in i18n.TABLES for name in table_names(table)}
    for expected in ("handoffs.ui.chat_panel.TEXTS", "handoffs.ui.operator_panel.TEXTS", "handoffs.ui.render.TEXT",
                     "handoffs.viz.step_graph.TEXT", "handoffs.viz.handoff_diagram.TEXT", "handoffs.viz.confusion.TEXT",
                     "handoffs.exercises.report.REPORT_TEXT", "handoffs.part3.text.GUIDE",
                     "handoffs.models.error_text.SAY", "handoffs.kit.preflight.SAY", "handoffs.workshop.preflight.SAY",
                     "handoffs.part1.walkthrough.SAY", "handoffs.setup_check.SAY"):
        assert expected in names


def test_every_row_has_english_and_korean_with_the_same_slots():
    for where, row in every_row():
        assert set(row) == {"en", "ko"}, where
        assert slots(row["en"]) == slots(row["ko"]), where
        assert isinstance(row["en"], str) == isinstance(row["ko"], str), where


def test_the_korean_column_is_korean():
    for where, row in every_row():
        english, korean = words_of(row["en"]), words_of(row["ko"])
        if HANGUL.search(korean) is None:  # no Korean word: then no English word either (slots, names, code only)
            assert not re.search(r"[A-Za-z]{2,}", without_identifiers(korean)), (where, korean)
        assert english_sentences(korean) == [], (where, korean)


def test_every_hint_has_its_korean_column_with_the_same_slots():
    for module_name in HINT_MODULES:
        hints = importlib.import_module(module_name).HINTS
        for cause, hint in hints.items():
            where = f"{module_name}.HINTS[{cause!r}]"
            assert hint.ko is not None, where
            for stage in ("what", "where", "code"):
                assert slots(getattr(hint, stage)) == slots(getattr(hint.ko, stage)), (where, stage)
            for stage in ("what", "where"):  # the third stage is code: it may be code alone
                text = getattr(hint.ko, stage)
                assert english_sentences(text) == [], (where, stage, text)
            assert HANGUL.search(hint.ko.what), where


def test_a_table_reads_the_language_when_it_is_used():
    from handoffs.ui.chat_panel import TEXTS

    assert TEXTS["send"] == "Send"
    with i18n.using_language("ko"):
        assert TEXTS["send"] == "보내기"
        with i18n.using_language("en"):
            assert TEXTS["send"] == "Send"
        assert TEXTS["send"] == "보내기"
    assert TEXTS["send"] == "Send" and i18n.language() == "en"


@pytest.mark.parametrize("cells, expected", [("가나", 4), ("ab", 2), ("가 a", 4)])
def test_plain_text_tables_align_by_display_width(cells, expected):
    assert i18n.display_width(cells) == expected
    assert i18n.display_width(i18n.ljust(cells, 7)) == i18n.display_width(i18n.rjust(cells, 7)) == 7
