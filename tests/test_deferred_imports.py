"""``handoffs.kit.deferred_imports`` (loaded first by pyproject's addopts): pytest never builds rfc3987_syntax's
grammar unless something asks it, and when asked, the real module answers; a pytest run whose tests never import
hypothesis does not import it at its end, and one whose tests do still gets hypothesis's own report."""

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(importlib.util.find_spec("rfc3987_syntax") is None, reason="rfc3987_syntax not installed")
def test_the_stand_in_answers_with_the_real_module():
    code = ("import sys, importlib.util, handoffs.kit.deferred_imports as d; m = sys.modules['rfc3987_syntax']; "
            "assert m.__deferred__ and importlib.util.find_spec('rfc3987_syntax') is not None; "
            "import jsonschema, nbformat; assert sys.modules['rfc3987_syntax'] is m; "
            "from rfc3987_syntax import is_valid_syntax as v; "
            "print(v('iri', 'https://example.com/a?b=c'), v('iri', 'not an iri at all'), "
            "getattr(sys.modules['rfc3987_syntax'], '__deferred__', False))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["True", "False", "False"]  # real answers; the real module replaced the stand-in



@pytest.mark.skipif(importlib.util.find_spec("hypothesis") is None, reason="hypothesis not installed")
def test_hypothesis_is_imported_at_the_end_of_a_run_only_when_a_test_imported_it(tmp_path):
    watch = "import atexit, sys\natexit.register(lambda: print('hypothesis imported:', 'hypothesis' in sys.modules))\n"
    (tmp_path / "test_plain.py").write_text(watch + "def test_plain():\n    assert 1 + 1 == 2\n")
    (tmp_path / "test_given.py").write_text(watch + "from hypothesis import given, strategies as st\n\n\n"
                                            "@given(st.integers())\ndef test_given(n):\n    assert n == n\n")

    def run(name: str, *extra: str) -> str:
        command = [sys.executable, "-m", "pytest", str(tmp_path / name), "-c", str(ROOT / "pyproject.toml"),
                   "--rootdir", str(ROOT), "-p", "no:nbval", "-p", "no:cacheprovider", "-q", *extra]
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stdout + done.stderr
        return done.stdout

    assert "hypothesis imported: False" in run("test_plain.py")
    given = run("test_given.py", "--hypothesis-show-statistics")  # its plugin still reports on the tests that use it
    assert "hypothesis imported: True" in given and "Hypothesis Statistics" in given and "test_given" in given


def test_the_models_rows_that_few_messages_ask_are_compiled_when_first_asked():
    """Importing the offline model leaves a deferred pattern (patterns.Later: here cues' Korean "no") uncompiled, and
    so does notebook 00's English first reply; asking it compiles it, and it answers as the compiled pattern does.
    (An English consent reply does ask it: ``says_no`` reads the Korean row of any text without an English no.)"""
    code = ("import re; from handoffs.models import cues, knowledge; from handoffs.models.patterns import Later; "
            "assert isinstance(cues._NEGATE_KO, Later) and 'compiled' not in vars(cues._NEGATE_KO); "
            "from handoffs.models.core import decide; from handoffs.models.types import Message, ToolSpec; "
            "decide([Message('user', 'I was charged twice')], [ToolSpec('record_issue', 'Record the issue: billing')]); "
            "assert 'compiled' not in vars(cues._NEGATE_KO); "
            "print(cues.says_no('아니요 괜찮아요'), isinstance(cues._NEGATE_KO.compiled, re.Pattern), "
            "cues._NEGATE_KO.search('아니요').span() == knowledge.pattern('cues.toml', 'negate_ko').search('아니요').span())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         env={**__import__("os").environ, "PYTHONPATH": str(ROOT / "src")})
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["True", "True", "True"]
