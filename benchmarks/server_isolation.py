"""Server isolation: 200 valid requests' latency with and without one expensive request in flight, side by side.

Issue 24.2: one request that makes the offline model slow must not stall the other clients. For each way of
deciding, the same server (``serve_in_background``, real HTTP on 127.0.0.1) answers 200 ordinary triage requests
from 4 keep-alive clients twice: once alone (baseline), once while an expensive request is in flight (sent first,
from its own client). Printed: p50 and p99 of the 200 latencies both times, the ratio of the two p99s, whether all
200 were answered while the expensive one was still running, and how the expensive one ended.

Ways of deciding (rows):

* **workers** — the kit's server as it is: decisions in warm worker processes
  (:mod:`handoffs.server.decision_pool`), a 10 s budget per request;
* **threads** — the server's former design, for comparison: the decision in a thread of the server process
  (``create_app(decide=<callable>)``), which the GIL-holding regex work of the slow request stalls;

and expensive requests: the 21,000-character pathological request of issue 24 (five tools with 4,000-syllable Korean
descriptions) and a decision with a slow path that never ends (``benchmarks.slow_paths``), cut by a 3 s budget.
Latencies are wall time measured by the clients; no figure here is asserted anywhere.
"""

from __future__ import annotations

import http.client
import json
import threading
import time
from typing import Any, Callable

from benchmarks.harness import Table, Verdict, percentile, seconds, times
from benchmarks.slow_paths import pathological_body, size_of, slow_path_body, valid_body

CLIENTS = 4
URL = "/v1/chat/completions"


def _post(connection: http.client.HTTPConnection, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    connection.request("POST", URL, body=json.dumps(body), headers={"content-type": "application/json"})
    response = connection.getresponse()
    return response.status, json.loads(response.read())


def run_valid(host: str, port: int, count: int) -> tuple[list[float], int]:
    """``count`` valid requests from :data:`CLIENTS` keep-alive clients; (latencies, how many were not 200)."""
    latencies: list[float] = []
    failed = [0]
    numbers = iter(range(count))
    lock = threading.Lock()

    def client() -> None:
        connection = http.client.HTTPConnection(host, port, timeout=120)
        while True:
            with lock:
                number = next(numbers, None)
            if number is None:
                break
            began = time.perf_counter()
            status, _ = _post(connection, valid_body(number))
            with lock:
                latencies.append(time.perf_counter() - began)
                failed[0] += status != 200
        connection.close()

    threads = [threading.Thread(target=client) for _ in range(CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return latencies, failed[0]


def scenario(decide: Any, budget_s: float, expensive: dict[str, Any], count: int) -> dict[str, Any]:
    """Baseline latencies, then latencies with ``expensive`` in flight, on one server."""
    from handoffs.server import serve_in_background

    with serve_in_background(decide=decide, decision_budget_s=budget_s) as server:
        run_valid(server.host, server.port, 20)  # warm: first requests, connections, workers
        baseline, failed_alone = run_valid(server.host, server.port, count)
        outcome: dict[str, Any] = {}

        def send_expensive() -> None:
            connection = http.client.HTTPConnection(server.host, server.port, timeout=300)
            began = time.perf_counter()
            status, body = _post(connection, expensive)
            outcome.update(status=status, seconds=time.perf_counter() - began,
                           code=(body.get("error") or {}).get("code"))

        slow = threading.Thread(target=send_expensive)
        slow.start()
        time.sleep(0.3)  # the expensive request is being decided now
        loaded, failed_loaded = run_valid(server.host, server.port, count)
        in_flight = slow.is_alive()
        slow.join()
    return {"baseline": baseline, "loaded": loaded, "failed": failed_alone + failed_loaded,
            "in_flight": in_flight, **outcome}


def measure(valid: int = 200, progress: Callable[[str], None] = print, budget_s: float = 10.0,
            slow_path_budget_s: float = 3.0) -> tuple[list[Table], list[Verdict]]:
    from handoffs.models import decide as offline_decide

    pathological = pathological_body()
    cases = [("workers", None, budget_s, "pathological", pathological),
             ("workers", "benchmarks.slow_paths:decide_with_a_slow_path", slow_path_budget_s, "never-ending",
              slow_path_body()),
             ("threads", offline_decide, budget_s, "pathological", pathological)]  # last: its thread cannot stop
    table = Table(f"Server isolation: {valid} valid requests ({CLIENTS} clients), alone and beside one expensive "
                  "request", ["deciding in", "expensive request", "p50 alone", "p99 alone", "p50 beside",
                              "p99 beside", "p99 ratio", "all answered first", "expensive ended"])
    verdicts = []
    for where, decide, budget, label, body in cases:
        progress(f"server isolation: {where}, {label} request")
        result = scenario(decide, budget, body, valid)
        alone, beside = result["baseline"], result["loaded"]
        p99_alone, p99_beside = percentile(alone, 0.99), percentile(beside, 0.99)
        ended = f"{result['status']} {result['code'] or ''} after {seconds(result['seconds'])}".replace("  ", " ")
        table.add(where, label, seconds(percentile(alone, 0.5)), seconds(p99_alone),
                  seconds(percentile(beside, 0.5)), seconds(p99_beside), times(p99_beside / p99_alone),
                  "yes" if result["in_flight"] else "no", ended)
        if result["failed"]:
            table.notes.append(f"{where}/{label}: {result['failed']} valid requests were not answered 200")
        if where == "workers":
            verdicts.append(Verdict(f"p99 beside a {label} request / p99 alone (workers)", p99_beside / p99_alone,
                                    2.0, "x"))
    table.notes.append(f"pathological: {size_of(pathological):,} characters of JSON, five tools with 4,000-syllable "
                       f"Korean descriptions, {budget_s:g} s budget; never-ending: a decision with a backtracking slow path, "
                       f"{slow_path_budget_s:g} s budget")
    table.notes.append("'all answered first': every valid request was answered while the expensive one was still "
                       "being decided")
    return [table], verdicts


if __name__ == "__main__":
    import sys

    tables, found = measure(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
    for table in tables:
        print(table.render())
    for verdict in found:
        print(verdict.line())
