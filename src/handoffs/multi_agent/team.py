"""Build seed 003's handoff team on a runtime: prompts, registrations, subscriptions, sessions.

``build_team(runtime, model_client)`` registers the seed's five agent types — ``TriageAgent``, ``SalesAgent``,
``IssuesAndRepairsAgent`` (AI agents), ``HumanAgent`` and ``User`` — each subscribed to the topic type of its
own name, exactly as the seed does, and returns a :class:`Team`. ``team.open_session(customer)`` publishes
``UserLogin`` to ``TopicId("User", source=session_id)``: from then on every topic and agent of that
conversation carries the session id as its source/key, so AutoGen creates one agent instance per session and
sessions never see each other's messages.

The prompts are the seed's, word for word (including its missing spaces between sentences). ``agents=`` picks
which agent types this process hosts (a gRPC worker hosts some, another process the rest). This module wires
things together; the behaviour lives in :mod:`~handoffs.multi_agent.agents`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Optional, Sequence

from autogen_core import (
    AgentId,
    AgentInstantiationContext,
    AgentRuntime,
    BaseAgent,
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
from .people import Customer, Customers, OperatorDesk
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


def current_session() -> str:
    """The session id of the agent instance being created (its key: AutoGen makes one instance per session)."""
    return AgentInstantiationContext.current_agent_id().key


def ask_the_customer() -> Callable[[str], Any]:
    """A ``confirm(question)`` for the agent being created: a direct request to this session's ``UserAgent``."""
    runtime = AgentInstantiationContext.current_runtime()
    me = AgentInstantiationContext.current_agent_id()

    async def confirm(question: str) -> bool:
        answer = await runtime.send_message(ConfirmOrder(question=question), AgentId(user_topic_type, me.key), sender=me)
        return isinstance(answer, OrderConfirmation) and answer.confirmed

    return confirm


async def register_with_subscription(
    runtime: AgentRuntime, agent_class: type[BaseAgent], topic_type: str, factory: Callable[[], BaseAgent]
) -> str:
    """Register an agent type named like its topic type and subscribe it to that topic type (the seed's pattern)."""
    agent_type = await agent_class.register(runtime, type=topic_type, factory=factory)  # type: ignore[arg-type]
    await runtime.add_subscription(TypeSubscription(topic_type=topic_type, agent_type=agent_type.type))
    return agent_type.type


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
    """A single-process runtime; with a recorder, its intervention handler sees every published message."""
    handlers = [recorder.autogen_intervention_handler()] if recorder is not None else None
    return SingleThreadedAgentRuntime(intervention_handlers=handlers)


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
                  keyed_side_effects=keyed_side_effects)

    def ai_agent(description: str, prompt: str, topic_type: str, tools: Callable[[], list[Tool]],
                 delegates: Sequence[Tool]) -> Callable[[], AIAgent]:
        return lambda: AIAgent(
            description=description, system_message=SystemMessage(content=prompt), model_client=client,
            tools=tools(), delegate_tools=list(delegates), agent_topic_type=topic_type,
            user_topic_type=user_topic_type, side_effects=team.side_effects, **limits,  # type: ignore[arg-type]
        )

    factories: dict[str, tuple[type[BaseAgent], Callable[[], BaseAgent]]] = {
        triage_agent_topic_type: (AIAgent, ai_agent(
            "A triage agent.", TRIAGE_PROMPT, triage_agent_topic_type, lambda: [], triage_delegate_tools)),
        sales_agent_topic_type: (AIAgent, ai_agent(
            "A sales agent.", SALES_PROMPT, sales_agent_topic_type,
            lambda: sales_tools(team.ledger, current_session(), ask_the_customer()), [transfer_back_to_triage_tool])),
        issues_and_repairs_agent_topic_type: (AIAgent, ai_agent(
            "An issues and repairs agent.", ISSUES_AND_REPAIRS_PROMPT, issues_and_repairs_agent_topic_type,
            lambda: refund_tools(team.ledger, current_session()), [transfer_back_to_triage_tool])),
        human_agent_topic_type: (HumanAgent, lambda: HumanAgent(
            description="A human agent.", agent_topic_type=human_agent_topic_type,
            user_topic_type=user_topic_type, operators=team.operators, customers=team.customers)),
        user_topic_type: (UserAgent, lambda: UserAgent(
            description="A user agent.", user_topic_type=user_topic_type,
            agent_topic_type=triage_agent_topic_type, customers=team.customers)),  # start with the triage agent
    }
    for topic_type in ALL_AGENTS:
        if topic_type in hosted:
            agent_class, factory = factories[topic_type]
            team.agent_types.append(await register_with_subscription(runtime, agent_class, topic_type, factory))
    return team
