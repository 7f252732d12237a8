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

from handoffs import lazy

# Each name is imported from its module on first use (PEP 562), so `from handoffs.models import model_client`
# does not import LangChain, and nothing here imports the real-model stack (openai, langchain_openai, autogen_ext)
# unless a real model is chosen. Importing everything eagerly cost ~1.7 s of every kernel's first cell.
_HOME = {
    "OfflineModelClient": "autogen_adapter",
    "decide": "core",
    "MODEL_NAME": "engine",
    "OfflineChatModel": "langchain_adapter",
    "Rogue": "modes",
    "Script": "modes",
    "ScriptExhausted": "modes",
    "chat_model": "switch",
    "model_client": "switch",
    "TokenCount": "tokens",
    "count_tokens": "tokens",
    "Decision": "types",
    "Message": "types",
    "ToolCall": "types",
    "ToolSpec": "types",
}



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

__getattr__, __dir__ = lazy.exports(__name__, _HOME, __all__)
