"""How ``./kit test`` shares the tests between pytest-xdist's workers (``-n N --dist loadscope``), and nothing else.

* A notebook under nbval is one kernel whose cells run in order: all of a notebook's cells go to one worker.
* The JupyterLab tests (``tests/browser/``, but the slides') each start a JupyterLab, a kernel or two and drive them
  in Chromium: they run one after another on one worker, so two labs never fight each other's timeouts for the
  cores. The slide tests (``tests/browser/test_slides.py``: a static server and Chromium, no lab, no kernel) are a
  unit of their own, so the two halves of the browser tests may run on the two workers at once.
* Everything else is shared file by file (a test file's module-scoped fixtures are built once, and its tests run in
  the order they are written, as without workers).
* The units are handed out costliest first (longest-processing-time first), so the run ends on short units and no
  worker idles while another finishes a long one. A unit's cost is the seconds it took in the last run here
  (pytest's cache, ``.pytest_cache/v/handoffs/unit_seconds``), else in the run recorded in
  ``tests/unit_seconds.json`` (a fresh clone, CI), else its number of tests times the recorded seconds per test.
  Every run that is not an xdist worker writes the seconds its units took to that cache entry (the same format as
  the file: copy it over the file to refresh the figures a fresh clone uses).

This is a scheduler (xdist's ``pytest_xdist_make_scheduler`` hook) rather than ``xdist_group`` marks: with pytest 9.2
a node id can no longer be renamed, which is how xdist 3.8's ``--dist loadgroup`` groups marked tests, so those
marks are silently ignored. The order changes only which worker runs a unit and when, never the order of the tests
inside one. Without ``-n`` nothing here changes the run. The root conftest holds no fixtures (the test folders' own
conftest files do).
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Dict, List

RECORDED = Path(__file__).resolve().parent / "tests" / "unit_seconds.json"
CACHE_KEY = "handoffs/unit_seconds"
SLIDES = "tests/browser/test_slides.py"
ABOUT = ("Seconds each scheduling unit (a test file, a notebook, or 'browser' for tests/browser/ but the slides) "
         "took on one worker of a ./kit test run (setup, call and teardown of its tests). The root conftest.py hands "
         "the costliest units out first. Written by every run to .pytest_cache/v/handoffs/unit_seconds; copy that "
         "file here to refresh what a fresh clone uses.")


def work_unit(nodeid: str) -> str:
    """The unit a test is scheduled with: ``browser`` for the JupyterLab tests, else its file (a notebook, a module,
    the slide tests)."""
    path = nodeid.split("::")[0]
    return "browser" if path.startswith("tests/browser/") and path != SLIDES else path


def unit_seconds(cache=None, recorded: bool = True) -> Dict[str, float]:
    """The recorded seconds per unit: the committed file's, overridden by this checkout's last runs (pytest cache)."""
    seconds: Dict[str, float] = {}
    if recorded and RECORDED.exists():
        seconds.update(json.loads(RECORDED.read_text(encoding="utf-8")).get("seconds", {}))
    if cache is not None:
        seconds.update((cache.get(CACHE_KEY, None) or {}).get("seconds", {}))
    return seconds


def costliest_first(units: Dict[str, int], seconds: Dict[str, float]) -> List[str]:
    """``units`` (unit -> its number of tests) ordered by expected seconds, costliest first.

    A unit without a figure is estimated as its number of tests times the recorded seconds per test (all units with
    a figure together); equal costs keep the collection's order."""
    known = [unit for unit in units if unit in seconds]
    per_test = (sum(seconds[u] for u in known) / max(1, sum(units[u] for u in known))) if known else 1.0

    def cost(unit: str) -> float:
        return seconds[unit] if unit in seconds else units[unit] * per_test

    return sorted(units, key=lambda unit: -cost(unit))


def pytest_xdist_make_scheduler(config, log):
    if config.getvalue("dist") != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class KitScheduling(LoadScopeScheduling):
        """loadscope, with :func:`work_unit` as the scope and the units handed out costliest first."""

        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

        def schedule(self) -> None:
            if self.collection is not None or not self._check_nodes_have_same_collection():
                super().schedule()  # a later call (new nodes), or collections that differ: xdist's own handling
                return
            self.collection = list(next(iter(self.registered_collections.values())))
            if not self.collection:
                return
            tests: Dict[str, Dict[str, bool]] = {}
            for nodeid in self.collection:
                tests.setdefault(work_unit(nodeid), {})[nodeid] = False
            order = costliest_first({unit: len(ids) for unit, ids in tests.items()},
                                    unit_seconds(getattr(self.config, "cache", None)))
            for unit in order:
                self.workqueue[unit] = tests[unit]
            for _ in range(len(self.nodes) - len(self.workqueue)):  # more workers than units: stop the extra ones
                unused, _assigned = self.assigned_work.popitem()
                unused.shutdown()
            for node in self.nodes:
                self._assign_work_unit(node)
            for node in self.nodes:
                self._reschedule(node)  # a worker holds at least two tests when it can (xdist #277)
            if not self.workqueue:
                for node in self.nodes:
                    node.shutdown()

    return KitScheduling(config, log)


class UnitClock:
    """A plugin adding up the seconds of every test report per unit; at the end of a run that was not cut short
    (Ctrl-C, ``-x``) it stores them in pytest's cache, merged with the figures of units this run did not run."""

    def __init__(self, cache) -> None:
        self.cache = cache
        self.seconds: Dict[str, float] = defaultdict(float)

    def pytest_runtest_logreport(self, report) -> None:
        self.seconds[work_unit(report.nodeid)] += report.duration

    def pytest_sessionfinish(self, session, exitstatus) -> None:
        if self.seconds and exitstatus in (0, 1) and not (session.shouldstop or session.shouldfail):  # ran to the end
            self.cache.set(CACHE_KEY, merged(unit_seconds(self.cache, recorded=False), self.seconds))


def merged(previous: Dict[str, float], measured: Dict[str, float]) -> dict:
    """The cache entry (and file) format: the figures of ``previous`` with those ``measured`` replacing theirs."""
    seconds = {**previous, **{unit: round(s, 1) for unit, s in measured.items()}}
    return {"about": ABOUT, "seconds": dict(sorted(seconds.items(), key=lambda kv: (-kv[1], kv[0])))}


def pytest_configure(config):
    if not hasattr(config, "workerinput") and getattr(config, "cache", None) is not None:  # not an xdist worker
        config.pluginmanager.register(UnitClock(config.cache), "handoffs-unit-clock")
