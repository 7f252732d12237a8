"""``python -m handoffs.evals``: score the model chosen by ``HANDOFFS_MODEL`` on the routing eval set.

    python -m handoffs.evals                       # both sets, the offline model (or whatever HANDOFFS_MODEL says)
    python -m handoffs.evals --set holdout --misses
    python -m handoffs.evals --picture confusion.png
    HANDOFFS_MODEL=openai:gpt-4o-mini python -m handoffs.evals --set dev

Prints the model's size (Python lines, data rows), then accuracy overall, by set, language, scenario and tag, and the confusion table; ``--misses`` lists every
case the model routed differently from its label, with the model's reason; ``--picture`` draws the confusion
table. Exit status 0 (a score is a measurement, not a verdict); 2 for a bad argument or a model that cannot be set
up (one sentence says why).
"""

from __future__ import annotations

import argparse
import asyncio
import sys

from handoffs.models.errors import ModelCallError, ModelSetupError

from .report import format_report
from .runner import SETS, load_cases, run_eval
from .scenarios import SCENARIOS
from .size import model_size


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m handoffs.evals", description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", choices=(*SETS, "all"), default="all", help="which labelled set (default: all)")
    parser.add_argument("--scenario", choices=sorted(SCENARIOS), action="append", help="only these scenarios")
    parser.add_argument("--lang", choices=("en", "ko", "mixed"), action="append", help="only these languages")
    parser.add_argument("--misses", action="store_true", help="list every case routed differently from its label")
    parser.add_argument("--picture", metavar="PNG", help="also draw the confusion table into this PNG file")
    parser.add_argument("--model", metavar="SPEC", help="a model spec instead of HANDOFFS_MODEL")
    args = parser.parse_args(argv)
    cases = load_cases(SETS if args.set == "all" else args.set)
    cases = [c for c in cases if (not args.scenario or c.scenario in args.scenario)
             and (not args.lang or c.lang in args.lang)]
    try:
        report = asyncio.run(run_eval(cases, spec=args.model))
    except (ModelSetupError, ModelCallError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print("\n".join(model_size().lines()) + "\n")
    print(format_report(report, misses=args.misses))
    if args.picture:
        from pathlib import Path

        from handoffs.viz.confusion import plot_confusion
        from handoffs.viz.slide_png import picture_png

        Path(args.picture).write_bytes(picture_png(plot_confusion(report)))  # the PNG a notebook and a slide show
        print(f"\nconfusion picture written to {args.picture}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
