"""``handoffs.kit.deferred_imports`` (loaded first by pyproject's addopts): pytest never builds rfc3987_syntax's
grammar unless something asks it, and when asked, the real module answers."""

import importlib.util
import subprocess
import sys

import pytest

pytestmark = pytest.mark.skipif(importlib.util.find_spec("rfc3987_syntax") is None, reason="rfc3987_syntax not installed")


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
