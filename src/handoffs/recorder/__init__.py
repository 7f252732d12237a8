"""The run recorder: one event model of what happened in a conversation, fed by LangChain and AutoGen.

Data flows one way: agents -> recorder -> panels, pictures, tests. Typical use::

    from handoffs.recorder import RunRecorder
    rec = RunRecorder()
    agent = create_agent(model, tools, middleware=[apply_step_config, rec.langchain_middleware()])  # recorder LAST
    runtime = SingleThreadedAgentRuntime(intervention_handlers=[rec.autogen_intervention_handler()])
    client = rec.wrap_model_client(model_client)          # AutoGen agents use this client
    rec.steps_visited("thread-1"); rec.tools_run(); rec.handoffs(); rec.transcript(); rec.model_calls()
    rec.subscribe(lambda event: ...)                       # live updates (panels)
"""

from .events import (
    ErrorEvent,
    Event,
    HandoffEvent,
    MessageEvent,
    ModelCallEvent,
    PublishEvent,
    StepChangeEvent,
    ToolCallInfo,
    ToolRunEvent,
)
from .run_recorder import RunRecorder

__all__ = [
    "RunRecorder",
    "Event",
    "MessageEvent",
    "ModelCallEvent",
    "ToolCallInfo",
    "ToolRunEvent",
    "StepChangeEvent",
    "HandoffEvent",
    "PublishEvent",
    "ErrorEvent",
]
