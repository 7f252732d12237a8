"""The Part 2 baseline: seed 003's agents on bare autogen-core, with a free model and no recorder.

The agent classes are the seed's (``/work/shared/seeds/003_*.txt``) with only what a benchmark must change:
``print`` is gone, the customer's ``input()`` reads the session's scripted line, and ``execute_order``'s
"Confirm order? y/n" is answered "y". Tools and delegate tools are module-level ``FunctionTool`` s, as in the seed.

The model is :class:`benchmarks.free_models.FixedModelClient` (one dict lookup a call, replaying the offline
model's answers), so the baseline holds the very same conversations as the kit.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, Dict, Iterator, List, Mapping, Sequence, Tuple

from autogen_core import (
    FunctionCall,
    MessageContext,
    RoutedAgent,
    SingleThreadedAgentRuntime,
    TopicId,
    TypeSubscription,
    message_handler,
)
from autogen_core.models import (
    AssistantMessage,
    ChatCompletionClient,
    FunctionExecutionResult,
    FunctionExecutionResultMessage,
    LLMMessage,
    SystemMessage,
    UserMessage,
)
from autogen_core.tools import FunctionTool, Tool
from pydantic import BaseModel


class UserLogin(BaseModel):
    pass


class UserTask(BaseModel):
    context: List[LLMMessage]


class AgentResponse(BaseModel):
    reply_to_topic_type: str
    context: List[LLMMessage]


class AIAgent(RoutedAgent):
    def __init__(self, description: str, system_message: SystemMessage, model_client: ChatCompletionClient,
                 tools: List[Tool], delegate_tools: List[Tool], agent_topic_type: str, user_topic_type: str) -> None:
        super().__init__(description)
        self._system_message = system_message
        self._model_client = model_client
        self._tools = dict([(tool.name, tool) for tool in tools])
        self._tool_schema = [tool.schema for tool in tools]
        self._delegate_tools = dict([(tool.name, tool) for tool in delegate_tools])
        self._delegate_tool_schema = [tool.schema for tool in delegate_tools]
        self._agent_topic_type = agent_topic_type
        self._user_topic_type = user_topic_type

    @message_handler
    async def handle_task(self, message: UserTask, ctx: MessageContext) -> None:
        llm_result = await self._model_client.create(
            messages=[self._system_message] + message.context,
            tools=self._tool_schema + self._delegate_tool_schema,
            cancellation_token=ctx.cancellation_token,
        )
        while isinstance(llm_result.content, list) and all(isinstance(m, FunctionCall) for m in llm_result.content):
            tool_call_results: List[FunctionExecutionResult] = []
            delegate_targets: List[Tuple[str, UserTask]] = []
            for call in llm_result.content:
                arguments = json.loads(call.arguments)
                if call.name in self._tools:
                    result = await self._tools[call.name].run_json(arguments, ctx.cancellation_token)
                    result_as_str = self._tools[call.name].return_value_as_string(result)
                    tool_call_results.append(
                        FunctionExecutionResult(call_id=call.id, content=result_as_str, is_error=False, name=call.name)
                    )
                elif call.name in self._delegate_tools:
                    result = await self._delegate_tools[call.name].run_json(arguments, ctx.cancellation_token)
                    topic_type = self._delegate_tools[call.name].return_value_as_string(result)
                    delegate_messages = list(message.context) + [
                        AssistantMessage(content=[call], source=self.id.type),
                        FunctionExecutionResultMessage(content=[FunctionExecutionResult(
                            call_id=call.id, content=f"Transferred to {topic_type}. Adopt persona immediately.",
                            is_error=False, name=call.name)]),
                    ]
                    delegate_targets.append((topic_type, UserTask(context=delegate_messages)))
                else:
                    raise ValueError(f"Unknown tool: {call.name}")
            if len(delegate_targets) > 0:
                for topic_type, task in delegate_targets:
                    await self.publish_message(task, topic_id=TopicId(topic_type, source=self.id.key))
            if len(tool_call_results) > 0:
                message.context.extend([
                    AssistantMessage(content=llm_result.content, source=self.id.type),
                    FunctionExecutionResultMessage(content=tool_call_results),
                ])
                llm_result = await self._model_client.create(
                    messages=[self._system_message] + message.context,
                    tools=self._tool_schema + self._delegate_tool_schema,
                    cancellation_token=ctx.cancellation_token,
                )
            else:
                return
        assert isinstance(llm_result.content, str)
        message.context.append(AssistantMessage(content=llm_result.content, source=self.id.type))
        await self.publish_message(
            AgentResponse(context=message.context, reply_to_topic_type=self._agent_topic_type),
            topic_id=TopicId(self._user_topic_type, source=self.id.key),
        )


class Customers:
    """The scripted customers' lines per session (what the seed reads with ``input()``), and who has finished."""

    def __init__(self, scripts: Mapping[str, Sequence[str]]) -> None:
        self.lines: Dict[str, Iterator[str]] = {session: iter(lines) for session, lines in scripts.items()}
        self.finished = 0
        self.all_finished = asyncio.Event()
        if not self.lines:
            self.all_finished.set()

    def input(self, session: str) -> str:
        return next(self.lines[session], "exit")

    def end(self) -> None:
        self.finished += 1
        if self.finished == len(self.lines):
            self.all_finished.set()


