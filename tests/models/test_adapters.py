"""The offline model through the real LangChain and AutoGen interfaces: tool calls, streaming, usage, reasons."""

import json
from typing import Callable, NotRequired

import pytest
from autogen_core import CancellationToken, FunctionCall
from autogen_core.models import (AssistantMessage, CreateResult, FunctionExecutionResult,
                                 FunctionExecutionResultMessage, SystemMessage, UserMessage)
from autogen_core.tools import FunctionTool
from langchain.agents import AgentState, create_agent
from langchain.agents.middleware import ModelRequest, ModelResponse, wrap_model_call
from langchain.messages import HumanMessage, ToolMessage
from langchain.tools import ToolRuntime, tool
from langgraph.types import Command

from handoffs.models import MODEL_NAME, OfflineChatModel, OfflineModelClient

from model_seeds import SEED_003

RUNS: list[str] = []


class SupportState(AgentState):
    current_step: NotRequired[str]
    issue_type: NotRequired[str]


@tool
def record_issue(issue: str, runtime: ToolRuntime) -> Command:
    """Record the kind of issue the user has: billing, technical, or other."""
    RUNS.append(f"record_issue:{issue}")
    return Command(update={"messages": [ToolMessage(f"Recorded: {issue}", tool_call_id=runtime.tool_call_id)],
                           "issue_type": issue, "current_step": "resolve"})


@tool
def resolve_billing() -> str:
    """Resolve a billing issue such as a duplicate charge."""
    RUNS.append("resolve_billing")
    return "The duplicate charge was refunded."


@tool
def end_conversation(runtime: ToolRuntime) -> Command:
    """End the conversation once the issue is resolved."""
    RUNS.append("end_conversation")
    return Command(update={"messages": [ToolMessage("Ended.", tool_call_id=runtime.tool_call_id)],
                           "current_step": "done"})


STEPS = {"triage": ("Find out the kind of issue and record it.", [record_issue]),
         "resolve": ("Resolve the issue with its tool, then end the conversation.", [resolve_billing, end_conversation]),
         "done": ("Say goodbye.", [])}


@wrap_model_call
def apply_step(request: ModelRequest, handler: Callable[[ModelRequest], ModelResponse]) -> ModelResponse:
    prompt, tools = STEPS[request.state.get("current_step", "triage")]
    return handler(request.override(system_prompt=prompt, tools=tools))


def _agent(model):
    return create_agent(model, tools=[record_issue, resolve_billing, end_conversation], state_schema=SupportState,
                        middleware=[apply_step])


def test_langchain_agent_runs_seed_000_with_reasons_and_usage():
    RUNS.clear()
    result = _agent(OfflineChatModel()).invoke({"messages": [HumanMessage("I was charged twice")]})
    assert RUNS == ["record_issue:billing", "resolve_billing", "end_conversation"]
    assert result["current_step"] == "done" and result["issue_type"] == "billing"
    ai = [m for m in result["messages"] if m.type == "ai"]
    assert all(m.response_metadata["model_name"] == MODEL_NAME and m.response_metadata["reason"] for m in ai)
    assert all(m.usage_metadata["input_tokens"] > 0 for m in ai)
    assert "goodbye" in ai[-1].content.lower()


def test_langchain_rogue_model_calls_a_hidden_tool_and_langchain_runs_it():
    RUNS.clear()
    _agent(OfflineChatModel(rogue="resolve_billing")).invoke({"messages": [HumanMessage("I was charged twice")]})
    assert RUNS[0] == "resolve_billing"  # the gap Part 1 closes with a step guard


def test_langchain_script_mode_replays_exactly():
    model = OfflineChatModel(script=[{"tool": "record_issue", "args": {"issue": "other"}}, "Bye now."])
    result = _agent(model).invoke({"messages": [HumanMessage("anything")]})
    assert result["issue_type"] == "other" and result["messages"][-1].content == "Bye now."
    with pytest.raises(Exception, match="script has 2 replies"):
        model.invoke("again")


def test_langchain_stream_gives_back_the_same_message():
    model = OfflineChatModel().bind_tools([record_issue])
    whole = model.invoke([HumanMessage("I was charged twice")])
    chunks = list(model.stream([HumanMessage("I was charged twice")]))
    merged = chunks[0]
    for chunk in chunks[1:]:
        merged += chunk
    assert merged.tool_calls == whole.tool_calls and merged.content == whole.content


