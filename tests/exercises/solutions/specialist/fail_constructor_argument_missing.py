"""The factory's AIAgent(...) forgets user_topic_type: the agent cannot be created.

expect: constructor_failed
"""
from ._parts import (BILLING_PROMPT, TRIAGE_TRANSFER_TOOLS, AIAgent, SystemMessage, build_team, delegate_to,
                     register_and_subscribe, transfer_back_to_triage_tool)


async def build_extended_team(runtime, model_client):
    team = await build_team(runtime, model_client,
                            triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, delegate_to("BillingAgent")])
    await register_and_subscribe(runtime, "BillingAgent", lambda: AIAgent(
        description="A billing agent.", system_message=SystemMessage(content=BILLING_PROMPT),
        model_client=model_client, tools=[], transfer_tools=[transfer_back_to_triage_tool],
        agent_topic_type="BillingAgent"))
    return team
