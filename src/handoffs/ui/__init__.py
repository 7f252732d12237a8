"""Chat panels for notebooks: the customer's `ChatPanel` and the human operator's `OperatorPanel`.

Both are ipywidgets with an async Python API (``await panel.send(text)``, ``await desk.reply(text)``) that does
exactly what their buttons do, so notebooks run unattended under nbval. Backends connect a ChatPanel to a
LangChain agent or an AutoGen runtime session; the panels read badges and reasons from a RunRecorder.
"""

from .backends import AutoGenBackend, ChatBackend, LangChainBackend, Reply, ReplyTimeout
from .chat_panel import ChatPanel
from .operator_panel import OperatorPanel, OperatorRequest
from .render import ChatEntry
from .streaming import StreamingLangChainBackend

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
