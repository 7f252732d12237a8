"""Korean written in Latin letters is read as the Korean it spells (issue 20.4), in both parts.

People without a Korean keyboard write "maenijeo bakkwo juseyo" for 매니저 바꿔 주세요. The model decodes each
romanised word back into Hangul (choosing, where Revised Romanisation is ambiguous, the spelling its own Korean
vocabulary knows: "sipeoyo" is 싶어요, not 시퍼요; "gwallija" is 관리자) and reads the result with the whole Korean
reading — a person asked for, a price asked, a fault, a negation — quoting the customer's own Latin words.
Sentences here are fresh ones, not the eval's.
"""

from __future__ import annotations

import pytest

from handoffs.models import Message, decide, romanised
from handoffs.models.meaning import read

from model_seeds import SEED_000, SEED_003, spec

ESCALATE = ("You are a customer support assistant. Find out what kind of issue the user has and record it, or "
            "escalate to a manager when asked.",
            [SEED_000["triage"][1][0],
             spec("escalate_to_manager", "Escalate the conversation to a human manager.", reason={"type": "string"})])


def _first(seed, text):
    prompt, tools = seed
    return decide([Message("system", prompt), Message("user", text)], tools)


@pytest.mark.parametrize("text, issue", [
    ("ibeon dal yogeumi du beon nagasseoyo", "billing"),
    ("kadeu gyeolje-ga silpae haesseoyo", "billing"),
    ("gamsahamnida, gyeoljega du beon dwaesseoyo", "billing"),
    ("aebi jakku meomchwoyo", "technical"),
    ("rogeuini an dwaeyo", "technical"),
    ("biminbeonho jaeseoljeong meil-i an wayo", "technical"),
    ("juso byeongyeong hago sipeoyo", "other"),
])
def test_part1_romanised_problems_are_recorded(text, issue):
    decision = _first(SEED_000["triage"], text)
    assert [(c.name, dict(c.arguments)) for c in decision.tool_calls] == [("record_issue", {"issue": issue})], \
        decision.reason


@pytest.mark.parametrize("text, tool", [
    ("jetpaegi gojang nasseoyo", "transfer_to_issues_and_repairs"),
    ("roket seukeiteu bakwiga ppajyeosseoyo", "transfer_to_issues_and_repairs"),
    ("jaseok hana sago sipeoyo, eolmayeyo?", "transfer_to_sales_agent"),
    ("sinjepum isseoyo? gumaehago sipeoyo", "transfer_to_sales_agent"),
    ("roket seukeiteureul sago sipeoyo", "transfer_to_sales_agent"),
    ("sangdamwonirang tonghwa hago sipeoyo", "escalate_to_human"),
    ("jigwon yeongyeol haejwo", "escalate_to_human"),  # a plain (banmal) request, no "-yo"
    ("saram bulleo juseyo", "escalate_to_human"),
])
def test_part2_romanised_requests_reach_their_agent(text, tool):
    assert [c.name for c in _first(SEED_003["TriageAgent"], text).tool_calls] == [tool]


@pytest.mark.parametrize("text", ["gwallija bulleo juseyo", "chaegimja-rang yaegi hago sipeoyo",
                                  "maenijeo-hante yeongyeol haejuseyo"])
def test_a_manager_asked_for_in_latin_letters_is_escalated(text):
    decision = _first(ESCALATE, text)
    assert [c.name for c in decision.tool_calls] == ["escalate_to_manager"], decision.reason


@pytest.mark.parametrize("word, hangul", [("sipeoyo", "싶어요"), ("yeongyeol", "연결"), ("bakkwo", "바꿔"),
                                          ("gwallija", "관리자"), ("sangdamwon", "상담원"), ("maenijeo", "매니저"),
                                          ("eolmayeyo", "얼마예요"), ("gyeoljega", "결제가")])
def test_a_romanised_word_decodes_to_the_spelling_the_model_knows(word, hangul):
    assert romanised.decode(word) == hangul


def test_english_words_stay_english_and_a_hyphen_joins_a_word_to_its_particle():
    text = "app-i update hu jakku kkeojyeoyo, saram-irang yaegi hago sipeoyo"
    hangul, spans = romanised.hangulised(text)
    assert hangul.startswith("app") and "update" in hangul and "사람이랑" in hangul
    start = hangul.index("사람이랑")
    a, b = romanised.latin_span(spans, start, start + 4)
    assert text[a:b] == "saram-irang"  # a stretch read in Hangul maps back to the customer's own words
    a, b = romanised.latin_span(spans, start, start + 2)
    assert text[a:b] == "saram"


def test_the_reason_quotes_the_customers_latin_words():
    reading = read("saram sangdamwon yeongyeol haejuseyo")
    assert "human" in reading.concepts() and {"saram", "sangdamwon"} <= set(reading.words_for("human"))


@pytest.mark.parametrize("text", ["I want to buy the rocket skates", "Tokyo delivery please", "my sago is late"])
def test_english_is_never_read_as_romanised_korean(text):
    assert not romanised.looks_romanised(text.lower())
