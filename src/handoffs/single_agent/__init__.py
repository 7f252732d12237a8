"""Part 1: seed 000's single-agent support bot — one agent, a binder of scripts, and a guard.

Read the modules in this order: ``state`` (what the agent remembers), ``tools`` (what it can do, and which
tools move it to another step), ``steps`` (the binder: one prompt + tool list per step), ``middleware``
(the page-turner ``apply_step_config`` and the ``step_guard``), ``agent`` (``build_support_agent``).
``binder`` is the same idea in plain Python with no framework (notebook 01). ``STEP_CONFIGS`` is read-only;
``seed_configs()`` gives a fresh copy of it to change (notebook 04).
"""

from handoffs.single_agent.agent import ask, build_support_agent, last_reply, new_thread
from handoffs.single_agent.middleware import apply_step_config, step_guard
from handoffs.single_agent.state import SupportState
from handoffs.single_agent.steps import STEP_CONFIGS, seed_configs

__all__ = [
    "STEP_CONFIGS",
    "SupportState",
    "apply_step_config",
    "ask",
    "build_support_agent",
    "last_reply",
    "new_thread",
    "seed_configs",
    "step_guard",
]
