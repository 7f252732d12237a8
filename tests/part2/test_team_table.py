"""Each edge of Part 2's team is declared once, in the transfer tool that makes it; the map is read from the tools."""

from __future__ import annotations

import pytest
from autogen_core.tools import FunctionTool

from handoffs.lessons import part2
from handoffs.part2.team_table import agent_types, destination_of, handoff_map


def test_the_handoff_map_is_read_from_the_transfer_tools():
    assert handoff_map() == {
        "TriageAgent": ["IssuesAndRepairsAgent", "SalesAgent", "HumanAgent"],
        "SalesAgent": ["TriageAgent"],
        "IssuesAndRepairsAgent": ["TriageAgent"],
    }
    assert agent_types() == ["TriageAgent", "SalesAgent", "IssuesAndRepairsAgent", "HumanAgent", "User"]


def test_a_new_row_and_tool_extend_the_map_without_another_declaration():
    def transfer_to_billing() -> str:
        return "BillingAgent"

    billing = FunctionTool(transfer_to_billing, description="Use for billing.")
    table = dict(part2.TEAM)
    triage = table["TriageAgent"]
    table["TriageAgent"] = triage._replace(transfer_tools=(*triage.transfer_tools, billing))
    table["BillingAgent"] = part2.TeamRow("A billing agent.", "Bill.", (), (part2.transfer_back_to_triage_tool,))
    assert handoff_map(table)["TriageAgent"][-1] == "BillingAgent"
    assert agent_types(table)[-3:] == ["BillingAgent", "HumanAgent", "User"]


def test_a_tool_that_is_not_a_transfer_tool_is_named():
    async def look(query: str) -> str:
        return query

    with pytest.raises(TypeError, match="look"):
        destination_of(FunctionTool(look, description=""))
