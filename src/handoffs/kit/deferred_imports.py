"""A pytest plugin loaded first (``-p handoffs.kit.deferred_imports`` in pyproject's ``addopts``): two third-party
imports that every pytest process pays and no test uses are deferred to their first use, or left out.

nbval imports nbformat, which imports jsonschema, whose format checkers import ``rfc3987_syntax`` if it is installed
(it comes with jupyter-events). That module builds a Lark grammar when imported: 1.5 s of CPU (measured here:
``import nbval.plugin`` 2.0 s with it, 0.45 s without), paid by pytest's controller and by each xdist worker — three
times in every ``./kit test notebooks`` edition run, before the first kernel starts. nbformat validates notebooks
without format checkers, so nothing the kit runs ever asks ``rfc3987_syntax`` anything.

This plugin puts a stand-in module under that name: ``is_valid_syntax`` (the one name jsonschema imports) and every
other attribute import the real module at first use and answer from it, so a check of an ``iri`` format still gives
the real answer, only later. Nothing else changes; where the package is not installed, nothing is put in place (a
``from rfc3987_syntax import ...`` then fails as it would have).

hypothesis's pytest plugin imports nothing of hypothesis until a test does, but its ``pytest_terminal_summary``
imports ``hypothesis.internal.observability``, i.e. all of hypothesis (0.2 s of CPU, ~1 s where pytest rewrites its
asserts from source), at the end of every pytest process: the controller and each xdist worker, in every
``./kit test`` run, to list the observation files that hypothesis's own tests wrote. Where hypothesis was never
imported, no test can have written one and that hook has nothing to say (unless ``--hypothesis-show-statistics``
asks for its section header): :func:`pytest_sessionfinish` unregisters the plugin just before the terminal summary.
Standard library and pytest's plugin API only.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import types
from typing import Any

DEFERRED = "rfc3987_syntax"
HYPOTHESIS_PLUGIN = "hypothesispytest"  # the name of hypothesis's pytest11 entry point


def _real() -> types.ModuleType:
    """The real module, imported now (the stand-in leaves ``sys.modules`` first)."""
    module = sys.modules.get(DEFERRED)
    if module is None or getattr(module, "__deferred__", False):
        sys.modules.pop(DEFERRED, None)
        module = importlib.import_module(DEFERRED)
    return module


def is_valid_syntax(term: str, value: str) -> bool:
    """The real ``rfc3987_syntax.is_valid_syntax``, imported at its first call."""
    return _real().is_valid_syntax(term, value)


def _stand_in(spec: Any) -> types.ModuleType:
    module = types.ModuleType(DEFERRED, "Deferred by handoffs.kit.deferred_imports: imports the real module on first use.")
    module.__deferred__ = True
    module.__spec__ = spec  # the real module's spec: importlib.util.find_spec(DEFERRED) answers as before
    module.is_valid_syntax = is_valid_syntax

    def __getattr__(name: str) -> Any:
        if name.startswith("__"):  # the import system asks for __path__ etc.: not a use of the module
            raise AttributeError(name)
        return getattr(_real(), name)

    module.__getattr__ = __getattr__
    return module


_SPEC = importlib.util.find_spec(DEFERRED) if DEFERRED not in sys.modules else None
if _SPEC is not None:
    sys.modules[DEFERRED] = _stand_in(_SPEC)


def pytest_sessionfinish(session: Any) -> None:
    """Unregister hypothesis's plugin when no test imported hypothesis (terminal summaries come after this hook)."""
    plugins = session.config.pluginmanager
    if "hypothesis" in sys.modules or not plugins.has_plugin(HYPOTHESIS_PLUGIN):
        return
    if session.config.getoption("hypothesis_show_statistics", default=False):
        return
    plugins.unregister(name=HYPOTHESIS_PLUGIN)
