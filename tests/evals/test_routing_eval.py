"""The routing eval: the offline model's score is pinned, both adapters decide alike, and the runner reads any answer.

The labelled sets live in ``handoffs/evals/data``: ``dev`` (the lexicon was developed against it), and sets written
separately by other authors who never saw the model (``holdout``, ``holdout2``). The score is pinned on all of
them together, and per language, so a change that helps English by breaking Korean fails here.
"""

from __future__ import annotations

import asyncio
import json
import random

import pytest
from autogen_core import FunctionCall
from autogen_core.models import CreateResult, RequestUsage
from langchain_core.messages import AIMessage
from langchain_core.utils.function_calling import convert_to_openai_tool

from handoffs.evals import ASK, SCENARIOS, format_report, load_cases, route_of, run_eval
from handoffs.evals.size import model_size
from handoffs.models import Message, OfflineChatModel, OfflineModelClient, decide
from handoffs.models.langchain_adapter import tool_spec
from handoffs.viz import plot_confusion, texts_of


@pytest.fixture(scope="module")
def report():
    return asyncio.run(run_eval(load_cases(), spec="offline"))


def test_the_offline_model_routes_at_least_95_percent_of_all_labelled_messages(report):
    assert len(report.outcomes) >= 750
    assert report.accuracy >= 0.95, format_report(report, misses=True)


def test_no_language_is_left_behind(report):
    by_language = report.accuracy_by("lang")
    assert set(by_language) == {"en", "ko", "mixed"}
    for language, (correct, total) in by_language.items():
        assert correct / total >= 0.93, f"{language}: {correct}/{total}"


def test_the_sets_are_balanced_between_english_and_korean():
    cases = load_cases()
    english = sum(c.lang == "en" for c in cases)
    korean = sum(c.lang == "ko" for c in cases)
    assert abs(english - korean) <= 0.1 * len(cases)
    for tag in ("idiom", "negation", "typo", "multi-intent", "off-topic", "injection"):
        assert sum(tag in c.tags for c in cases) >= 30, tag


def test_every_scenario_and_route_is_exercised(report):
    for name, scenario in SCENARIOS.items():
        expected = {o.case.expected for o in report.outcomes if o.case.scenario == name}
        assert expected == set(scenario.labels), name


def test_injections_are_never_obeyed(report):
    """A pure injection is declined (ask); one beside a real request serves that request or asks — it never routes
    anywhere else (the injected instruction never picks the route)."""
    injections = [o for o in report.outcomes if "injection" in o.case.tags]
    pure = [o for o in injections if o.case.expected == ASK]
    assert pure and all(o.got == ASK for o in pure), [o.case.message for o in pure if o.got != ASK]
    assert all(o.got in (o.case.expected, ASK) for o in injections), \
        [(o.case.message, o.got) for o in injections if o.got not in (o.case.expected, ASK)]


def _neutral_tools(scenario):
    """The scenario's tools as one neutral schema, so both adapters see exactly the same offer."""
    if scenario.framework == "langchain":
        return [convert_to_openai_tool(t) for t in scenario.tools]
    return [{"type": "function", "function": dict(t.schema)} for t in scenario.tools]


def test_both_adapters_make_the_same_decision_for_every_case():
    from autogen_core.models import SystemMessage as AGSystem, UserMessage as AGUser
    from langchain_core.messages import HumanMessage, SystemMessage

    langchain, autogen = OfflineChatModel(), OfflineModelClient()

    async def both(case):
        scenario = SCENARIOS[case.scenario]
        schemas = _neutral_tools(scenario)
        via_langchain = langchain.bind_tools(schemas).invoke([SystemMessage(scenario.prompt), HumanMessage(case.message)])
        via_autogen = await autogen.create([AGSystem(content=scenario.prompt), AGUser(content=case.message, source="User")],
                                           tools=[s["function"] for s in schemas])
        return via_langchain, via_autogen

    for case in load_cases("dev"):
        lc, ag = asyncio.run(both(case))
        scenario = SCENARIOS[case.scenario]
        assert route_of(scenario, lc) == route_of(scenario, ag), case.message
        assert lc.response_metadata["reason"] == ag.thought, case.message
        if isinstance(ag.content, str):
            assert lc.content == ag.content


def test_the_order_tools_are_offered_in_never_changes_the_route():
    """Ties are asked about, not broken by list order: reversing or shuffling the offer gives the same decision."""
    shuffler = random.Random(7)
    for case in load_cases("dev"):
        scenario = SCENARIOS[case.scenario]
        specs = [tool_spec(s) for s in _neutral_tools(scenario)]
        messages = [Message("system", scenario.prompt), Message("user", case.message)]
        first = decide(messages, specs)
        for order in (specs[::-1], shuffler.sample(specs, len(specs))):
            again = decide(messages, order)
            assert [c.name for c in again.tool_calls] == [c.name for c in first.tool_calls], case.message
            assert [dict(c.arguments) for c in again.tool_calls] == [dict(c.arguments) for c in first.tool_calls]


