"""The recorder keeps each model call's tokens in and out, as the model reported them, in both frameworks."""

from handoffs.part3.runs import run_one_agent, run_team
from handoffs.recorder import RunRecorder


async def test_tokens_in_and_out_add_up_to_the_total_in_both_feeds():
    for run in (run_one_agent, run_team):
        recorder = RunRecorder()
        await run(["I want a refund"], recorder=recorder, session_id="t")
        calls = recorder.model_calls("t")
        assert calls and all(c.input_tokens > 0 and c.output_tokens > 0 for c in calls)
        assert all(c.input_tokens + c.output_tokens == c.tokens for c in calls)
