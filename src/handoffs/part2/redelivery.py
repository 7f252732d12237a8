"""Deliver a message twice on purpose, as a retrying transport does — to see which side effects repeat.

Real message transports deliver *at least once*: a broker that gets no acknowledgement in time, a worker restarted
mid-turn or a client retrying after a timeout hands the same ``UserTask`` to an agent again. :class:`Redelivery` is an
AutoGen intervention handler that remembers the last ``UserTask`` published to each agent type in each session;
:meth:`Redelivery.deliver_again` publishes that very message a second time. Notebook 06's last section uses it to
show that a refund redelivered is refunded once (see :mod:`handoffs.idempotency`). It changes no message.
"""

from __future__ import annotations

from typing import Any

from autogen_core import AgentRuntime, DefaultInterventionHandler, MessageContext, TopicId



class Redelivery(DefaultInterventionHandler):
    """Remembers the last ``UserTask`` each agent type got in each session, to deliver it again."""

    def __init__(self, task_type: type) -> None:
        self.task_type = task_type  # the team's UserTask class (notebook 06's, or the one a learner redefined)
        self.last: dict[tuple[str, str], Any] = {}
        self.redelivered: list[tuple[str, str]] = []

    async def on_publish(self, message: Any, *, message_context: MessageContext) -> Any:
        topic = message_context.topic_id
        if isinstance(message, self.task_type) and topic is not None:
            self.last[(topic.type, topic.source)] = message
        return message

    async def deliver_again(self, runtime: AgentRuntime, agent_type: str, session_id: str) -> Any:
        """Publish the last ``UserTask`` that ``agent_type`` got in ``session_id`` once more; returns it."""
        try:
            task = self.last[(agent_type, session_id)]
        except KeyError:
            raise KeyError(f"{agent_type} got no UserTask in session {session_id!r} yet: run the session "
                           "first.") from None
        self.redelivered.append((agent_type, session_id))
        await runtime.publish_message(task, topic_id=TopicId(agent_type, source=session_id))
        return task
