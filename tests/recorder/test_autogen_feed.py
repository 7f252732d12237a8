"""The AutoGen feed records a real SingleThreadedAgentRuntime run: publishes, handoffs, replies, model calls, tools.

The agents here are a minimal seed-003 shape (a triage agent that delegates by publishing to another agent's topic
type, a sales agent with a tool, a human agent, a user agent), driven by the offline model in script mode.
"""

from __future__ import annotations

import json
from autogen_core import (MessageContext, RoutedAgent, SingleThreadedAgentRuntime, TopicId, TypeSubscription,
                          message_handler)
from autogen_core.models import (AssistantMessage, FunctionExecutionResult, FunctionExecutionResultMessage,
                                 SystemMessage, UserMessage)
from autogen_core.tools import FunctionTool

from handoffs.models import OfflineModelClient
from handoffs.lessons.part2 import AgentResponse, UserTask  # seed 003's message protocol
from handoffs.recorder import HandoffEvent, MessageEvent, PublishEvent, RunRecorder, ToolRunEvent


def transfer_to_sales() -> str:
    return "Sales"


def escalate_to_human() -> str:
    return "HumanAgent"


def price_of(product: str) -> str:
    return f"{product}: $10"


class Worker(RoutedAgent):
    """Seed 003's AIAgent loop, shortened: tools run here, delegate tools publish to another agent's topic."""

    def __init__(self, client, tools, delegates, stream=False):
        super().__init__("worker")
        self.client, self.stream = client, stream
        self.tools = {t.name: t for t in tools}
        self.delegates = {t.name: t for t in delegates}

    async def think(self, context):
        schemas = [t.schema for t in [*self.tools.values(), *self.delegates.values()]]
        messages = [SystemMessage(content=f"You are {self.id.type}.")] + context
        if not self.stream:
            return await self.client.create(messages, tools=schemas)
        async for item in self.client.create_stream(messages, tools=schemas):
            result = item
        return result

    @message_handler
    async def handle_task(self, message: UserTask, ctx: MessageContext) -> None:
        result = await self.think(message.context)
        while isinstance(result.content, list):
            outputs = []
            for call in result.content:
                if call.name in self.delegates:
                    topic = await self.delegates[call.name].run_json({}, ctx.cancellation_token)
                    done = FunctionExecutionResult(call_id=call.id, content=f"Transferred to {topic}.",
                                                   is_error=False, name=call.name)
                    task = UserTask(context=[*message.context, AssistantMessage(content=[call], source=self.id.type),
                                             FunctionExecutionResultMessage(content=[done])])
                    await self.publish_message(task, TopicId(topic, source=self.id.key))
                    return
                out = await self.tools[call.name].run_json(json.loads(call.arguments), ctx.cancellation_token)
                outputs.append(FunctionExecutionResult(call_id=call.id, content=str(out), is_error=False,
                                                       name=call.name))
            message.context += [AssistantMessage(content=result.content, source=self.id.type),
                                FunctionExecutionResultMessage(content=outputs)]
            result = await self.think(message.context)
        message.context.append(AssistantMessage(content=result.content, source=self.id.type))
        await self.publish_message(AgentResponse(reply_to_topic_type=self.id.type, context=message.context),
                                   TopicId("User", source=self.id.key))


class Human(RoutedAgent):
    def __init__(self):
        super().__init__("human")

    @message_handler
    async def handle_task(self, message: UserTask, ctx: MessageContext) -> None:
        message.context.append(AssistantMessage(content="Hi, Ann here.", source=self.id.type))
        await self.publish_message(AgentResponse(reply_to_topic_type=self.id.type, context=message.context),
                                   TopicId("User", source=self.id.key))


class Customer(RoutedAgent):
    def __init__(self):
        super().__init__("customer")
        self.replies: list[str] = []

    @message_handler
    async def handle_reply(self, message: AgentResponse, ctx: MessageContext) -> None:
        self.replies.append(message.context[-1].content)


async def run_session(script, session="session-1", stream=False, text="I want to buy a rocket"):
    rec = RunRecorder()
    client = rec.wrap_model_client(OfflineModelClient(script=script))
    runtime = SingleThreadedAgentRuntime(intervention_handlers=[rec.autogen_intervention_handler(user_topic="User")])
    delegates = [FunctionTool(transfer_to_sales, description="Hand the customer to sales."),
                 FunctionTool(escalate_to_human, description="Hand the customer to a human.")]
    await Worker.register(runtime, "Triage", lambda: Worker(client, [], delegates, stream))
    await Worker.register(runtime, "Sales", lambda: Worker(client, [FunctionTool(price_of, description="Price.")],
                                                           [], stream))
    await Human.register(runtime, "HumanAgent", Human)
    await Customer.register(runtime, "User", Customer)
    for topic in ("Triage", "Sales", "HumanAgent", "User"):
        await runtime.add_subscription(TypeSubscription(topic_type=topic, agent_type=topic))
    runtime.start()
    await runtime.publish_message(UserTask(context=[UserMessage(content=text, source="User")]),
                                  TopicId("Triage", source=session))
    await runtime.stop_when_idle()
    return rec