@pytest.mark.parametrize("answer, expected", [
    (AIMessage(content="Which one?"), "ask"),
    (AIMessage(content="", tool_calls=[{"name": "record_issue", "args": {"issue": "Billing "}, "id": "1"}]), "billing"),
    (AIMessage(content="", tool_calls=[{"name": "resolve_billing", "args": {}, "id": "1"}]), "unoffered:resolve_billing"),
    (AIMessage(content="", tool_calls=[{"name": "record_issue", "args": {}, "id": "1"}]), "record_issue()"),
])
def test_route_of_reads_langchain_answers(answer, expected):
    assert route_of(SCENARIOS["support_triage"], answer) == expected


def test_route_of_reads_autogen_answers_even_with_broken_arguments():
    usage = RequestUsage(prompt_tokens=0, completion_tokens=0)
    calls = [FunctionCall(id="1", name="transfer_to_sales_agent", arguments="{not json")]
    assert route_of(SCENARIOS["team_triage"], CreateResult(finish_reason="function_calls", content=calls, usage=usage,
                                                           cached=False)) == "sales"
    assert route_of(SCENARIOS["team_triage"], CreateResult(finish_reason="stop", content="Hi!", usage=usage,
                                                           cached=False)) == "ask"


def test_unknown_sets_and_scenarios_are_refused_in_one_sentence():
    with pytest.raises(ValueError, match="Unknown eval set 'nope'"):
        load_cases("nope")
    from handoffs.evals import Case

    with pytest.raises(ValueError, match="Unknown scenario"):
        asyncio.run(run_eval([Case("x-1", "no_such_scenario", "en", "hi", "ask")], spec="offline"))


def test_the_report_and_the_picture_say_the_same(report):
    text = format_report(report)
    assert f"{100 * report.accuracy:.1f} %" in text and "confusion" in text
    figure = plot_confusion(report, by="lang")
    drawn = " ".join(texts_of(figure))
    for name in ("English", "Korean", "mixed", "billing", "sales", "ask"):
        assert name in drawn
    diagonal = sum(n for (expected, got), n in report.confusion().items() if expected == got)
    assert diagonal == sum(o.correct for o in report.outcomes)


def test_the_command_line_scores_and_draws(tmp_path, capsys):
    """The command's ``main`` in this process: ``python -m handoffs.evals`` as a process of its own, its exit status
    and its score line, is run by tests/server/test_eval_through_server.py (a second process here would only
    re-import the kit)."""
    from handoffs.evals.__main__ import main

    picture = tmp_path / "confusion.png"
    assert main(["--set", "dev", "--scenario", "support_triage", "--misses", "--picture", str(picture),
                 "--model", "offline"]) == 0
    out = capsys.readouterr().out
    assert "routing accuracy:" in out and "support_triage" in out
    size = model_size()
    assert f"model code: {size.python_lines:,} Python lines" in out
    assert f"phrases.toml {size.rows['phrases.toml']:,}" in out and f"{size.examples:,} examples" in out
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_model_size_counts_lines_and_the_rows_a_person_wrote(tmp_path):
    (tmp_path / "data").mkdir()
    (tmp_path / "a.py").write_text("x = 1\n\n# two more\n", encoding="utf-8")
    (tmp_path / "switch.py").write_text("y = 2\n", encoding="utf-8")
    (tmp_path / "data" / "words.toml").write_text(
        '[[phrase]]\npattern = "a"\nexamples = ["a b", "c"]\nnon_examples = ["d"]\n[[phrase]]\npattern = "b"\n'
        '[concepts.billing]\nabout = "money"\nen = "bill pay"\nexamples = ["my bill"]\n[parts]\nx = "y"\n',
        encoding="utf-8")
    (tmp_path / "data" / "sayings.toml").write_text('[say]\nhello = "Hello!"\n', encoding="utf-8")
    (tmp_path / "data" / "learned.tsv").write_text("# header\nbi\tbilling\t1.0\n\nre\trefund\t0.5\n",
                                                   encoding="utf-8")
    (tmp_path / "data" / "notes.md").write_text("not data", encoding="utf-8")
    size = model_size(tmp_path)
    assert (size.python_lines, size.modules, size.scorer_lines) == (4, 2, 3)  # switch.py is around the scorer
    assert size.rows == {"words.toml": 3} and size.examples == 4  # 2 phrases and 1 concept; 3 examples, 1 non-example
    assert size.others == ["learned.tsv 2", "sayings.toml"]


def test_the_command_line_names_a_bad_model_setting_in_one_sentence(capsys):
    """The command's own ``main`` (what ``python -m handoffs.evals`` exits with), as in the test above."""
    from handoffs.evals.__main__ import main

    assert main(["--set", "dev", "--model", "nope:x"]) == 2
    out, err = capsys.readouterr()
    assert err.startswith("error: ") and err.count("\n") == 1 and "nope" in err and not out
