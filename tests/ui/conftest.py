"""A small AutoGen world for the panel tests: a triage agent that can hand the customer to a human, a human agent
that asks the OperatorPanel, and a user agent that delivers replies to the ChatPanel's backend.

The agents follow seed 003's shape (UserTask / AgentResponse, topic type = agent type, topic source = session);
only the console ``input()`` calls are replaced by the panels, which is the point of the panels.
"""

from __future__ import annotations

import pytest
from autogen_core import (MessageContext, RoutedAgent, SingleThreadedAgentRuntime, TopicId, TypeSubscription,
                          message_handler)
from autogen_core.models import AssistantMessage, SystemMessage, UserMessage
from autogen_core.tools import FunctionTool

from handoffs.models import OfflineModelClient
from handoffs.lessons.part2 import AgentResponse, UserTask  # seed 003's message protocol
from handoffs.recorder import RunRecorder
from handoffs.ui import AutoGenBackend, OperatorPanel


def escalate_to_human() -> str:
    return "HumanAgent"


class Triage(RoutedAgent):
    """Answers in text, or hands the customer to the human agent (the only delegate tool)."""

    def __init__(self, client):
        super().__init__("triage")
        self.client = client
        self.delegate = FunctionTool(escalate_to_human, description="Escalate to a human agent when the user asks "
                                                                    "to talk to a human.")

    @message_handler
    async def handle_task(self, message: UserTask, ctx: MessageContext) -> None:
        system = SystemMessage(content="You are a friendly triage agent for ACME. Greet the user briefly.")
        result = await self.client.create([system, *message.context], tools=[self.delegate.schema])
        if isinstance(result.content, list):
            call = result.content[0]
            task = UserTask(context=[*message.context, AssistantMessage(content=[call], source=self.id.type)])
            await self.publish_message(task, TopicId("HumanAgent", source=self.id.key))
            return
        message.context.append(AssistantMessage(content=result.content, source=self.id.type))
        await self.publish_message(AgentResponse(reply_to_topic_type=self.id.type, context=message.context),
                                   TopicId("User", source=self.id.key))


class Human(RoutedAgent):
    """Seed 003's HumanAgent with the desk instead of input()."""

    def __init__(self, desk: OperatorPanel):
        super().__init__("human")
        self.desk = desk

    @message_handler
    async def handle_task(self, message: UserTask, ctx: MessageContext) -> None:
        asked = next(m.content for m in reversed(message.context) if isinstance(m, UserMessage))
        answer = await self.desk.ask(self.id.key, asked, message.context[:-1], timeout=10)
        message.context.append(AssistantMessage(content=answer, source=self.id.type))
        await self.publish_message(AgentResponse(reply_to_topic_type=self.id.type, context=message.context),
                                   TopicId("User", source=self.id.key))


class Customer(RoutedAgent):
    """Seed 003's UserAgent with the chat panel's backend instead of print()/input()."""

    def __init__(self, backends: dict[str, AutoGenBackend]):
        super().__init__("customer")
        self.backends = backends

    @message_handler
    async def handle_reply(self, message: AgentResponse, ctx: MessageContext) -> None:
        self.backends[self.id.key].deliver(message.context[-1].source, message.context[-1].content)


class World:
    """A started runtime plus the recorder, the operator desk and a backend factory for sessions."""

    def __init__(self) -> None:
        self.recorder = RunRecorder()
        self.desk = OperatorPanel()
        self.backends: dict[str, AutoGenBackend] = {}
        self.runtime = SingleThreadedAgentRuntime(intervention_handlers=[self.recorder.autogen_intervention_handler()])
        self.history: dict[str, list] = {}

    async def start(self) -> "World":
        client = self.recorder.wrap_model_client(OfflineModelClient())
        await Triage.register(self.runtime, "Triage", lambda: Triage(client))
        await Human.register(self.runtime, "HumanAgent", lambda: Human(self.desk))
        await Customer.register(self.runtime, "User", lambda: Customer(self.backends))
        for topic in ("Triage", "HumanAgent", "User"):
            await self.runtime.add_subscription(TypeSubscription(topic_type=topic, agent_type=topic))
        self.runtime.start()
        return self

    def backend(self, session: str, timeout: float = 10.0) -> AutoGenBackend:
        async def publish(text: str) -> None:
            context = self.history.setdefault(session, [])
            context.append(UserMessage(content=text, source="User"))
            await self.runtime.publish_message(UserTask(context=list(context)), TopicId("Triage", source=session))

        self.backends[session] = AutoGenBackend(session, publish=publish, timeout=timeout)
        return self.backends[session]


@pytest.fixture
async def world():
    started = await World().start()
    try:
        yield started
    finally:
        await started.runtime.stop()
