"""The pictures show what the configuration and the record say: asserted on matplotlib artists, not pixels."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402
from langchain.messages import ToolMessage  # noqa: E402
from langchain.tools import ToolRuntime, tool  # noqa: E402
from langgraph.checkpoint.memory import InMemorySaver  # noqa: E402
from langgraph.types import Command  # noqa: E402
from matplotlib.patches import FancyArrowPatch  # noqa: E402
from matplotlib.text import Text  # noqa: E402

from handoffs.part2 import run_scripted_session  # noqa: E402
from handoffs.recorder import RunRecorder, StepChangeEvent, ToolRunEvent  # noqa: E402
from handoffs.part1 import STEP_TABLE, ask, build_support_agent  # noqa: E402
from handoffs.viz import handoff_rows, plot_handoffs, plot_step_graph, texts_of  # noqa: E402
from handoffs.viz.style import PATH  # noqa: E402


def by_gid(fig, kind=object):
    return {a.get_gid(): a for a in fig.findobj(kind) if a.get_gid()}


@pytest.fixture(scope="module")
def billing_run():
    rec = RunRecorder()
    agent = build_support_agent(checkpointer=InMemorySaver(), recorder=rec)
    ask(agent, "I was charged twice", {"configurable": {"thread_id": "bill"}})
    return rec


def test_step_graph_shows_every_step_and_tool_and_numbers_the_recorded_path(billing_run):
    fig = plot_step_graph(STEP_TABLE, billing_run, "bill")
    texts = texts_of(fig)
    for step in ("triage", "resolve", "done"):
        assert step in texts
    assert {"✓ record_issue", "✓ resolve_billing", "✓ end_conversation", "resolve_technical", "resolve_other"} <= set(texts)
    assert "Step graph — conversation bill" in texts
    numbers = by_gid(fig, Text)
    assert numbers["number-1"].get_text() == "1" and numbers["number-2"].get_text() == "2"
    assert "number-3" not in numbers  # two step changes, two numbers
    arrows = by_gid(fig, FancyArrowPatch)
    assert matplotlib.colors.to_hex(arrows["edge-triage-resolve-record_issue"].get_edgecolor()) == PATH
    assert arrows["edge-resolve-done-end_conversation"].get_linewidth() == 4


def test_without_a_record_the_graph_is_the_configuration_alone():
    fig = plot_step_graph(STEP_TABLE)
    texts = texts_of(fig)
    assert {"record_issue", "end_conversation", "(no tools)", "Step graph"} <= set(texts)
    assert not [t for t in texts if t.startswith("✓")] and "number-1" not in by_gid(fig, Text)


def test_a_learners_new_step_appears_with_no_code_change():
    @tool
    def escalate(runtime: ToolRuntime) -> Command:
        """Hand the case to a person."""
        return Command(update={"messages": [ToolMessage("Escalated.", tool_call_id=runtime.tool_call_id)],
                               "current_step": "escalate"})  # the edge: written here only

    step_table = {**STEP_TABLE,
                  "triage": {**STEP_TABLE["triage"], "tools": [*STEP_TABLE["triage"]["tools"], escalate]},
                  "escalate": {"prompt": "Hand over to a person.", "tools": ["hand_to_human"]}}
    fig = plot_step_graph(step_table)
    assert {"escalate", "hand_to_human"} <= set(texts_of(fig))
    assert "edge-triage-escalate-escalate" in by_gid(fig, FancyArrowPatch)


def test_transitions_and_recorded_changes_add_edges_and_unconfigured_steps():
    rec = RunRecorder()
    rec.add(StepChangeEvent, "c", from_step="triage", to_step="resolve", tool="record_issue")
    rec.add(ToolRunEvent, "c", actor="resolve", tool="resolve_billing", refused=True)
    rec.add(StepChangeEvent, "c", from_step="resolve", to_step="apology", tool=None)
    fig = plot_step_graph({"triage": {"tools": ["record_issue"]}, "resolve": {"tools": ["resolve_billing"]}}, rec,
                          transitions={"record_issue": "resolve"})
    texts = texts_of(fig)
    assert {"apology", "(not in the step table)", "(state)", "✗ resolve_billing"} <= set(texts)
    arrows = by_gid(fig, FancyArrowPatch)
    assert {"edge-triage-resolve-record_issue", "edge-resolve-apology-(state)"} <= set(arrows)


async def test_handoff_picture_of_a_real_part2_session_has_lanes_handoffs_and_replies_in_order():
    rec = RunRecorder()
    await run_scripted_session(["I want a refund for my broken rocket", "no, it still does not work", "yes"],
                               recorder=rec, session_id="refund-1", timeout=30)
    rows = handoff_rows(rec, "refund-1")
    kinds = [kind for kind, *_ in rows]
    assert rows[0][:3] == ("ask", "customer", "TriageAgent")
    assert rows[1] == ("handoff", "TriageAgent", "IssuesAndRepairsAgent", "transfer_to_issues_and_repairs")
    assert kinds.count("ask") == 3 and kinds.count("reply") == 3
    assert ("tool", "IssuesAndRepairsAgent", "IssuesAndRepairsAgent", "execute_refund") in rows
    fig = plot_handoffs(rec, "refund-1", agents=["TriageAgent", "SalesAgent", "IssuesAndRepairsAgent"])
    texts = texts_of(fig)
    assert {"customer", "TriageAgent", "SalesAgent", "IssuesAnd\nRepairsAgent"} <= set(texts)  # SalesAgent: from config
    assert "→ transfer_to_issues_and_repairs" in texts and "⚙ execute_refund" in texts
    numbers = [t.get_text() for t in fig.findobj(Text) if (t.get_gid() or "").startswith("number-")]
    assert numbers == [str(i) for i in range(1, len(rows) + 1)]


def test_dollar_signs_in_messages_are_shown_as_typed():
    from handoffs.recorder import MessageEvent

    rec = RunRecorder()
    rec.add(MessageEvent, "c", role="user", actor="user", text="It cost $10 and $20")
    fig = plot_handoffs(rec, "c")
    shown = [t for t in fig.findobj(Text) if "$10" in t.get_text()]
    assert shown and not shown[0].get_parse_math()



def _escalate_table():
    """The support bot with the exercise's escalate step: a long tool name on a diagonal arrow, and in two boxes."""
    @tool
    def escalate_to_manager(runtime: ToolRuntime) -> Command:
        """Hand the case to a manager."""
        return Command(update={"messages": [ToolMessage("Escalated.", tool_call_id=runtime.tool_call_id)],
                               "current_step": "escalate"})

    return {**STEP_TABLE,
            "triage": {**STEP_TABLE["triage"], "tools": [*STEP_TABLE["triage"]["tools"], escalate_to_manager]},
            "escalate": {"prompt": "Open a ticket.", "tools": ["open_manager_ticket", "end_conversation"]}}


