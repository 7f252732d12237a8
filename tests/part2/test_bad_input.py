"""Bad input gets a clear message: empty words, unknown sessions, a handoff that goes nowhere, unknown agent types."""

from __future__ import annotations

import pytest
from autogen_core.tools import FunctionTool

from handoffs.models import OfflineModelClient
from handoffs.part2 import Customer, Customers, OperatorDesk, ScriptedCustomer, SessionTimeout, build_team
from handoffs.part2 import new_runtime, run_scripted_session
from handoffs.lessons.part2 import TRIAGE_TRANSFER_TOOLS


def test_people_refuse_empty_or_unknown_input():
    with pytest.raises(ValueError, match="non-empty text"):
        Customer("s1").say("   ")
    with pytest.raises(ValueError, match="non-empty session id"):
        Customer("")
    with pytest.raises(ValueError, match="at least one non-empty line"):
        ScriptedCustomer("s1", [])
    customers = Customers()
    customers.add(Customer("s1"))
    with pytest.raises(ValueError, match="already open"):
        customers.add(Customer("s1"))
    with pytest.raises(KeyError, match="No customer for session 'nope'"):
        customers["nope"]
    desk = OperatorDesk()
    with pytest.raises(KeyError, match="No conversation of session 's9' is waiting"):
        desk.answer("s9", "hello")
    with pytest.raises(ValueError, match="non-empty text"):
        desk.answer("s9", "")


async def test_build_team_names_what_is_wrong():
    with pytest.raises(ValueError, match=r"Unknown agent type\(s\) \['Billing'\]"):
        await build_team(new_runtime(), OfflineModelClient(), agents=["Billing"])
    with pytest.raises(ValueError, match="need a model client"):
        await build_team(new_runtime(), None, agents=["TriageAgent"])


async def test_a_handoff_to_a_topic_nobody_subscribes_to_times_out_with_a_clear_message(recorder):
    def transfer_to_billing() -> str:
        return "Billing"  # no agent subscribes to this topic type

    runtime = new_runtime(recorder)
    team = await build_team(runtime, OfflineModelClient(script=[{"tool": "transfer_to_billing", "args": {}}]),
                            recorder=recorder, triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS,
                                                                      FunctionTool(transfer_to_billing, "Billing.")])
    runtime.start()
    try:
        with pytest.raises(SessionTimeout, match="no answer at all.*topic type no agent subscribes to"):
            # (the timeout must outlast the triage's hand-off, which the assertion below checks: 0.5 s was tight
            # for a loaded machine)
            await run_scripted_session(["I was charged twice"], team=team, session_id="lost", timeout=2)
    finally:
        await runtime.stop()
    assert recorder.handoffs("lost") == [("TriageAgent", "Billing")]


async def test_words_and_answers_from_another_thread_wake_the_waiting_agent():
    # a widget click in JupyterLab may arrive on a kernel subshell thread with its own loop; the agents wait on the
    # main loop, asleep in select(): only a thread-safe wakeup gets them going before the (generous) bound
    import asyncio
    import threading
    import time

    customer, desk = Customer("t1"), OperatorDesk()
    waiting = {asyncio.ensure_future(customer.next_words()), asyncio.ensure_future(desk.ask("t1", "help", []))}
    await asyncio.sleep(0)

    def clicks() -> None:
        time.sleep(0.1)  # let the main loop fall asleep first
        customer.say("hello from a click")
        desk.answer("t1", "on my way")

    loop, finished, rescued = asyncio.get_running_loop(), threading.Event(), []

    def watchdog() -> None:  # wakes the loop if nothing else does, so a broken wakeup fails instead of hanging
        if not finished.wait(10):
            rescued.append(True)
            loop.call_soon_threadsafe(lambda: None)

    threading.Thread(target=clicks).start()
    threading.Thread(target=watchdog, daemon=True).start()
    done, pending = await asyncio.wait(waiting)  # no timer: only a real wakeup (or the watchdog) ends the sleep
    finished.set()
    assert sorted(task.result() for task in done) == ["hello from a click", "on my way"]
    assert rescued == [], "the waiting agents were only woken by the watchdog: the click's wakeup is not thread-safe"
