"""A package's public names, each imported from its own module when first used (PEP 562).

``__getattr__, __dir__ = lazy.exports(__name__, {"name": "module", ...}, __all__)`` in a package's ``__init__`` makes
``from package import name`` import only ``package.module``; the value is then stored on the package, so the next
lookup is an ordinary attribute. The kit's packages use it where an eager import would cost every process that
never needs the name: LangChain in a kernel that draws only Part 2's lanes, FastAPI in a server's decision worker,
the whole model in a notebook with no model. This module decides nothing about which names are lazy; each package
lists its own.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any, Callable, Mapping, Sequence


def exports(package: str, home: Mapping[str, str], names: Sequence[str]
            ) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """(``__getattr__``, ``__dir__``) for ``package``: ``home`` maps each public name to the module (relative to the
    package) that defines it; ``names`` are the package's ``__all__``."""

    def __getattr__(name: str) -> Any:
        if name not in home:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{home[name]}"), name)
        setattr(sys.modules[package], name, value)  # the next lookup is an ordinary module attribute
        return value

    def __dir__() -> list[str]:
        return sorted({*vars(sys.modules[package]), *names, *home})

    return __getattr__, __dir__
