"""Korean particles chosen by the word's final sound (handoffs.particles), and every Texts table using them."""

import pytest

from handoffs import i18n
from handoffs.particles import attach, final_sound, format_ko, particle, resolve


@pytest.mark.parametrize("word, form, expected", [
    ("부서진", "(이)라고", "부서진이라고"), ("돈", "라고", "돈이라고"), ("영수증", "이라고", "영수증이라고"),
    ("결제", "(이)라고", "결제라고"), ("환불", "(으)로", "환불로"), ("서울", "(으)로", "서울로"),
    ("주문", "(으)로", "주문으로"), ("배송", "이/가", "배송이"), ("결제", "이/가", "결제가"),
    ("환불", "을(를)", "환불을"), ("결제", "을/를", "결제를"), ("에이전트", "은(는)", "에이전트는"),
    ("고객", "과(와)", "고객과"), ("직원", "과/와", "직원과"), ("회사", "과(와)", "회사와"),
    ("3", "이/가", "3이"), ("2", "이/가", "2가"), ("1", "(으)로", "1로"), ("6", "(으)로", "6으로"),
    ("10", "을(를)", "10을"), ("9", "을(를)", "9를"),
    ("resolve_billing", "이(가)", "resolve_billing이"), ("'billing'", "(으)로", "'billing'으로"),
    ("sales", "이(가)", "sales가"), ("triage", "(으)로", "triage로"), ("step", "은(는)", "step은"),
    ("'done'", "(으)로", "'done'으로"), ("bill", "(으)로", "bill로"), ("refund", "을(를)", "refund를"),
    ("'돈'", "(이)라고", "'돈'이라고"), ("ㅎㅇ", "이/가", "ㅎㅇ이"),
    ("SDK", "은/는", "SDK는"), ("ID", "이/가", "ID가"), ("URL", "(으)로", "URL로"), ("LLM", "을/를", "LLM을"),
    ("gRPC", "(으)로", "gRPC로"), ("HTTP", "을/를", "HTTP를"), ("AgentChat", "은/는", "AgentChat은"),
    ("Bob", "은/는", "Bob은"), ("UserTask", "이/가", "UserTask가"), ("README", "이/가", "README가"), ("pid", "을/를", "pid를"), ("id", "이/가", "id가"), ("root", "(으)로", "root로"), ("bot", "이/가", "bot이"), ("BillingAgent", "이/가", "BillingAgent가"),
])
def test_particle_fits_the_final_sound(word, form, expected):
    assert attach(word, form) == expected


def test_final_sounds():
    assert final_sound("환불") == "rieul" and final_sound("결제") == "vowel" and final_sound("돈") == "consonant"
    assert final_sound("") == "vowel"


def test_unknown_particle_is_a_clear_error():
    with pytest.raises(ValueError, match="Unknown particle"):
        particle("돈", "의")


def test_format_ko_resolves_placeholders_after_slots_and_in_fixed_text():
    assert format_ko("{tool}이(가) {step!r}(으)로 옮겨요", tool="resolve_billing", step="done") == \
        "resolve_billing이 'done'으로 옮겨요"
    assert format_ko("{a}을(를) 보고 {b}와(과)", a="결제", b="고객") == "결제를 보고 고객와(과)"  # unknown order stays
    assert resolve("환불을(를) 결제이(가)") == "환불을 결제가"


def test_texts_tables_format_korean_particles():
    table = i18n.Texts({"t": {"en": "{tool} moved to {step}", "ko": "{tool}이(가) {step}(으)로 옮겼어요"}})
    i18n.TABLES.remove(table)
    with i18n.using_language("ko"):
        assert table["t"].format(tool="record_issue", step="resolve") == "record_issue가 resolve로 옮겼어요"
    with i18n.using_language("en"):
        assert table["t"].format(tool="record_issue", step="resolve") == "record_issue moved to resolve"
