"""The seed's input() calls replaced by panels: the customer's ChatPanel and the human operator's OperatorPanel."""

from __future__ import annotations

import asyncio

from conftest import SALES

from handoffs.multi_agent.people import PanelCustomer
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
