"""The Korean edition in a real JupyterLab and headless Chromium, as a Korean learner meets it.

(``kit.py lab --lang ko`` landing on ``notebooks/ko/00_start_here.ipynb`` is checked in ``test_newcomer_drive.py``.)
The Korean notebook 00b's own cells (its language cell, the support bot, the team, the operator desk — read from the
committed notebook, not rewritten here) run in JupyterLab, with one more panel on the support bot left at its default
title. The learner types Korean into both bots' panels: the LangChain support bot and the AutoGen team, through a
handoff to sales and on to a person at the desk. Every answer is Korean, and so are the model's reasons behind the
why button, the buttons, badges, statuses and placeholders; not one English sentence is in what the page shows,
counted by :func:`handoffs.language_check.english_sentences` on the panels' ``innerText``. Screenshots:
``test-artifacts/browser/ko-*.png`` and ``ko_*.png`` (look at them: Hangul must render, not boxes); the panels' own
labels that are still English are listed in ``test-artifacts/browser/ko-english-labels.txt``, and there must be none.
"""

from __future__ import annotations

import re

import nbformat
import pytest

from browser_lab import ARTIFACTS, REPO
from handoffs.language_check import english_sentences
from test_panels_in_jupyterlab import KERNEL_READY

pytestmark = pytest.mark.browser

KOREAN_00B = REPO / "notebooks" / "ko" / "00b_panels_and_pictures.ipynb"
SETUP_CELLS = ("set-language", "4491de7d", "f49daa12", "7f94044b", "d2745775")  # language, bot, its panel, team, desk
HANGUL = re.compile(r"[\uac00-\ud7a3]")
DEFAULT_TITLE = 'ChatPanel(LangChainBackend(agent, thread_id="default-title"), recorder)'  # "고객 채팅"
SHOWN = """() => {
  const parts = [...document.querySelectorAll('.handoffs-chat, .handoffs-operator')].map(p => p.innerText);
  const labels = [...document.querySelectorAll('.handoffs-chat input, .handoffs-operator textarea')]
                   .map(i => i.placeholder);
  const titles = [...document.querySelectorAll('.handoffs-chat button, .handoffs-operator button')].map(b => b.title);
  return [...parts, ...labels, ...titles].join('\\n');
}"""


def korean_setup_notebook():
    """The Korean notebook 00b's own set-up cells (language, bot, panel, team, desk), without its scripted turns,
    then a third panel on the support bot with the default title."""
    source = nbformat.read(KOREAN_00B, as_version=4)
    cells = {cell.get("id"): cell for cell in source.cells}
    node = nbformat.v4.new_notebook()
    node.cells = [nbformat.v4.new_code_cell(cells[cell_id].source) for cell_id in SETUP_CELLS]
    node.cells.append(nbformat.v4.new_code_cell(DEFAULT_TITLE))
    node.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return node


def send(page, chat: int, text: str, role: str = "assistant"):
    panel = page.locator(".handoffs-chat").nth(chat)
    before = panel.locator(f".handoffs-msg-{role}").count()
    panel.locator(".handoffs-input input").fill(text)
    panel.locator(".handoffs-send").click()
    page.wait_for_function(f"() => document.querySelectorAll('.handoffs-chat')[{chat}]"
                           f".querySelectorAll('.handoffs-msg-{role}').length > {before}", timeout=60_000)
    return panel.locator(f".handoffs-msg-{role} .handoffs-text").last.inner_text()


def english_labels(page) -> list[str]:
    """The panels' own words (titles, buttons, badges, statuses, placeholders; not the messages) that are English."""
    texts = page.evaluate("""() => {
        const skip = '.handoffs-transcript, .handoffs-why';
        const found = [];
        document.querySelectorAll('.handoffs-chat, .handoffs-operator').forEach(panel => {
            const walker = document.createTreeWalker(panel, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                if (!node.parentElement.closest(skip) && node.textContent.trim()) found.push(node.textContent.trim());
            }
            // ipywidgets gives every widget a hidden, empty <label title="null">: only what can be seen counts
            panel.querySelectorAll('[placeholder], [title]').forEach(e => { if (e.getClientRects().length)
                found.push(e.getAttribute('placeholder') || e.getAttribute('title') || ''); });
        });
        return found; }""")
    identifiers = re.compile(r"^(?:[A-Z][a-z]+(?:[A-Z][a-z]+)+|[a-z]+_[a-z_]+|ACME|done|triage|resolve|live-\d+)$")
    english = [t for t in texts if t and any(len(w) > 1 and not identifiers.match(w) for w in re.findall(r"[A-Za-z][A-Za-z0-9_'-]*", t))]
    return sorted(set(english))


