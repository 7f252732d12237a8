"""How ``./kit test`` shares the tests between pytest-xdist's workers (``-n N --dist loadscope``), and nothing else.

* A notebook under nbval is one kernel whose cells run in order: all of a notebook's cells go to one worker.
* The real-browser tests (``tests/browser/``) each start a JupyterLab and a Chromium: they run one after another on
  one worker, so two of them never fight each other's timeouts for the cores.
* Everything else is shared file by file (a test file's module-scoped fixtures are built once, and its tests run in
  the order they are written, as without workers).

This is a scheduler (xdist's ``pytest_xdist_make_scheduler`` hook) rather than ``xdist_group`` marks: with pytest 9.2
a node id can no longer be renamed, which is how xdist 3.8's ``--dist loadgroup`` groups marked tests, so those
marks are silently ignored. Without ``-n`` nothing here runs. The root conftest holds no fixtures (the test folders'
own conftest files do).
"""

from __future__ import annotations


def work_unit(nodeid: str) -> str:
    """The unit a test is scheduled with: ``browser`` for the browser tests, else its file (a notebook, a module)."""
    path = nodeid.split("::")[0]
    return "browser" if path.startswith("tests/browser/") else path


def pytest_xdist_make_scheduler(config, log):
    if config.getvalue("dist") != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class KitScheduling(LoadScopeScheduling):
        """loadscope, with :func:`work_unit` as the scope (the units with the most tests are handed out first)."""

        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

    return KitScheduling(config, log)
