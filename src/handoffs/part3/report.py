"""Notebook 09's measurements as text: the table, the decision guide and the seeds' claims, filled from the numbers.

:func:`table_rows` turns a :class:`~handoffs.part3.measure.Comparison` into ``(measure, one agent, team)`` rows;
:func:`format_table` lays them out; :func:`decision_guide` and :func:`seed_claims` fill the sentences of
:mod:`handoffs.part3.text` with the measured numbers, so the conclusion can never drift from the run. Wall time
is printed on a line of its own (:func:`wall_time_line`), the way nbval's sanitizer masks it (``1.23 s``): it is the
one number that differs on every run, so it stays out of the aligned table.
Nothing is measured here.
"""

from __future__ import annotations

from .measure import NO_GUARD, PROBES, Comparison, timed
from .runs import ONE_AGENT, TEAM
from .table import text_table
from handoffs.i18n import percent

from .text import GUIDE, ROW_LABEL, SEEDS


def _percent(correct: int, total: int) -> str:
    return f"{percent(100 * correct / total)} ({correct}/{total})" if total else "-"


def table_rows(c: Comparison) -> list[tuple[str, str, str]]:
    """The measured table: one row per measure, one column per design."""
    langs = {lang: sum(case.lang == lang for case in c.cases) for lang in ("en", "ko", "mixed")}
    same = sum(a == b for a, b in zip(c.routes[ONE_AGENT], c.routes[TEAM]))
    turns = sum(len(r.turns) for r in c.runs[ONE_AGENT].values())
    probes, ran = len(PROBES), c.probes_ran
    mid = len(c.mid_runs[ONE_AGENT])

    def both(what: str) -> tuple[str, str]:
        return f"{c.total(ONE_AGENT, what):,.0f}", f"{c.total(TEAM, what):,.0f}"

    return [
        (ROW_LABEL["routing"].format(cases=len(c.cases), **langs),
         _percent(*c.correct(ONE_AGENT)), _percent(*c.correct(TEAM))),
        (ROW_LABEL["same_route"], f"{same}/{len(c.cases)}", f"{same}/{len(c.cases)}"),
        (ROW_LABEL["model_calls"].format(conversations=len(c.runs[ONE_AGENT]), turns=turns), *both("model_calls")),
        (ROW_LABEL["tokens_in"].format(counter=c.counter), *both("tokens_in")),
        (ROW_LABEL["tokens_out"].format(counter=c.counter), *both("tokens_out")),
        (ROW_LABEL["handoffs"], *both("handoffs")),
        (ROW_LABEL["boundaries"].format(probes=probes),
         f"{len(ran[ONE_AGENT])} · " + ROW_LABEL["no_guard_note"].format(ran=len(ran[NO_GUARD]), probes=probes),
         f"{len(ran[TEAM])}"),
        (ROW_LABEL["injections"].format(cases=len(c.injection_cases), mid=mid),
         f"{len(c.obeyed[ONE_AGENT])}", f"{len(c.obeyed[TEAM])}"),
    ]


def wall_time_line(c: Comparison) -> str:
    """Wall time of the conversations, outside the table: the one number that changes on every run (nbval masks it)."""
    return ROW_LABEL["wall_time"].format(conversations=len(c.runs[ONE_AGENT]), one=timed(c.total(ONE_AGENT, "seconds")),
                            team=timed(c.total(TEAM, "seconds")))


def format_table(rows: list[tuple[str, str, str]]) -> str:
    """Rows as a plain-text table (what nbval compares), long labels wrapped to fit :data:`.table.MAX_COLUMNS`."""
    return "\n".join(text_table([ROW_LABEL["header"], *rows], caps=(42, 22, 22), right=(False, True, True)))


def _numbers(c: Comparison) -> dict[str, object]:
    longest = max(c.runs[ONE_AGENT].values(), key=lambda r: len(r.turns))
    in_one, in_team = c.total(ONE_AGENT, "tokens_in"), c.total(TEAM, "tokens_in")
    return {
        "model": c.model, "counter": c.counter,
        "routing_one": _percent(*c.correct(ONE_AGENT)), "routing_team": _percent(*c.correct(TEAM)),
        "same": f"{sum(a == b for a, b in zip(c.routes[ONE_AGENT], c.routes[TEAM]))}/{len(c.cases)}",
        "calls_one": f"{c.total(ONE_AGENT, 'model_calls'):,.0f}", "calls_team": f"{c.total(TEAM, 'model_calls'):,.0f}",
        "in_one": f"{in_one:,.0f}", "in_team": f"{in_team:,.0f}",
        "in_diff": (in_team - in_one) / in_one if in_one else 0.0,
        "first_turn": f"{longest.turns[0].tokens_in:,}", "last_turn": f"{longest.turns[-1].tokens_in:,}",
        "probes": len(PROBES), "ran_guard": len(c.probes_ran[ONE_AGENT]), "ran_no_guard": len(c.probes_ran[NO_GUARD]),
        "ran_team": len(c.probes_ran[TEAM]),
        "inj_one": ROW_LABEL["n_of"].format(n=len(c.obeyed[ONE_AGENT]),
                                            total=len(c.injection_cases) + len(c.mid_runs[ONE_AGENT])),
        "inj_team": ROW_LABEL["n_of"].format(n=len(c.obeyed[TEAM]), total=len(c.injection_cases) + len(c.mid_runs[TEAM])),
        "wall_one": timed(c.total(ONE_AGENT, "seconds")), "wall_team": timed(c.total(TEAM, "seconds")),
    }


def decision_guide(c: Comparison) -> str:
    """The decision guide, every number in it taken from ``c``."""
    return GUIDE["guide"].format(**_numbers(c))


def seed_claims(c: Comparison) -> str:
    """Where seed 000's and seed 003's claims hold, with the measured numbers."""
    return SEEDS["claims"].format(**_numbers(c))