SALE = [{"tool": "transfer_to_sales", "args": {}}, {"tool": "price_of", "args": {"product": "rocket"}},
        "The rocket is $10."]


async def test_a_handoff_run_is_recorded_with_the_session_as_conversation():
    rec = await run_session(SALE)
    assert rec.conversations() == ["session-1"]
    assert rec.handoffs("session-1") == [("Triage", "Sales")]
    assert rec.of_kind(HandoffEvent)[0].tool == "transfer_to_sales"
    assert rec.tools_run() == ["transfer_to_sales", "price_of"]
    runs = rec.of_kind(ToolRunEvent)
    assert [(r.actor, r.result) for r in runs] == [("Triage", "Transferred to Sales."), ("Sales", "rocket: $10")]
    assert runs[1].args == {"product": "rocket"}
    calls = rec.model_calls()
    assert [(c.actor, c.tools_offered) for c in calls] == [
        ("Triage", ("transfer_to_sales", "escalate_to_human")), ("Sales", ("price_of",)), ("Sales", ("price_of",))]
    assert calls[0].system_prompt == "You are Triage." and all(c.reason for c in calls)  # thought -> reason
    assert [(m.role, m.actor, m.text) for m in rec.transcript()] == [
        ("user", "user", "I want to buy a rocket"), ("assistant", "Sales", "The rocket is $10.")]
    assert [(p.sender, p.topic_type) for p in rec.of_kind(PublishEvent)] == [
        ("(outside)", "Triage"), ("Triage", "Sales"), ("Sales", "User")]
    assert rec.agents_visited() == ["Triage", "Sales"] and rec.current_agent() == "Sales"


async def test_streaming_model_calls_are_recorded_too():
    rec = await run_session(SALE, session="s-stream", stream=True)
    assert [c.actor for c in rec.model_calls("s-stream")] == ["Triage", "Sales", "Sales"]
    assert rec.model_calls("s-stream")[-1].text == "The rocket is $10."


async def test_a_human_operator_reply_has_the_operator_role():
    rec = await run_session([{"tool": "escalate_to_human", "args": {}}], session="s-human", text="a human please")
    assert rec.handoffs("s-human") == [("Triage", "HumanAgent")]
    last = rec.of_kind(MessageEvent, "s-human")[-1]
    assert (last.role, last.actor, last.text) == ("operator", "HumanAgent", "Hi, Ann here.")


async def test_a_model_call_outside_any_agent_is_filed_under_the_given_agent_name():
    rec = RunRecorder()
    client = rec.wrap_model_client(OfflineModelClient(script=["hello"]), agent="Standalone")
    result = await client.create([UserMessage(content="hi", source="User")])
    assert result.content == "hello"
    call = rec.model_calls("default")[0]
    assert (call.actor, call.text, call.conversation) == ("Standalone", "hello", "default")
    assert client.model_info["function_calling"] is True  # forwarded, so AutoGen accepts the wrapper


async def test_a_handoff_sent_on_by_the_limit_is_labelled_with_the_call_that_asked_for_it():
    """Seed 003's team on a model bouncing between triage and sales: the 4th handoff (asked for with
    transfer_back_to_triage) goes to the human; its label is that call, not an older successful transfer."""
    from handoffs.part2 import OperatorDesk, build_team, new_runtime, run_scripted_session

    ping_pong = [{"tool": "transfer_to_sales_agent", "args": {}}, {"tool": "transfer_back_to_triage", "args": {}}] * 2
    recorder, desk = RunRecorder(), OperatorDesk()
    desk.on_request(lambda request: desk.answer(request.session_id, "A person here."))
    runtime = new_runtime(recorder)
    team = await build_team(runtime, OfflineModelClient(script=ping_pong), recorder=recorder, operators=desk)
    runtime.start()
    await run_scripted_session(["hi"], team=team, session_id="loop", timeout=30)
    await runtime.stop_when_idle()
    handoffs = [(e.from_agent, e.to_agent, e.tool) for e in recorder.of_kind(HandoffEvent, "loop")]
    assert handoffs == [("TriageAgent", "SalesAgent", "transfer_to_sales_agent"),
                        ("SalesAgent", "TriageAgent", "transfer_back_to_triage"),
                        ("TriageAgent", "SalesAgent", "transfer_to_sales_agent"),
                        ("SalesAgent", "HumanAgent", "transfer_back_to_triage")]
