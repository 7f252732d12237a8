"""What notebooks print, in Korean: the setup check, the walk-through of model calls, explain(), Part 3's table and
guide, the model switch's errors — and ``./kit preflight --lang ko`` / ``./kit lab --lang ko`` from the command line.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from handoffs.language_check import HANGUL, english_sentences
from handoffs.models import chat_model
from handoffs.models.errors import ModelSetupError
from handoffs.models.explain import explain
from handoffs.recorder import RunRecorder
from handoffs.part1 import ask, build_support_agent
from handoffs.part1.walkthrough import model_calls_story

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "workshop"))
from workshop_helpers import REPO, no_bash_path, run_kit  # noqa: E402


def test_the_setup_check_and_the_walk_through_print_korean(korean):
    from handoffs.setup_check import report

    checks = report()
    assert checks.endswith("모두 준비됐어요.") and "오프라인 모델 'handoffs-offline'" in checks
    assert english_sentences(checks) == [], checks
    recorder = RunRecorder()
    ask(build_support_agent(checkpointer=InMemorySaver(), recorder=recorder), "두 번 결제되었습니다",
        {"configurable": {"thread_id": "t"}})
    story = model_calls_story(recorder)
    assert story.startswith("모델 호출 1, 단계 'triage'") and "(없음: 이 단계에는 도구가 없어요)" in story
    for call in recorder.model_calls():  # the seed's prompts are English (a model reads them): quoted, not ours
        for line in call.system_prompt.splitlines():
            story = story.replace(line.strip(), "§") if line.strip() else story
    assert english_sentences(story) == [], story
    reply = chat_model().invoke("두 번 결제되었습니다")
    assert explain(reply).splitlines()[1].startswith("   이유: ") and HANGUL.search(explain(reply))


@pytest.mark.parametrize("spec, expected", [
    ("gpt-4o-mini", "알 수 없는 모델 지정 'gpt-4o-mini'"),
    ("openai-compatible:localhost:11434", "http://가 빠진 서버 주소 같아요"),
    ("openai-compatible:http://localhost:99999/v1?model=x", "포트가 1에서 65535 사이의 숫자가 아니에요"),
    ("openai:gpt-4o-mini", "OpenAI 키가 없어요"),
])
def test_a_wrong_model_setting_is_one_korean_sentence_naming_what_to_change(korean, spec, expected, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with pytest.raises(ModelSetupError) as error:
        model = chat_model(spec)
        model.invoke("hi")
    assert expected in str(error.value) and english_sentences(str(error.value)) == []


def test_kit_preflight_in_korean_from_the_command_line(tmp_path):
    path = no_bash_path(tmp_path)
    result = run_kit(REPO, "preflight", "--lang", "ko", path=path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "워크숍 준비가 끝났어요. 이렇게 시작하세요:" in result.stdout and "--lang ko" in result.stdout
    # the default (offline) model's ready laptop: tests/workshop/test_preflight.py checks a room server's instead
    assert any(line.startswith("ok") and "record_issue" in line for line in result.stdout.splitlines()), result.stdout
    marks = "".join(line[5:] + "\n" for line in result.stdout.splitlines())  # "ok   ", "note ", "FIX  " stay
    assert english_sentences(marks) == [], result.stdout
    refused = run_kit(REPO, "preflight", "--lang", "fr", path=path)
    assert refused.returncode == 2 and "Unknown language 'fr': use --lang en or --lang ko." in refused.stderr


def test_kit_lab_in_korean_sets_the_language_and_lands_on_the_korean_notebook_00(tmp_path):
    from handoffs.kit.cli import language_option, lab_arguments

    assert language_option(["--no-browser", "--lang", "ko", "--port", "8899"]) == ("ko", ["--no-browser", "--port",
                                                                                          "8899"])
    assert language_option(["--lang=en"]) == ("en", [])
    start = [a for a in lab_arguments([], is_root=False, language="ko") if a.startswith("--LabApp.default_url")]
    korean_00 = REPO / "notebooks" / "ko" / "00_start_here.ipynb"
    expected = "notebooks/ko/00_start_here.ipynb" if korean_00.exists() else "notebooks/00_start_here.ipynb"
    assert start == [f"--LabApp.default_url=/lab/tree/{expected}"]


async def test_part_3s_table_guide_and_rulers_in_korean(korean):
    from handoffs.i18n import display_width
    from handoffs.evals import load_cases
    from handoffs.part3.measure import CONVERSATIONS, compare_designs
    from handoffs.part3.report import decision_guide, format_table, seed_claims, table_rows, wall_time_line
    from handoffs.part3.rulers import compare_counters, format_checks

    cases = [c for c in load_cases() if c.scenario == "team_triage"][:12]
    comparison = await compare_designs(cases, conversations={"sales en": CONVERSATIONS["sales en"]})
    table = format_table(table_rows(comparison))
    header, ruler = table.splitlines()[:2]
    assert header.startswith("측정 항목") and display_width(header) == len(ruler)  # aligned by display width
    texts = [table, wall_time_line(comparison), decision_guide(comparison), seed_claims(comparison),
             format_checks(compare_counters({"en": ["hello"], "ko": ["안녕하세요"]}))]
    assert texts[2].startswith("결정 가이드 — 위의 숫자에서 (오프라인 모델") and "시드 000" in texts[3]
    for text in texts:
        assert english_sentences(text) == [], text


def test_the_routing_eval_report_prints_korean(korean):
    """Notebook 00c's report (python -m handoffs.evals) in Korean: its own words, with the data's labels as they are."""
    import asyncio

    from handoffs.evals import format_report, load_cases, run_eval

    cases = [c for c in load_cases() if c.scenario == "support_triage"][:30]
    report = asyncio.run(run_eval(cases))
    text = format_report(report, misses=True)
    assert text.splitlines()[1].startswith("라우팅 정확도: ") and "혼동표" in text and "정답 \\ 모델" in text
    data_labels = {tag for c in cases for tag in c.tags} | set(report.labels())  # as written in the data files
    ours = text.replace(report.model, "§")
    for miss in report.misses():  # a customer's words and the model's reason are quoted, not the report's own
        ours = ours.replace(miss.case.message, "§").replace(miss.reason or "§", "§")
    for label in sorted(data_labels, key=len, reverse=True):
        ours = ours.replace(label, "§")
    assert english_sentences(ours) == [], ours
