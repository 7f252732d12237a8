"""A plain def: it cannot await the registrations.

expect: not_async
"""
from ._parts import build_team


def build_extended_team(runtime, model_client):
    return build_team
