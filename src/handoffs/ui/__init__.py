"""Chat panels for notebooks: the customer's `ChatPanel` and the human operator's `OperatorPanel`.

Both are ipywidgets with an async Python API (``await panel.send(text)``, ``await desk.reply(text)``) that does
exactly what their buttons do, so notebooks run unattended under nbval. Backends connect a ChatPanel to a
LangChain agent or an AutoGen runtime session; the panels read badges and reasons from a RunRecorder.

Each name's module is imported when the name is first used: ``StreamingLangChainBackend`` reads LangChain's message
chunks, and a Part 2 kernel that only opens an ``OperatorPanel`` need not import ``langchain_core`` for it.
"""

from __future__ import annotations

from handoffs import lazy

#: public name -> the module defining it
_HOME = {"ChatPanel": "chat_panel", "OperatorPanel": "operator_panel", "OperatorRequest": "operator_panel",
         "ChatBackend": "backends", "LangChainBackend": "backends", "StreamingLangChainBackend": "streaming",
         "AutoGenBackend": "backends", "Reply": "backends", "ReplyTimeout": "backends", "ChatEntry": "render"}

__all__ = [
    "ChatPanel",
    "OperatorPanel",
    "OperatorRequest",
    "ChatBackend",
    "LangChainBackend",
    "StreamingLangChainBackend",
    "AutoGenBackend",
    "Reply",
    "ReplyTimeout",
    "ChatEntry",
]

__getattr__, __dir__ = lazy.exports(__name__, _HOME, __all__)
