"""Running the routing eval: labelled customer messages through a model, scored into an :class:`EvalReport`.

:func:`load_cases` reads the labelled sets shipped in ``handoffs/evals/data`` — ``dev`` (the set the offline
model's lexicon was developed against) and ``holdout`` (written separately, by another author, blind to the
model; it measures how the model does on words it was not tuned to). Each case is one first message of a
conversation, English, Korean or mixed, with its scenario, its expected route and tags (idiom, negation, typo,
multi-intent, off-topic, injection …).

:func:`run_eval` asks the model chosen by the switch (``HANDOFFS_MODEL``, or ``spec``) — the offline model, a
real one, or the kit's own OpenAI-compatible server — one question per case, through LangChain for Part 1
scenarios and AutoGen for Part 2 ones, and compares the route it took with the label. Nothing here is specific to
the offline model.
"""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Iterable

from autogen_core.models import SystemMessage as AutoGenSystem, UserMessage as AutoGenUser
from langchain_core.messages import HumanMessage, SystemMessage

from handoffs.models import chat_model, model_client

from .scenarios import ASK, SCENARIOS, Scenario, route_of

SETS = ("dev", "holdout", "holdout2", "holdout3", "holdout4", "holdout5", "holdout6", "holdout7", "holdout8", "sealed1", "holdout9",
        "probes27", "holdout10", "probes27b", "probes27c", "probes28a", "probes28b", "holdout11")


@dataclass(frozen=True)
class Case:
    id: str
    scenario: str
    lang: str
    message: str
    expected: str
    tags: tuple[str, ...] = ()
    note: str = ""


@dataclass(frozen=True)
class Outcome:
    case: Case
    got: str
    reason: str = ""

    @property
    def correct(self) -> bool:
        return self.got == self.case.expected


@dataclass
class EvalReport:
    """What a model did with every case: accuracy overall and by scenario, language and tag, and a confusion table."""

    model: str
    outcomes: list[Outcome] = field(default_factory=list)

    @property
    def accuracy(self) -> float:
        return sum(o.correct for o in self.outcomes) / len(self.outcomes) if self.outcomes else 0.0

    def accuracy_by(self, key: str) -> dict[str, tuple[int, int]]:
        """``{group: (correct, total)}`` grouped by ``"scenario"``, ``"lang"`` or ``"tag"``."""
        groups: dict[str, list[bool]] = {}
        for o in self.outcomes:
            names = o.case.tags if key == "tag" else (getattr(o.case, key),)
            for name in names:
                groups.setdefault(name, []).append(o.correct)
        return {name: (sum(v), len(v)) for name, v in sorted(groups.items())}

    def labels(self) -> list[str]:
        """Every route label that was expected or given, ``ask`` last and anything unexpected after it."""
        known = list(dict.fromkeys(label for s in SCENARIOS.values() for label in s.labels if label != ASK))
        seen = {o.case.expected for o in self.outcomes} | {o.got for o in self.outcomes}
        return [l for l in known if l in seen] + [ASK] + sorted(seen - set(known) - {ASK})

    def confusion(self) -> dict[tuple[str, str], int]:
        """``{(expected, got): count}`` over all cases."""
        return dict(Counter((o.case.expected, o.got) for o in self.outcomes))

    def misses(self) -> list[Outcome]:
        return [o for o in self.outcomes if not o.correct]


def load_cases(which: str | Iterable[str] = SETS) -> list[Case]:
    """The labelled cases of one set (``"dev"``, ``"holdout"``) or several, in file order."""
    names = (which,) if isinstance(which, str) else tuple(which)
    cases: list[Case] = []
    for name in names:
        if name not in SETS:
            raise ValueError(f"Unknown eval set {name!r}: choose from {', '.join(SETS)}.")
        text = resources.files("handoffs.evals").joinpath("data", f"{name}.jsonl").read_text(encoding="utf-8")
        for line in text.splitlines():
            if line.strip():
                raw = json.loads(line)
                cases.append(Case(raw["id"], raw["scenario"], raw["lang"], raw["message"], raw["expected"],
                                  tuple(raw.get("tags", ())), raw.get("note", "")))
    return cases


def blind_facts() -> dict[str, Any]:
    """``data/blind.toml``: ``first_contact`` ({set: percent at first contact}) ``never_fitted`` and ``sealed`` (set names)."""
    import tomllib

    text = resources.files("handoffs.evals").joinpath("data", "blind.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def _reason_of(answer: Any) -> str:
    metadata = getattr(answer, "response_metadata", None) or {}
    return str(metadata.get("reason") or getattr(answer, "thought", None) or "")


class _Asker:
    """One model per framework for the whole run, asked one case at a time."""

    def __init__(self, spec: str | None):
        self.spec = spec
        self._langchain: dict[str, Any] = {}
        self._autogen: Any = None

    async def ask(self, scenario: Scenario, message: str) -> Any:
        if scenario.framework == "langchain":
            if scenario.name not in self._langchain:
                self._langchain[scenario.name] = chat_model(self.spec).bind_tools(list(scenario.tools))
            return await self._langchain[scenario.name].ainvoke([SystemMessage(scenario.prompt), HumanMessage(message)])
        if self._autogen is None:
            self._autogen = model_client(self.spec)
        return await self._autogen.create([AutoGenSystem(content=scenario.prompt), AutoGenUser(content=message, source="User")],
                                          tools=list(scenario.tools))

    async def close(self) -> None:
        if self._autogen is not None:
            await self._autogen.close()


async def run_eval(cases: Iterable[Case] | None = None, *, spec: str | None = None, concurrency: int = 4) -> EvalReport:
    """Ask the model chosen by ``spec`` (default: ``HANDOFFS_MODEL``) every case; see the module docstring."""
    from handoffs.models.switch import describe_model

    cases = list(load_cases() if cases is None else cases)
    unknown = sorted({c.scenario for c in cases} - set(SCENARIOS))
    if unknown:
        raise ValueError(f"Unknown scenario(s) {', '.join(unknown)}: the eval knows {', '.join(SCENARIOS)}.")
    asker, gate = _Asker(spec), asyncio.Semaphore(max(1, concurrency))

    async def one(case: Case) -> Outcome:
        scenario = SCENARIOS[case.scenario]
        async with gate:
            answer = await asker.ask(scenario, case.message)
        return Outcome(case, route_of(scenario, answer), _reason_of(answer))

    try:
        outcomes = await asyncio.gather(*(one(case) for case in cases))
    finally:
        await asker.close()
    return EvalReport(describe_model(spec), list(outcomes))
