"""Seed 003's ACME desk as ONE agent with steps (Part 1's design), built from Part 2's own pieces.

Notebook 09 compares the two designs, so both must be the *same desk*. Nothing here is written a second time:

* the prompts are Part 2's (notebook 06, :mod:`handoffs.lessons.part2`), word for word — one step per agent;
* the tools are Part 2's: every delegate tool keeps its name, description and JSON schema
  (notebook 06, :mod:`handoffs.lessons.part2`), and the work tools are Part 2's own ``execute_order``, ``look_up_item``
  and ``execute_refund`` (:mod:`handoffs.part2.tools`, writing to the same kind of ``Ledger``), each offered to
  LangChain under the same name, description and schema;
* where the team *publishes* the conversation to another agent, a delegate tool here is a *transfer tool*: it answers
  with the team's own words ("Transferred to sales. Adopt persona immediately.") and a ``Command`` moving
  ``current_step``;
* the human: the ``human`` step has no model. :class:`OperatorSeat` puts the operator's words where the model's
  reply would be — no model call, as with Part 2's ``HumanAgent``.

The agent is Part 1's :func:`~handoffs.part1.build_support_agent` with this step table, so the middleware, the
step guard and the recorder are Part 1's. The agent runs with ``ainvoke`` (Part 2's ``execute_order`` is async).

What this module is not: it runs no conversation (see :mod:`handoffs.part3.runs`).
"""

from __future__ import annotations

from typing import Any, Awaitable, Callable, Mapping

from autogen_core import CancellationToken
from autogen_core.tools import Tool
from langchain.agents.middleware import AgentMiddleware
from langchain.messages import AIMessage, ToolMessage
from langchain_core.tools import BaseTool, StructuredTool
from langgraph.types import Command

from handoffs.lessons import part2 as delegates  # notebook 06's lesson cells: topic types, transfer tools
from handoffs.lessons.part2 import ISSUES_AND_REPAIRS_PROMPT, SALES_PROMPT, TRIAGE_PROMPT
from handoffs.part2.tools import Ledger, refund_tools, sales_tools
from handoffs.part1 import build_support_agent
from handoffs.part1.state import current_step_of
from handoffs.part1.transfers import TRANSFER_TO

from .text import HUMAN_STEP_PROMPT

#: The desk's roles: the single agent's step for each of the team's agents.
STEP_OF_AGENT = {
    delegates.triage_agent_topic_type: "triage",
    delegates.sales_agent_topic_type: "sales",
    delegates.issues_and_repairs_agent_topic_type: "issues_and_repairs",
    delegates.human_agent_topic_type: "human",
}
AGENT_OF_STEP = {step: agent for agent, step in STEP_OF_AGENT.items()}
HUMAN_STEP = "human"

_DELEGATE_FUNCTIONS = {f.__name__: f for f in (delegates.transfer_to_sales_agent,
                                               delegates.transfer_to_issues_and_repairs,
                                               delegates.transfer_back_to_triage, delegates.escalate_to_human)}
Confirm = Callable[[str], Awaitable[bool]]


def transfer_tool(delegate: Tool) -> BaseTool:
    """Part 2's delegate tool as a transfer tool of one agent: same name, description and schema; it moves
    ``current_step`` and carries that step in its metadata (the step graph's edge, written once)."""
    target_step = STEP_OF_AGENT[_DELEGATE_FUNCTIONS[delegate.name]()]

    async def transfer(runtime: Any, **_arguments: Any) -> Command:
        note = f"Transferred to {target_step}. Adopt persona immediately."  # Part 2's words, naming the step
        return Command(update={"messages": [ToolMessage(note, tool_call_id=runtime.tool_call_id)],
                               "current_step": target_step})

    return StructuredTool.from_function(coroutine=transfer, name=delegate.name, description=delegate.description,
                                        args_schema=dict(delegate.schema.get("parameters", {})),
                                        metadata={TRANSFER_TO: target_step})


def work_tool(tool: Tool) -> BaseTool:
    """Part 2's work tool, offered to LangChain under its own name, description and schema; it runs as it is."""

    async def run(**arguments: Any) -> str:
        return tool.return_value_as_string(await tool.run_json(arguments, CancellationToken()))

    return StructuredTool.from_function(coroutine=run, name=tool.name, description=tool.description or "",
                                        args_schema=dict(tool.schema.get("parameters", {})))


def desk_step_table(ledger: Ledger, session_id: str, confirm: Confirm) -> dict[str, dict[str, Any]]:
    """The ACME desk as a step table: one step per agent of seed 003's team (the work tools write to ``ledger``)."""
    back = transfer_tool(delegates.transfer_back_to_triage_tool)
    sales = [work_tool(t) for t in sales_tools(ledger, session_id, confirm)]
    repairs = [work_tool(t) for t in refund_tools(ledger, session_id)]
    triage = [transfer_tool(t) for t in delegates.TRIAGE_TRANSFER_TOOLS]
    return {
        "triage": {"prompt": TRIAGE_PROMPT, "tools": triage},
        "sales": {"prompt": SALES_PROMPT, "tools": [*sales, back]},
        "issues_and_repairs": {"prompt": ISSUES_AND_REPAIRS_PROMPT, "tools": [*repairs, back]},
        HUMAN_STEP: {"prompt": HUMAN_STEP_PROMPT, "tools": []},
    }


class OperatorSeat(AgentMiddleware):
    """In the human step a person answers: ``operator(conversation, customer_words)`` instead of a model call."""

    def __init__(self, operator: Callable[[str, str], str], recorder: Any = None) -> None:
        super().__init__()
        self.operator, self.recorder = operator, recorder

    @property
    def name(self) -> str:
        return "OperatorSeat"

    def _answer(self, request: Any) -> AIMessage | None:
        if current_step_of(request.state) != HUMAN_STEP:
            return None
        said = [m.text for m in request.messages if getattr(m, "type", "") == "human"]
        conversation = _thread_id()
        text = self.operator(conversation, said[-1] if said else "")
        if self.recorder is not None:
            from handoffs.recorder import MessageEvent

            self.recorder.add(MessageEvent, conversation, role="operator", actor=HUMAN_STEP, text=text)
        return AIMessage(content=text)

    def wrap_model_call(self, request: Any, handler: Callable) -> Any:
        answer = self._answer(request)
        return answer if answer is not None else handler(request)

    async def awrap_model_call(self, request: Any, handler: Callable) -> Any:
        answer = self._answer(request)
        return answer if answer is not None else await handler(request)


def _thread_id() -> str:
    from langgraph.config import get_config

    return str((get_config().get("configurable") or {}).get("thread_id", "default"))


def build_desk_agent(model: Any, *, ledger: Ledger, session_id: str, confirm: Confirm,
                     operator: Callable[[str, str], str], recorder: Any = None, checkpointer: Any = None,
                     guard: bool = True, step_table: Mapping[str, Any] | None = None) -> Any:
    """The ACME desk as one LangChain agent (Part 1's builder, the desk's step table, a person in the human step)."""
    return build_support_agent(model, checkpointer=checkpointer, guard=guard, recorder=recorder,
                               step_table=step_table or desk_step_table(ledger, session_id, confirm), name="acme_desk",
                               middleware=[OperatorSeat(operator, recorder)])
