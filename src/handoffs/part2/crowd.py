"""Many customers at once on one team, and the checks that no message crossed between their sessions.

Notebook 08 and ``./kit bench part2`` run exactly this code, so the notebook's sessions per second are the
benchmark's:

* :func:`crowd_scripts` — ``count`` scripted customers, alternately wanting a refund and wanting to buy, in English
  or Korean (:data:`CROWD_LINES`); every customer names their own session (``c0042``) in their words, so a message
  that reached another session shows;
* :func:`run_crowd` — one runtime, one team, one recorder (optional); all sessions opened at once and run to
  their end, with the collector's full collections held meanwhile (:mod:`.collector`: the sessions' live state
  is not walked again each time it grows by a quarter); returns a :class:`CrowdRun` with the results and the
  wall-clock seconds;
* :func:`find_crossings` — three independent checks (the customers' view, the ledger, the recorder) that every
  message stayed in its session; returns a :class:`Crossings` whose :attr:`~Crossings.none` is True when none did.

It drives sessions and checks them; the agents live in notebook 06's lesson cells (:mod:`handoffs.lessons.part2`).
"""

from __future__ import annotations

import re
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Optional, Sequence

from autogen_core.models import ChatCompletionClient

from handoffs.i18n import Texts

from handoffs.lessons.part2 import issues_and_repairs_agent_topic_type, sales_agent_topic_type
from .collector import full_collections_held
from .sessions import SessionResult, default_model_client, run_many_sessions, stop_cancelling_handlers
from .team import Team, build_team, new_runtime

CROWD_LINES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "en": (("I want to buy something", "Roadrunners keep escaping from me at farm {name}",
            "That sounds great, I'm in", "yes"),
           ("I want a refund", "My rocket skates {name} broke after one day", "No, that did not help",
            "Yes, please refund me")),
    "ko": (("뭔가 사고 싶어요", "{name} 농장에서 로드러너가 자꾸 도망가요", "좋네요, 살게요", "네"),
           ("환불받고 싶어요", "로켓 스케이트 {name} 모델이 하루 만에 고장 났어요", "아니요, 소용없어요", "네, 환불해 주세요")),
}
"""The customers' language -> (what a buyer says, what a refunder says); ``{name}`` is the customer's session."""
SALES_LINES, REFUND_LINES = CROWD_LINES["en"]
SESSION_PREFIX = "c"
CROSSING_TEXTS = Texts({  # the lines of Crossings.describe(), in the kit's language
    "wrong_turns": {"en": "sessions with a wrong turn: {count}", "ko": "엉뚱한 답을 받은 세션: {count}"},
    "paths": {"en": "paths: {paths}", "ko": "경로: {paths}"},
    "deals": {"en": "orders: {orders}, refunds: {refunds}", "ko": "주문: {orders}, 환불: {refunds}"},
    "not_one_deal": {"en": "sessions with not exactly one order or refund: {count}",
                     "ko": "주문이나 환불이 정확히 한 번이 아닌 세션: {count}"},
    "foreign_reasons": {"en": "refunds whose reason names another session: {count}",
                        "ko": "환불 사유에 다른 세션이 나오는 환불: {count}"},
    "events": {"en": "recorder events: {events}, events mentioning another session: {count}",
               "ko": "기록기 이벤트: {events}, 다른 세션이 나오는 이벤트: {count}"},
})


def session_names(count: int) -> list[str]:
    """``c0000``, ``c0001``, ... (at least four digits, more when ``count`` needs them)."""
    width = max(4, len(str(max(count - 1, 0))))
    return [f"{SESSION_PREFIX}{i:0{width}d}" for i in range(count)]


def crowd_scripts(count: int, language: str = "en") -> dict[str, list[str]]:
    """Scripts for ``count`` customers speaking ``language``: even sessions want a refund, odd ones want to buy."""
    if count < 1:
        raise ValueError("A crowd needs at least one customer (count >= 1).")
    if language not in CROWD_LINES:
        raise ValueError(f"No crowd speaks {language!r}: choose one of {', '.join(CROWD_LINES)}.")
    sales, refund = CROWD_LINES[language]
    return {name: [line.format(name=name) for line in (sales if i % 2 else refund)]
            for i, name in enumerate(session_names(count))}


def expected_agent(script: Sequence[str]) -> str:
    """The specialist who should answer every turn of a crowd script (in any of the crowd's languages)."""
    buyers_first_words = {sales[0] for sales, _ in CROWD_LINES.values()}
    return sales_agent_topic_type if script[0] in buyers_first_words else issues_and_repairs_agent_topic_type


