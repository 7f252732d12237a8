"""An agent class of one's own that handles the task and publishes nothing.

expect: agent_silent
"""
from autogen_core import MessageContext, RoutedAgent, message_handler

from handoffs.lessons.part2 import UserTask

from ._parts import TRIAGE_TRANSFER_TOOLS, TypeSubscription, build_team, delegate_to


class BillingAgent(RoutedAgent):
    @message_handler
    async def handle_task(self, message: UserTask, ctx: MessageContext) -> None:
        self.last = message  # noted, never answered


async def build_extended_team(runtime, model_client):
    team = await build_team(runtime, model_client,
                            triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, delegate_to("BillingAgent")])
    await BillingAgent.register(runtime, "BillingAgent", lambda: BillingAgent("Billing"))
    await runtime.add_subscription(TypeSubscription(topic_type="BillingAgent", agent_type="BillingAgent"))
    return team
