"""One offline decision, through each adapter: p50 / p99 latency of the LangChain and the AutoGen model.

The requests are the real ones: every model call of seed 000's three conversations (billing, technical, other)
through ``build_support_agent`` and of seed 003's three paths (sales, refund, a human escalation) through the
team, captured as the frameworks made them (messages and tools). Each is then replayed many times, interleaved:
``OfflineChatModel._generate`` (LangChain's hook: message conversion, the decision, token counts, the
``AIMessage``) and ``OfflineModelClient.create`` (the whole AutoGen client call). The bare rows replay the same
requests through the fixed (table-lookup) models of the other benchmarks: the frameworks' floor for the same call.
Whatever decision core is on the branch is what gets measured. The replay runs in three child processes and
their samples are pooled: on a machine whose speed differs from one process to the next (memory layout), one
process is one draw.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any, Callable

from benchmarks.harness import Table, Verdict, percentile, run_child, times

TARGET_P50_MS = 0.3
TARGET_P99_MS = 1.0
PROCESSES = 3  # child processes whose samples are pooled (see the table's note)


def _langchain_requests() -> list[tuple[list, list]]:
    from handoffs.models import OfflineChatModel
    from handoffs.part1 import ask, build_support_agent

    from benchmarks.part1 import CUSTOMER_MESSAGES

    captured: list[tuple[list, list]] = []

    class Capturing(OfflineChatModel):
        def _generate(self, messages: list, stop: Any = None, run_manager: Any = None, **kwargs: Any) -> Any:
            captured.append((list(messages), list(kwargs.get("tools") or [])))
            return super()._generate(messages, stop, run_manager, **kwargs)

    agent = build_support_agent(Capturing())
    for text in CUSTOMER_MESSAGES:
        ask(agent, text)
    return captured


async def _autogen_requests() -> list[tuple[list, list]]:
    from handoffs.models import OfflineModelClient
    from handoffs.part2 import OperatorDesk, build_team, new_runtime, run_scripted_session
    from handoffs.part2.crowd import REFUND_LINES, SALES_LINES

    captured: list[tuple[list, list]] = []

    class Capturing(OfflineModelClient):
        async def create(self, messages: Any, **kwargs: Any) -> Any:
            captured.append((list(messages), list(kwargs.get("tools") or [])))
            return await super().create(messages, **kwargs)

    desk = OperatorDesk()
    runtime = new_runtime()
    team = await build_team(runtime, Capturing(), operators=desk)
    runtime.start()
    for number, lines in enumerate((SALES_LINES, REFUND_LINES)):
        await run_scripted_session([line.format(name=f"c{number:04d}") for line in lines], team=team,
                                   session_id=f"c{number:04d}")
    human = asyncio.ensure_future(run_scripted_session(["I want to talk to a human"], team=team,
                                                       session_id="human"))
    request = await asyncio.wait_for(desk.next_request(), 30)
    desk.answer(request.session_id, "Hello, a person here.")
    await human
    await runtime.stop_when_idle()
    return captured


def _consent_reply(text: str) -> bool:
    """A customer's answer to "shall I?" (``yes``, ``Yes, please refund me``): words added to it change what it means
    (a refund or an order runs only after a plain yes), so it is not made fresh: the fresh request would take
    another path (a question back instead of the tool call) and be timed against a different decision."""
    return text.split(",")[0].strip().lower() in ("yes", "no", "yes please", "no thanks")


def _reads_new_words(messages: list) -> bool:
    """Does this request, made fresh, give the model words it has not read yet? Only when it ends in a customer
    message that is made fresh: a call after a tool result, or after a bare consent reply, re-reads a message the
    round's previous call already read, and timing it as a fresh-word decision would pull the median down."""
    last = messages[-1]
    kind = getattr(last, "type", None) or type(last).__name__
    return kind in ("human", "UserMessage") and isinstance(last.content, str) and not _consent_reply(last.content)


