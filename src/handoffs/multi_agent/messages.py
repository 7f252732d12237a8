"""The message protocol of seed 003's handoff team: the events its agents publish to each other.

Three messages come from the seed unchanged in meaning:

* :class:`UserLogin` — published once when a customer opens a session (the topic's *source* is the session id);
* :class:`UserTask` — the conversation so far, sent to the agent that should act on it (the customer's agent
  sends it after each customer turn; an AI agent sends it when it hands the conversation to another agent);
* :class:`AgentResponse` — an agent's answer for the customer, with the topic type the customer's next words
  must go back to (that is how the conversation "stays" with the agent that answered).

Two additions close gaps the seed leaves open (it calls ``input()`` wherever a person is needed):

* ``UserTask.handoffs`` counts the handoffs since the customer last spoke, so a loop between agents can be
  bounded (see :class:`handoffs.multi_agent.agents.AIAgent`);
* :class:`ConfirmOrder` / :class:`OrderConfirmation` — the order tool asks the *customer's own agent* for a
  yes/no with a direct request, so the question reaches the customer's panel wherever the sales agent runs
  (another process, on the gRPC runtime).

All messages are pydantic models, so AutoGen serialises them for the gRPC runtime (see
:func:`team_serializers`). This module holds data only: no agent logic.
"""

from __future__ import annotations

from typing import List

from autogen_core import MessageSerializer, try_get_known_serializers_for_type
from autogen_core.models import LLMMessage
from pydantic import BaseModel


class UserLogin(BaseModel):
    """A customer opened a session; the topic source of this event is the session id."""


class UserTask(BaseModel):
    """The conversation so far, handed to the agent that should work on it next."""

    context: List[LLMMessage]
    handoffs: int = 0
    """Handoffs made since the customer's last words (0 when the customer's agent sends it)."""


class AgentResponse(BaseModel):
    """An agent's answer: the whole conversation, ending with the answer, and where replies should go."""

    reply_to_topic_type: str
    context: List[LLMMessage]


class ConfirmOrder(BaseModel):
    """A direct request to the customer's agent: ask the customer this yes/no question."""

    question: str


class OrderConfirmation(BaseModel):
    """The customer's answer to :class:`ConfirmOrder`."""

    confirmed: bool
    answer: str


def team_serializers() -> list[MessageSerializer[object]]:
    """Serializers for every message type the team exchanges (what a gRPC worker must know to publish them)."""
    serializers: list[MessageSerializer[object]] = []
    for message_type in (UserLogin, UserTask, AgentResponse, ConfirmOrder, OrderConfirmation):
        serializers.extend(try_get_known_serializers_for_type(message_type))
    return serializers
