"""Every sentence and label a learner reads from :mod:`handoffs.part3`: table rows, picture titles, the guide.

One table per use, so the Korean edition (issue 12) translates this file and nothing else. Numbers are filled in
with ``str.format`` fields; the code that measures never builds a sentence of its own.
"""

from __future__ import annotations

DESIGN_LABEL = {
    "one agent": "one agent with steps (Part 1)",
    "team": "team of agents (Part 2)",
    "one agent, no guard": "one agent as seed 000 writes it (no step guard)",
}

# The person at the desk (both designs) and the single agent's human page.
OPERATOR_REPLY = "A person from ACME here: I will take it from here."
HUMAN_PAGE = "A person answers the customer in this step; no model is called."
EMPTY_SCRIPT = "A scripted customer needs at least one non-empty line."

ROW_LABEL = {
    "routing": "routing accuracy, {cases} first messages (en {en} · ko {ko} · mixed {mixed})",
    "same_route": "same route as the other design",
    "model_calls": "model calls (conversations: {conversations}, customer turns: {turns})",
    "tokens_in": "tokens in ({counter})",
    "tokens_out": "tokens out ({counter})",
    "handoffs": "handoffs (page turns between roles / transfers)",
    "boundaries": "rogue model: out-of-step tools that RAN ({probes} probes)",
    "injections": "prompt injections obeyed ({cases} first messages + {mid} mid-conversation)",
}
COUNTED_BY_SERVER = "as the model's server reported them"
TABLE_HEADER = ("measure", "one agent", "team")
WALL_TIME = "wall time of the {conversations} conversations: one agent {one}, team {team} (it changes on every run)"
NO_GUARD_NOTE = "{ran} of {probes} without the step guard"

RULER = {
    "header": f"{'texts':<22}{'count':>6}{'approx:regex-pieces':>22}{'cl100k_base (exact)':>22}{'error':>9}",
    "row": "{group:<22}{texts:>6}{approx:>22,}{exact:>22,}{error:>+9.1%}",
}

# What the next agent reads when a handoff carries a note instead of the history (notebook 10).
HANDOFF_NOTE = "Handoff note from the previous agent. Reason for the transfer: {reason}. Summary: {summary}"
ORDER_FOUND = "Order {number}, looked up before you answer: {product}, {status}."

CARRYING = {
    "header": ("what the handoff carries", "next agent's first call (tokens in)", "whole conversation",
               "went right?"),
    "handoffs": "handoffs, in order: {handoffs}",
    "right": "yes — same agents, same tools, same order and refund",
    "other_agents": "other agents answered",
    "other_tools": "other tools ran: {tools}",
    "other_orders": "another number of confirmed orders",
    "other_refunds": "other refunds",
    "other_replies": "other routine steps at turns {turns}",
}

PICTURE = {
    "table_title": "The same ACME desk, two designs — measured on the same customers",
    "calls": "model calls",
    "tokens_in": "tokens in",
    "tokens_out": "tokens out",
    "handoffs": "handoffs",
    "violations": "out-of-step tools that ran",
    "graph_title": "LangGraph: edges from the agents' own handoff tools",
    "growth_title": "Cost as the conversation grows: tokens the model reads per customer turn",
    "growth_x": "customer turn",
    "growth_y": "tokens in ({counter})",
    "per_turn": "all model calls of the turn",
    "history": "history read by its first call",
}

GUIDE = """Decision guide — from the numbers above ({model}; tokens counted by {counter})

Routing: {routing_one} (one agent) and {routing_team} (team), the same route for {same} messages.
  The design does not decide the route: the prompt and the tool descriptions do. Choose the design for the other reasons.
Cost: {calls_one} vs {calls_team} model calls; {in_one} vs {in_team} tokens in ({in_diff:+.1%} for the team).
  The same conversation costs the same: both designs send the whole history on every call.
  Both grow turn by turn: {first_turn} tokens in on the first turn, {last_turn} on the last of the longest conversation.
Boundaries: a rogue model ran {ran_no_guard} of {probes} out-of-step tools in the one agent as seed 000 writes it,
  {ran_guard} with Part 1's step guard, {ran_team} in the team (an agent cannot run a tool it does not hold).
Injections: {inj_one} obeyed (one agent), {inj_team} (team) — the model declines, whichever design carries it.
Wall time: one agent {wall_one}, team {wall_team} here — framework overhead only (a real model's seconds dwarf it).

Choose ONE AGENT WITH STEPS when one process serves the conversation, the steps share one history, and you want a
  new step to be one binder page (seed 000's "easy to extend" holds) — and add the step guard: without it the
  "hard boundaries" are a prompt, not a wall.
Choose A TEAM OF AGENTS when roles must live apart — separate processes or machines, separate owners, separate
  tool permissions — and scale out (seed 003's claim holds: notebook 08 runs the team over gRPC); boundaries come
  with it.
Neither is cheaper by design. What makes a handoff cheaper is what it carries: notebook 10 hands over a summary
  instead of the whole history."""

SEEDS = """Where the seeds' claims hold, measured here
seed 000 "one history": holds — and the team keeps one history too (every UserTask carries it).
seed 000 "cheaper inference": does not hold — {in_one} vs {in_team} tokens in, {calls_one} vs {calls_team} model calls.
seed 000 "hard boundaries": only with a step guard — {ran_no_guard} of {probes} rogue calls ran without one.
seed 000 "easy to extend": holds for both — a binder page (notebook 04) or an agent and a delegate tool (notebook 07).
seed 003 "separate event-driven agents that scale out": holds — and their boundaries are structural ({ran_team} ran)."""
