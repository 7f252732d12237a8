"""patterns.alternatives (one C match per top-level alternative) splits every pattern of the model as the token walk
does, and falls back to the walk for what it cannot match (deep or unbalanced groups)."""

from pathlib import Path

import pytest

from handoffs.models import idioms, knowledge, patterns

_EDGES = ["a|b", "\\|a|b", "[|]|x", "(a|b)|c", "a\\", "[a\\]|b]|c", "x[", "[]|]|a", "a|", "|", "", "(|)|(", "\\\n|a",
          "a)|b", "((((((((((a|b))))))))))|c", "(((((((((a|b)))))))))|c", "(a|(b|c)|d)|e)|f", "[(]|a"]


def _model_patterns() -> list[str]:
    found = list(idioms.PATTERNS)
    for path in sorted(Path(knowledge.DATA).glob("*.toml")):
        found += [knowledge.source(path.name, row) for row in knowledge.rows(path.name) if "pattern" in row]
    return found + [patterns.bounded(source) for source in found]


@pytest.mark.parametrize("source", _EDGES)
def test_edge_cases_split_as_the_walk_does(source):
    assert patterns.alternatives(source) == patterns._split(source)


def test_every_model_pattern_splits_as_the_walk_does():
    sources = _model_patterns()
    assert len(sources) > 500
    assert [s for s in sources if patterns.alternatives(s) != patterns._split(s)] == []
    assert patterns.alternatives("(a|b)|c[|]") == ["(a|b)", "c[|]"]