def test_langchain_model_reads_tools_as_they_are_now():
    """A tool object's schema is read once and its spec reused while the tool is unchanged; a tool whose description
    a learner changes, or a dict schema edited in place between calls, is read as it is now."""
    from handoffs.models.langchain_adapter import offered_spec, openai_schema

    @tool
    def transfer_to_a() -> str:
        """Use for anything sales or buying related."""
        return "sales"

    @tool
    def transfer_to_b() -> str:
        """Use for broken or damaged products and repairs."""
        return "repairs"

    ask = [HumanMessage("My rocket skates broke after one day")]
    called = lambda tools: OfflineChatModel().bind_tools(tools).invoke(ask).tool_calls[0]["name"]
    assert called([transfer_to_a, transfer_to_b]) == "transfer_to_b"
    assert offered_spec(openai_schema(transfer_to_a)) is offered_spec(openai_schema(transfer_to_a))
    transfer_to_a.description, transfer_to_b.description = transfer_to_b.description, transfer_to_a.description
    assert called([transfer_to_a, transfer_to_b]) == "transfer_to_a"

    schemas = [openai_schema(transfer_to_a), openai_schema(transfer_to_b)]
    as_dicts = [{"type": "function", "function": dict(s["function"])} for s in schemas]
    assert called(as_dicts) == "transfer_to_a"
    as_dicts[0]["function"]["description"], as_dicts[1]["function"]["description"] = \
        as_dicts[1]["function"]["description"], as_dicts[0]["function"]["description"]
    assert called(as_dicts) == "transfer_to_b"


def test_langchain_model_gives_langsmith_the_default_run_parameters():
    """The model names its LangSmith run parameters itself (cheaper), exactly as LangChain's default would."""
    from langchain_core.language_models import BaseChatModel

    model = OfflineChatModel()
    for stop, kwargs in [(None, {}), (["\n"], {}), (None, {"model": "gpt-x", "temperature": 0.2, "max_tokens": 9}),
                         (None, {"model": 3, "temperature": "hot", "max_tokens": 2.5}), ([], {"tools": []})]:
        assert model._get_ls_params(stop=stop, **kwargs) == BaseChatModel._get_ls_params(model, stop=stop, **kwargs)
    text_chunks = list(OfflineChatModel().stream("Hello"))
    assert len(text_chunks) > 2 and "".join(c.content for c in text_chunks) == OfflineChatModel().invoke("Hello").content


async def test_autogen_client_hands_off_and_explains():
    def transfer_to_sales_agent() -> str:
        return "SalesAgent"

    tool = FunctionTool(transfer_to_sales_agent, description="Use for anything sales or buying related.")
    client = OfflineModelClient()
    result = await client.create([SystemMessage(content=SEED_003["TriageAgent"][0]),
                                  UserMessage(content="I'd like to buy a rocket", source="User")], tools=[tool])
    assert result.finish_reason == "function_calls" and [c.name for c in result.content] == ["transfer_to_sales_agent"]
    assert "buy" in result.thought and result.usage.prompt_tokens > 0
    assert client.total_usage().prompt_tokens == result.usage.prompt_tokens
    assert client.model_info["function_calling"] is True
    assert client.count_tokens([UserMessage(content="hello there", source="User")]) > 0
    assert client.remaining_tokens([UserMessage(content="hi", source="User")]) < 128_000


