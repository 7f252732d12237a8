"""Notebook 09's routing desk: ``OneAgentDesk(remember=False)`` routes a first message as the remembering desk does,
refuses a longer script with a sentence, and ``inline_spans`` leaves LangSmith's runtime as it found it."""

import pytest

from handoffs.part3.runs import OneAgentDesk, inline_spans


@pytest.mark.parametrize("line", ["I was charged twice for my order", "새 로켓 스케이트를 사고 싶어요",
                                  "I want to talk to a person"])
async def test_a_one_turn_desk_routes_a_first_message_as_the_remembering_desk_does(line):
    kept, forgetful = OneAgentDesk(), OneAgentDesk(remember=False)
    one = await kept.run([line], session_id="a")
    two = await forgetful.run([line], session_id="a")
    assert forgetful.agent.checkpointer is None and kept.agent.checkpointer is not None
    assert [t.handled_by for t in two.turns] == [t.handled_by for t in one.turns]
    assert [t.reply for t in two.turns] == [t.reply for t in one.turns]
    assert two.handoffs == one.handoffs


async def test_a_one_turn_desk_refuses_a_longer_script_and_runs_nothing():
    desk = OneAgentDesk(remember=False)
    with pytest.raises(ValueError, match="remember=True"):
        await desk.run(["hi", "I was charged twice"], session_id="b")
    assert desk.recorder.events == [] and desk.ledger.orders_of("b") == [] and desk.ledger.refunds_of("b") == []


def test_inline_spans_sets_langsmiths_switch_only_while_a_desk_runs_and_nests():
    from langsmith._runtime_overrides import get_runtime_overrides

    assert get_runtime_overrides().aio_to_thread is None
    with inline_spans():
        inner = get_runtime_overrides().aio_to_thread
        assert inner is not None
        with inline_spans():
            assert get_runtime_overrides().aio_to_thread is inner
        assert get_runtime_overrides().aio_to_thread is inner  # the outer desk still runs
    assert get_runtime_overrides().aio_to_thread is None
