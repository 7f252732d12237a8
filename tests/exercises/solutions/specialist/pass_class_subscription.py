"""A class-level @type_subscription instead of runtime.add_subscription: register() subscribes it.

expect: pass
"""
from autogen_core import type_subscription

from ._parts import (BILLING_PROMPT, TRIAGE_TRANSFER_TOOLS, AIAgent, SystemMessage, build_team, delegate_to,
                     transfer_back_to_triage_tool, user_topic_type)


@type_subscription(topic_type="BillingAgent")
class BillingAgent(AIAgent):
    pass


async def build_extended_team(runtime, model_client):
    team = await build_team(runtime, model_client,
                            triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, delegate_to("BillingAgent")])
    await BillingAgent.register(runtime, "BillingAgent", lambda: BillingAgent(
        "A billing agent.", SystemMessage(content=BILLING_PROMPT), model_client, [], [transfer_back_to_triage_tool],
        "BillingAgent", user_topic_type))
    return team
