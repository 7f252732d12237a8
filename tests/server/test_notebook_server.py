"""A notebook's own server (``serve_in_background(workers=0)``, notebooks 00c and 09): its decisions run in a
thread of the notebook's process — no worker process is started — and answer exactly what the pool's workers and
deciding in-process answer, through the real OpenAI clients over HTTP."""

from __future__ import annotations

import asyncio

import pytest

from handoffs.evals import load_cases, run_eval
from handoffs.server import create_app, decision_pool, serve_in_background


def test_a_notebooks_server_starts_no_worker_and_routes_every_case_as_in_process():
    holdout3 = load_cases("holdout3")
    cases = [c for c in holdout3 if c.scenario == "team_triage"][:15] + [c for c in holdout3 if c.scenario == "support_triage"][:15]
    pools_before = dict(decision_pool._shared)
    with serve_in_background(workers=0) as server:
        over_http = asyncio.run(run_eval(cases, spec=server.spec()))
        assert server.stats.chat_requests == len(cases)  # every case really went over HTTP
    direct = asyncio.run(run_eval(cases, spec="offline"))
    assert {c.scenario for c in cases} == {"team_triage", "support_triage"}  # both clients: AutoGen's and LangChain's
    assert [o.got for o in over_http.outcomes] == [o.got for o in direct.outcomes]
    assert decision_pool._shared == pools_before  # no pool was made or started for it


def test_a_negative_worker_count_is_refused_with_a_sentence():
    with pytest.raises(ValueError, match="workers must be 0"):
        create_app(workers=-1)
