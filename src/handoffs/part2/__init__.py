"""Part 2's ground: the people, records, sessions and processes around notebook 06's team.

The team itself (messages, agents, transfer tools, the team table, ``register_team``) is notebook 06's ``lesson``
cells, importable as :mod:`handoffs.lessons.part2`. Here: customers (``people``) and the operator desk
(``operator_desk``), the ledger and work tools (``tools``), ``build_team`` / ``Team`` (``team``), scripted sessions
(``sessions``), many sessions (``crowd``), gRPC processes (``grpc_cluster``, ``grpc_process``), and reading the team
table (``team_table``).

The names below are imported when first used, so a process that needs one module of the package does not import
the team with it: the gRPC host (``python -m handoffs.part2.grpc_process host``) serves only AutoGen's host and
started with ~0.2 s of CPU more while this file imported the team and the offline model eagerly.
"""

from __future__ import annotations

from handoffs import lazy

#: public name -> the module defining it
_HOME = {"OperatorDesk": "operator_desk", "Customer": "people", "Customers": "people", "PanelCustomer": "people",
         "ScriptedCustomer": "people", "Turn": "people", "SessionResult": "sessions", "SessionTimeout": "sessions",
         "run_many_sessions": "sessions", "run_scripted_session": "sessions", "Team": "team", "build_team": "team",
         "new_runtime": "team", "Ledger": "tools"}

__all__ = [
    "Customer", "Customers", "OperatorDesk", "PanelCustomer", "ScriptedCustomer", "Turn", "SessionResult",
    "SessionTimeout", "run_many_sessions", "run_scripted_session", "Team", "build_team", "new_runtime", "Ledger",
]

__getattr__, __dir__ = lazy.exports(__name__, _HOME, __all__)
