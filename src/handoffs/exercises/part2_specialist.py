"""The checker for notebook 07: "extend the team" with a specialist agent and the transfer tool that reaches it.

``await check_specialist(build_extended_team)`` takes the learner's ``async def build_extended_team(runtime,
model_client) -> Team`` and judges it in four phases, stopping at the first finding (``report.stopped_by``):

1. **build**: on a fresh :class:`~handoffs.exercises.autogen_runs.WatchedRuntime` it returns the team (every
   coroutine awaited); a new agent type is registered and subscribed; every agent can be *created* (AutoGen only
   logs a factory's error: the checker creates each and names the error, e.g. a delegate given as a function);
2. **look**: one scripted session shows the tools the triage agent is really offered: a new delegate, each tool
   once, the seed's delegates kept, a description that says something;
3. **scripted** (the offline model's script mode, no keyword luck): the triage model calls each new delegate; the
   conversation must reach a new agent, which answers the customer, and the customer's next message must stay with
   it; its prompt must say what it does. A session that cannot go on stops at once (the runtime is idle, or the
   operator desk was called) and the finding says what happened to each turn, never waiting out a known cause;
4. **routing** (the default offline model, in both tool orders, because routing is the point): the double charge
   reaches the new delegate; the seed's refund, sales and human requests still go where the seed sends them, and
   no item of the new description claims one ("…, 환불 요청, …") even when the model kept it with the seed.

Other names, an agent class of one's own, extra delegates, Korean or English texts pass. Sentences:
:mod:`.specialist_text`.
"""

from __future__ import annotations

import asyncio
import inspect
import re
from typing import Any, Awaitable, Callable

from autogen_core import AgentId, BaseAgent

from handoffs.i18n import pick
from handoffs.lessons.part2 import TRIAGE_PROMPT, TRIAGE_TRANSFER_TOOLS, triage_agent_topic_type, user_topic_type
from handoffs.part2.team import Team, all_agents
from handoffs.models import OfflineModelClient
from handoffs.recorder import RunRecorder, ToolRunEvent

from .autogen_runs import (CapturedErrors, NotingClient, Session, UnawaitedCalls, WatchedRuntime, probe_default,
                           run_session, tool_parameters)
from .learner_code import (closest, error_text, has_korean, has_todo, location, names_a_topic, one_line,
                           plain_functions_in, prompt_says_something, raising_line, sample_arguments, words_in_common)
from .report import CheckReport, Stop
from .routing import customer_languages, taken_from_seed, tool_description, tool_name, tool_text
from .specialist_text import HINTS, PIECES, REQUESTS, SCRIPTED_REPLY, STARTER_PROMPT, VERIFIED

Builder = Callable[[Any, Any], Awaitable[Any]]
SEED_TRANSFER_TOOLS = {t.name: t for t in TRIAGE_TRANSFER_TOOLS}
REPLIES = [SCRIPTED_REPLY.format(n=n) for n in range(1, 9)]


class _Stop(Stop):
    hints = HINTS