def _misplaced(fig):
    """(text, box) pairs a person would see wrong: an arrow's tool name over a step's frame, or a tool line that
    leaves its own step's box; extents as drawn, in display pixels."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.patches import FancyBboxPatch

    renderer = FigureCanvasAgg(fig).get_renderer()
    fig.draw(renderer)
    boxes = {gid.removeprefix("step-"): patch.get_window_extent(renderer)
             for gid, patch in by_gid(fig, FancyBboxPatch).items() if gid.startswith("step-")}
    texts = [(text.get_gid() or "", text.get_window_extent(renderer)) for text in fig.findobj(Text)]
    labels = [(gid, extent) for gid, extent in texts if gid.startswith("edge-label-")]
    lines = [(gid, extent) for gid, extent in texts if gid.startswith("tool-")]
    arrows = [gid for gid in by_gid(fig, FancyArrowPatch) if gid.startswith("edge-")]
    assert len(labels) == len(arrows) and lines, "the picture's gids changed: this check would check nothing"
    wrong = [(gid, step) for gid, extent in labels for step, frame in boxes.items() if extent.overlaps(frame)]
    for gid, extent in lines:
        step = max((s for s in boxes if gid.startswith(f"tool-{s}-")), key=len)  # "done" and "done-2" both match
        if extent.x0 < boxes[step].x0 or extent.x1 > boxes[step].x1:
            wrong.append((gid, step))
    return wrong


@pytest.mark.parametrize("language", ["en", "ko"])
def test_a_tools_name_on_an_arrow_fits_between_the_boxes_it_joins(billing_run, language):
    """Boxes and gaps are measured from the words they hold: every tool's name on an arrow sits between the steps,
    never over a frame, and every tool line stays in its box: the support bot with and without a record, and with
    the exercise's escalate step (a long name on a diagonal arrow), in both languages (the fonts differ)."""
    import handoffs

    before = handoffs.language()
    handoffs.set_language(language)
    try:
        escalated = RunRecorder()
        escalated.add(StepChangeEvent, "e", from_step="triage", to_step="escalate", tool="escalate_to_manager")
        escalated.add(StepChangeEvent, "e", from_step="escalate", to_step="done", tool="end_conversation")
        for fig in (plot_step_graph(STEP_TABLE, billing_run, "bill"), plot_step_graph(STEP_TABLE),
                    plot_step_graph(_escalate_table(), escalated, "e")):
            assert _misplaced(fig) == []
            assert fig.get_figwidth() <= 12.9  # shown at full size on a slide (style.FONT_SMALLEST's bound)
    finally:
        handoffs.set_language(before)


