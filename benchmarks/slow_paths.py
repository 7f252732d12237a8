"""Requests and a decision function that are slow on purpose, for the server's isolation benchmark and tests.

* :func:`pathological_body`: the request probes found (issue 24): five tools whose descriptions are 4,000 Korean
  syllables without a space (about 21,000 characters in all) — the offline model of that time spent seconds of
  CPU on it, holding the GIL;
* :func:`decide_with_a_slow_path`: the offline model, except that a message containing :data:`SLOW_PATH` makes a
  backtracking pattern run for minutes — a stand-in for *any* slow path a model may have, so the server's
  budget and isolation can be shown whatever the model's own cost is. Run it in the server's workers with
  ``create_app(decide="benchmarks.slow_paths:decide_with_a_slow_path")``;
* :func:`decide_after_a_wait`: the offline model, except that a message containing :data:`WAIT` first waits
  :data:`WAIT_S` seconds without using the CPU — a worker that is slow only because it waited (for a core, say).
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

SLOW_PATH = "SLOW-PATH"
WAIT, WAIT_S = "WAIT-A-MOMENT", 0.6
BACKTRACKING = re.compile(r"(a+)+$")  # exponential on "aaa…b": holds the GIL for as long as it runs

VALID_TEXTS = ("I was charged twice for my order", "Can you help me with a refund?", "I want to buy a laptop",
               "결제가 두 번 되었어요", "환불받고 싶어요", "노트북을 사고 싶어요")
TOOLS = [{"type": "function", "function": {"name": name, "description": description,
                                            "parameters": {"type": "object", "properties": {}}}}
         for name, description in (("transfer_to_sales_agent", "Use for anything sales or buying related."),
                                   ("transfer_to_issues_and_repairs", "Use for issues, repairs, or refunds."),
                                   ("escalate_to_human", "Only call this if explicitly asked to."))]


def valid_body(number: int) -> dict[str, Any]:
    """An ordinary triage request (six texts in turn, English and Korean, with seed 003's three tools)."""
    system = {"role": "system", "content": "You are a customer service bot for ACME Inc. Introduce yourself."}
    user = {"role": "user", "content": VALID_TEXTS[number % len(VALID_TEXTS)]}
    return {"model": "handoffs-offline", "messages": [system, user], "tools": TOOLS}


def pathological_body(tools: int = 5, length: int = 4000, seed: int = 24) -> dict[str, Any]:
    """Five tools with 4,000-syllable Korean descriptions (random syllables, no spaces), and a short question."""
    pick = random.Random(seed)
    syllables = [chr(0xAC00 + i) for i in range(0, 11172, 37)]
    offered = [{"type": "function", "function": {
        "name": f"tool_{i}", "description": "".join(pick.choice(syllables) for _ in range(length)),
        "parameters": {"type": "object", "properties": {}}}} for i in range(tools)]
    return {"model": "handoffs-offline", "messages": [{"role": "user", "content": "결제가 두 번 되었어요"}],
            "tools": offered}


def slow_path_body() -> dict[str, Any]:
    return {"model": "handoffs-offline", "messages": [{"role": "user", "content": f"{SLOW_PATH} please"}]}


def size_of(body: dict[str, Any]) -> int:
    """Characters of the body as JSON (not \\u-escaped)."""
    return len(json.dumps(body, ensure_ascii=False))


def decide_with_a_slow_path(messages: Any, tools: Any) -> Any:
    from handoffs.models import decide

    if any(SLOW_PATH in message.content for message in messages):
        BACKTRACKING.match("a" * 40 + "b")  # 2**40 steps: never ends in practice
    return decide(messages, tools)


def decide_after_a_wait(messages: Any, tools: Any) -> Any:
    import time

    from handoffs.models import decide

    if any(WAIT in message.content for message in messages):
        time.sleep(WAIT_S)
    return decide(messages, tools)