async def test_autogen_client_reads_function_results_and_streams():
    client = OfflineModelClient()
    prompt, _ = SEED_003["IssuesAndRepairsAgent"]
    call = FunctionCall(id="c1", name="look_up_item", arguments=json.dumps({"search_query": "skates"}))
    context = [SystemMessage(content=prompt), UserMessage(content="I want a refund", source="User"),
               AssistantMessage(content="I'm sorry. What happened?", source="IssuesAndRepairsAgent"),
               UserMessage(content="The skates explode.", source="User"),
               AssistantMessage(content="Let's try a fix: tighten the bolt. Does that solve it?", source="x"),
               UserMessage(content="No, it didn't help.", source="User"),
               AssistantMessage(content="I'm sorry that didn't help. Would you like a refund?", source="x"),
               UserMessage(content="Yes please.", source="User"),
               AssistantMessage(content=[call], source="x"),
               FunctionExecutionResultMessage(content=[FunctionExecutionResult(
                   call_id="c1", content="item_132612938", is_error=False, name="look_up_item")])]

    def execute_refund(item_id: str, reason: str = "not provided") -> str:
        return "success"

    def look_up_item(search_query: str) -> str:
        return "item_132612938"

    tools = [FunctionTool(execute_refund, description=""),
             FunctionTool(look_up_item, description="Use to find item ID.\nSearch query can be a description or keywords.")]
    result = await client.create(context, tools=tools)
    assert result.content[0].name == "execute_refund"
    assert json.loads(result.content[0].arguments)["item_id"] == "item_132612938"
    pieces = [p async for p in client.create_stream([UserMessage(content="Hello", source="User")])]
    assert isinstance(pieces[-1], CreateResult) and "".join(pieces[:-1]) == pieces[-1].content


async def test_autogen_client_reads_a_tool_schema_edited_in_place():
    """Agents offer the same schema dicts on every call (the client remembers what it read from each); a schema a
    learner edits in place between calls is read as it is now, down to a value's type and its keys' order."""
    def schema(name: str, description: str) -> dict:
        return {"name": name, "description": description,
                "parameters": {"type": "object", "properties": {"n": {"type": "integer", "default": 1}}}}

    first, second = schema("transfer_to_a", "Use for anything sales or buying related."), \
        schema("transfer_to_b", "Use for broken or damaged products and repairs.")
    client, prompt = OfflineModelClient(), SystemMessage(content=SEED_003["TriageAgent"][0])
    ask = [prompt, UserMessage(content="My rocket skates broke after one day", source="User")]
    assert (await client.create(ask, tools=[first, second])).content[0].name == "transfer_to_b"
    first["description"], second["description"] = second["description"], first["description"]
    assert (await client.create(ask, tools=[first, second])).content[0].name == "transfer_to_a"

    from handoffs.models.autogen_adapter import tool_specs

    assert tool_specs([first])[0] is tool_specs([first])[0]  # unchanged: the same spec
    first["parameters"]["properties"]["n"]["default"] = True  # equal to 1, but another value
    assert tool_specs([first])[0].parameters["properties"]["n"]["default"] is True
    first["parameters"]["properties"] = {"m": {"type": "string"}, **first["parameters"]["properties"]}
    assert list(tool_specs([first])[0].properties) == ["m", "n"]


async def test_autogen_script_and_rogue_modes():
    scripted = OfflineModelClient(script=["Hi!", {"tool": "escalate_to_human", "args": {}}])
    assert (await scripted.create([UserMessage(content="x", source="User")])).content == "Hi!"
    second = await scripted.create([UserMessage(content="x", source="User")])
    assert second.content[0].name == "escalate_to_human"
    rogue = OfflineModelClient(rogue={"tool": "execute_refund", "args": {"item_id": "item_1"}})
    result = await rogue.create([UserMessage(content="hello", source="User")], tools=[])
    assert result.content[0].name == "execute_refund" and "NOT offered" in result.thought


def test_bad_mode_arguments_get_a_clear_message():
    with pytest.raises(ValueError, match="Choose one mode"):
        OfflineChatModel(script=["x"], rogue="y")
    with pytest.raises(TypeError, match="list of replies"):
        OfflineModelClient(script="just one string")
    with pytest.raises(ValueError, match="rogue takes"):
        OfflineModelClient(rogue={"name": "oops"})


def test_autogen_client_reads_a_message_edited_after_it_was_read() -> None:
    """Readings are kept by what a message says, never by the message object: an edited one is read anew."""
    from handoffs.models.autogen_adapter import to_neutral

    customer = UserMessage(content="I was charged twice", source="User")
    result = FunctionExecutionResult(content="refunded", name="resolve_billing", call_id="c1", is_error=False)
    results = FunctionExecutionResultMessage(content=[result])
    assert [m.content for m in to_neutral([customer, results])] == ["I was charged twice", "refunded"]
    customer.content = "My app crashes"
    result.is_error = True
    user, tool_result = to_neutral([customer, results])
    assert user.content == "My app crashes" and tool_result.is_error and tool_result.tool_call_id == "c1"