def _crossings(fig) -> list[tuple[str, str]]:
    """Pairs of arrows whose drawn lines cross (touching where two arrows start or end together is not crossing)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.path import Path as MplPath

    FigureCanvasAgg(fig).draw()

    def segments(arrow):  # the line and the head as drawn (a closing vertex is no point)
        found, last = [], None
        for point, code in arrow.get_path().iter_segments(simplify=False, curves=False):
            point = tuple(point[-2:])
            if code == MplPath.LINETO and last is not None:
                found.append((last, point))
            last = point if code in (MplPath.MOVETO, MplPath.LINETO) else last
        return found

    def side(a, b, c) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    def cross(p, q) -> bool:  # strictly: each segment's ends on opposite sides of the other
        return side(*p, q[0]) * side(*p, q[1]) < 0 and side(*q, p[0]) * side(*q, p[1]) < 0

    arrows = {gid: segments(a) for gid, a in by_gid(fig, FancyArrowPatch).items() if gid.startswith("edge-")}
    names = sorted(arrows)
    assert len(names) >= 4, "the picture's gids changed: this check would check nothing"
    return [(a, b) for i, a in enumerate(names) for b in names[i + 1:]
            if any(cross(p, q) for p in arrows[a] for q in arrows[b])]


TEAM_TABLE = {"triage": {"tools": ["transfer_to_sales_agent", "transfer_to_issues_and_repairs"]},
              "sales": {"tools": ["execute_order", "transfer_back_to_triage"]},
              "issues_and_repairs": {"tools": ["execute_refund", "look_up_item", "transfer_back_to_triage"]}}
TEAM_MOVES = {"transfer_to_sales_agent": "sales", "transfer_to_issues_and_repairs": "issues_and_repairs",
              "transfer_back_to_triage": "triage"}


@pytest.mark.parametrize("language", ["en", "ko"])
def test_arrows_back_to_the_first_agent_cross_no_other_arrow(language):
    """Notebook 10's shape (the seed's team as one graph): two agents stacked in the last column, each with a way
    back to triage. The ways back go round each other on the right, where no arrow runs, instead of down the gap
    that the diagonal arrow into the lower agent crosses; no label sits on a box either."""
    import handoffs

    before = handoffs.language()
    handoffs.set_language(language)
    try:
        for size in (None, (12.4, 6.0)):  # its own size, and notebook 10's
            fig = plot_step_graph(TEAM_TABLE, transitions=TEAM_MOVES, size=size)
            assert _crossings(fig) == [] and _misplaced(fig) == []
    finally:
        handoffs.set_language(before)
