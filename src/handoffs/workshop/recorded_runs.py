"""The real runs the decks' pictures are drawn from, recorded while the deck is built.

A deck's ``runs.toml`` (one per language, beside its Markdown) names each run, its kind and what the customer
says; this module knows how to run each kind with the kit's own code and the offline model, and returns the
:class:`~handoffs.recorder.RunRecorder` plus what the pictures need. Kinds:

- ``support_bot`` — Part 1's ``build_support_agent`` (``guard``, ``rogue`` = a tool the model calls out of step,
  ``step_table`` = ``seed`` or ``escalate_solution``), one ``invoke`` per line of ``say``;
- ``team`` — Part 2's ``build_team`` (``team`` = ``seed`` or ``billing_solution``) with a scripted customer;
  when a line asks for a human, the operator desk answers ``operator``;
- ``handoff_loop`` — the team on a model scripted to bounce the customer between triage and sales, which the
  handoff limit sends to the human operator.

It runs agents and records them; drawing is :mod:`handoffs.viz`'s job, wording is the deck's.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any, Mapping

from handoffs.recorder import RunRecorder

TEAM_AGENTS = ["TriageAgent", "SalesAgent", "IssuesAndRepairsAgent", "HumanAgent"]


class RunSpecError(ValueError):
    """A run in runs.toml that cannot be made; the message says which and why."""


@dataclass
class RecordedRun:
    """One recorded conversation and what its pictures need."""

    name: str
    recorder: RunRecorder
    conversation: str
    step_table: Mapping[str, Any] | None = None  # a single agent's step table (step graph)
    agents: list[str] = field(default_factory=list)  # a team's lanes (handoff picture)


def record(name: str, spec: Mapping[str, Any]) -> RecordedRun:
    """Run ``spec`` (one table of runs.toml) and return its recording."""
    kind = spec.get("kind")
    say = spec.get("say", [])
    if not isinstance(say, list) or not all(isinstance(line, str) and line.strip() for line in say):
        raise RunSpecError(f"run '{name}': 'say' must be a list of non-empty customer lines.")
    if kind == "support_bot":
        return _support_bot(name, spec, say)
    if kind in ("team", "handoff_loop"):
        return asyncio.run(_team(name, spec, say, loop=kind == "handoff_loop"))
    raise RunSpecError(f"run '{name}': unknown kind {kind!r} (use support_bot, team or handoff_loop).")


def _step_table(name: str, which: str) -> Mapping[str, Any]:
    from handoffs.part1 import STEP_TABLE

    if which == "seed":
        return STEP_TABLE
    if which == "escalate_solution":
        from handoffs.exercises.part1_escalate_solution import escalate_step_table

        return escalate_step_table()
    raise RunSpecError(f"run '{name}': unknown step_table {which!r} (use seed or escalate_solution).")


def _support_bot(name: str, spec: Mapping[str, Any], say: list[str]) -> RecordedRun:
    from langgraph.checkpoint.memory import InMemorySaver

    from handoffs.models import OfflineChatModel
    from handoffs.part1 import ask, build_support_agent

    step_table = _step_table(name, spec.get("step_table", "seed"))
    recorder = RunRecorder()
    model = OfflineChatModel(rogue=spec["rogue"]) if spec.get("rogue") else None
    agent = build_support_agent(model, checkpointer=InMemorySaver(), guard=bool(spec.get("guard", True)),
                                recorder=recorder, step_table=step_table)
    for line in say:
        ask(agent, line, {"configurable": {"thread_id": name}})
    return RecordedRun(name, recorder, name, step_table=step_table)


async def _team(name: str, spec: Mapping[str, Any], say: list[str], loop: bool) -> RecordedRun:
    from handoffs.models import OfflineModelClient, model_client
    from handoffs.part2 import OperatorDesk, build_team, new_runtime, run_scripted_session

    recorder = RunRecorder()
    desk = OperatorDesk()
    operator = spec.get("operator", "")
    if operator:
        desk.on_request(lambda request: desk.answer(request.session_id, operator))
    runtime = new_runtime(recorder)
    agents = list(TEAM_AGENTS)
    if loop:
        ping_pong = [{"tool": "transfer_to_sales_agent", "args": {}}, {"tool": "transfer_back_to_triage", "args": {}}]
        team = await build_team(runtime, OfflineModelClient(script=ping_pong * 2), recorder=recorder, operators=desk)
    elif spec.get("team", "seed") == "billing_solution":
        from handoffs.exercises.part2_specialist_solution import billing_agent_topic_type, build_extended_team

        team = await build_extended_team(runtime, recorder.wrap_model_client(model_client()))
        team.operators = desk
        agents.append(billing_agent_topic_type)
    elif spec.get("team", "seed") == "seed":
        team = await build_team(runtime, model_client(), recorder=recorder, operators=desk)
    else:
        raise RunSpecError(f"run '{name}': unknown team {spec.get('team')!r} (use seed or billing_solution).")
    runtime.start()
    try:
        await run_scripted_session(say, team=team, session_id=name, timeout=30)
    finally:
        await runtime.stop_when_idle()
    return RecordedRun(name, recorder, name, agents=agents)
