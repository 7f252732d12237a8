"""What an exercise checker answers: a verdict, what it verified, and the first finding with hints in stages.

A :class:`Finding` names one mistake by a stable ``cause`` (e.g. ``"missing_tool_message"``) and explains it in
three stages, so a learner is never handed the whole answer first:

1. **what** is wrong (what happened when the checker ran your code);
2. **where** it is (which function, step, agent or line);
3. the **code** that fixes it.

``print(report)`` (or a notebook showing ``report``) gives the verdict and stage 1; ``report.hint(2)`` and
``report.hint(3)`` give the next stages. A checker stops at the first finding — later checks would only
repeat its consequences — by raising a :class:`Stop`, and records in ``stopped_by`` which phase stopped it.

The words of every hint live in one table per checker (``HINTS``, a ``dict`` of :class:`HintText`, each with its
Korean column ``ko=HintText(...)``, read from the checker's data file by :mod:`.text_data`), and the words around
them (with the pieces the shared machinery puts into hints) in :data:`REPORT_TEXT`; the kit's language
(``handoffs.set_language``) picks the column when the checker runs.

What this module is not: it checks nothing (see the checker modules).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from handoffs.i18n import Texts, language

REPORT_TEXT = Texts({
    "not_yet": {"en": "NOT YET: one thing to fix (the check stops at the first), then run the check again.",
                "ko": "아직(NOT YET): 고칠 것이 하나 있어요(검사는 처음 찾은 문제에서 멈춰요). 고친 뒤 검사를 다시 "
                      "실행하세요."},
    "verified": {"en": "  ok   {text}", "ko": "  확인  {text}"},
    "finding": {"en": "  TO FIX {text}", "ko": "  고칠 것 {text}"},
    "next_hint": {"en": "  hint: report.hint(2) says where to look; report.hint(3) shows the code.",
                  "ko": "  힌트: report.hint(2)는 어디를 볼지, report.hint(3)은 고칠 코드를 알려 줘요."},
    "stage": {"en": "Hint {stage} of 3 ({label}): {text}", "ko": "힌트 {stage}/3 ({label}): {text}"},
    "labels": {"en": ("what is wrong", "where to look", "the code"), "ko": ("무엇이 문제인지", "어디를 볼지", "코드")},
    "no_more": {"en": "There are only 3 hints; report.hint(3) is the code.",
                "ko": "힌트는 3단계까지예요. report.hint(3)이 코드예요."},
    "passed_hint": {"en": "Nothing to hint at: the check passed.", "ko": "줄 힌트가 없어요. 검사를 통과했어요."},
    # pieces the shared machinery puts into hints (learner_code, routing, autogen_runs)
    "in_cell": {"en": "the cell that defines {name}", "ko": "{name}을(를) 정의한 셀"},
    "line_of": {"en": "line {line} of {where}", "ko": "{where}의 {line}번째 줄"},
    "called": {"en": "called {tool}", "ko": "{tool}을(를) 호출함"},
    "asked": {"en": "asked instead of calling a tool ({text!r})", "ko": "도구를 호출하지 않고 되물음({text!r})"},
    "with_reason": {"en": "{did} (the model's reason: {reason})", "ko": "{did} (모델이 댄 이유: {reason})"},
    "no_reason": {"en": "none given", "ko": "없음"},
    "both_orders": {"en": "in your order {forward}; with the tools reversed it {backward}",
                    "ko": "여러분이 둔 순서로는 {forward}, 도구 순서를 뒤집으면 {backward}"},
    "turn_answered": {"en": "turn {number} {said!r} was answered by {agent}",
                      "ko": "{number}번째 턴 {said!r}에 {agent}이(가) 답함"},
    "no_turn": {"en": "no turn was answered", "ko": "답을 받은 턴이 없음"},
    "operator_stand_in": {"en": "(the checker, standing in for the operator)", "ko": "(상담원 대신 검사기가 답합니다)"},
    "shared": {"en": "the words {words} of the request are in both", "ko": "요청의 단어 {words}이(가) 양쪽 설명에 다 있음"},
    "shared_one": {"en": "its words {words} are in the request", "ko": "설명의 단어 {words}이(가) 요청에 들어 있음"},
    "shared_none": {"en": "no word is in both as written: the model's reason (hint 1) says what decided",
                    "ko": "쓰인 그대로 양쪽에 다 나오는 단어는 없음: 무엇이 결정했는지는 모델이 댄 이유(힌트 1)에 있음"},
    "claimed": {"en": "called {wanted} this time, but {tool}'s description claims the same request too ({clause!r}), "
                      "so a model may as well call {tool}",
                "ko": "이번에는 {wanted}을(를) 호출했지만, {tool}의 설명도 같은 요청을 자기 일이라고 해서({clause!r}) 모델이 "
                      "{tool}을(를) 고를 수도 있음"},
    "claimed_words": {"en": "its words {clause!r} name what the request asks for",
                      "ko": "설명의 {clause!r} 부분이 요청이 바라는 바로 그 일을 말함"},
    "passed": {"en": "PASS", "ko": "통과(PASS)"},
})


@dataclass(frozen=True)
class HintText:
    """The three stages of one cause's hint, as format strings (fields come from the finding), and the same three
    in Korean (``ko``), with the same fields."""

    what: str
    where: str
    code: str
    ko: "HintText | None" = None

    def in_language(self, language_: str) -> "HintText":
        """The stages in ``language_`` ("en" or "ko"), English when there is no such column."""
        return self.ko if language_ == "ko" and self.ko is not None else self


@dataclass(frozen=True)
class Finding:
    """One mistake: its cause and the three stages of its hint, filled in from what really happened."""

    cause: str
    what: str
    where: str
    code: str

    @classmethod
    def of(cls, table: Mapping[str, HintText], cause: str, **fields: Any) -> "Finding":
        texts = table[cause].in_language(language())
        return cls(cause, texts.what.format(**fields), texts.where.format(**fields), texts.code.format(**fields))

    def stage(self, number: int) -> str:
        return (self.what, self.where, self.code)[number - 1]

    @property
    def problem(self) -> str:
        """Stage 1 (the name earlier versions of the kit gave it)."""
        return self.what

    @property
    def hint(self) -> str:
        """Stages 2 and 3 together, for code that wants all the help at once (a notebook shows them one by one)."""
        return f"{self.where}\n{self.code}"


class Stop(Exception):
    """The first finding of a check, raised inside a phase to end the check there; the checker catches it and records
    it (``report.fail(stop.finding, stop.phase)``). Each checker's subclass names its hint table in ``hints``."""

    hints: Mapping[str, HintText] = {}

    def __init__(self, phase: str, cause: str, **fields: Any) -> None:
        super().__init__(cause)
        self.phase, self.finding = phase, Finding.of(self.hints, cause, **fields)


