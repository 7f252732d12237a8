"""Score the three checkers on the corpus of learner solutions: how many verdicts and first causes are right.

    .venv/bin/python tests/exercises/score_corpus.py

Prints one line per exercise (solutions, right ones, mistakes, verdicts right, first causes right, and the time a
check took: median and slowest) and one line per solution the checker got wrong. The tests assert the same labels;
this script is the measurement to quote (it never fails, it reports).
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import corpus  # noqa: E402

from handoffs.exercises.part2_specialist import check_specialist  # noqa: E402
from handoffs.exercises.part1_escalate import check_escalate_step  # noqa: E402
from handoffs.exercises.part1_guard import check_step_guard  # noqa: E402

CHECKS = {
    "guard": lambda m: check_step_guard(m.guard),
    "escalate": lambda m: check_escalate_step(getattr(m, "build_step_table", None) or m.my_step_table),
    "specialist": lambda m: asyncio.run(check_specialist(m.build_extended_team)),
}


def main() -> None:
    for exercise, check in CHECKS.items():
        solutions, verdicts, causes, seconds, wrong = corpus(exercise), 0, 0, [], []
        for solution in solutions:
            start = time.perf_counter()
            report = check(solution.load())
            seconds.append(time.perf_counter() - start)
            got = "pass" if report.passed else report.cause
            verdicts += report.passed == solution.passes
            causes += got == solution.expect
            if got != solution.expect:
                wrong.append(f"    {solution.name}: expected {solution.expect}, got {got}")
        right = sum(s.passes for s in solutions)
        print(f"{exercise:10} {len(solutions)} solutions ({right} right, {len(solutions) - right} mistakes): "
              f"verdict right {verdicts}/{len(solutions)}, first cause right {causes}/{len(solutions)}; "
              f"a check took {statistics.median(seconds) * 1000:.0f} ms median, {max(seconds) * 1000:.0f} ms at most")
        if wrong:
            print("\n".join(wrong))


if __name__ == "__main__":
    main()
