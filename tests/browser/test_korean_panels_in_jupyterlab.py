"""A Korean learner's panels in a real JupyterLab, in headless Chromium: the kit set to Korean in the notebook's
first cell, a Korean customer chatting with Part 1's bot and Part 2's team, the human operator answering from the
desk — and not one English sentence in what the page shows (labels, buttons, placeholders, badges, status lines,
the "why?" list, the transcripts), counted by :func:`handoffs.language_check.english_sentences` on the page's own
``innerText``. Screenshots: ``test-artifacts/browser/ko_*.png`` (look at them: Hangul must render, not boxes).
"""

from __future__ import annotations

import nbformat
import pytest

from browser_lab import ARTIFACTS
from handoffs.language_check import english_sentences
from test_panels_in_jupyterlab import SETUP, TEAM, open_and_run_all, send

pytestmark = pytest.mark.browser

KOREAN = "import handoffs\nhandoffs.set_language(\"ko\")"

SHOWN = """() => {
  const parts = [...document.querySelectorAll('.handoffs-chat, .handoffs-operator')].map(p => p.innerText);
  const labels = [...document.querySelectorAll('.handoffs-chat input, .handoffs-operator textarea')]
                   .map(i => i.placeholder);
  const titles = [...document.querySelectorAll('.handoffs-chat button, .handoffs-operator button')].map(b => b.title);
  return [...parts, ...labels, ...titles].join('\\n');
}"""


def notebook():
    node = nbformat.v4.new_notebook()
    node.cells = [nbformat.v4.new_code_cell(KOREAN), nbformat.v4.new_code_cell(SETUP),
                  nbformat.v4.new_code_cell(TEAM.replace('title="ACME team"', 'title="ACME 팀"'))]
    node.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return node


def test_a_korean_learner_chats_with_both_bots_and_reads_no_english(lab_with, page):
    lab = lab_with({"panel.ipynb": notebook()})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        open_and_run_all(page, lab)
        assert page.inner_text(".support-chat .handoffs-send") == "보내기"
        send(page, "안녕하세요", 0)
        send(page, "두 번 결제되었습니다", 1)
        assert page.inner_text(".support-chat .handoffs-badge-text").startswith("단계")
        assert page.inner_text(".handoffs-badge-value") == "done"
        page.click(".support-chat .handoffs-why-toggle")
        page.wait_for_selector(".support-chat .handoffs-why-list", state="visible")
        assert "record_issue" in page.inner_text(".support-chat .handoffs-why-list")
        page.fill(".support-chat .handoffs-input input", "   ")
        page.click(".support-chat .handoffs-send")
        # the status line already says the conversation ended (an info line too): wait for the new words
        page.wait_for_function("() => document.querySelector('.support-chat .handoffs-status').innerText"
                               ".includes('먼저 메시지를 입력하세요')", timeout=10_000)
        page.screenshot(path=str(ARTIFACTS / "ko_01_support_bot.png"), full_page=True)

        page.wait_for_function("() => (document.querySelector('.handoffs-operator-waiting') || {}).innerText"
                               "?.includes('대기 0명')", timeout=30_000)
        send(page, "뭔가 사고 싶어요", 0, chat=".team-chat")
        assert page.inner_text(".team-chat .handoffs-badge-value") == "SalesAgent"
        page.fill(".team-chat .handoffs-input input", "상담원이랑 직접 얘기하고 싶어요")
        page.click(".team-chat .handoffs-send")
        page.wait_for_function("() => document.querySelector('.handoffs-operator-request').innerText"
                               ".includes('상담원이랑 직접 얘기하고 싶어요')", timeout=60_000)
        assert page.inner_text(".team-chat .handoffs-send") == "기다리는 중…"
        page.screenshot(path=str(ARTIFACTS / "ko_02_operator_asked.png"), full_page=True)
        page.fill(".handoffs-operator-input textarea", "안녕하세요, ACME 상담원 김민지입니다. 무엇을 도와드릴까요?")
        page.click(".handoffs-operator-send")
        page.wait_for_selector(".team-chat .handoffs-msg-operator", timeout=60_000)
        assert "(사람)" in page.inner_text(".team-chat .handoffs-msg-operator .handoffs-speaker")
        page.click(".team-chat .handoffs-why-toggle")
        page.wait_for_selector(".team-chat .handoffs-why-list", state="visible")
        page.screenshot(path=str(ARTIFACTS / "ko_03_after_operator.png"), full_page=True)

        shown = page.evaluate(SHOWN)
        assert "상담원 데스크" in shown and "고객 채팅" in shown and "transfer_to_sales_agent" in shown
        assert english_sentences(shown) == [], shown
        assert errors == []
    except Exception:
        page.screenshot(path=str(ARTIFACTS / "ko_failure.png"), full_page=True)
        print(lab.log())
        raise
