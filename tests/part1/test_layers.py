"""The kit's middlewares joined as one layer behave exactly as the separate stack ``create_agent`` would nest.

Same conversations, same recorder events (every field, in order), same final state — with ``invoke`` and
``ainvoke`` — for scripted models that make a rogue call (the guard answers), a repeated side effect
(``side_effects_once`` answers) and the seed's normal path. A learner's middleware is never joined and still sits
between the kit's layer and the recorder; with LangSmith tracing on nothing is joined.
"""

from __future__ import annotations

import asyncio

import pytest
from langchain.agents import create_agent
from langchain.agents.middleware import wrap_tool_call
from langsmith import tracing_context

from handoffs.models import OfflineChatModel
from handoffs.part1 import build_support_agent
from handoffs.part1.layers import JoinedMiddleware, one_layer
from handoffs.part1.middleware import apply_step_config_for, step_guard_middleware
from handoffs.part1.once import side_effects_once_middleware
from handoffs.part1.state import FIRST_STEP, SupportState
from handoffs.part1.steps import STEP_TABLE, all_tools
from handoffs.recorder import RunRecorder, ToolRunEvent

SCRIPTS = [
    None,  # the offline model deciding
    [{"tool": "resolve_billing", "args": {}}, "All right."],  # rogue: triage does not offer it
    [{"tool": "record_issue", "args": {"issue": "billing"}},
     [{"tool": "resolve_billing", "args": {}}, {"tool": "resolve_billing", "args": {}}], "Done."],
]


def _separate(model, recorder):
    stack = [apply_step_config_for(STEP_TABLE), step_guard_middleware(STEP_TABLE),
             side_effects_once_middleware(STEP_TABLE), recorder.langchain_middleware(default_step=FIRST_STEP)]
    return create_agent(model, tools=all_tools(STEP_TABLE), middleware=stack, state_schema=SupportState)


def _model(script):
    return OfflineChatModel() if script is None else OfflineChatModel(script=script)


def _run(agent, use_async):
    payload = {"messages": [{"role": "user", "content": "I was charged twice"}]}
    config = {"configurable": {"thread_id": "c1"}}
    if use_async:
        return asyncio.run(agent.ainvoke(payload, config=config))
    return agent.invoke(payload, config=config)


def _shape(state):
    return [(m.type, m.text, [(c["name"], c["args"]) for c in getattr(m, "tool_calls", [])],
             getattr(m, "status", None)) for m in state["messages"]], state.get("current_step")


@pytest.mark.parametrize("use_async", [False, True])
@pytest.mark.parametrize("script", SCRIPTS)
def test_joined_records_and_answers_as_the_separate_stack(script, use_async):
    joined_rec, separate_rec = RunRecorder(), RunRecorder()
    joined = _run(build_support_agent(_model(script), recorder=joined_rec), use_async)
    separate = _run(_separate(_model(script), separate_rec), use_async)
    assert joined_rec.events == separate_rec.events
    assert len(joined_rec.events) >= 4
    assert _shape(joined) == _shape(separate)


def test_the_kit_hands_create_agent_one_layer_and_a_learners_middleware_stays_its_own():
    seen = []

    @wrap_tool_call(state_schema=SupportState)
    def watch(request, handler):
        seen.append(request.tool_call["name"])
        return handler(request)

    recorder = RunRecorder()
    agent = build_support_agent(OfflineChatModel(script=SCRIPTS[2]), recorder=recorder, middleware=[watch])
    agent.invoke({"messages": [{"role": "user", "content": "I was charged twice"}]})
    # the guard and side_effects_once (joined, outside) answered the second resolve_billing before `watch` saw it
    assert seen == ["record_issue", "resolve_billing"]
    assert [(e.tool, e.refused) for e in recorder.of_kind(ToolRunEvent)] == [("record_issue", False), ("resolve_billing", False), ("resolve_billing", True)]


def test_nothing_is_joined_when_langsmith_tracing_is_on():
    parts = [apply_step_config_for(STEP_TABLE), step_guard_middleware(STEP_TABLE)]
    assert isinstance(one_layer(parts, "kit")[0], JoinedMiddleware)
    with tracing_context(enabled=True):
        assert one_layer(parts, "kit") == parts
