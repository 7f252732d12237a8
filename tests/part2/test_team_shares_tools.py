"""A team builds its tools and their schemas once; each tool finds its session when it runs; the ledger is indexed."""

from __future__ import annotations

import pytest
from autogen_core import CancellationToken
from autogen_core.tools import BaseTool, FunctionTool
from customer_scripts import REFUND, SALES

from handoffs.part2 import run_many_sessions
from handoffs.part2.tools import ITEM_ID, Ledger, Order, Refund, refund_tools, sales_tools


async def test_sessions_build_no_tools_and_no_schemas_and_tools_act_for_their_own_session(start_team, monkeypatch):
    team = await start_team()
    built, schemas = [], []
    real_init, real_schema = FunctionTool.__init__, BaseTool.schema

    def counting_init(self, *args, **kwargs):
        built.append(args[0] if args else kwargs.get("func"))
        real_init(self, *args, **kwargs)

    monkeypatch.setattr(FunctionTool, "__init__", counting_init)
    monkeypatch.setattr(BaseTool, "schema", property(lambda self: schemas.append(self.name) or real_schema.fget(self)))
    scripts = {f"s{i}": (SALES if i % 2 else REFUND) for i in range(6)}
    results = await run_many_sessions(team, scripts, timeout=60)
    assert built == []  # six sessions, twelve AI agent instances: not one new tool
    # each tool's schema built once, for all sessions (the seed's delegate tools may have been built by another test)
    assert len(schemas) == len(set(schemas)) and {"execute_order", "execute_refund", "look_up_item"} <= set(schemas)
    for session, result in results.items():
        if int(session[1:]) % 2:
            assert [(o.session_id, o.confirmed) for o in result.orders] == [(session, True)] and not result.refunds
        else:
            assert [(r.session_id, r.item_id) for r in result.refunds] == [(session, ITEM_ID)] and not result.orders
    assert {s for s, _ in team.ledger.lookups} == {"s0", "s2", "s4"}


async def test_a_tool_outside_an_agent_says_how_to_try_it_and_a_fixed_session_works():
    ledger = Ledger()
    refund, look_up = refund_tools(ledger)
    with pytest.raises(RuntimeError, match=r"inside an agent's message handler.*refund_tools\(Ledger\(\), 'my-session'\)"):
        await refund.run_json({"item_id": "x", "reason": "r"}, CancellationToken())
    assert ledger.refunds == []
    refund, look_up = refund_tools(ledger, "demo")
    assert await look_up.run_json({"search_query": "skates"}, CancellationToken()) == ITEM_ID
    await refund.run_json({"item_id": ITEM_ID, "reason": "broke"}, CancellationToken())
    assert ledger.refunds_of("demo") == [Refund("demo", ITEM_ID, "broke")] and ledger.lookups == [("demo", "skates")]
    (order,) = sales_tools(ledger, "demo")  # no confirm given: nobody said yes
    assert await order.run_json({"product": "Hole", "price": 5}, CancellationToken()) == "User cancelled order."
    with pytest.raises(ValueError, match="non-empty session id"):
        sales_tools(ledger, "")


def test_ledger_lookups_follow_appends_and_a_cleared_list():
    ledger = Ledger()
    ledger.orders.append(Order("a", "Hole", 5, True))
    assert ledger.orders_of("a") == [Order("a", "Hole", 5, True)] and ledger.orders_of("b") == []
    ledger.orders += [Order("b", "Skates", 7, False), Order("a", "Rocket", 9, True)]
    assert [o.product for o in ledger.orders_of("a")] == ["Hole", "Rocket"]
    ledger.orders_of("a").clear()  # a copy: the ledger keeps its entries
    assert len(ledger.orders_of("a")) == 2
    ledger.orders.clear()
    ledger.orders.append(Order("b", "Anvil", 1, True))
    assert ledger.orders_of("a") == [] and [o.product for o in ledger.orders_of("b")] == ["Anvil"]
    ledger.orders[:] = [Order("c", "Skates", 2, True)]  # same length, other entries
    assert ledger.orders_of("b") == [] and len(ledger.orders_of("c")) == 1
