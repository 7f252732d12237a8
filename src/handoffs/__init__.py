"""handoffs — a teaching kit about the handoff pattern for LLM agents.

The package is laid out in four groups, each named one way:

* **lesson code, per part** — ``lessons`` (the code cells tagged ``lesson`` in the notebooks, made into modules:
  the one source of the pattern's own code), ``part1`` (Part 1, one agent with many steps on LangChain v1: the ground
  around notebook 02's lesson cells), ``part2`` (Part 2, many agents on AutoGen Core: the ground around notebook 06's
  team — people, sessions, gRPC processes), ``part3`` (which design when: measuring both), ``exercises`` (the
  checkers of notebooks 03b, 04 and 07);
* **the model** — ``models`` (the offline, deterministic model behind both frameworks' interfaces, and the switch to
  real models);
* **what displays** — ``recorder`` (what happened in a run) -> ``ui`` (chat panels, operator desk) and ``viz``
  (pictures); data flows one way, from the agents through the recorder;
* **tooling** — ``kit`` (the ``./kit`` command line), ``workshop`` (pre-flight, slides, timings), ``server`` (a local
  OpenAI-compatible endpoint), ``evals`` (the routing eval).

Shared ground: ``i18n`` and ``particles`` (English and Korean), ``idempotency``, ``loops``, ``text_safety``,
``language_check``, ``setup_check``. ``handoffs.set_language("ko")`` shows the kit in Korean.
"""

from .i18n import language, set_language

__version__ = "0.1.0"
__all__ = ["language", "set_language"]
