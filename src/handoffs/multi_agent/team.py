"""Build seed 003's handoff team on a runtime: prompts, registrations, subscriptions, sessions.

``build_team(runtime, model_client)`` registers the seed's five agent types — ``TriageAgent``, ``SalesAgent``,
``IssuesAndRepairsAgent`` (AI agents), ``HumanAgent`` and ``User`` — each subscribed to the topic type of its
own name, exactly as the seed does, and returns a :class:`Team`. ``team.open_session(customer)`` publishes
``UserLogin`` to ``TopicId("User", source=session_id)``: from then on every topic and agent of that
conversation carries the session id as its source/key, so AutoGen creates one agent instance per session and
sessions never see each other's messages.

The registrations themselves are :func:`register_seed_agents`, written as the seed writes its registration cell
(``AIAgent.register(runtime, type=..., factory=lambda: AIAgent(...))`` then
``runtime.add_subscription(TypeSubscription(...))``, once per agent); notebook 06 runs it as a cell that a test keeps
identical to this function. As in the seed, the tools are made once, before the registrations, and every session's
agent instance shares them (a tool finds its session when it runs), so a new session costs only its agent
instances. The prompts are the seed's, word for word (including its missing spaces between sentences). ``agents=``
picks which agent types this process hosts (a gRPC worker hosts some, another process the rest;
:class:`HostedOnly` skips the others). This module wires things together; the behaviour lives in
:mod:`~handoffs.multi_agent.agents`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Optional, Sequence

from autogen_core import (
    AgentId,
    AgentRuntime,
    AgentType,
    MessageHandlerContext,
    SingleThreadedAgentRuntime,
    TopicId,
    TypeSubscription,
)
from autogen_core.models import ChatCompletionClient, SystemMessage
from autogen_core.tools import Tool

from handoffs.idempotency import SideEffectLog

from .agents import AIAgent, HumanAgent, UserAgent
from .delegates import (
    TRIAGE_DELEGATE_TOOLS,
    human_agent_topic_type,
    issues_and_repairs_agent_topic_type,
    sales_agent_topic_type,
    transfer_back_to_triage_tool,
    triage_agent_topic_type,
    user_topic_type,
)
from .messages import ConfirmOrder, OrderConfirmation, UserLogin
from .people import Customer, Customers, OperatorDesk, tell_customers_while_the_operator_is_awaited
from .quiet_runtime import QuietRuntime
from .tools import Ledger, refund_tools, sales_tools

TRIAGE_PROMPT = (
    "You are a customer service bot for ACME Inc. "
    "Introduce yourself. Always be very brief. "
    "Gather information to direct the customer to the right department. "
    "But make your questions subtle and natural."
)
SALES_PROMPT = (
    "You are a sales agent for ACME Inc."
    "Always answer in a sentence or less."
    "Follow the following routine with the user:"
    "1. Ask them about any problems in their life related to catching roadrunners.\n"
    "2. Casually mention one of ACME's crazy made-up products can help.\n"
    " - Don't mention price.\n"
    "3. Once the user is bought in, drop a ridiculous price.\n"
    "4. Only after everything, and if the user says yes, "
    "tell them a crazy caveat and execute their order.\n"
    ""
)
ISSUES_AND_REPAIRS_PROMPT = (
    "You are a customer support agent for ACME Inc."
    "Always answer in a sentence or less."
    "Follow the following routine with the user:"
    "1. First, ask probing questions and understand the user's problem deeper.\n"
    " - unless the user has already provided a reason.\n"
    "2. Propose a fix (make one up).\n"
    "3. ONLY if not satisfied, offer a refund.\n"
    "4. If accepted, search for the ID and then execute refund."
)
ALL_AGENTS = (triage_agent_topic_type, sales_agent_topic_type, issues_and_repairs_agent_topic_type,
              human_agent_topic_type, user_topic_type)


def ask_the_customer(runtime: AgentRuntime) -> Callable[[str], Any]:
    """A ``confirm(question)`` for tools of ``runtime``'s agents: a direct request to the calling session's
    ``UserAgent`` (the caller is the agent whose message handler runs the tool)."""

    async def confirm(question: str) -> bool:
        me = MessageHandlerContext.agent_id()
        answer = await runtime.send_message(ConfirmOrder(question=question), AgentId(user_topic_type, me.key), sender=me)
        return isinstance(answer, OrderConfirmation) and answer.confirmed

    return confirm


@dataclass
class Team:
    """A registered team: its runtime and the people, records and agent types that go with it."""

    runtime: AgentRuntime
    customers: Customers
    operators: Any
    ledger: Ledger
    recorder: Any = None
    agent_types: list[str] = field(default_factory=list)
    side_effects: SideEffectLog = field(default_factory=SideEffectLog)  # idempotency keys done, shared by the agents

    async def open_session(self, customer: Customer) -> Customer:
        """Register the customer of a new session and publish ``UserLogin`` for it (the seed's session start)."""
        self.customers.add(customer)
        await self.runtime.publish_message(UserLogin(), topic_id=TopicId(user_topic_type, source=customer.session_id))
        return customer


def new_runtime(recorder: Any = None) -> SingleThreadedAgentRuntime:
    """A single-process runtime; with a recorder, its intervention handler sees every published message.

    It is a :class:`~handoffs.multi_agent.quiet_runtime.QuietRuntime`: AutoGen's runtime, minus serialising every
    message for a log and traces nobody reads."""
    handlers = [recorder.autogen_intervention_handler()] if recorder is not None else None
    return QuietRuntime(intervention_handlers=handlers)


async def register_seed_agents(runtime: AgentRuntime, team: Team, model_client: ChatCompletionClient,
                               triage_delegate_tools: Sequence[Tool] = TRIAGE_DELEGATE_TOOLS, **limits: Any) -> None:
    # The work tools, made once like the seed's: each finds its session when it runs (the key of the agent calling
    # it), so every session's agent instance shares them. execute_order asks that session's customer to confirm.
    sales_work_tools = sales_tools(team.ledger, confirm=ask_the_customer(runtime))
    refund_work_tools = refund_tools(team.ledger)

    # Register the triage agent: an agent type named like its topic type, and a factory. The runtime calls the
    # factory once per session (the session id is the agent's key), so sessions never share an agent instance.
    triage_agent_type = await AIAgent.register(
        runtime,
        type=triage_agent_topic_type,  # Using the topic type as the agent type.
        factory=lambda: AIAgent(
            description="A triage agent.",
            system_message=SystemMessage(content=TRIAGE_PROMPT),
            model_client=model_client,
            tools=[],
            delegate_tools=list(triage_delegate_tools),
            agent_topic_type=triage_agent_topic_type,
            user_topic_type=user_topic_type,
            **limits,
        ),
    )
    # Add subscriptions for the triage agent: it will receive messages published to its own topic only.
    await runtime.add_subscription(TypeSubscription(topic_type=triage_agent_topic_type, agent_type=triage_agent_type.type))

    # Register the sales agent.
    sales_agent_type = await AIAgent.register(
        runtime,
        type=sales_agent_topic_type,
        factory=lambda: AIAgent(
            description="A sales agent.",
            system_message=SystemMessage(content=SALES_PROMPT),
            model_client=model_client,
            tools=sales_work_tools,
            delegate_tools=[transfer_back_to_triage_tool],
            agent_topic_type=sales_agent_topic_type,
            user_topic_type=user_topic_type,
            **limits,
        ),
    )
    await runtime.add_subscription(TypeSubscription(topic_type=sales_agent_topic_type, agent_type=sales_agent_type.type))

    # Register the issues and repairs agent.
    issues_and_repairs_agent_type = await AIAgent.register(
        runtime,
        type=issues_and_repairs_agent_topic_type,
        factory=lambda: AIAgent(
            description="An issues and repairs agent.",
            system_message=SystemMessage(content=ISSUES_AND_REPAIRS_PROMPT),
            model_client=model_client,
            tools=refund_work_tools,
            delegate_tools=[transfer_back_to_triage_tool],
            agent_topic_type=issues_and_repairs_agent_topic_type,
            user_topic_type=user_topic_type,
            **limits,
        ),
    )
    await runtime.add_subscription(
        TypeSubscription(topic_type=issues_and_repairs_agent_topic_type, agent_type=issues_and_repairs_agent_type.type)
    )

    # Register the human agent: it waits on the team's operator desk instead of input().
    human_agent_type = await HumanAgent.register(
        runtime,
        type=human_agent_topic_type,
        factory=lambda: HumanAgent(
            description="A human agent.",
            agent_topic_type=human_agent_topic_type,
            user_topic_type=user_topic_type,
            operators=team.operators,
        ),
    )
    await runtime.add_subscription(TypeSubscription(topic_type=human_agent_topic_type, agent_type=human_agent_type.type))

    # Register the user agent: the customer's proxy, which starts every conversation with the triage agent.
    user_agent_type = await UserAgent.register(
        runtime,
        type=user_topic_type,
        factory=lambda: UserAgent(
            description="A user agent.",
            user_topic_type=user_topic_type,
            agent_topic_type=triage_agent_topic_type,  # Start with the triage agent.
            customers=team.customers,
        ),
    )
    await runtime.add_subscription(TypeSubscription(topic_type=user_topic_type, agent_type=user_agent_type.type))


class HostedOnly:
    """A view of a runtime that registers and subscribes only the agent types this process hosts.

    A gRPC worker hosts some of the team's agents and another process the rest; :func:`register_seed_agents`
    stays the seed's plain sequence of registrations, and this view skips the ones hosted elsewhere.
    """

    def __init__(self, runtime: AgentRuntime, hosted: Iterable[str]) -> None:
        self._runtime, self._hosted = runtime, set(hosted)

    async def register_factory(self, type: Any, agent_factory: Any, *, expected_class: Any = None) -> AgentType:
        if AgentType(str(getattr(type, "type", type))).type not in self._hosted:
            return type if isinstance(type, AgentType) else AgentType(type)
        return await self._runtime.register_factory(type=type, agent_factory=agent_factory, expected_class=expected_class)

    async def add_subscription(self, subscription: Any) -> None:
        if getattr(subscription, "agent_type", None) in self._hosted:
            await self._runtime.add_subscription(subscription)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._runtime, name)