@dataclass
class CrowdRun:
    """One crowd run: the team it ran on, each session's result, and how long the sessions took."""

    team: Team
    results: dict[str, SessionResult]
    seconds: float
    recorder: Any = None

    @property
    def sessions_per_second(self) -> float:
        return len(self.results) / self.seconds if self.seconds > 0 else float("inf")


async def run_crowd(
    scripts: Mapping[str, Sequence[str]],
    *,
    model_client: Optional[ChatCompletionClient] = None,
    recorder: Any = None,
    on_finished: Optional[Callable[[SessionResult], None]] = None,
    timeout: float = 600.0,
) -> CrowdRun:
    """Build seed 003's team on a new runtime, run every scripted session at once, stop the runtime when idle.

    ``seconds`` counts from opening the first session until the runtime is idle again (building the team is
    not counted). ``on_finished(result)`` is called as each session ends (a progress bar counts them).
    """
    runtime = new_runtime(recorder)
    team = await build_team(runtime, model_client or default_model_client(), recorder=recorder)
    runtime.start()
    started = time.perf_counter()
    with full_collections_held():  # the live sessions are not walked again and again (see .collector)
        try:
            results = await run_many_sessions(team, scripts, on_finished=on_finished, timeout=timeout)
        except BaseException:
            await stop_cancelling_handlers(runtime)  # sessions still waiting: no task_done() traceback at shutdown
            raise
        await runtime.stop_when_idle()
    return CrowdRun(team, results, time.perf_counter() - started, recorder)


@dataclass
class Crossings:
    """What :func:`find_crossings` found; every list names sessions (or events) where a message crossed."""

    sessions: int
    wrong_turns: list[str] = field(default_factory=list)
    """Sessions that did not hear exactly their own lines answered by their own specialist."""
    not_one_deal: list[str] = field(default_factory=list)
    """Sessions whose ledger has not exactly one order or refund."""
    foreign_reasons: list[str] = field(default_factory=list)
    """Sessions with a refund whose reason names another session."""
    foreign_events: list[int] = field(default_factory=list)
    """``seq`` of recorder events whose text names a session other than their own."""
    recorder_events: int = 0
    paths: Counter = field(default_factory=Counter)
    orders: int = 0
    refunds: int = 0

    @property
    def none(self) -> bool:
        return not (self.wrong_turns or self.not_one_deal or self.foreign_reasons or self.foreign_events)

    def describe(self) -> str:
        text = CROSSING_TEXTS
        return "\n".join([
            text["wrong_turns"].format(count=len(self.wrong_turns)),
            text["paths"].format(paths=", ".join(f"{agent} {count}" for agent, count in sorted(self.paths.items()))),
            text["deals"].format(orders=self.orders, refunds=self.refunds),
            text["not_one_deal"].format(count=len(self.not_one_deal)),
            text["foreign_reasons"].format(count=len(self.foreign_reasons)),
            text["events"].format(events=self.recorder_events, count=len(self.foreign_events)),
        ])


def find_crossings(run: CrowdRun, scripts: Mapping[str, Sequence[str]]) -> Crossings:
    """Check a crowd run three independent ways: the customers' view, the ledger, and the recorder."""
    ledger = run.team.ledger
    found = Crossings(sessions=len(scripts), orders=len(ledger.orders), refunds=len(ledger.refunds))
    for name, script in scripts.items():
        result = run.results.get(name)
        expected = [expected_agent(script)] * len(script)
        if result is None or result.handled_by != expected or [t.said for t in result.turns] != list(script):
            found.wrong_turns.append(name)
        if result is not None and result.handled_by:
            found.paths[result.handled_by[0]] += 1
        refunds = ledger.refunds_of(name)
        if len(ledger.orders_of(name)) + len(refunds) != 1:
            found.not_one_deal.append(name)
        if any(name not in refund.reason for refund in refunds):
            found.foreign_reasons.append(name)
    if run.recorder is not None:
        # not \b: a Korean particle may follow a name without a space ("c0042가"), and \b sees no boundary there
        names = re.compile(rf"(?<![A-Za-z0-9_]){SESSION_PREFIX}[0-9]{{4,}}(?![0-9])")
        events = run.recorder.events
        found.recorder_events = len(events)
        for event in events:
            text = getattr(event, "text", "")
            if text and set(names.findall(text)) - {event.conversation}:
                found.foreign_events.append(event.seq)
    return found
