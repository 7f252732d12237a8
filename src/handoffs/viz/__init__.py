"""Pictures of a run, drawn with matplotlib from configuration plus a RunRecorder.

- :func:`plot_step_graph` — a single agent's steps and step-changing tools, with a recorded path numbered;
- :func:`plot_handoffs` — a multi-agent conversation as lanes (customer, agents), handoffs and messages in order;
- :func:`plot_confusion` — the routing eval's confusion table (expected route against the route taken);
- :func:`texts_of` — every text on a figure (tests assert on these, not on pixels).
"""

from .confusion import plot_confusion
from .handoff_diagram import handoff_rows, plot_handoffs
from .step_graph import plot_step_graph
from .style import texts_of

__all__ = ["plot_step_graph", "plot_handoffs", "handoff_rows", "plot_confusion", "texts_of"]
