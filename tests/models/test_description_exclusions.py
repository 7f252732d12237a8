"""A tool description that says what the tool does *not* take ("…, except refunds", "환불은 제외") is read that way.

A careful model sends a refund to the desk that does refunds, not to a billing desk whose description sets refunds
aside; before, both desks "offered" refunds and the model asked which one was meant. The exclusion is read in tool
descriptions only: a customer's "everything is fine except the refund never came" still names a refund.
"""

from __future__ import annotations

import pytest
from langchain_core.tools import StructuredTool

from handoffs.models import Message, chat_model, decide

from model_seeds import spec

REPAIRS_EN = spec("repairs_desk", "Fixes broken products and handles refunds.")
REPAIRS_KO = spec("repairs_desk", "고장 수리와 환불을 처리해요.")
PROMPT = "You route the customer to the right desk."


def routed(billing_description: str, repairs, text: str) -> str:
    tools = [spec("billing_desk", billing_description), repairs]
    decision = decide([Message("system", PROMPT), Message("user", text)], tools)
    return decision.tool_calls[0].name if decision.tool_calls else "ask"


@pytest.mark.parametrize("billing, repairs, text", [
    ("Handles charges and invoices, except refunds.", REPAIRS_EN, "I want a refund"),
    ("Billing only (refunds are handled by the repairs desk).", REPAIRS_EN, "Can I get my money back? It's a refund"),
    ("Do not use this for refunds; use it for charges and invoices.", REPAIRS_EN, "refund please"),
    ("Charges and invoices, other than refunds.", REPAIRS_EN, "I'd like a refund for the skates"),
    ("결제, 청구서, 요금 문의를 처리해요. 환불은 제외.", REPAIRS_KO, "환불해 주세요"),
    ("결제와 청구서 문의. 환불은 다루지 않아요.", REPAIRS_KO, "환불 받고 싶어요"),
    ("결제와 청구서 문의. 환불 요청에는 쓰지 마세요.", REPAIRS_KO, "환불 받고 싶어요"),
    ("환불을 제외한 결제 문의를 맡아요.", REPAIRS_KO, "환불 부탁드려요"),
    ("결제 문의만 받아요. 환불은 다른 데스크가 맡아요.", REPAIRS_KO, "refund 받고 싶어요"),
])
def test_a_refund_goes_to_the_desk_that_does_not_exclude_it(billing, repairs, text):
    assert routed(billing, repairs, text) == "repairs_desk"


@pytest.mark.parametrize("billing, repairs, text", [
    ("Handles charges and invoices, except refunds.", REPAIRS_EN, "I was charged twice"),
    ("Billing only (refunds are handled by the repairs desk).", REPAIRS_EN, "my invoice is wrong"),
    ("결제, 청구서, 요금 문의를 처리해요. 환불은 제외.", REPAIRS_KO, "두 번 결제됐어요"),
])
def test_what_the_desk_does_take_still_reaches_it(billing, repairs, text):
    assert routed(billing, repairs, text) == "billing_desk"


def test_a_customer_saying_except_still_names_the_problem():
    tools = [spec("billing_desk", "Handles charges and invoices."), REPAIRS_EN]
    decision = decide([Message("system", PROMPT), Message("user", "Everything is fine except the refund never came")],
                      tools)
    assert [c.name for c in decision.tool_calls] == ["repairs_desk"]


def test_through_langchain_with_a_korean_learners_tools():
    def billing_desk() -> str:
        return "billing"

    def repairs_desk() -> str:
        return "repairs"

    tools = [StructuredTool.from_function(billing_desk, description="결제와 청구서 문의를 받아요. 환불은 제외."),
             StructuredTool.from_function(repairs_desk, description="고장 수리와 환불을 맡아요.")]
    reply = chat_model().bind_tools(tools).invoke("환불 받을 수 있나요?")
    assert [c["name"] for c in reply.tool_calls] == ["repairs_desk"]
    assert "환불" in reply.response_metadata["reason"]
