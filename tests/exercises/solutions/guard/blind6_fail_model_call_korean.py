"""A Korean learner filters the model's tools with @wrap_model_call (what notebook 02 showed) instead of guarding calls.

expect: wrong_hook
"""
from langchain.agents.middleware import wrap_model_call

from handoffs.part1 import STEP_TABLE


@wrap_model_call
def guard(request, handler):
    """단계에 맞는 도구만 모델에게 보여 줍니다."""
    단계 = request.state.get("current_step", "triage")
    return handler(request.override(tools=STEP_TABLE[단계]["tools"]))
