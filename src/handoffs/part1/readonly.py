"""Read-only containers for the kit's own step table, so that no learner's cell can change it by accident.

Notebook 04 asks learners to add a step to the seed's step table. The natural first try is a shallow copy::

    my_step_table = dict(STEP_TABLE)
    my_step_table["triage"]["tools"].append(escalate_to_manager)   # edits the kit's STEP_TABLE too

That append reaches into the kit's own step: every later bot (and every re-run of the cell) would carry it.
:func:`read_only` wraps a step table in dict and list subclasses whose mutating methods raise
:class:`ReadOnlyStepTableError` — one sentence saying what to do instead. Reading works as for any dict or list,
``dict(...)``, ``{**step}`` and ``list(...)`` give ordinary containers, and ``copy.deepcopy`` gives an ordinary,
freely changeable deep copy.

What this module is not: it holds no step content (see :mod:`handoffs.part1.steps`).
"""

from __future__ import annotations

import copy
from typing import Any, Mapping, NoReturn

READ_ONLY_MESSAGE = (
    "STEP_TABLE is the kit's own step table and cannot be changed: start from seed_step_table() "
    "(a fresh copy you may change) or copy.deepcopy(STEP_TABLE)."
)


class ReadOnlyStepTableError(TypeError):
    """Something tried to change the kit's own step table (see :data:`READ_ONLY_MESSAGE`)."""

    def __init__(self) -> None:
        super().__init__(READ_ONLY_MESSAGE)


def _refuse(*_args: Any, **_kwargs: Any) -> NoReturn:
    raise ReadOnlyStepTableError()


class ReadOnlyDict(dict):
    """A dict that refuses every change; ``copy.deepcopy`` returns an ordinary dict."""

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = __ior__ = _refuse  # type: ignore[assignment]

    def __deepcopy__(self, memo: dict) -> dict:
        return {key: copy.deepcopy(value, memo) for key, value in self.items()}

    def __copy__(self) -> dict:
        return dict(self)

    def __reduce__(self) -> tuple:
        return (dict, (dict(self),))


class ReadOnlyList(list):
    """A list that refuses every change; ``copy.deepcopy`` returns an ordinary list."""

    __setitem__ = __delitem__ = append = extend = insert = remove = pop = clear = _refuse  # type: ignore[assignment]
    sort = reverse = __iadd__ = __imul__ = _refuse  # type: ignore[assignment]

    def __deepcopy__(self, memo: dict) -> list:
        return [copy.deepcopy(value, memo) for value in self]

    def __copy__(self) -> list:
        return list(self)

    def __reduce__(self) -> tuple:
        return (list, (list(self),))


def read_only(value: Any) -> Any:
    """``value`` with every dict and list inside it (not the tools themselves) made read-only."""
    if isinstance(value, Mapping):
        return ReadOnlyDict({key: read_only(item) for key, item in value.items()})
    if isinstance(value, list):
        return ReadOnlyList(read_only(item) for item in value)
    return value
