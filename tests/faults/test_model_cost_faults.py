"""The offline model's cost is linear in what it reads: no pattern can scan to the end of the text from every
position, and 4x the input costs about 4x, never 16x (issue 24.2).

No wall-clock limit is asserted: one test checks every compiled pattern's structure (no unbounded quantifier), the
other compares the CPU cost of 4x the input against 1x, with generous slack (linear gives 4, quadratic 16).
"""

from __future__ import annotations

import re
import time
from re import _constants as sre_constants, _parser as sre_parse

import pytest

from handoffs.models import cues, idioms, lexicon, meaning, negation, profiles, romanised, routing, text, words
from handoffs.models.core import decide
from handoffs.models.patterns import Later
from handoffs.models.text import READ_LIMIT
from handoffs.models.types import Message, ToolSpec

MODULES = (cues, idioms, lexicon, meaning, negation, profiles, romanised, routing, text, words)
_REPEATS = {sre_constants.MAX_REPEAT, sre_constants.MIN_REPEAT, getattr(sre_constants, "POSSESSIVE_REPEAT", None)}


def _patterns() -> list[tuple[str, re.Pattern[str]]]:
    found: list[tuple[str, re.Pattern[str]]] = []

    def walk(name: str, value: object, depth: int = 0) -> None:
        if isinstance(value, Later):  # compiled when first used: compiled here
            value = value.compiled
        if isinstance(value, re.Pattern):
            found.append((name, value))
        elif isinstance(value, (tuple, list)) and depth < 3:
            for i, item in enumerate(value):
                walk(f"{name}[{i}]", item, depth + 1)
        elif isinstance(value, dict) and depth < 3:
            for key, item in value.items():
                walk(f"{name}[{key!r}]", item, depth + 1)

    for module in MODULES:
        names = dict(vars(module))
        if module is idioms:
            names["PHRASES"] = idioms.PHRASES  # compiled when first asked for (the model compiles rows as it needs them)
        for name, value in names.items():
            walk(f"{module.__name__.rsplit('.', 1)[1]}.{name}", value)
    return found


def _unbounded(parsed: object) -> bool:
    for op, arg in parsed:  # type: ignore[attr-defined]
        if op in _REPEATS and arg[1] == sre_constants.MAXREPEAT:
            return True
        children = arg if isinstance(arg, (list, tuple)) else [arg]
        for child in children:
            if isinstance(child, sre_parse.SubPattern) and _unbounded(child):
                return True
            if isinstance(child, (list, tuple)):
                if any(isinstance(c, sre_parse.SubPattern) and _unbounded(c) for c in child):
                    return True
    return False


def test_r1_no_pattern_of_the_model_has_an_unbounded_quantifier():
    found = _patterns()
    assert len(found) > 60  # the walk sees the model's tables (phrases, cues, negation, lexicon)
    unbounded = [name for name, pattern in found if _unbounded(sre_parse.parse(pattern.pattern, pattern.flags))]
    assert unbounded == [], f"patterns that can scan to the end of the text from every position: {unbounded}"


SYLLABLES = "결제환불로그인배송주문상담원가나다라마바사아자차카타파하"


def _family(kind: str, n: int, salt: int) -> str:
    bodies = {
        "digits": "".join(str((i * 7 + salt) % 10) for i in range(n)),
        "money": "".join(str((i * 3 + salt) % 10) for i in range(n - 1)) + "원",
        "korean without spaces": "".join(SYLLABLES[(i * 5 + salt) % len(SYLLABLES)] for i in range(n)),
        "korean words": ("결제가 두 번 됐는데 환불 안 되나요 상담원 연결해 주세요 " * n)[:n],
        "repeated word": ("refund " * n)[:n],
        "people and negation": ("not a billing question but connect me to an agent please, not really " * n)[:n],
        "mixed": ("login이 안 돼요 refund 해주세요 " * n)[:n],
        "punctuation": ("!?.,;" * n)[:n],
    }
    return f"{salt} {bodies[kind]}"


TOOLS = [ToolSpec("record_issue", "Record the customer's issue.",
                  {"type": "object", "properties": {"issue": {"type": "string", "enum": ["billing", "technical", "other"]}}})]


def _cost_as_message(body: str) -> float:
    start = time.process_time()
    decide([Message("system", "You are triage."), Message("user", body)], TOOLS)
    return time.process_time() - start


def _cost_as_description(body: str) -> float:
    tools = [ToolSpec("transfer_to_desk", body), ToolSpec("transfer_to_shipping", "배송 조회")]
    start = time.process_time()
    decide([Message("system", "You are triage."), Message("user", "환불해 주세요")], tools)
    return time.process_time() - start


def _cheapest(cost, kind: str, n: int) -> float:
    first = 0 if cost is _cost_as_message else 100  # new text each time, never read before: nothing cached
    return min(cost(_family(kind, n, salt)) for salt in range(first, first + 3))


KINDS = ("digits", "money", "korean without spaces", "korean words", "repeated word", "people and negation", "mixed",
         "punctuation")


@pytest.mark.parametrize("where", ["message", "description"])
@pytest.mark.parametrize("kind", KINDS)
def test_r2_four_times_the_text_costs_about_four_times_not_sixteen(kind, where):
    cost = _cost_as_message if where == "message" else _cost_as_description
    small, large = READ_LIMIT // 4, READ_LIMIT
    once, four = _cheapest(cost, kind, small), _cheapest(cost, kind, large)
    assert four <= 9 * once + 0.004, f"{kind} as a {where}: {small} chars {once * 1e3:.1f} ms, {large} chars {four * 1e3:.1f} ms"


def test_r3_a_ten_kilobyte_message_costs_what_the_read_window_costs():
    window, big = _cheapest(_cost_as_message, "korean words", READ_LIMIT), _cheapest(_cost_as_message, "korean words", 10_000)
    assert big <= 2 * window + 0.004
    assert len(meaning.read("x" * 10_000).text) == READ_LIMIT
