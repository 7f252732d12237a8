"""handoffs — a teaching kit about the handoff pattern for LLM agents.

Subpackages: ``models`` (the offline model and the switch to real models), ``single_agent`` (Part 1, LangChain),
``multi_agent`` (Part 2, AutoGen Core), ``recorder`` (what happened in a run), ``ui`` (chat panels),
``viz`` (pictures), ``exercises`` (checkers), ``server`` (a local OpenAI-compatible endpoint), ``evals`` (the
routing eval). ``handoffs.set_language("ko")`` shows the kit in Korean (see :mod:`handoffs.i18n`).
"""

from .i18n import language, set_language

__version__ = "0.1.0"
__all__ = ["language", "set_language"]
