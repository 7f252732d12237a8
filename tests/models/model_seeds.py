"""Both seeds' prompts and tools as the offline model sees them (neutral ToolSpecs), and a tiny driver.

The driver plays the framework's part at the level of ``handoffs.models.types``: it runs the tool effects the
seeds describe (record_issue moves to "resolve", end_conversation to "done"; a delegate tool hands the whole
context to another agent with seed 003's "Transferred to ..." result). The real-framework runs are in the
adapter tests and in the Part 1 / Part 2 test suites; this one isolates the decision core.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from handoffs.models import Decision, Message, ToolSpec, decide

NO_ARGS = {"type": "object", "properties": {}}


def spec(name: str, description: str, **props: dict) -> ToolSpec:
    required = [k for k, v in props.items() if "default" not in v]
    return ToolSpec(name, description, {"type": "object", "properties": props, "required": required})


# Seed 000 (its code is elided in the seed; prompts written the way the prose describes the steps).
RECORD_ISSUE = spec("record_issue", "Record the kind of issue the user has: billing, technical, or other.",
                    issue={"type": "string", "description": "One of: billing, technical, or other."})
SEED_000 = {
    "triage": ("You are a customer support assistant. Find out what kind of issue the user has and record it.",
               [RECORD_ISSUE]),
    "resolve": ("The issue has been recorded. Resolve it with the tool for its type, then end the conversation.",
                [spec("resolve_billing", "Resolve a billing issue, such as a duplicate charge."),
                 spec("resolve_technical", "Resolve a technical issue, such as an app that crashes."),
                 spec("resolve_other", "Resolve any other issue."),
                 spec("end_conversation", "End the conversation once the issue is resolved.")]),
    "done": ("The issue is resolved. Say goodbye to the user.", []),
}

# Seed 003, verbatim prompts and tool descriptions.
TRANSFER_BACK = spec("transfer_back_to_triage",
                     "Call this if the user brings up a topic outside of your purview,\nincluding escalating to human.")
SEED_003 = {
    "TriageAgent": ("You are a customer service bot for ACME Inc. Introduce yourself. Always be very brief. "
                    "Gather information to direct the customer to the right department. "
                    "But make your questions subtle and natural.",
                    [spec("transfer_to_issues_and_repairs", "Use for issues, repairs, or refunds."),
                     spec("transfer_to_sales_agent", "Use for anything sales or buying related."),
                     spec("escalate_to_human", "Only call this if explicitly asked to.")]),
    "SalesAgent": ("You are a sales agent for ACME Inc.Always answer in a sentence or less.Follow the following "
                   "routine with the user:1. Ask them about any problems in their life related to catching "
                   "roadrunners.\n2. Casually mention one of ACME's crazy made-up products can help.\n"
                   " - Don't mention price.\n3. Once the user is bought in, drop a ridiculous price.\n4. Only after "
                   "everything, and if the user says yes, tell them a crazy caveat and execute their order.\n",
                   [spec("execute_order", "Price should be in USD.", product={"type": "string"},
                         price={"type": "integer"}), TRANSFER_BACK]),
    "IssuesAndRepairsAgent": (
        "You are a customer support agent for ACME Inc.Always answer in a sentence or less.Follow the following "
        "routine with the user:1. First, ask probing questions and understand the user's problem deeper.\n"
        " - unless the user has already provided a reason.\n2. Propose a fix (make one up).\n3. ONLY if not "
        "satisfied, offer a refund.\n4. If accepted, search for the ID and then execute refund.",
        [spec("execute_refund", "", item_id={"type": "string"},
              reason={"type": "string", "default": "not provided"}),
         spec("look_up_item", "Use to find item ID.\nSearch query can be a description or keywords.",
              search_query={"type": "string"}), TRANSFER_BACK]),
}
DELEGATES = {"transfer_to_issues_and_repairs": "IssuesAndRepairsAgent", "transfer_to_sales_agent": "SalesAgent",
             "transfer_back_to_triage": "TriageAgent", "escalate_to_human": "HumanAgent"}
RESULTS = {"execute_order": "Success", "look_up_item": "item_132612938", "execute_refund": "success"}


@dataclass
class Trace:
    """What happened: (who, decision) per model call, tools run, and where the conversation ended."""

    calls: list[tuple[str, Decision]] = field(default_factory=list)
    tools_run: list[tuple[str, dict]] = field(default_factory=list)
    where: str = ""
    messages: list[Message] = field(default_factory=list)

    @property
    def visited(self) -> list[str]:
        return list(dict.fromkeys(who for who, _ in self.calls))

    def replies(self) -> list[str]:
        return [d.text for _, d in self.calls if d.text and not d.tool_calls]


def _run_turn(trace: Trace, who: str, configs: dict, effect, max_calls: int) -> str:
    """Call the model until it answers in text; ``effect(call) -> (result, next_who)`` plays each tool."""
    for _ in range(max_calls):
        prompt, tools = configs[who]
        decision = decide([Message("system", prompt), *trace.messages], tools)
        trace.calls.append((who, decision))
        trace.messages.append(Message("assistant", decision.text, decision.tool_calls))
        if not decision.tool_calls:
            break
        for call in decision.tool_calls:
            trace.tools_run.append((call.name, dict(call.arguments)))
            result, who = effect(call, who)
            trace.messages.append(Message("tool", result, name=call.name, tool_call_id=call.id))
        if who not in configs:  # handed to someone with no model (the human)
            break
    return who


def run_seed_000(user_text: str, max_calls: int = 10) -> Trace:
    def effect(call, step):
        moves = {"record_issue": "resolve", "end_conversation": "done"}
        return f"{call.name} done: {dict(call.arguments)}", moves.get(call.name, step)

    trace = Trace()
    trace.messages.append(Message("user", user_text))
    trace.where = _run_turn(trace, "triage", SEED_000, effect, max_calls)
    return trace


def run_seed_003(turns: list[str], start: str = "TriageAgent", max_calls: int = 30) -> Trace:
    def effect(call, agent):
        if call.name in RESULTS:
            return RESULTS[call.name], agent
        return f"Transferred to {DELEGATES[call.name]}. Adopt persona immediately.", DELEGATES[call.name]

    trace, agent = Trace(), start
    for text in turns:
        if agent not in SEED_003:
            break
        trace.messages.append(Message("user", text))
        agent = _run_turn(trace, agent, SEED_003, effect, max_calls)
    trace.where = agent
    return trace
