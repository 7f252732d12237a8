"""The work tools of seed 003's AI agents: ``execute_order``, ``look_up_item``, ``execute_refund``.

Names, parameters, return values and descriptions are the seed's (the model chooses tools by them). What
changes:

* ``execute_order`` asks the customer "Confirm order? y/n" through a ``confirm`` coroutine instead of
  ``input()``: the team wires it to a direct request to the customer's own agent, so the question appears in
  the customer's chat panel (or is answered by a scripted customer), even when the sales agent runs in another
  process;
* every order, lookup and refund is written to a :class:`Ledger` (one per team, entries tagged with the
  session id) instead of being printed, so tests and notebooks can check what was really done.

Tools are made per session (:func:`sales_tools`, :func:`refund_tools`): AutoGen creates one agent instance per
session key, and its factory builds that instance's tools bound to the session. No delegate tools here (see
:mod:`handoffs.multi_agent.delegates`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Awaitable, Callable, List

from autogen_core.tools import FunctionTool, Tool

ITEM_ID = "item_132612938"
"""The item every lookup finds (the seed's stand-in for a product database)."""

Confirm = Callable[[str], Awaitable[bool]]
"""Ask the session's customer a yes/no question; True when they said yes."""


@dataclass(frozen=True)
class Order:
    session_id: str
    product: str
    price: int
    confirmed: bool


@dataclass(frozen=True)
class Refund:
    session_id: str
    item_id: str
    reason: str


@dataclass
class Ledger:
    """What the tools really did, across all sessions of a team."""

    orders: List[Order] = field(default_factory=list)
    refunds: List[Refund] = field(default_factory=list)
    lookups: List[tuple[str, str]] = field(default_factory=list)

    def orders_of(self, session_id: str) -> List[Order]:
        return [o for o in self.orders if o.session_id == session_id]

    def refunds_of(self, session_id: str) -> List[Refund]:
        return [r for r in self.refunds if r.session_id == session_id]

    def as_dict(self) -> dict[str, list[dict[str, object]]]:
        """Plain data (a worker process writes this to a file for the notebook that started it)."""
        return {
            "orders": [vars(o) for o in self.orders],
            "refunds": [vars(r) for r in self.refunds],
            "lookups": [{"session_id": s, "search_query": q} for s, q in self.lookups],
        }


def sales_tools(ledger: Ledger, session_id: str, confirm: Confirm) -> List[Tool]:
    """The sales agent's tools for one session: ``execute_order``."""

    async def execute_order(product: str, price: int) -> str:
        from .customer_text import CUSTOMER_TEXT  # the kit's language when the question is asked

        summary = CUSTOMER_TEXT["order_summary"].format(product=product, price=price)
        confirmed = await confirm(summary)
        ledger.orders.append(Order(session_id, product, int(price), confirmed))
        return "Success" if confirmed else "User cancelled order."

    return [FunctionTool(execute_order, description="Price should be in USD.")]


def refund_tools(ledger: Ledger, session_id: str) -> List[Tool]:
    """The issues-and-repairs agent's tools for one session: ``execute_refund`` and ``look_up_item``."""

    def look_up_item(search_query: str) -> str:
        ledger.lookups.append((session_id, search_query))
        return ITEM_ID

    def execute_refund(item_id: str, reason: str = "not provided") -> str:
        ledger.refunds.append(Refund(session_id, item_id, reason))
        return "success"

    return [
        FunctionTool(execute_refund, description=""),
        FunctionTool(look_up_item, description="Use to find item ID.\nSearch query can be a description or keywords."),
    ]
