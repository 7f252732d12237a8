"""The routing eval: labelled customer messages, English and Korean, and a runner that scores any model on them.

* :func:`load_cases` — the labelled sets (``dev`` and the separately written ``holdout``);
* :data:`SCENARIOS` — the prompts and tools the kit really routes with (Part 1 triage, Part 2 triage, and the
  exercises' extensions), built from the kit's own modules;
* :func:`run_eval` — ask the model chosen by ``HANDOFFS_MODEL`` every case; returns an :class:`EvalReport`;
* :func:`format_report` — accuracy by set, language, scenario and tag, and the confusion table, as text
  (the picture: :func:`handoffs.viz.confusion.plot_confusion`).

From a shell: ``python -m handoffs.evals`` (see ``--help``).
"""

from .report import format_report
from .runner import Case, EvalReport, Outcome, load_cases, run_eval
from .scenarios import ASK, SCENARIOS, Scenario, route_of

__all__ = ["ASK", "Case", "EvalReport", "Outcome", "SCENARIOS", "Scenario", "format_report", "load_cases",
           "route_of", "run_eval"]
