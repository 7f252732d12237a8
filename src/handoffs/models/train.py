"""``python -m handoffs.models.train``: learn ``data/learned.tsv`` (see :mod:`handoffs.models.learned`).

Fits a multinomial naive Bayes over concepts to the labelled messages of :data:`FITTED` sets only; the sets in
:data:`NEVER_FITTED` are never read here, so ``python -m handoffs.evals`` can report them as never fitted. A route
label becomes the concept it stands for (``other`` -> ``general``, ``ask`` -> ``none``). Messages tagged
``injection`` are left out: their label says how the injection policy answers them (declined, or the request beside
it served), not what their words mean, and a change of that policy must not move the weights of every n-gram. Deterministic: sorted
iteration, rounded weights, no randomness; the same sets give the same bytes. ``--check`` exits 1 when the shipped
file differs from what the sets give (the test suite runs it).
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import Counter

from handoffs.evals.runner import SETS, blind_facts, load_cases

from .learned import DATA, features

# Named one by one: a labelled set added later (a new blind set) is never fitted to by accident.
FITTED = ("dev", "holdout", "holdout2", "holdout3", "holdout4", "holdout5", "holdout9", "probes27", "probes27b", "probes27c",
          "probes28a", "probes28b")
NEVER_FITTED: tuple[str, ...] = tuple(blind_facts()["never_fitted"])  # evals/data/blind.toml
assert not set(FITTED) & set(NEVER_FITTED) and set(FITTED) <= set(SETS)
CONCEPT_OF_ROUTE = {"billing": "billing", "technical": "technical", "other": "general", "escalate": "escalate",
                    "repairs": "repairs", "sales": "sales", "human": "human", "shipping": "shipping", "ask": "none"}
ALPHA = 0.5  # additive smoothing
MIN_COUNT = 2  # an n-gram seen fewer times is noise
KEEP = 8000  # the n-grams that separate concepts best


def build() -> str:
    cases = [c for c in load_cases(FITTED) if c.expected in CONCEPT_OF_ROUTE and "injection" not in c.tags]
    concepts = sorted(set(CONCEPT_OF_ROUTE.values()))
    docs = Counter(CONCEPT_OF_ROUTE[c.expected] for c in cases)
    counts = {concept: Counter() for concept in concepts}
    for case in cases:
        counts[CONCEPT_OF_ROUTE[case.expected]].update(features(case.message))
    total = Counter()
    for concept in concepts:
        total.update(counts[concept])
    vocabulary = sorted(g for g, n in total.items() if n >= MIN_COUNT)
    sizes = {c: sum(counts[c].values()) + ALPHA * len(vocabulary) for c in concepts}
    logp = {g: [math.log((counts[c][g] + ALPHA) / sizes[c]) for c in concepts] for g in vocabulary}
    # Keep the n-grams whose probabilities differ most between concepts, centred (only differences matter).
    spread = sorted(vocabulary, key=lambda g: (-(max(logp[g]) - min(logp[g])) * math.log(1 + total[g]), g))[:KEEP]
    lines = ["# learned by python -m handoffs.models.train from " + ", ".join(FITTED) + f" ({len(cases)} messages); "
             "never fitted: " + ", ".join(NEVER_FITTED),
             "\t".join(["concept", *concepts]),
             "\t".join(["prior", *(f"{math.log(docs[c] / len(cases)):.3f}" for c in concepts)])]
    for gram in sorted(spread):
        mean = sum(logp[gram]) / len(concepts)
        lines.append("\t".join([gram, *(f"{v - mean:.3f}" for v in logp[gram])]))
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m handoffs.models.train", description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the shipped file differs from a fresh build")
    args = parser.parse_args(argv)
    text = build()
    if args.check:
        same = DATA.exists() and DATA.read_text(encoding="utf-8") == text
        print("data/learned.tsv is up to date" if same else "data/learned.tsv differs: run python -m handoffs.models.train")
        return 0 if same else 1
    DATA.write_text(text, encoding="utf-8")
    print(f"wrote {DATA} ({len(text.splitlines()) - 3} n-grams)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
