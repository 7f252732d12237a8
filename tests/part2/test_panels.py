"""The seed's input() calls replaced by panels: the customer's ChatPanel and the human operator's OperatorPanel."""

from __future__ import annotations

import asyncio
import threading

from customer_scripts import SALES

from handoffs.part2.people import PanelCustomer
from handoffs.ui import AutoGenBackend, ChatPanel, OperatorPanel


async def test_customer_chats_in_a_panel_and_confirms_the_order_there(start_team, recorder):
    team = await start_team()
    backend = AutoGenBackend("panel-1", timeout=20)
    panel = ChatPanel(backend, recorder=recorder)
    await team.open_session(PanelCustomer(backend))
    replies = [await panel.send(text) for text in SALES]
    assert "roadrunner" in replies[0].lower()  # the sales routine's first step, answered in the panel
    assert replies[-1].endswith("Confirm order? y/n")  # the order's y/n is asked in the panel ...
    assert team.ledger.orders == []
    done = await panel.send("y")  # ... and answered there
    assert "caveat" in done
    assert [(o.session_id, o.confirmed) for o in team.ledger.orders] == [("panel-1", True)]
    assert [e.speaker for e in panel.messages if e.role != "user"] == ["SalesAgent"] * 3 + ["order", "SalesAgent"]
    assert await panel.send("exit") == "Session ended. Goodbye!"


async def test_operator_panel_is_the_human_agents_desk(start_team, recorder):
    desk = OperatorPanel()
    team = await start_team(operators=desk)
    backend = AutoGenBackend("panel-2", timeout=20)
    panel = ChatPanel(backend, recorder=recorder)
    await team.open_session(PanelCustomer(backend))
    turn = asyncio.ensure_future(panel.send("I want to talk to a human"))
    request = await desk.next_request(timeout=20)
    assert (request.conversation, request.request) == ("panel-2", "I want to talk to a human")
    await desk.reply("Hello, this is Sam, a real person.")
    assert await turn == "Hello, this is Sam, a real person."
    assert panel.messages[-1].role == "operator"
    assert recorder.current_agent("panel-2") == "HumanAgent"
    assert desk.pending == []


# JupyterLab 4.6 + ipykernel 7.4 deliver the 2nd and later widget clicks on a kernel subshell thread (own loop)
async def test_a_panel_turn_clicked_on_a_subshell_thread_is_answered(start_team):
    team = await start_team()
    backend = AutoGenBackend("subshell", timeout=60)
    await team.open_session(PanelCustomer(backend))
    loops, replies, finished, rescued = [asyncio.get_running_loop()], [], threading.Event(), []

    async def click() -> None:
        loops.append(asyncio.get_running_loop())
        replies.append(await backend.respond("I want to buy something"))

    def subshell() -> None:  # a thread with its own event loop, like ipykernel's subshells
        asyncio.run(click())
        finished.set()

    def watchdog() -> None:  # pokes both loops if nothing else wakes them, so a lost wakeup fails instead of hanging
        while not finished.wait(30):  # not 5 s: a slow turn (first decisions, load) poked would fail a good wakeup
            rescued.append(True)
            for loop in loops:
                loop.call_soon_threadsafe(lambda: None)

    threading.Thread(target=subshell).start()
    threading.Thread(target=watchdog, daemon=True).start()
    await asyncio.to_thread(finished.wait)  # the main loop keeps serving the runtime meanwhile
    assert replies and "roadrunner" in replies[0].text.lower()
    assert rescued == [], "the turn only finished because the watchdog woke a loop: a wakeup is not thread-safe"
