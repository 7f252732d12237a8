"""Models for the kit: the offline deterministic model (default) and the switch to real ones.

* :class:`OfflineChatModel` — a LangChain chat model; :class:`OfflineModelClient` — an AutoGen
  ``ChatCompletionClient``. Both wrap one decision core (:func:`decide`) that reads only the system prompt, the
  tools offered in this call and the messages, and explains every decision (LangChain:
  ``response_metadata["reason"]``; AutoGen: ``CreateResult.thought``).
* Modes: default policy; ``script=[...]`` (exact replies, one per call); ``rogue="tool"`` (calls a tool it was
  NOT offered, once, to teach step boundaries).
* :func:`count_tokens` — offline token counts labelled with their method.
* :func:`chat_model` / :func:`model_client` — the one switch: the offline model by default, a real one when
  ``HANDOFFS_MODEL`` (or the spec passed) says so (see :mod:`handoffs.models.switch`).
"""

from .autogen_adapter import OfflineModelClient
from .core import decide
from .engine import MODEL_NAME
from .langchain_adapter import OfflineChatModel
from .modes import Rogue, Script, ScriptExhausted
from .switch import chat_model, model_client
from .tokens import TokenCount, count_tokens
from .types import Decision, Message, ToolCall, ToolSpec

__all__ = [
    "MODEL_NAME",
    "Decision",
    "Message",
    "OfflineChatModel",
    "OfflineModelClient",
    "Rogue",
    "Script",
    "ScriptExhausted",
    "TokenCount",
    "ToolCall",
    "ToolSpec",
    "chat_model",
    "count_tokens",
    "decide",
    "model_client",
]
