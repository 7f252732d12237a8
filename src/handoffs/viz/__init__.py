"""Pictures of a run, drawn with matplotlib from configuration plus a RunRecorder.

- :func:`plot_step_graph` — a single agent's steps and step-changing tools, with a recorded path numbered;
- :func:`plot_handoffs` — a multi-agent conversation as lanes (customer, agents), handoffs and messages in order;
- :func:`plot_confusion` — the routing eval's confusion table (expected route against the route taken);
- :func:`texts_of` — every text on a figure (tests assert on these, not on pixels).

Each picture's module is imported when its name is first used (``from handoffs.viz import plot_handoffs`` imports
the lanes' module only): a step graph reads Part 1's transfer tools, which brings LangChain, and Part 2's notebooks,
which never draw one, need not pay for that import (~1.5 s of CPU in every such kernel).
"""

from __future__ import annotations

from handoffs import lazy

#: public name -> the module defining it
_HOME = {"plot_step_graph": "step_graph", "plot_handoffs": "handoff_diagram", "handoff_rows": "handoff_diagram",
         "plot_confusion": "confusion", "texts_of": "style"}

__all__ = ["plot_step_graph", "plot_handoffs", "handoff_rows", "plot_confusion", "texts_of"]

__getattr__, __dir__ = lazy.exports(__name__, _HOME, __all__)