class _Check:
    """One check of one builder: builds the team as often as a phase needs, on fresh runtimes."""

    def __init__(self, build: Builder, timeout: float, errors: CapturedErrors, report: CheckReport) -> None:
        self.build, self.timeout, self.errors, self.report = build, timeout, errors, report
        self.name = getattr(build, "__name__", "build_extended_team")
        self.tools: dict[str, Any] = {}  # tool name -> the Tool object an agent was built with (for locations)
        self.prompts: dict[str, str] = {}  # agent type -> the system prompt it was built with (kit's AIAgent)

    def where(self, tool: Any) -> str:
        """Where the learner defined a tool the model saw only as a schema."""
        return location(self.tools.get(tool_name(tool), tool))

    async def team(self, script: list[Any]) -> tuple[WatchedRuntime, Any, RunRecorder, NotingClient]:
        recorder = RunRecorder()
        runtime = WatchedRuntime(recorder)
        client = NotingClient(OfflineModelClient(script=script), recorder)
        with UnawaitedCalls() as unawaited:
            try:
                made = self.build(runtime, client)
                if not inspect.isawaitable(made):
                    raise _Stop("build", "not_async", name=self.name, location=location(self.build))
                team, error = await made, None
            except Exception as failed:  # a _Stop too: a missing await below explains more
                team, error = None, failed
            unawaited.notice(team, error)
        if unawaited.names:  # a register or add_subscription that never ran: the root of what follows
            raise _Stop("build", "not_awaited", call=unawaited.names[0], name=self.name)
        if error is not None and not isinstance(error, _Stop):
            agent = re.search(r"type (?:AgentType\(type=')?([^'\s)]+)'?\)? already exists", str(error))
            line = raising_line(error) or PIECES["body_of"].format(name=self.name)
            error = (_Stop("build", "duplicate_registration", agent=agent.group(1), error=error_text(error), line=line)
                     if agent else _Stop("build", "build_failed", error=error_text(error), line=line))
        if error is not None:
            raise error
        if not isinstance(team, Team):
            raise _Stop("build", "no_team", got=team, name=self.name)
        return runtime, team, recorder, client

    async def structure(self) -> list[str]:
        runtime, _team, _recorder, _client = await self.team(list(REPLIES))
        new = [a for a in runtime.agent_types if a not in all_agents()]
        if not new:
            raise _Stop("build", "no_new_agent", name=self.name)
        for agent in new:
            if not runtime.topics_of(agent):
                stray = runtime.stray_subscription(agent)  # a subscription naming a misspelt agent type?
                raise (_Stop("build", "subscribed_other_type", agent=agent, got=stray[0], topic=stray[1]) if stray
                       else _Stop("build", "not_subscribed", agent=agent))
        self.report.ok(VERIFIED["registered"].format(
            agents=", ".join(new), topics=", ".join(repr(t) for a in new for t in runtime.topics_of(a))))
        for agent in runtime.agent_types:
            try:
                instance = await runtime.try_get_underlying_agent_instance(AgentId(agent, "check-build"), BaseAgent)
            except Exception as error:
                raise _constructor_stop(agent, error) from None
            for kind in ("_tools", "_transfer_tools"):  # the kit's AIAgent keeps its Tool objects by name
                found = getattr(instance, kind, None)
                self.tools.update(found if isinstance(found, dict) else {})
            prompt = getattr(getattr(instance, "_system_message", None), "content", None)
            if isinstance(prompt, str):
                self.prompts[agent] = prompt
        self.report.ok(VERIFIED["built"])
        return new

    async def look(self, new_agents: list[str]) -> tuple[list[Any], str]:
        """The triage agent's real tools and prompt, from one scripted session; checks the new delegates."""
        runtime, team, recorder, client = await self.team(list(REPLIES))
        runtime.start()
        try:
            await run_session(runtime, team, recorder, [pick(REQUESTS["specialist"])], "check-look", self.timeout)
        finally:
            await runtime.stop()
        if triage_agent_topic_type not in client.offered:
            raise _Stop("look", "client_ignored", name=self.name)
        tools = client.offered[triage_agent_topic_type]
        names = [tool_name(t) for t in tools]
        new = [t for t in tools if tool_name(t) not in SEED_TRANSFER_TOOLS]
        if not new:
            raise _Stop("look", "no_new_delegate", agents=", ".join(new_agents), name=self.name)
        for name in dict.fromkeys(names):
            if names.count(name) > 1:
                raise _Stop("look", "duplicate_delegate", tool=name, count=names.count(name))
        dropped = [name for name in SEED_TRANSFER_TOOLS if name not in names]
        if dropped:
            raise _Stop("look", "seed_delegates_dropped", tools=", ".join(dropped))
        for tool in new:
            if not tool_description(tool).strip() or has_todo(tool_description(tool)):
                raise _Stop("look", "description_missing", tool=tool_name(tool), location=self.where(tool))
            if not names_a_topic(tool_description(tool)):
                raise _Stop("look", "description_vague", tool=tool_name(tool), description=tool_description(tool),
                            location=self.where(tool))
        self.report.ok(VERIFIED["offered"].format(tools=", ".join(tool_name(t) for t in new)))
        return tools, client.prompts.get(triage_agent_topic_type, TRIAGE_PROMPT)

    async def handoff(self, delegate: Any, new_agents: list[str]) -> tuple[str, str | None]:
        """Script the triage model to call ``delegate``; return the agent reached and its prompt."""
        move = {"tool": tool_name(delegate), "args": sample_arguments(tool_parameters(delegate))}
        runtime, team, recorder, client = await self.team([move, *REPLIES])
        runtime.start()
        try:
            session = await run_session(runtime, team, recorder, [pick(REQUESTS["specialist"]),
                                                                  pick(REQUESTS["follow_up"])], "check-handoff",
                                        self.timeout)
        finally:
            await runtime.stop()
        self.report.details.setdefault("sessions", []).append(session)
        agent = self._reached(runtime, recorder, session, delegate, new_agents)
        return agent, client.prompts.get(agent, self.prompts.get(agent))

    def _reached(self, runtime: WatchedRuntime, recorder: RunRecorder, session: Session, delegate: Any,
                 new_agents: list[str]) -> str:
        tool, where = tool_name(delegate), self.where(delegate)
        handed = [p for p in session.published if p.sender == triage_agent_topic_type and p.message_type == "UserTask"]
        if not handed:
            failed = [e for e in recorder.of_kind(ToolRunEvent, session.session_id) if e.tool == tool and e.is_error]
            problem = failed[0].result if failed else PIECES["no_handoff"]
            raise _Stop("scripted", "delegate_failed", tool=tool, error=one_line(problem), location=where)
        topic = handed[0].topic_type
        reached = runtime.subscribers(topic)
        if not reached:
            agent = new_agents[0]
            topics = runtime.topics_of(agent)
            raise _Stop("scripted", "topic_mismatch", tool=tool, topic=topic, agent=agent,
                        topics=", ".join(map(repr, topics)), suggestion=closest(topic, topics) or topics[0])
        agent = reached[0]
        if agent not in new_agents:
            function = getattr(getattr(self.tools.get(tool), "_func", None), "__name__", tool)
            topics = [t for a in new_agents for t in runtime.topics_of(a)]
            raise _Stop("scripted", "delegate_to_other_agent", tool=tool, target=agent, agents=", ".join(new_agents),
                        location=where, function=function, topic=topics[0])
        self._answered(runtime, session, agent, 0)
        replied = [p for p in session.published if p.sender == user_topic_type and p.message_type == "UserTask"]
        back = replied[1].topic_type if len(replied) > 1 else topic  # [0] is the customer's first message
        if back != topic:
            others = runtime.subscribers(back)
            cause = "reply_topic_other" if others else "reply_topic_nowhere"
            raise _Stop("scripted", cause, agent=agent, topic=back, other=", ".join(others), suggestion=topic)
        self._answered(runtime, session, agent, 1)
        self.report.ok(VERIFIED["reached"].format(tool=tool, agent=agent))
        return agent

    def _answered(self, runtime: WatchedRuntime, session: Session, agent: str, turn: int) -> None:
        if len(session.turns) > turn and session.turns[turn].handled_by == agent:
            return
        for message, error in self.errors.errors:
            if agent in message:
                raise _Stop("scripted", "agent_handler_failed", agent=agent, error=error_text(error),
                            line=raising_line(error) or PIECES["handler_of"].format(agent=agent))
        answers = [p for p in session.published if p.sender == agent and p.message_type == "AgentResponse"]
        listeners = list(dict.fromkeys(runtime.subscribers(answers[-1].topic_type))) if answers else []
        if answers and not set(listeners) & set(runtime.subscribers(user_topic_type)):  # not where the customer is
            who = PIECES["only_listen"].format(agents=", ".join(listeners)) if listeners else PIECES["nobody_listens"]
            raise _Stop("scripted", "wrong_user_topic", agent=agent, topic=answers[-1].topic_type, who=who)
        if session.stopped_by == "operator":
            raise _Stop("scripted", "operator_waiting", describe=session.describe())
        if session.stopped_by == "timeout":
            published = ", ".join(f"{p.sender} -> {p.topic_type} ({p.message_type})" for p in session.published)
            raise _Stop("scripted", "timed_out", timeout=self.timeout, describe=session.describe(), published=published)
        raise _Stop("scripted", "agent_silent", agent=agent)


