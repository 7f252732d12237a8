"""The offline model starts without the real-model stack: openai, langchain_openai and AutoGen's OpenAI client are
imported only when a real model is chosen (they cost ~0.8 s of a kernel's first cell); nor does it import tomllib (the
data files are read from their derived JSON copy)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

REAL_STACK = ("openai", "langchain_openai", "autogen_ext.models.openai")


def _modules_after(*steps: str) -> list:
    """Run the ``steps`` one after another in one fresh interpreter; after each, which heavy modules are imported."""
    names = REAL_STACK + ("langchain_core", "tomllib")
    report = f"print('MODULES', json.dumps({{name: name in sys.modules for name in {names!r}}}))"
    probe = "import json, sys\n" + "".join(f"{step}\n{report}\n" for step in steps)
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120,
                          env={"HANDOFFS_MODEL": "offline", "PATH": "/usr/bin:/bin",  # the code under test:
                               **{k: v for k, v in os.environ.items() if k == "PYTHONPATH"}})
    assert done.returncode == 0, done.stderr
    found = [json.loads(line[len("MODULES "):]) for line in done.stdout.splitlines() if line.startswith("MODULES ")]
    assert len(found) == len(steps), done.stdout
    return found


def test_offline_models_and_the_setup_check_do_not_import_the_real_model_stack_and_choosing_one_does():
    """One interpreter: first everything a learner does with the offline model (none of the real stack loaded),
    then a real model chosen in both frameworks (each client loaded then, not before)."""
    offline, real = _modules_after("""
import asyncio
from handoffs.models import chat_model, model_client
from handoffs.models.errors import explain_model_error
from handoffs.setup_check import report
from autogen_core.models import UserMessage
assert "Everything is ready" in report() or "FIX" in report()
reply = chat_model().invoke("I was charged twice")
result = asyncio.run(model_client().create([UserMessage(content="Hi", source="User")]))
assert reply.content and result.content
assert explain_model_error(ValueError("bad")) == "ValueError: bad"
""", """
from handoffs.models.switch import KitChatOpenAI, KitOpenAIChatCompletionClient
spec = "openai-compatible:http://127.0.0.1:9/v1?model=llama3.1"
assert isinstance(chat_model(spec), KitChatOpenAI)
assert isinstance(model_client(spec), KitOpenAIChatCompletionClient)
""")
    assert not any(offline[name] for name in REAL_STACK), offline
    assert not offline["tomllib"], offline  # the data files are read from their derived copy (models/parsed.py)
    assert offline["langchain_core"]  # the offline LangChain model itself was really used
    assert all(real[name] for name in REAL_STACK), real


def test_autogen_side_does_not_import_langchain():
    [loaded] = _modules_after("from handoffs.models import model_client, OfflineModelClient\nmodel_client()")
    assert not loaded["langchain_core"] and not any(loaded[name] for name in REAL_STACK), loaded
