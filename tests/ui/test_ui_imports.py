"""A Part 2 kernel opening an operator desk or an AutoGen chat panel does not import LangChain for it; the LangChain
backends load it when they are first named, and every public name is still there."""

from __future__ import annotations

import json
import subprocess
import sys


def _loaded_after(*steps: str) -> list:
    """Run ``steps`` in one fresh interpreter; after each, whether ``langchain_core`` is imported."""
    report = "print('LOADED', json.dumps('langchain_core' in sys.modules))"
    probe = "import json, sys\n" + "".join(f"{step}\n{report}\n" for step in steps)
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120,
                          env={"HANDOFFS_MODEL": "offline", "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    return [json.loads(line[len("LOADED "):]) for line in done.stdout.splitlines() if line.startswith("LOADED ")]


def test_autogen_panels_do_not_import_langchain_and_the_langchain_backends_do():
    autogen, streaming = _loaded_after(
        "from handoffs.ui import AutoGenBackend, ChatPanel, OperatorPanel, OperatorRequest, Reply, ChatEntry\n"
        "OperatorPanel(title='desk')",
        "from handoffs.ui import StreamingLangChainBackend, LangChainBackend\n"
        "import handoffs.ui as ui\n"
        "assert set(ui.__all__) <= set(dir(ui)), dir(ui)\n"
        "assert all(getattr(ui, name) is not None for name in ui.__all__)")
    assert autogen is False
    assert streaming is True