def _constructor_stop(agent: str, error: BaseException) -> _Stop:
    """Why an agent could not be created; a plain function among its tools is named as such."""
    found = plain_functions_in(error, ("transfer_tools", "tools"))
    if found:
        field, plain = found
        return _Stop("build", "delegate_not_a_tool", agent=agent, field=field, error=error_text(error),
                     items=", ".join(getattr(p, "__name__", repr(p)) for p in plain), where=location(plain[0]))
    return _Stop("build", "constructor_failed", agent=agent, error=error_text(error),
                 line=raising_line(error) or PIECES["factory_of"].format(agent=agent))


async def _routing(tools: list[Any], prompt: str, reached: dict[str, str], report: CheckReport,
                   where: Callable[[Any], str], request: str | None = None) -> None:
    seed = (TRIAGE_PROMPT, list(TRIAGE_TRANSFER_TOOLS))
    new = [t for t in tools if tool_name(t) in reached]
    korean = any(has_korean(tool_description(t)) for t in new)
    languages = customer_languages(korean)
    asked = {**REQUESTS["specialist"], **({lang: request for lang in languages} if request else {})}
    probes = [await probe_default(prompt, asked[lang], tools, seed) for lang in languages]
    if not any(p.understood and p.picked in reached for p in probes):
        first, tool = probes[0], new[0]
        cause = "specialist_too_close" if first.too_close(tool_description(tool)) else "specialist_not_routed"
        rivals = [c.tool for c in (first.forward, first.backward) if c.tool and c.tool != tool_name(tool)]
        rival_tools = [t for t in tools if tool_name(t) in rivals]
        shared = words_in_common(first.request, tool_text(tool), *[tool_text(t) for t in rival_tools[:1]])
        raise _Stop("routing", cause, request=first.request, describe=first.describe(), tool=tool_name(tool),
                    location=where(tool), others=", ".join(dict.fromkeys(rivals)) or ", ".join(SEED_TRANSFER_TOOLS),
                    shared=shared)
    report.ok(VERIFIED["routed"].format(request=probes[0].request, tool=probes[0].picked or tool_name(new[0])))
    paths = []
    for path in ("refund", "sales", "human"):
        for lang in languages:
            seen = await probe_default(prompt, REQUESTS[path][lang], tools, seed)
            if not seen.understood or seen.baseline is None:
                continue
            wanted = seen.baseline.tool
            taken = taken_from_seed(seen, tools, new, SEED_TRANSFER_TOOLS, new[0])
            if taken:
                raise _Stop("routing", "claims_seed_territory", request=seen.request, wanted=wanted,
                            describe=taken.describe, tool=tool_name(taken.tool), location=where(taken.tool),
                            shared=taken.shared)
            paths.append(f"{seen.request!r} -> {wanted}")
    report.ok(VERIFIED["seed_paths"].format(paths=", ".join(paths)))


