"""The kit's benchmarks: the kit and the bare frameworks doing the same work, side by side, in one run.

Run them with ``./kit bench [NAME ...]`` (or ``.venv/bin/python -m benchmarks``); see ``__main__`` for the names
and options and CONTRIBUTING.md for the figures they produced. Benchmarks are not tests: they print figures and
ratios, they never assert a time. ``tests/test_benchmarks_run.py`` only checks that each one runs at a tiny size.
"""