def test_a_korean_learner_chats_in_korean_with_both_bots_and_reads_no_english(lab_with, page):
    lab = lab_with({"00b_panels_and_pictures.ipynb": korean_setup_notebook()})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    support, team = page.locator(".handoffs-chat").nth(0), page.locator(".handoffs-chat").nth(1)
    try:
        page.goto(lab.url("00b_panels_and_pictures.ipynb"))
        page.wait_for_function(KERNEL_READY, timeout=90_000)
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        page.wait_for_function("() => document.querySelectorAll('.handoffs-chat .handoffs-send').length == 3",
                               timeout=90_000)
        page.wait_for_selector(".handoffs-operator .handoffs-operator-send", timeout=90_000)
        assert support.locator(".handoffs-send").inner_text() == "보내기"

        assert HANGUL.search(send(page, 0, "안녕하세요"))  # the support bot: one agent, three steps
        reply = send(page, 0, "두 번 결제되었습니다")
        assert HANGUL.search(reply), reply
        assert support.locator(".handoffs-badge-value").inner_text() == "done"
        assert support.locator(".handoffs-badge-text").inner_text().startswith("단계")
        support.locator(".handoffs-why-toggle").click()
        reasons = support.locator(".handoffs-why-list").inner_text()
        assert "record_issue" in reasons and "사용자가 '두 번 결제되었습니다'라고 함" in reasons, reasons
        support.locator(".handoffs-input input").fill("   ")
        support.locator(".handoffs-send").click()
        # the status line already says the conversation ended (an info line too): wait for the new words
        page.wait_for_function("() => document.querySelector('.handoffs-chat .handoffs-status').innerText"
                               ".includes('먼저 메시지를 입력하세요')", timeout=10_000)
        page.screenshot(path=str(ARTIFACTS / "ko_01_support_bot.png"), full_page=True)

        page.wait_for_function("() => (document.querySelector('.handoffs-operator-waiting') || {}).innerText"
                               "?.includes('대기 0명')", timeout=30_000)  # widget values arrive after the view
        reply = send(page, 1, "뭔가 사고 싶어요")  # the team: triage hands the customer to sales
        assert HANGUL.search(reply) and "로드러너" in reply, reply
        assert team.locator(".handoffs-badge-value").inner_text() == "SalesAgent"
        team.locator(".handoffs-input input").fill("사실은 사람이랑 이야기하고 싶어요")
        team.locator(".handoffs-send").click()
        page.wait_for_function("() => document.querySelector('.handoffs-operator-request').innerText"
                               ".includes('사람이랑 이야기하고 싶어요')", timeout=60_000)
        assert team.locator(".handoffs-send").inner_text() == "기다리는 중…"  # the customer waits for the human
        page.screenshot(path=str(ARTIFACTS / "ko_02_operator_asked.png"), full_page=True)
        page.fill(".handoffs-operator-input textarea", "안녕하세요, 상담원 김지은이에요. 무엇을 도와드릴까요?")
        page.click(".handoffs-operator-send")
        page.wait_for_selector(".handoffs-chat .handoffs-msg-operator", timeout=60_000)
        assert "김지은" in team.locator(".handoffs-msg-operator .handoffs-text").inner_text()
        assert "(사람)" in team.locator(".handoffs-msg-operator .handoffs-speaker").inner_text()
        assert team.locator(".handoffs-badge-value").inner_text() == "HumanAgent"
        page.screenshot(path=str(ARTIFACTS / "ko-both-bots.png"), full_page=True)
        team.locator(".handoffs-why-toggle").click()
        team.locator(".handoffs-why-list").wait_for(state="visible")
        page.screenshot(path=str(ARTIFACTS / "ko_03_after_operator.png"), full_page=True)

        shown = page.evaluate(SHOWN)
        assert "상담원 데스크" in shown and "고객 채팅" in shown and "transfer_to_sales_agent" in shown
        assert english_sentences(shown) == [], shown
        still_english = english_labels(page)
        (ARTIFACTS / "ko-english-labels.txt").write_text("\n".join(still_english) + "\n", encoding="utf-8")
        assert still_english == [], still_english  # not one English sentence in the panels
        assert errors == []
    except Exception:
        page.screenshot(path=str(ARTIFACTS / "ko-failure.png"), full_page=True)
        print(lab.log())
        raise
