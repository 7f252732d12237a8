"""One readable line per model reply, for notebooks: what the model did and the reason it gave.

Works for a LangChain ``AIMessage`` (reason in ``response_metadata["reason"]``) and an AutoGen ``CreateResult``
(reason in ``thought``). A real model gives no reason; the line then says so. Formatting only: no decisions.
The words around the action are in :data:`SAY`, English or Korean (``handoffs.set_language``).
"""

from __future__ import annotations

import json
from typing import Any

from handoffs.i18n import Texts

SAY = Texts({
    "no_reason": {"en": "(this model gives no reason)", "ko": "(이 모델은 이유를 알려 주지 않아요)"},
    "because": {"en": "   because: {reason}", "ko": "   이유: {reason}"},
})


def _call_text(name: str, args: dict[str, Any]) -> str:
    return f"{name}({', '.join(f'{k}={v!r}' for k, v in args.items())})"


def what_it_did(reply: Any) -> str:
    """``record_issue(issue='billing')`` for a tool call, the quoted text for a plain answer."""
    calls = getattr(reply, "tool_calls", None)
    if calls:
        return " + ".join(_call_text(c["name"], c.get("args") or {}) for c in calls)
    content = getattr(reply, "content", reply)
    if isinstance(content, list):  # AutoGen: a list of FunctionCall
        return " + ".join(_call_text(c.name, json.loads(c.arguments or "{}")) for c in content)
    return repr(content)


def reason_of(reply: Any) -> str:
    metadata = getattr(reply, "response_metadata", None) or {}
    return metadata.get("reason") or getattr(reply, "thought", None) or SAY["no_reason"]


def explain(reply: Any) -> str:
    """Two lines: the action, and why (without repeating the action the reason starts with)."""
    action, reason = what_it_did(reply), reason_of(reply)
    return f"-> {action}\n" + SAY["because"].format(reason=reason.removeprefix(action + ": "))
