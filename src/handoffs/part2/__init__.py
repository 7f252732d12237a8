"""Part 2's ground: the people, records, sessions and processes around notebook 06's team.

The team itself (messages, agents, transfer tools, the team table, ``register_team``) is notebook 06's ``lesson``
cells, importable as :mod:`handoffs.lessons.part2`. Here: customers (``people``) and the operator desk
(``operator_desk``), the ledger and work tools (``tools``), ``build_team`` / ``Team`` (``team``), scripted sessions
(``sessions``), many sessions (``crowd``), gRPC processes (``grpc_cluster``, ``grpc_process``), and reading the team
table (``team_table``).
"""

from .operator_desk import OperatorDesk
from .people import Customer, Customers, PanelCustomer, ScriptedCustomer, Turn
from .sessions import SessionResult, SessionTimeout, run_many_sessions, run_scripted_session
from .team import Team, build_team, new_runtime
from .tools import Ledger

__all__ = [
    "Customer", "Customers", "OperatorDesk", "PanelCustomer", "ScriptedCustomer", "Turn", "SessionResult",
    "SessionTimeout", "run_many_sessions", "run_scripted_session", "Team", "build_team", "new_runtime", "Ledger",
]
