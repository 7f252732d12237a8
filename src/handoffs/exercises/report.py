"""What an exercise checker answers: a verdict, what it verified, and the first finding with hints in stages.

A :class:`Finding` names one mistake by a stable ``cause`` (e.g. ``"missing_tool_message"``) and explains it in
three stages, so a learner is never handed the whole answer first:

1. **what** is wrong (what happened when the checker ran your code);
2. **where** it is (which function, page, agent or line);
3. the **code** that fixes it.

``print(report)`` (or a notebook showing ``report``) gives the verdict and stage 1; ``report.hint(2)`` and
``report.hint(3)`` give the next stages. A checker stops at the first finding — later checks would only
repeat its consequences — and records in ``stopped_by`` which phase stopped it.

The words of every hint live in one table per checker module (``HINTS``, a ``dict`` of :class:`HintText`),
and the words around them (with the pieces the shared machinery puts into hints) in :data:`REPORT_TEXT`, so a
translation (issue 12) replaces tables, not code.

What this module is not: it checks nothing (see the checker modules).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

REPORT_TEXT = {
    "not_yet": "NOT YET: one thing to fix (the check stops at the first), then run the check again.",
    "verified": "  ok   {text}",
    "finding": "  TO FIX {text}",
    "next_hint": "  hint: report.hint(2) says where to look; report.hint(3) shows the code.",
    "stage": "Hint {stage} of 3 ({label}): {text}",
    "labels": ("what is wrong", "where to look", "the code"),
    "no_more": "There are only 3 hints; report.hint(3) is the code.",
    "passed_hint": "Nothing to hint at: the check passed.",
    # pieces the shared machinery puts into hints (learner_code, routing, autogen_runs)
    "in_cell": "the cell that defines {name}",
    "line_of": "line {line} of {where}",
    "called": "called {tool}",
    "asked": "asked instead of calling a tool ({text!r})",
    "with_reason": "{did} (the model's reason: {reason})",
    "no_reason": "none given",
    "both_orders": "in your order {forward}; with the tools reversed it {backward}",
    "turn_answered": "turn {number} {said!r} was answered by {agent}",
    "no_turn": "no turn was answered",
    "operator_stand_in": "(the checker, standing in for the operator)",
    "shared": "the words {words} of the request are in both",
    "shared_one": "its words {words} are in the request",
    "shared_none": "no word is in both as written: the model's reason (hint 1) says what decided",
}


@dataclass(frozen=True)
class HintText:
    """The three stages of one cause's hint, as format strings (fields come from the finding)."""

    what: str
    where: str
    code: str


@dataclass(frozen=True)
class Finding:
    """One mistake: its cause and the three stages of its hint, filled in from what really happened."""

    cause: str
    what: str
    where: str
    code: str

    @classmethod
    def of(cls, table: Mapping[str, HintText], cause: str, **fields: Any) -> "Finding":
        texts = table[cause]
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


class Hint(str):
    """A hint's text; shown in a notebook without quotes."""

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))


@dataclass
class CheckReport:
    """A checker's answer: ``passed``, what was verified, the findings, and the phase that stopped the check."""

    passed_title: str = "PASS"
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
