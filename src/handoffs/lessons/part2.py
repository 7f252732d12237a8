"""Part 2's lesson code: seed 003's handoff team as notebook 06 builds it, cell by cell.

This module *is* the code cells of ``notebooks/06_the_handoff_team.ipynb`` tagged ``lesson`` (see
:mod:`handoffs.lessons`): the message types (``UserLogin``, ``UserTask``, ``AgentResponse``), the topic types and
transfer tools, the ``AIAgent`` with its tool loop and its fixes, ``HumanAgent`` and ``UserAgent``, the team table
``TEAM`` and ``register_team``. Edit the notebook, not this file; ``handoffs.part2.team.build_team`` adds the
ground (people, ledger, recorder, gRPC hosting) around ``register_team``.
"""

from handoffs.lessons import run_cells as _run_cells

_run_cells("06", globals())
