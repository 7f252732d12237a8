"""The starter as it comes: build_team only.

expect: no_new_agent
"""
from ._parts import build_team


async def build_extended_team(runtime, model_client):
    team = await build_team(runtime, model_client)  # TODO: give the triage agent your delegate tool
    return team