async def build_team(
    runtime: AgentRuntime,
    model_client: Optional[ChatCompletionClient],
    *,
    recorder: Any = None,
    customers: Optional[Customers] = None,
    operators: Any = None,
    ledger: Optional[Ledger] = None,
    triage_delegate_tools: Sequence[Tool] = TRIAGE_DELEGATE_TOOLS,
    max_handoffs_per_turn: int = 3,
    overflow_topic_type: Optional[str] = human_agent_topic_type,
    agents: Iterable[str] = ALL_AGENTS,
    keyed_side_effects: bool = True,
) -> Team:
    """Register seed 003's agents (those named in ``agents``) and their subscriptions on ``runtime``.

    ``max_handoffs_per_turn`` / ``overflow_topic_type`` bound handoff loops (see :class:`AIAgent`);
    ``keyed_side_effects=False`` turns the idempotency keys off (the seed's behaviour: to show what they prevent);
    with a ``recorder``, every model call goes through ``recorder.wrap_model_client`` (one wrapper shared by all
    agents, so a handoff's tool call and its result are attributed to the agent that made it).
    """
    hosted = set(agents)
    unknown = hosted - set(ALL_AGENTS)
    if unknown:
        raise ValueError(f"Unknown agent type(s) {sorted(unknown)}; choose from {list(ALL_AGENTS)}.")
    if model_client is None and hosted & {triage_agent_topic_type, sales_agent_topic_type,
                                          issues_and_repairs_agent_topic_type}:
        raise ValueError("The AI agents need a model client, e.g. handoffs.models.model_client().")
    team = Team(runtime, customers or Customers(), operators or OperatorDesk(), ledger or Ledger(), recorder)
    client = recorder.wrap_model_client(model_client) if recorder is not None and model_client else model_client
    limits = dict(max_handoffs_per_turn=max_handoffs_per_turn, overflow_topic_type=overflow_topic_type,
                  keyed_side_effects=keyed_side_effects, side_effects=team.side_effects)
    tell_customers_while_the_operator_is_awaited(team.operators, team.customers)

    where = runtime if hosted == set(ALL_AGENTS) else HostedOnly(runtime, hosted)
    await register_seed_agents(where, team, client, triage_delegate_tools, **limits)  # type: ignore[arg-type]
    team.agent_types = [agent for agent in ALL_AGENTS if agent in hosted]
    return team
