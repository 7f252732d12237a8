"""The panels in a real JupyterLab in headless Chromium: type, click Send, read the reply and the step badge;
an XSS payload does not run; a 1 MB message stays clipped; in Part 2's team, a customer asking for a human waits
while the operator desk shows the request, and the operator's typed reply reaches the customer's panel.

The notebook is written from this file into a temp dir; the kernel imports the kit from ``src/``. Screenshots go
to ``test-artifacts/browser/`` (not committed) — look at them when a test fails.
"""

from __future__ import annotations

import nbformat
import pytest

from browser_lab import ARTIFACTS

pytestmark = pytest.mark.browser

SETUP = """\
from IPython.display import display
from langgraph.checkpoint.memory import InMemorySaver
from handoffs.recorder import RunRecorder
from handoffs.part1 import build_support_agent
from handoffs.ui import ChatPanel, LangChainBackend, OperatorPanel

recorder = RunRecorder()
agent = build_support_agent(checkpointer=InMemorySaver(), recorder=recorder)
panel = ChatPanel(LangChainBackend(agent, thread_id="browser"), recorder)
panel.widget.add_class("support-chat")
panel"""

TEAM = """\
from handoffs.models import model_client
from handoffs.part2 import build_team, new_runtime
from handoffs.part2.people import PanelCustomer
from handoffs.ui import AutoGenBackend

desk = OperatorPanel()
team_recorder = RunRecorder()
runtime = new_runtime(team_recorder)
team = await build_team(runtime, model_client(), recorder=team_recorder, operators=desk)
runtime.start()
team_chat = ChatPanel(AutoGenBackend("browser-team", timeout=120), team_recorder, title="ACME team")
team_chat.widget.add_class("team-chat")
await team.open_session(PanelCustomer(team_chat.backend))
display(team_chat, desk)"""

KERNEL_READY = """() => {
  const app = window.jupyterapp; const widget = app && app.shell.currentWidget;
  const kernel = widget && widget.sessionContext && widget.sessionContext.session
                 && widget.sessionContext.session.kernel;
  return !!kernel && kernel.connectionStatus === 'connected' && kernel.status === 'idle';
}"""

XSS = '<img src=x onerror="window.__xss = 1">'


def notebook():
    node = nbformat.v4.new_notebook()
    node.cells = [nbformat.v4.new_code_cell(SETUP), nbformat.v4.new_code_cell(TEAM)]
    node.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return node


def open_and_run_all(page, lab):
    page.goto(lab.url("panel.ipynb"))
    page.wait_for_function(KERNEL_READY, timeout=90_000)  # not the toolbar's "idle": the kernel must exist
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_selector(".support-chat .handoffs-send", timeout=90_000)
    page.wait_for_selector(".team-chat .handoffs-send", timeout=90_000)
    page.wait_for_selector(".handoffs-operator .handoffs-operator-send", timeout=90_000)


def send(page, text, replies_before, chat=".support-chat", reply_role="assistant"):
    page.fill(f"{chat} .handoffs-input input", text)
    page.click(f"{chat} .handoffs-send")
    page.wait_for_function(
        f"() => document.querySelectorAll('{chat} .handoffs-msg-{reply_role}').length > {replies_before}",
        timeout=60_000)


def test_chat_operator_and_xss_in_a_real_browser(lab_with, page):
    lab = lab_with({"panel.ipynb": notebook()})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        open_and_run_all(page, lab)
        page.screenshot(path=str(ARTIFACTS / "01_opened.png"), full_page=True)

        send(page, "I was charged twice", 0)
        assert page.inner_text(".support-chat .handoffs-msg-user .handoffs-text") == "I was charged twice"
        assert page.inner_text(".handoffs-badge-value") == "done"
        reply = page.inner_text(".support-chat .handoffs-msg-assistant .handoffs-text")
        assert reply.strip()
        page.click(".handoffs-why-toggle")
        page.wait_for_selector(".handoffs-why-list", state="visible")
        assert "record_issue" in page.inner_text(".handoffs-why-list")
        page.screenshot(path=str(ARTIFACTS / "02_chat_reply.png"), full_page=True)

        page.evaluate("() => { delete window.__xss; }")
        send(page, XSS, 1)
        page.wait_for_timeout(500)  # give an injected onerror handler every chance to run
        assert page.evaluate("() => typeof window.__xss") == "undefined"
        assert XSS in page.inner_text(".support-chat .handoffs-transcript")  # shown as text, not as markup
        assert page.locator(".handoffs-transcript img").count() == 0

        mixed = "환불해 주세요 🙏 — أريد استرداد المبلغ"
        send(page, mixed, 2)
        last_user = page.locator(".support-chat .handoffs-msg-user").last
        assert last_user.locator(".handoffs-text").inner_text() == mixed
        assert last_user.get_attribute("dir") == "auto"

        page.fill(".support-chat .handoffs-input input", "   ")
        page.click(".support-chat .handoffs-send")
        # the status line already says the conversation ended (an info line too): wait for the new words
        page.wait_for_function("() => document.querySelector('.support-chat .handoffs-status').innerText"
                               ".includes('Type a message first')", timeout=10_000)

        page.wait_for_function("() => (document.querySelector('.handoffs-operator-waiting') || {}).innerText"
                               "?.includes('0 waiting')", timeout=30_000)  # widget values arrive after the view
        # Two clicked turns: JupyterLab delivers the second click on a kernel subshell thread, whose loop must
        # wake the agents waiting on the main loop (it used to stall right here).
        send(page, "I want to buy something", 0, chat=".team-chat")
        assert page.inner_text(".team-chat .handoffs-badge-value") == "SalesAgent"
        page.fill(".team-chat .handoffs-input input", "Actually, I want to talk to a human")
        page.click(".team-chat .handoffs-send")
        page.wait_for_function("() => document.querySelector('.handoffs-operator-request').innerText"
                               ".includes('I want to talk to a human')", timeout=60_000)
        assert "browser-team" in page.inner_text(".handoffs-operator-request")
        assert page.inner_text(".team-chat .handoffs-send") == "Waiting…"  # the customer waits for the human
        page.screenshot(path=str(ARTIFACTS / "03_operator_asked.png"), full_page=True)
        page.fill(".handoffs-operator-input textarea", "Hi, this is Ann <b>from support</b>")
        page.click(".handoffs-operator-send")
        page.wait_for_selector(".team-chat .handoffs-msg-operator", timeout=60_000)
        assert page.inner_text(".team-chat .handoffs-msg-operator .handoffs-text") == "Hi, this is Ann <b>from support</b>"
        assert page.inner_text(".team-chat .handoffs-badge-value") == "HumanAgent"
        page.wait_for_function("() => document.querySelector('.handoffs-operator-waiting').innerText"
                               ".includes('0 waiting')", timeout=30_000)
        page.screenshot(path=str(ARTIFACTS / "03_after_operator.png"), full_page=True)

        big = "I was charged twice. " + "x" * 1_000_000
        send(page, big, 3)
        shown = page.evaluate("() => document.querySelector('.support-chat .handoffs-transcript').innerText.length")
        assert shown < 100_000  # the page holds a clipped copy; the kernel keeps the whole text
        assert "1,000,021 characters" in page.inner_text(".support-chat .handoffs-clip-note")
        assert page.evaluate("() => 1 + 1") == 2  # the page still answers
        page.screenshot(path=str(ARTIFACTS / "04_one_megabyte.png"))
        assert errors == []
    except Exception:
        page.screenshot(path=str(ARTIFACTS / "failure.png"), full_page=True)
        print(lab.log())
        raise
