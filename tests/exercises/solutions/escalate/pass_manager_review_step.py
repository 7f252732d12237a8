"""A step named 'manager_review', a decorator-named tool, and "handoffs" declared for the picture.

expect: pass
"""
from handoffs.part1 import seed_step_table

from ._parts import Command, ToolMessage, ToolRuntime, end_conversation, record_issue, tool


@tool("request_manager_review", description="Send legal matters, formal complaints and requests for a manager "
                                             "to a manager's review.")
def review(runtime: ToolRuntime) -> Command:
    return Command(update={"messages": [ToolMessage("Sent to review.", tool_call_id=runtime.tool_call_id)],
                           "current_step": "manager_review"})


@tool("log_review_request", description="Log the review request so a manager reads the case today.")
def log_review(runtime: ToolRuntime) -> str:
    return "Logged for a manager's review."


step_table = seed_step_table()
step_table["triage"].update(
    prompt=step_table["triage"]["prompt"] + "\nLegal matter or manager wanted: call request_manager_review.",
    tools=[record_issue, review],
    handoffs={"record_issue": "resolve", "request_manager_review": "manager_review"},
)
step_table["manager_review"] = {"prompt": "Call log_review_request, then end_conversation.",
                             "tools": [log_review, end_conversation], "handoffs": {"end_conversation": "done"}}
my_step_table = step_table
