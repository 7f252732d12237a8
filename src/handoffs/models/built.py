"""Pydantic objects written directly, for the adapters' own results (LangChain's ``AIMessage``, AutoGen's
``CreateResult``): what a validating constructor would check and copy, the adapter has just built itself, fresh and of
the right types, and validating it again costs more than the rest of a remembered decision.

:func:`written` gives an object its state in one go (its fields in the order validation writes them, the fields set,
its extras); :func:`state` is what two objects are compared by when a caller checks, once per process, that the direct
way gives what the validating constructor of the installed library gives (and falls back to it otherwise).

Not here: which fields a given class has, or any object whose values did not come from the offline model's decision.
"""

from __future__ import annotations

from typing import Any

_set = object.__setattr__  # pydantic's __setattr__ would validate and record a field set


def written(cls: type, fields: dict[str, Any], fields_set: set[str], extra: dict | None) -> Any:
    """An object of pydantic model ``cls`` with exactly this state (``fields`` in order; no private values)."""
    model = cls.__new__(cls)
    _set(model, "__dict__", fields)
    _set(model, "__pydantic_fields_set__", fields_set)
    _set(model, "__pydantic_extra__", extra)
    _set(model, "__pydantic_private__", None)
    return model


def state(model: Any) -> tuple:
    """What a pydantic object is: its class, its fields (names, values and their types, in order), the fields set
    (and its type), its extras and private values."""
    return (type(model), [(name, type(value), value) for name, value in model.__dict__.items()],
            type(model.__pydantic_fields_set__), model.__pydantic_fields_set__, model.__pydantic_extra__,
            model.__pydantic_private__)