class UserAgent(RoutedAgent):
    def __init__(self, description: str, user_topic_type: str, agent_topic_type: str, customers: Customers) -> None:
        super().__init__(description)
        self._user_topic_type = user_topic_type
        self._agent_topic_type = agent_topic_type
        self._customers = customers

    @message_handler
    async def handle_user_login(self, message: UserLogin, ctx: MessageContext) -> None:
        user_input = self._customers.input(self.id.key)
        await self.publish_message(
            UserTask(context=[UserMessage(content=user_input, source="User")]),
            topic_id=TopicId(self._agent_topic_type, source=self.id.key),
        )

    @message_handler
    async def handle_task_result(self, message: AgentResponse, ctx: MessageContext) -> None:
        user_input = self._customers.input(self.id.key)
        if user_input.strip().lower() == "exit":
            self._customers.end()
            return
        message.context.append(UserMessage(content=user_input, source="User"))
        await self.publish_message(
            UserTask(context=message.context), topic_id=TopicId(message.reply_to_topic_type, source=self.id.key)
        )


def execute_order(product: str, price: int) -> str:
    confirm = "y"  # the seed asks input("Confirm order? y/n: ")
    return "Success" if confirm == "y" else "User cancelled order."


def look_up_item(search_query: str) -> str:
    return "item_132612938"


def execute_refund(item_id: str, reason: str = "not provided") -> str:
    return "success"


execute_order_tool = FunctionTool(execute_order, description="Price should be in USD.")
look_up_item_tool = FunctionTool(look_up_item, description="Use to find item ID.\nSearch query can be a description or keywords.")
execute_refund_tool = FunctionTool(execute_refund, description="")


def transfer_to_sales_agent() -> str:
    return "SalesAgent"


def transfer_to_issues_and_repairs() -> str:
    return "IssuesAndRepairsAgent"


def transfer_back_to_triage() -> str:
    return "TriageAgent"


def escalate_to_human() -> str:
    return "HumanAgent"


transfer_to_sales_agent_tool = FunctionTool(transfer_to_sales_agent, description="Use for anything sales or buying related.")
transfer_to_issues_and_repairs_tool = FunctionTool(transfer_to_issues_and_repairs, description="Use for issues, repairs, or refunds.")
transfer_back_to_triage_tool = FunctionTool(
    transfer_back_to_triage,
    description="Call this if the user brings up a topic outside of your purview,\nincluding escalating to human.")
escalate_to_human_tool = FunctionTool(escalate_to_human, description="Only call this if explicitly asked to.")


# ---- the team, registered as in the seed ------------------------------------------------------------------
async def build_bare_team(runtime: SingleThreadedAgentRuntime, model_client: ChatCompletionClient,
                          customers: Customers) -> None:
    """Register seed 003's agents (no human agent: no crowd script asks for one) and their subscriptions."""
    from handoffs.lessons.part2 import ISSUES_AND_REPAIRS_PROMPT, SALES_PROMPT, TRIAGE_PROMPT  # the seed's words

    def ai_agent(description: str, prompt: str, tools: List[Tool], delegates: List[Tool], topic: str) -> Any:
        return lambda: AIAgent(description=description, system_message=SystemMessage(content=prompt),
                               model_client=model_client, tools=tools, delegate_tools=delegates,
                               agent_topic_type=topic, user_topic_type="User")

    registrations = [
        ("TriageAgent", AIAgent, ai_agent("A triage agent.", TRIAGE_PROMPT, [], [
            transfer_to_issues_and_repairs_tool, transfer_to_sales_agent_tool, escalate_to_human_tool], "TriageAgent")),
        ("SalesAgent", AIAgent, ai_agent("A sales agent.", SALES_PROMPT, [execute_order_tool],
                                         [transfer_back_to_triage_tool], "SalesAgent")),
        ("IssuesAndRepairsAgent", AIAgent, ai_agent("An issues and repairs agent.", ISSUES_AND_REPAIRS_PROMPT,
                                                    [execute_refund_tool, look_up_item_tool],
                                                    [transfer_back_to_triage_tool], "IssuesAndRepairsAgent")),
        ("User", UserAgent, lambda: UserAgent(description="A user agent.", user_topic_type="User",
                                              agent_topic_type="TriageAgent", customers=customers)),
    ]
    for topic_type, agent_class, factory in registrations:
        agent_type = await agent_class.register(runtime, type=topic_type, factory=factory)
        await runtime.add_subscription(TypeSubscription(topic_type=topic_type, agent_type=agent_type.type))


async def run_bare_sessions(scripts: Mapping[str, Sequence[str]], model_client: ChatCompletionClient,
                            runtime_class: type = SingleThreadedAgentRuntime) -> float:
    """Run every script at once on a new bare runtime; return the seconds from the first login to idle."""
    import time

    runtime = runtime_class()
    customers = Customers(scripts)
    await build_bare_team(runtime, model_client, customers)
    runtime.start()
    started = time.perf_counter()
    for session in scripts:
        await runtime.publish_message(UserLogin(), topic_id=TopicId("User", source=session))
    await customers.all_finished.wait()
    await runtime.stop_when_idle()
    return time.perf_counter() - started
