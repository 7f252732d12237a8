"""Part 2: seed 003's multi-agent handoff team on AutoGen Core (messages, agents, tools, team, sessions)."""

from .agents import AIAgent, HumanAgent, UserAgent
from .messages import AgentResponse, UserLogin, UserTask
from .people import Customer, Customers, OperatorDesk, PanelCustomer, ScriptedCustomer, Turn
from .sessions import SessionResult, SessionTimeout, run_many_sessions, run_scripted_session
from .team import Team, build_team, new_runtime
from .tools import Ledger

__all__ = [
    "AIAgent", "HumanAgent", "UserAgent", "AgentResponse", "UserLogin", "UserTask", "Customer", "Customers",
    "OperatorDesk", "PanelCustomer", "ScriptedCustomer", "Turn", "SessionResult", "SessionTimeout", "run_many_sessions",
    "run_scripted_session", "Team", "build_team", "new_runtime", "Ledger",
]
