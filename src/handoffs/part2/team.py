"""The ground around notebook 06's team: a runtime, the people and records of a team, and hosting some agents.

The team itself — message types, agents, transfer tools, the team table and ``register_team`` — is notebook 06's
``lesson`` cells (:mod:`handoffs.lessons.part2`). ``build_team(runtime, model_client)`` gives ``register_team`` what
it needs and keeps the rest in a :class:`Team` record: customers by session, the operator desk, a ledger, the shared
log of idempotency keys, the recorder wrapping the model client. Notebooks 07 and 08, Part 3, the tests and the
benchmarks build teams this way; notebook 06 builds its own in cells.

* ``triage_transfer_tools`` replaces the triage agent's transfer tools (notebook 07 adds one); ``table`` replaces the
  whole team table (a learner's extended team);
* ``agents`` picks which agent types this process hosts (a gRPC worker hosts some, another process the rest;
  :class:`HostedOnly` skips the registrations of the others);
* :func:`new_runtime` is a single-process runtime with the recorder's intervention handler.

``team.open_session(customer)`` publishes ``UserLogin`` as notebook 06 does. Not here: any agent behaviour.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, List, Mapping, Optional, Sequence

from autogen_core import AgentRuntime, AgentType, SingleThreadedAgentRuntime, TopicId
from autogen_core.models import ChatCompletionClient
from autogen_core.tools import Tool

from handoffs.idempotency import SideEffectLog

from .operator_desk import OperatorDesk
from .people import Customer, Customers, tell_customers_while_the_operator_is_awaited
from .quiet_runtime import QuietRuntime
from .tools import Ledger


def lesson() -> Any:
    """Notebook 06's lesson module (imported on first use: it is made of the notebook's cells)."""
    from handoffs.lessons import part2

    return part2


def all_agents(table: Optional[Mapping[str, Any]] = None) -> List[str]:
    """Every agent type ``register_team`` registers: the AI agents of the table, then the human and the user.

    (Read from the table's keys, not by calling its transfer tools: a learner's tool may raise, and the checker
    names that when the tool is called, not while the team is being built.)"""
    part2 = lesson()
    return [*(part2.TEAM if table is None else table), part2.human_agent_topic_type, part2.user_topic_type]


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
        part2 = lesson()
        self.customers.add(customer)
        await self.runtime.publish_message(part2.UserLogin(),
                                           topic_id=TopicId(part2.user_topic_type, source=customer.session_id))
        return customer


def new_runtime(recorder: Any = None) -> SingleThreadedAgentRuntime:
    """A single-process runtime; with a recorder, its intervention handler sees every published message.

    It is a :class:`~handoffs.part2.quiet_runtime.QuietRuntime`: AutoGen's runtime, minus serialising every
    message for a log and traces nobody reads."""
    handlers = [recorder.autogen_intervention_handler()] if recorder is not None else None
    return QuietRuntime(intervention_handlers=handlers)


class HostedOnly:
    """A view of a runtime that registers and subscribes only the agent types this process hosts.

    A gRPC worker hosts some of the team's agents and another process the rest; ``register_team`` stays the
    notebook's plain sequence of registrations, and this view skips the ones hosted elsewhere.
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


def with_triage_transfer_tools(table: Mapping[str, Any], tools: Sequence[Tool]) -> dict:
    """The team table with the triage agent's transfer tools replaced by ``tools``."""
    triage = lesson().triage_agent_topic_type
    changed = dict(table)
    changed[triage] = changed[triage]._replace(transfer_tools=tuple(tools))
    return changed


async def build_team(
    runtime: AgentRuntime,
    model_client: Optional[ChatCompletionClient],
    *,
    recorder: Any = None,
    customers: Optional[Customers] = None,
    operators: Any = None,
    ledger: Optional[Ledger] = None,
    table: Optional[Mapping[str, Any]] = None,
    triage_transfer_tools: Optional[Sequence[Tool]] = None,
    max_handoffs_per_turn: int = 3,
    overflow_topic_type: Optional[str] = "HumanAgent",
    agents: Optional[Iterable[str]] = None,
    keyed_side_effects: bool = True,
) -> Team:
    """Register notebook 06's team (the agent types named in ``agents``, default all) on ``runtime``.

    ``max_handoffs_per_turn`` / ``overflow_topic_type`` bound handoff loops and ``keyed_side_effects=False`` turns the
    idempotency keys off (notebook 06's ``AIAgent``); with a ``recorder``, every model call goes through
    ``recorder.wrap_model_client`` (one wrapper shared by all agents, so a handoff is attributed to the agent that
    made it).
    """
    part2 = lesson()
    table = dict(part2.TEAM if table is None else table)
    if triage_transfer_tools is not None:
        table = with_triage_transfer_tools(table, triage_transfer_tools)
    every = all_agents(table)
    hosted = set(every if agents is None else agents)
    unknown = hosted - set(every)
    if unknown:
        raise ValueError(f"Unknown agent type(s) {sorted(unknown)}; choose from {every}.")
    if model_client is None and hosted & set(table):
        raise ValueError("The AI agents need a model client, e.g. handoffs.models.model_client().")
    team = Team(runtime, customers or Customers(), operators or OperatorDesk(), ledger or Ledger(), recorder)
    client = recorder.wrap_model_client(model_client) if recorder is not None and model_client else model_client
    limits = dict(max_handoffs_per_turn=max_handoffs_per_turn, overflow_topic_type=overflow_topic_type,
                  keyed_side_effects=keyed_side_effects, side_effects=team.side_effects)
    tell_customers_while_the_operator_is_awaited(team.operators, team.customers)

    where = runtime if hosted == set(every) else HostedOnly(runtime, hosted)
    await part2.register_team(where, client, team.customers, team.operators, team.ledger, table, **limits)
    team.agent_types = [agent for agent in every if agent in hosted]
    return team


def team_serializers() -> list:
    """Serializers for every message type the team exchanges (what a gRPC worker must know to publish them)."""
    from autogen_core import try_get_known_serializers_for_type

    part2 = lesson()
    serializers: list = []
    for message_type in (part2.UserLogin, part2.UserTask, part2.AgentResponse, part2.ConfirmOrder,
                         part2.OrderConfirmation):
        serializers.extend(try_get_known_serializers_for_type(message_type))
    return serializers