def _with_fresh_words(messages: list, number: int) -> list:
    """The same request, every customer message ending in words never seen before (``order 00042``): a model that
    remembers what it read cannot answer it from memory, as in a real conversation."""
    fresh = []
    for message in messages:
        kind = getattr(message, "type", None) or type(message).__name__
        if kind in ("human", "UserMessage") and isinstance(message.content, str) and not _consent_reply(message.content):
            message = message.model_copy(update={"content": f"{message.content} (order {number:05d})"})
        fresh.append(message)
    return fresh


async def latencies(rounds: int) -> dict[str, Any]:
    """Child: capture the walk-throughs' requests, replay each ``rounds`` times per model, interleaved (ns)."""
    from handoffs.models import OfflineChatModel, OfflineModelClient

    from benchmarks.free_models import FixedModelClient, fixed_tool_call_model

    lc_requests, ag_requests = _langchain_requests(), await _autogen_requests()
    lc_kit, ag_kit = OfflineChatModel(), OfflineModelClient()
    lc_bare, ag_bare = fixed_tool_call_model(inner=OfflineChatModel()), FixedModelClient(inner=OfflineModelClient())
    for messages, tools in lc_requests:  # the bare models learn the answers (tools: the schemas bind_tools sent)
        lc_bare._generate(messages, tools=tools)
    for messages, tools in ag_requests:
        await ag_bare.create(messages, tools=tools)
    lc_bare._inner, ag_bare.inner = None, None

    same = [_decision(lc_kit._generate(m, tools=t).generations[0].message)
            == _decision(lc_kit._generate(_with_fresh_words(m, rounds), tools=t).generations[0].message)
            for m, t in lc_requests]
    same += [_decision(await ag_kit.create(m, tools=t)) == _decision(await ag_kit.create(_with_fresh_words(m, rounds), tools=t))
             for m, t in ag_requests]

    names = ("langchain kit", "langchain bare", "autogen kit", "autogen bare", "langchain kit, fresh words",
             "autogen kit, fresh words")
    samples: dict[str, list[int]] = {name: [] for name in names}  # wall clock, ns
    cpu: dict[str, list[int]] = {name: [] for name in names}  # this thread's CPU time, ns (not preempted time)

    async def timed(name: str, call: Any) -> None:
        wall, own = time.perf_counter_ns(), time.thread_time_ns()
        result = call()
        if asyncio.iscoroutine(result):
            await result
        cpu[name].append(time.thread_time_ns() - own)
        samples[name].append(time.perf_counter_ns() - wall)

    for number in range(rounds):
        for messages, tools in lc_requests:
            await timed("langchain kit", lambda: lc_kit._generate(messages, tools=tools))
            await timed("langchain bare", lambda: lc_bare._generate(messages, tools=tools))
            fresh = _with_fresh_words(messages, number)
            if _reads_new_words(messages):
                await timed("langchain kit, fresh words", lambda: lc_kit._generate(fresh, tools=tools))
        for messages, tools in ag_requests:
            await timed("autogen kit", lambda: ag_kit.create(messages, tools=tools))
            await timed("autogen bare", lambda: ag_bare.create(messages, tools=tools))
            fresh = _with_fresh_words(messages, number)
            if _reads_new_words(messages):
                await timed("autogen kit, fresh words", lambda: ag_kit.create(fresh, tools=tools))
    return {"samples": samples, "cpu": cpu, "requests": {"langchain": len(lc_requests), "autogen": len(ag_requests)},
            "same_decisions": f"{sum(same)} of {len(same)}"}


def _decision(answer: Any) -> list[str]:
    """What a model call decided: the tools it called (LangChain ``tool_calls``, AutoGen ``FunctionCall`` list), or a
    text reply."""
    calls = getattr(answer, "tool_calls", None)
    if calls is None:
        content = getattr(answer, "content", None)
        calls = [{"name": call.name} for call in content] if isinstance(content, list) else []
    return [call["name"] for call in calls] or ["a text reply"]


