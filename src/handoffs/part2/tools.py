"""The work tools of seed 003's AI agents: ``execute_order``, ``look_up_item``, ``execute_refund``.

Names, parameters, return values and descriptions are the seed's (the model chooses tools by them). What
changes:

* ``execute_order`` asks the customer "Confirm order? y/n" through a ``confirm`` coroutine instead of
  ``input()``: the team wires it to a direct request to the customer's own agent, so the question appears in
  the customer's chat panel (or is answered by a scripted customer), even when the sales agent runs in another
  process;
* every order, lookup and refund is written to a :class:`Ledger` (one per team, entries tagged with the
  session id) instead of being printed, so tests and notebooks can check what was really done.

A team builds its tools **once** (:func:`sales_tools`, :func:`refund_tools`), not once per session: AutoGen
creates one agent instance per session key, and a tool finds its session when it runs, from the id of the agent
whose message handler calls it (:func:`calling_session`). Give a session id instead to get tools fixed to one
session (to try a tool by hand). :func:`schema_of` keeps each tool's JSON schema, which AutoGen's ``FunctionTool``
rebuilds from pydantic on every ``.schema``. No transfer tools here (notebook 06 defines them).
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Dict, List, Optional, Union

from autogen_core import MessageHandlerContext
from autogen_core.tools import FunctionTool, Tool, ToolSchema

ITEM_ID = "item_132612938"
"""The item every lookup finds (the seed's stand-in for a product database)."""

Confirm = Callable[[str], Awaitable[bool]]
"""Ask the session's customer a yes/no question; True when they said yes."""

Session = Union[str, Callable[[], str]]
"""A session id, or a function returning the session of the tool call being run."""


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
    """What the tools really did, across all sessions of a team (``orders_of`` / ``refunds_of`` are indexed)."""

    orders: List[Order] = field(default_factory=list)
    refunds: List[Refund] = field(default_factory=list)
    lookups: List[tuple[str, str]] = field(default_factory=list)
    _index: Dict[str, tuple[int, Any, Dict[str, list]]] = field(default_factory=dict, init=False, repr=False,
                                                                compare=False)

    def orders_of(self, session_id: str) -> List[Order]:
        return self._of("orders", self.orders, session_id)

    def refunds_of(self, session_id: str) -> List[Refund]:
        return self._of("refunds", self.refunds, session_id)

    def _of(self, name: str, entries: list, session_id: str) -> list:
        """Entries of one session, from an index brought up to date with whatever was appended since last time."""
        indexed, last, by_session = self._index.get(name, (0, None, {}))
        if indexed > len(entries) or (indexed and entries[indexed - 1] is not last):  # cleared or replaced: again
            indexed, by_session = 0, {}
        for entry in entries[indexed:]:
            by_session.setdefault(entry.session_id, []).append(entry)
        self._index[name] = (len(entries), entries[-1] if entries else None, by_session)
        return list(by_session.get(session_id, ()))

    def as_dict(self) -> dict[str, list[dict[str, object]]]:
        """Plain data (a worker process writes this to a file for the notebook that started it)."""
        return {
            "orders": [vars(o) for o in self.orders],
            "refunds": [vars(r) for r in self.refunds],
            "lookups": [{"session_id": s, "search_query": q} for s, q in self.lookups],
        }


def calling_session() -> str:
    """The session of the tool call being run: the key of the agent whose message handler runs it."""
    try:
        return MessageHandlerContext.agent_id().key
    except RuntimeError:
        raise RuntimeError("This tool finds its session from the agent that calls it, so it runs only inside an "
                           "agent's message handler; to try it by hand, build it for one session, e.g. "
                           "refund_tools(Ledger(), 'my-session').") from None


def _session_getter(session: Session) -> Callable[[], str]:
    if callable(session):
        return session
    if not isinstance(session, str) or not session:
        raise ValueError("A session must be a non-empty session id, or calling_session.")
    return lambda: session


def schema_of(tool: Tool) -> ToolSchema:
    """``tool.schema``, computed once per tool object and then shared.

    AutoGen's ``BaseTool.schema`` rebuilds the JSON schema from the tool's pydantic argument model on every access,
    and every agent instance (one per session) reads the schemas of its work tools and transfer tools. A tool's schema
    depends only on what it was built with, so the first one is kept (a tool that cannot be weakly referenced is
    simply asked every time).
    """
    try:
        return _SCHEMAS[tool]
    except KeyError:
        schema = _SCHEMAS[tool] = tool.schema
        return schema
    except TypeError:
        return tool.schema


_SCHEMAS: "weakref.WeakKeyDictionary[Any, ToolSchema]" = weakref.WeakKeyDictionary()


def sales_tools(ledger: Ledger, session: Session = calling_session, confirm: Optional[Confirm] = None) -> List[Tool]:
    """The sales agent's tools: ``execute_order`` (``confirm`` asks the customer; without it, nobody confirms)."""
    session_of = _session_getter(session)

    async def execute_order(product: str, price: int) -> str:
        from .customer_text import CUSTOMER_TEXT  # the kit's language when the question is asked

        summary = CUSTOMER_TEXT["order_summary"].format(product=product, price=price)
        session_id = session_of()
        confirmed = await confirm(summary) if confirm is not None else False
        ledger.orders.append(Order(session_id, product, int(price), confirmed))
        return "Success" if confirmed else "User cancelled order."

    return [FunctionTool(execute_order, description="Price should be in USD.")]


def refund_tools(ledger: Ledger, session: Session = calling_session) -> List[Tool]:
    """The issues-and-repairs agent's tools: ``execute_refund`` and ``look_up_item``."""
    session_of = _session_getter(session)

    # Coroutines, though they do not wait for anything: AutoGen runs a plain function in a worker thread, where
    # the calling agent (hence the session) is not known, and the thread hop costs more than the work.
    async def look_up_item(search_query: str) -> str:
        ledger.lookups.append((session_of(), search_query))
        return ITEM_ID

    async def execute_refund(item_id: str, reason: str = "not provided") -> str:
        ledger.refunds.append(Refund(session_of(), item_id, reason))
        return "success"

    return [
        FunctionTool(execute_refund, description=""),
        FunctionTool(look_up_item, description="Use to find item ID.\nSearch query can be a description or keywords."),
    ]
