"""Checkers (and one solution each) for the kit's two exercises.

* ``single_agent_escalate`` — notebook 04: add an "escalate" step to seed 000's binder of scripts;
* ``multi_agent_specialist`` — notebook 07: add a specialist agent and the delegate tool that reaches it.

Each checker runs real conversations through the learner's code on the offline model and says PASS, or what is
missing with a hint. The ``*_solution`` modules are one correct answer each (the solution notebooks show them).
"""