class Hint(str):
    """A hint's text; shown in a notebook without quotes."""

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))


@dataclass
class CheckReport:
    """A checker's answer: ``passed``, what was verified, the findings, and the phase that stopped the check."""

    passed_title: str = field(default_factory=lambda: REPORT_TEXT["passed"])
    verified: list[str] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    stopped_by: str = "finished"
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def passed(self) -> bool:
        return not self.findings

    @property
    def hints(self) -> list[str]:
        return [finding.hint for finding in self.findings]

    @property
    def first(self) -> Finding | None:
        return self.findings[0] if self.findings else None

    @property
    def cause(self) -> str | None:
        """The first finding's cause (``None`` when the check passed)."""
        return self.first.cause if self.first else None

    def ok(self, text: str) -> None:
        self.verified.append(text)

    def fail(self, finding: Finding, phase: str) -> "CheckReport":
        """Record the finding that stops the check, and the phase it was found in."""
        self.findings.append(finding)
        self.stopped_by = phase
        return self

    def hint(self, stage: int = 1) -> Hint:
        """Stage 1 (what is wrong), 2 (where to look) or 3 (the code) of the first finding's hint."""
        if self.first is None:
            return Hint(REPORT_TEXT["passed_hint"])
        if stage not in (1, 2, 3):
            return Hint(REPORT_TEXT["no_more"])
        label = REPORT_TEXT["labels"][stage - 1]
        return Hint(REPORT_TEXT["stage"].format(stage=stage, label=label, text=self.first.stage(stage)))

    def __str__(self) -> str:
        lines = [self.passed_title if self.passed else REPORT_TEXT["not_yet"]]
        lines += [REPORT_TEXT["verified"].format(text=text) for text in self.verified]
        if self.first is not None:
            lines += [REPORT_TEXT["finding"].format(text=self.first.what), REPORT_TEXT["next_hint"]]
        return "\n".join(lines)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:  # how IPython shows it in a notebook
        printer.text(str(self))
