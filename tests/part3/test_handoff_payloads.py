"""What a handoff carries: the note instead of the history costs the next agent fewer tokens and goes as right."""

import re

import pytest

from autogen_core.models import UserMessage

from handoffs.models import OfflineModelClient
from handoffs.lessons import load
from handoffs.part3 import carrying
from handoffs.part3.carrying import went_right

LESSON = load("10_what_a_handoff_carries")  # notebook 10's cells are the lesson code: the tests run them
HandoffShaper, TYPED_TRIAGE_TRANSFER_TOOLS = LESSON.HandoffShaper, LESSON.TYPED_TRIAGE_TRANSFER_TOOLS
whole_history, remove_all_tools, note_and_last_words = LESSON.whole_history, LESSON.remove_all_tools, LESSON.note_and_last_words
look_up_order = LESSON.look_up_order


async def run_carrying(name, lines, *, history_filter, on_handoff=None, **more):
    """Notebook 10's call: the learner's shaper (filter, hook) and typed delegates through Part 2's team."""
    return await carrying.run_carrying(name, lines, shaper=HandoffShaper(history_filter, on_handoff),
                                       triage_transfer_tools=TYPED_TRIAGE_TRANSFER_TOOLS, **more)
from handoffs.part3.measure import CONVERSATIONS


@pytest.mark.parametrize("name", ["long en", "long ko", "refund ko"])
async def test_the_filtered_handoff_uses_fewer_tokens_and_still_answers_right(exact_tokens, name):
    lines, confirmations = CONVERSATIONS[name]
    whole = await run_carrying("whole", lines, history_filter=whole_history, confirmations=confirmations)
    note = await run_carrying("note", lines, history_filter=note_and_last_words, confirmations=confirmations)
    assert went_right(note, whole) == []
    assert len(note.next_agent_tokens) == len(whole.next_agent_tokens) >= 1
    assert all(n < w for (_, n), (_, w) in zip(note.next_agent_tokens, whole.next_agent_tokens))
    assert note.run.tokens_in < whole.run.tokens_in
    if whole.run.refunds:
        assert [r.reason for r in note.run.refunds] == [r.reason for r in whole.run.refunds]


async def test_dropping_the_tool_calls_is_measured_as_going_wrong():
    lines, confirmations = CONVERSATIONS["long en"]
    whole = await run_carrying("whole", lines, history_filter=whole_history, confirmations=confirmations)
    bare = await run_carrying("bare", lines, history_filter=remove_all_tools, confirmations=confirmations)
    assert any("routine steps" in problem for problem in went_right(bare, whole))


async def test_the_payload_is_typed_and_read_from_the_delegate_call():
    carried = await run_carrying("p", ["I want a refund, my rocket skates broke after one day"],
                                 history_filter=whole_history)
    assert [(h.from_agent, h.to_agent) for h in carried.log] == [("TriageAgent", "IssuesAndRepairsAgent")]
    assert "rocket skates broke" in carried.log[0].note.reason
    assert [t.name for t in TYPED_TRIAGE_TRANSFER_TOOLS] == ["transfer_to_issues_and_repairs", "transfer_to_sales_agent",
                                                         "escalate_to_human"]


async def test_a_delegate_call_without_its_payload_hands_nothing_over():
    script = OfflineModelClient(script=[{"tool": "transfer_to_sales_agent", "args": {"reason": "buy"}}, "Which product?"])
    carried = await run_carrying("p", ["I want to buy"], history_filter=note_and_last_words, model_client=script)
    assert carried.run.handoffs == [] and carried.log == []
    assert carried.run.turns[0].handled_by == "TriageAgent"


async def test_the_hook_runs_before_the_specialist_and_a_failing_one_loses_nothing():
    lines = ["A-2002 주문한 물건이 고장났어요. 환불받고 싶어요", "아니요, 전혀 도움이 안 됐어요", "네, 환불해 주세요"]
    hooked = await run_carrying("h", lines, history_filter=note_and_last_words, on_handoff=look_up_order)
    assert any("A-2002" in added and "ACME Portable Hole" in added for added in hooked.log[0].added_by_hook)
    assert hooked.log[0].messages_after == 3  # note, the order, the customer's words

    async def broken(note, context, target):
        raise RuntimeError("order service down")

    survived = await run_carrying("b", lines, history_filter=note_and_last_words, on_handoff=broken)
    assert "order service down" in survived.log[0].problem
    assert survived.log[0].messages_after == survived.log[0].messages_before
    assert [t.handled_by for t in survived.run.turns] == [t.handled_by for t in hooked.run.turns]
    assert len(survived.run.refunds) == len(hooked.run.refunds) == 1


@pytest.mark.parametrize("said, found", [
    ("주문 번호는 A-1001이에요", ["A-1001"]),          # a Korean particle right after the number
    ("A-2002번 주문이 안 왔어요", ["A-2002"]),
    ("Order A-1001, and A-2002.", ["A-1001", "A-2002"]),
    ("order XA-1001 or A-10012", []),                  # not an order number on its own
])
async def test_the_hook_finds_order_numbers_with_korean_particles_attached(said, found):
    added = await look_up_order(None, [UserMessage(content=said, source="User")], "IssuesAndRepairsAgent")
    assert [n for n in ("A-1001", "A-2002") if any(n in m.content for m in added)] == found


async def test_two_delegates_in_one_response_hand_off_once():
    note = {"reason": "both", "summary": "buy and return"}
    script = OfflineModelClient(script=[[{"tool": "transfer_to_sales_agent", "args": note},
                                         {"tool": "escalate_to_human", "args": note}], "Sales here."])
    carried = await run_carrying("two", ["buy or a person"], history_filter=whole_history, model_client=script)
    assert carried.run.handoffs == [("TriageAgent", "SalesAgent")]
    assert [t.handled_by for t in carried.run.turns] == ["SalesAgent"]


async def test_a_broken_routine_is_found_whichever_language_the_reasons_are_in(monkeypatch):
    lines, confirmations = CONVERSATIONS["long ko"]
    found = {}
    for language in ("en", "ko"):  # the model's reasons follow the kit's language; "went right?" must not care
        monkeypatch.setattr("handoffs.i18n._chosen", language)
        whole = await run_carrying("whole", lines, history_filter=whole_history, confirmations=confirmations)
        no_tools = await run_carrying("no tools", lines, history_filter=remove_all_tools, confirmations=confirmations)
        found[language] = [re.findall(r"\d+", problem) for problem in went_right(no_tools, whole)]
    assert found["ko"] == found["en"] and any(found["en"]), found  # the same turns, with other routine steps