def measure(rounds: int = 200, processes: int = PROCESSES,
            progress: Callable[[str], None] = print) -> tuple[list[Table], list[Verdict]]:
    progress(f"decisions: the walk-throughs' model calls, {rounds} rounds each, in each of {processes} child processes")
    results = [run_child("benchmarks.decisions:latencies", rounds=rounds) for _ in range(processes)]
    result = results[0]
    samples = {name: [ns / 1e6 for r in results for ns in r["samples"][name]] for name in result["samples"]}
    cpu = {name: [ns / 1e6 for r in results for ns in r["cpu"][name]] for name in result["cpu"]}
    per_process = {name: [percentile([ns / 1e6 for ns in r["samples"][name]], 0.5) for r in results]
                   for name in result["samples"]}
    table = Table("One offline decision through each adapter (the walk-throughs' requests; milliseconds)",
                  ["adapter", "requests", "samples", "p50", "p99", "max", "CPU p50", "CPU p99", "p50 kit / bare"])
    verdicts = []
    for adapter in ("langchain", "autogen"):
        kit, bare = samples[f"{adapter} kit"], samples[f"{adapter} bare"]
        for name, key in ((f"{adapter}: offline model", f"{adapter} kit"),
                          (f"{adapter}: offline model, fresh words", f"{adapter} kit, fresh words"),
                          (f"{adapter}: bare fixed model", f"{adapter} bare")):
            values, own = samples[key], cpu[key]
            table.add(name, len(values) // (rounds * processes) if "fresh" in key else result["requests"][adapter], len(values), f"{percentile(values, 0.5):.3f}",
                      f"{percentile(values, 0.99):.3f}", f"{max(values):.3f}", f"{percentile(own, 0.5):.3f}",
                      f"{percentile(own, 0.99):.3f}",
                      times(percentile(kit, 0.5) / percentile(bare, 0.5)) if values is kit else "")
        label = "LangChain (_generate)" if adapter == "langchain" else "AutoGen (create)"
        fresh = samples[f"{adapter} kit, fresh words"]
        verdicts.append(Verdict(f"one decision p50, {label}", percentile(kit, 0.5), TARGET_P50_MS, "ms"))
        verdicts.append(Verdict(f"one decision p99, {label}", percentile(kit, 0.99), TARGET_P99_MS, "ms"))
        verdicts.append(Verdict(f"one decision p50, {label}, fresh words", percentile(fresh, 0.5), TARGET_P50_MS,
                                "ms"))
        verdicts.append(Verdict(f"one decision p99, {label}, fresh words", percentile(fresh, 0.99), TARGET_P99_MS,
                                "ms"))
    table.notes.append("targets (issue 9's core): p50 <= 0.3 ms, p99 <= 1 ms through both adapters (wall clock); "
                       "the CPU columns leave out time the process was not running (other load on the machine)")
    table.notes.append("'fresh words': each round's requests end every customer message in words never seen "
                       "before, so nothing the model memoised about a message helps (a real conversation), and only the "
                       "requests that end in such a message are timed (the first reading of a new message); a bare "
                       "consent reply ('yes', 'Yes, please refund me') stays as it is, since words added to it change "
                       "the decision; fresh requests deciding as the plain ones: " + result["same_decisions"])
    table.notes.append(
        f"samples pooled from {processes} child processes, each one draw of the machine's memory layout: on this "
        "machine the same code decides up to ~1.6x slower in one process than in the next (address-space layout; "
        "steadier with it fixed), so one process is one draw; p50 of each process, fresh words: LangChain "
        + " / ".join(f"{v:.3f}" for v in per_process["langchain kit, fresh words"]) + " ms, AutoGen "
        + " / ".join(f"{v:.3f}" for v in per_process["autogen kit, fresh words"]) + " ms")
    return [table], verdicts
