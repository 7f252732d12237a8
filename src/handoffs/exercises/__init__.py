"""Checkers (and one solution each) for the kit's three exercises.

* ``part1_guard`` — notebook 03b: write the step guard (a ``@wrap_tool_call`` middleware) that refuses a
  tool the current step does not offer, checked against the rogue model;
* ``part1_escalate`` — notebook 04: add an "escalate" step to seed 000's step table;
* ``part2_specialist`` — notebook 07: add a specialist agent and the transfer tool that reaches it.

Each checker runs the learner's code through the real frameworks: behaviour in conversations whose model moves are
**scripted** (the offline model's script mode), routing — only where routing is the point — with the default
offline model in both tool orders. It answers with a :class:`~handoffs.exercises.report.CheckReport`: PASS, or the
first thing to fix, with hints in stages (``report.hint(2)``: where; ``report.hint(3)``: the code). The sentences
of each checker are in its data file (``data/guard.toml``, ``escalate.toml``, ``specialist.toml``, where a
translator edits them), read by ``text_data`` into its ``*_text`` module; ``langchain_runs``, ``autogen_runs``,
``routing`` and ``learner_code`` are the shared machinery. The ``*_solution`` modules are one correct answer each (the solution
notebooks show them, word for word).
"""
