"""The routing eval through the kit's OpenAI-compatible server: the same command, the same score, case by case.

``python -m handoffs.evals`` with ``HANDOFFS_MODEL`` pointing at the server goes through ``langchain-openai`` (Part 1
scenarios) and AutoGen's OpenAI client (Part 2) over HTTP — the path a real model takes — so its score must be
exactly the offline model's.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys

from handoffs.evals import format_report, load_cases, run_eval


def test_every_case_routes_the_same_over_http_as_in_process(server):
    cases = load_cases("dev")
    direct = asyncio.run(run_eval(cases, spec="offline"))
    over_http = asyncio.run(run_eval(cases, spec=server.spec()))
    assert "openai-compatible" in over_http.model or "handoffs-offline" in over_http.model
    assert [o.got for o in over_http.outcomes] == [o.got for o in direct.outcomes]
    assert over_http.accuracy == direct.accuracy


def test_the_readme_command_with_the_switch_set_to_the_server(server, no_model_env):
    environment = {**os.environ, "HANDOFFS_MODEL": server.spec()}
    done = subprocess.run([sys.executable, "-m", "handoffs.evals", "--set", "holdout", "--scenario", "team_triage"],
                          capture_output=True, text=True, timeout=300, env=environment)
    # the offline score of the same cases, in this process (the command's options, --misses, --picture and the
    # model's size are proven through its main() by tests/evals/test_routing_eval.py; this is its process of its own)
    offline = asyncio.run(run_eval([c for c in load_cases("holdout") if c.scenario == "team_triage"], spec="offline"))
    assert done.returncode == 0, done.stderr
    score = [line for line in done.stdout.splitlines() if line.startswith("routing accuracy")]
    assert score and score == [line for line in format_report(offline).splitlines()
                               if line.startswith("routing accuracy")]
