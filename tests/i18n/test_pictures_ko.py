"""Pictures under ``set_language("ko")``: every word drawn is Korean; names from the run (steps, tools, agents)
are drawn as they are; the same picture drawn in English afterwards is English again.

Asserted on ``handoffs.viz.texts_of`` (the figure's texts), and drawn to PNG with warnings as errors, so a
missing Hangul glyph fails the test.
"""

from __future__ import annotations

import re
import warnings

import matplotlib

matplotlib.use("Agg")

from langgraph.checkpoint.memory import InMemorySaver  # noqa: E402

from handoffs.language_check import HANGUL, english_sentences, without_identifiers  # noqa: E402
from handoffs.part2 import run_scripted_session  # noqa: E402
from handoffs.recorder import RunRecorder  # noqa: E402
from handoffs.part1 import STEP_TABLE, ask, build_support_agent  # noqa: E402
from handoffs.viz import plot_handoffs, plot_step_graph, texts_of  # noqa: E402

REFUND_KO = ["지난주에 산 물건 환불받고 싶어요", "로켓 스케이트가 하루 만에 고장났어요", "아니요, 전혀 도움이 안 됐어요",
             "네, 환불해 주세요"]


def drawn(figure) -> list[str]:
    with warnings.catch_warnings():
        warnings.filterwarnings("error", message=".*missing from font.*")
        figure.canvas.draw()
    return texts_of(figure)


def words_of_the_kit(texts: list[str], names: set[str]) -> list[str]:
    """The texts that are not a name from the run, a number (order markers, hidden axis ticks), words quoted from the
    conversation, a handoff's tool or a tool mark."""
    return [t for t in texts if t not in names and not re.fullmatch(r"[\d\s.−-]*", t)
            and not re.fullmatch(r"[✓✗⚙] \w+", t) and not t.startswith(("“", "→"))]


def test_a_korean_step_graph_has_korean_titles_legend_and_labels(korean):
    recorder = RunRecorder()
    ask(build_support_agent(checkpointer=InMemorySaver(), recorder=recorder), "두 번 결제되었습니다",
        {"configurable": {"thread_id": "결제"}})
    texts = drawn(plot_step_graph(STEP_TABLE, recorder, "결제"))
    names = set(STEP_TABLE) | {t.name for page in STEP_TABLE.values() for t in page["tools"]}
    kit_words = words_of_the_kit(texts, names)
    assert "단계 그래프 — 대화 결제" in kit_words and "시작" in kit_words and "(도구 없음)" in kit_words
    assert any(t.startswith("파란색: 거쳐 간 단계") for t in kit_words)
    assert all(HANGUL.search(t) for t in kit_words) and english_sentences("\n".join(kit_words)) == []


async def test_a_korean_handoff_picture_names_the_customer_in_korean(korean):
    recorder = RunRecorder()
    await run_scripted_session(REFUND_KO, recorder=recorder, session_id="환불", timeout=30)
    agents = ["TriageAgent", "SalesAgent", "IssuesAndRepairsAgent", "HumanAgent"]
    texts = drawn(plot_handoffs(recorder, "환불", agents=agents))
    kit_words = words_of_the_kit(texts, set(agents) | {"IssuesAnd\nRepairsAgent"})
    assert kit_words[:1] == ["고객"] and "핸드오프 — 대화 환불" in kit_words
    assert all(HANGUL.search(t) for t in kit_words)
    replies = [t for t in texts if t.startswith("“")]
    assert replies and all(HANGUL.search(t) for t in replies)  # the customer spoke Korean and heard Korean


async def test_the_confusion_table_names_languages_in_korean(korean):
    from handoffs.evals import run_eval
    from handoffs.evals.runner import load_cases
    from handoffs.viz import plot_confusion

    cases = load_cases("dev")
    report = await run_eval([c for c in cases if c.lang == "en"][:15] + [c for c in cases if c.lang == "ko"][:15])
    texts = drawn(plot_confusion(report, by="lang"))
    titles = [t for t in texts if HANGUL.search(t)]
    assert any(t.startswith("라우팅 평가 — ") for t in titles)
    assert any(t.startswith("영어: ") for t in titles) and any(t.startswith("한국어: ") for t in titles)
    assert english_sentences("\n".join(titles)) == []


def test_the_same_picture_is_english_again_when_the_kit_is():
    figure = plot_step_graph(STEP_TABLE)
    assert {"Step graph", "start", "(no tools)"} <= set(texts_of(figure))
