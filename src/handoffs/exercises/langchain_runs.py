"""Deterministic conversations through a learner's single-agent bot, and what each tool call really returned.

The Part 1 checkers (notebooks 03b and 04) judge behaviour with the offline model's **script mode** (always the
offline model, whatever ``HANDOFFS_MODEL`` says): the model's n-th call makes the n-th scripted move, so nothing
depends on how a model reads a description. Around the learner's code sits a :class:`ToolWatch` — a
``wrap_tool_call`` middleware that notes every call reaching it and what came back: a ``Command`` (and its update),
a ``ToolMessage`` (a tool that returned a plain value), anything else, or the exception. :func:`run_script` runs one conversation and keeps everything: the recorder, the watched
calls, the final state, and the error that stopped it (if one did).

:func:`decide_with_default_model` is the one place the default offline model is asked, for routing probes.

What this module is not: it holds no verdicts and no hint text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from langchain.agents.middleware import AgentMiddleware
from langchain.messages import HumanMessage, SystemMessage

from handoffs.models import OfflineChatModel
from handoffs.recorder import RunRecorder
from handoffs.part1.agent import ask, build_support_agent
from handoffs.part1.state import current_step_of

from .routing import Choice


@dataclass
class WatchedCall:
    """One tool call as a :class:`ToolWatch` saw it: in which step, and what came back (or what it raised)."""

    name: str
    call_id: str
    step: str
    args: dict[str, Any]
    result: Any = None
    error: BaseException | None = None


class ToolWatch(AgentMiddleware):
    """Notes every tool call that reaches it, and its result or exception (it changes nothing)."""

    def __init__(self, label: str = "watch") -> None:
        super().__init__()
        self.label = label
        self.calls: list[WatchedCall] = []

    @property
    def name(self) -> str:
        return f"ToolWatch-{self.label}"

    def wrap_tool_call(self, request: Any, handler: Callable[[Any], Any]) -> Any:
        call = request.tool_call
        seen = WatchedCall(call["name"], call.get("id") or "", current_step_of(request.state), dict(call.get("args") or {}))
        self.calls.append(seen)
        try:
            seen.result = handler(request)
        except BaseException as error:
            seen.error = error
            raise
        return seen.result

    def of(self, tool: str) -> list[WatchedCall]:
        return [c for c in self.calls if c.name == tool]


@dataclass
class Run:
    """One scripted conversation: what was recorded and watched, the final state, and the error that stopped it."""

    recorder: RunRecorder
    watch: ToolWatch
    outer: ToolWatch | None = None
    state: dict[str, Any] = field(default_factory=dict)
    error: BaseException | None = None

    @property
    def steps(self) -> list[str]:
        return self.recorder.steps_visited("check") or ["triage"]

    @property
    def ran(self) -> list[str]:
        """The tools that executed (passed every guard), in order."""
        return self.recorder.tools_run("check")


def tool_move(name: str, args: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A scripted model move: call ``name`` with ``args``."""
    return {"tool": name, "args": dict(args or {})}


def run_script(step_table: Mapping[str, Any], script: Sequence[Any], text: str, *, guard: bool = True,
               middleware: Sequence[AgentMiddleware] = (), start: Mapping[str, Any] | None = None,
               model: Any = None) -> Run:
    """Run ``text`` through ``build_support_agent(step_table=...)`` with a scripted model (or ``model``).

    ``middleware`` goes inside the kit's guard (if any); a :class:`ToolWatch` sits innermost, before the recorder.
    ``start`` adds state fields to the first message (e.g. ``current_step``). Never raises for the learner's code.
    """
    run = Run(RunRecorder(), ToolWatch())
    config = {"configurable": {"thread_id": "check"}}
    try:
        agent = build_support_agent(model if model is not None else OfflineChatModel(script=list(script)),
                                    step_table=step_table, guard=guard, recorder=run.recorder,
                                    middleware=[*middleware, run.watch])
        if start:
            payload = {"messages": [{"role": "user", "content": text}], **start}
            run.state = agent.invoke(payload, config)
        else:
            run.state = ask(agent, text, config)
    except Exception as error:  # the learner's code stopped the conversation: that is a finding, not a crash
        run.error = error
    return run


def decide_with_default_model(prompt: str) -> Callable[[str, Sequence[Any]], Any]:
    """A routing ``decide(request, tools)`` for :func:`handoffs.exercises.routing.probe`: one default-model call."""

    def decide(request: str, tools: Sequence[Any]) -> Choice:
        reply = OfflineChatModel().bind_tools(list(tools)).invoke([SystemMessage(prompt), HumanMessage(request)])
        reason = str((reply.response_metadata or {}).get("reason", ""))
        called = reply.tool_calls[0]["name"] if reply.tool_calls else None
        return Choice(called, reason, reply.text)

    return decide
