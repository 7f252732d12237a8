"""The offline model answers a request met again as before, and never from memory when anything it reads changed.

``OfflineEngine.answer`` remembers its answers by the exact request (see ``handoffs.models.engine``); these tests
drive the real LangChain model and check that what comes back is what a model working it out afresh would say:
the kit's language, a tool's description, a customer's word, a tool call's arguments all reach the decision.
"""

from langchain.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage
from langchain.tools import tool

from handoffs.i18n import using_language
from handoffs.models import OfflineChatModel
from handoffs.models.core import decide
from handoffs.models.engine import OfflineEngine
from handoffs.models.langchain_adapter import offered_spec, openai_schema, to_neutral

PROMPT = "You are a support agent. Find out what kind of issue the user has and call the matching tool."


@tool
def resolve_billing() -> str:
    """Resolve a billing issue such as a duplicate charge."""
    return "refunded"


@tool
def resolve_technical() -> str:
    """Resolve a technical issue such as an app that crashes."""
    return "fixed"


def _ask(model: OfflineChatModel, messages: list, tools: list) -> AIMessage:
    return model.bind_tools(tools).invoke(messages)


def test_the_same_request_gets_the_same_answer_as_a_fresh_engine() -> None:
    model = OfflineChatModel()
    messages = [SystemMessage(PROMPT), HumanMessage("I was charged twice for one order")]
    first, again = _ask(model, messages, [resolve_billing, resolve_technical]), _ask(model, messages,
                                                                                     [resolve_billing, resolve_technical])
    assert [c["name"] for c in first.tool_calls] == ["resolve_billing"]
    assert again.tool_calls == first.tool_calls and again.response_metadata == first.response_metadata
    assert again.usage_metadata == first.usage_metadata
    again.tool_calls[0]["args"]["changed"] = 1  # a caller changing its message does not change the next answer
    assert "changed" not in _ask(model, messages, [resolve_billing, resolve_technical]).tool_calls[0]["args"]


def test_a_changed_word_language_or_tool_is_worked_out_afresh() -> None:
    model = OfflineChatModel()
    tools = [resolve_billing, resolve_technical]
    billing = _ask(model, [SystemMessage(PROMPT), HumanMessage("I was charged twice")], tools)
    crash = _ask(model, [SystemMessage(PROMPT), HumanMessage("My app crashes every time")], tools)
    assert [c["name"] for c in billing.tool_calls] == ["resolve_billing"]
    assert [c["name"] for c in crash.tool_calls] == ["resolve_technical"]
    greeting = [SystemMessage("You are a friendly agent. Greet the user."), HumanMessage("hello")]
    english = _ask(model, greeting, [])
    with using_language("ko"):
        korean_reason = _ask(model, greeting, []).response_metadata["reason"]
    assert korean_reason != english.response_metadata["reason"]  # the kit's language is part of the request


def test_a_tool_described_anew_is_read_anew() -> None:
    engine = OfflineEngine()
    messages = to_neutral_all([SystemMessage(PROMPT), HumanMessage("my parcel never arrived")])
    schema = dict(openai_schema(resolve_technical))
    before = engine.answer(messages, [offered_spec(schema)])[0]
    renamed = {"type": "function", "function": {**schema["function"],
                                                "description": "Resolve a delivery issue such as a lost parcel."}}
    after = engine.answer(messages, [offered_spec(renamed)])[0]
    assert after == decide(messages, [offered_spec(renamed)])
    assert before == decide(messages, [offered_spec(schema)])


def test_tool_results_and_arguments_are_part_of_the_request() -> None:
    engine = OfflineEngine()
    specs = [offered_spec(openai_schema(resolve_billing))]
    start = [SystemMessage(PROMPT), HumanMessage("I was charged twice")]
    call = AIMessage("", tool_calls=[{"name": "resolve_billing", "args": {}, "id": "c1", "type": "tool_call"}])
    ran = to_neutral_all(start + [call, ToolMessage("refunded", tool_call_id="c1", name="resolve_billing")])
    failed = to_neutral_all(start + [call, ToolMessage("boom", tool_call_id="c1", name="resolve_billing",
                                                        status="error")])
    for messages in (ran, failed, ran):
        assert engine.answer(messages, specs)[0] == decide(messages, specs)


def test_script_mode_is_never_remembered() -> None:
    model = OfflineChatModel(script=["one", "two"])
    messages = [HumanMessage("hi")]
    assert [model.invoke(messages).text, model.invoke(messages).text] == ["one", "two"]


def to_neutral_all(messages: list) -> list:
    return [to_neutral(m) for m in messages]


def test_an_answer_asked_again_and_again_outlives_a_stream_of_new_requests() -> None:
    """The memo forgets the least recently asked answers: a request asked between many new ones stays remembered."""
    from handoffs.models import engine

    model = OfflineChatModel()
    tools = [resolve_billing, resolve_technical]
    kept = [SystemMessage(PROMPT), HumanMessage("I was charged twice")]
    _ask(model, kept, tools)
    key = next(reversed(engine._ANSWERS))
    for number in range(engine._ANSWERS_KEPT * 2):
        _ask(model, [SystemMessage(PROMPT), HumanMessage(f"I was charged twice (order {number:05d})")], tools)
        if number % 16 == 0:
            _ask(model, kept, tools)
    assert key in engine._ANSWERS and len(engine._ANSWERS) <= engine._ANSWERS_KEPT


def test_a_message_edited_after_it_was_read_is_read_anew() -> None:
    """Readings are kept by what a message says, never by the message object: an edit reaches the next decision."""
    model = OfflineChatModel()
    tools = [resolve_billing, resolve_technical]
    customer = HumanMessage("I was charged twice")
    messages = [SystemMessage(PROMPT), customer]
    assert [c["name"] for c in _ask(model, messages, tools).tool_calls] == ["resolve_billing"]
    customer.content = "My app crashes every time I log in"  # the same object, edited in place
    assert [c["name"] for c in _ask(model, messages, tools).tool_calls] == ["resolve_technical"]
    result = ToolMessage("refunded", tool_call_id="c1", name="resolve_billing")
    assert to_neutral(result).is_error is False
    result.status = "error"
    assert to_neutral(result).is_error is True and to_neutral(result).content == "refunded"
    call = AIMessage("", tool_calls=[{"name": "resolve_billing", "args": {"order": "1"}, "id": "c1", "type": "tool_call"}])
    assert to_neutral(call).tool_calls[0].arguments == {"order": "1"}
    call.tool_calls[0]["args"]["order"] = "2"  # the model's own messages are read every time
    assert to_neutral(call).tool_calls[0].arguments == {"order": "2"}


def test_a_step_bound_again_gets_its_binding_and_a_tool_described_anew_a_new_one() -> None:
    @tool
    def look_up() -> str:
        """Look an order up."""
        return "found"

    model = OfflineChatModel()
    first = model.bind_tools([look_up, resolve_billing])
    assert model.bind_tools([look_up, resolve_billing]) is first
    assert model.bind_tools([look_up, resolve_billing], tool_choice="any") is not first
    look_up.description = "Find a lost parcel."
    again = model.bind_tools([look_up, resolve_billing])
    assert again is not first
    assert again.kwargs["tools"][0]["function"]["description"] == "Find a lost parcel."