async def check_specialist(build_extended_team: Builder, *, timeout: float = 10.0,
                           request: str | None = None) -> CheckReport:
    """Check the learner's ``build_extended_team``; see the module docstring for the phases.

    ``timeout`` bounds each session (only an unknown cause waits that long); ``request`` replaces the English
    customer message of the routing probe ("I was charged twice for my order").
    """
    report = CheckReport(VERIFIED["passed"])
    with CapturedErrors() as errors:
        check = _Check(build_extended_team, timeout, errors, report)
        try:
            if not callable(build_extended_team):
                raise _Stop("build", "not_async", name=check.name, location=location(build_extended_team, check.name))
            new_agents = await check.structure()
            tools, prompt = await check.look(new_agents)
            reached: dict[str, str] = {}
            for delegate in [t for t in tools if tool_name(t) not in SEED_TRANSFER_TOOLS]:
                agent, agent_prompt = await check.handoff(delegate, new_agents)
                if agent_prompt is not None and not prompt_says_something(agent_prompt, STARTER_PROMPT):  # None: not readable
                    raise _Stop("scripted", "prompt_says_nothing", agent=agent, prompt=agent_prompt[:80])
                reached[tool_name(delegate)] = agent
            report.ok(VERIFIED["prompt"].format(agent=", ".join(reached.values()), tool=", ".join(reached)))
            await _routing(tools, prompt, reached, report, check.where, request)
        except _Stop as stop:
            report.fail(stop.finding, stop.phase)
    return report


def run_check(build_extended_team: Builder, **options: Any) -> CheckReport:
    """The same check from synchronous code (tests, scripts); in a notebook ``await check_specialist(...)``."""
    return asyncio.run(check_specialist(build_extended_team, **options))
