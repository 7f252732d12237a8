"""``python kit.py lab --no-browser`` prints a link that opens notebook 00 (not the Launcher), checked in Chromium;
with ``--lang ko`` the Korean edition's notebook 00 (``notebooks/ko/``), in a workspace of its own: no tab of the
English edition comes back.

The kit is started exactly as a learner starts it (through ``kit.py``), on a free loopback port, with Jupyter's
config, runtime, workspace and settings folders in a temporary directory (shared by both editions' runs); the printed URL is opened in headless
Chromium and the current tab must be ``00_start_here.ipynb`` showing its first heading. The server and its kernel
are stopped afterwards (the whole process group). Screenshot: ``test-artifacts/browser/kit-lab-start.png``.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time

import pytest

from browser_lab import ARTIFACTS, REPO, Lab, free_port

pytestmark = pytest.mark.browser

CURRENT_TAB = """() => { const tab = document.querySelector('.lm-DockPanel-tabBar .lm-TabBar-tab.lm-mod-current');
  return tab ? tab.textContent : ''; }"""


TABS = """() => [...document.querySelectorAll('.lm-DockPanel-tabBar .lm-TabBar-tab')].map(t => t.textContent)"""
EDITIONS = [
    ([], "notebooks/00_start_here.ipynb", "00 — Start here"),
    (["--lang", "ko"], "notebooks/ko/00_start_here.ipynb", "00 — 시작하기"),  # the Korean edition's 00
]


def open_printed_url(page, tmp_path, env, lang, notebook, heading):
    """Start ``kit.py lab LANG --no-browser``, open the URL it prints, check the tab; returns the open tabs."""
    port = free_port()
    log = tmp_path / f"kit-lab{'-' + lang[-1] if lang else ''}.log"
    with open(log, "w") as out:
        process = subprocess.Popen([sys.executable, str(REPO / "kit.py"), "lab", *lang, "--no-browser", "--ip=127.0.0.1",
                                    f"--port={port}", f"--LabApp.user_settings_dir={tmp_path / 'settings'}"],
                                   cwd=tmp_path, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        url = None
        deadline = time.monotonic() + 90
        while url is None and time.monotonic() < deadline and process.poll() is None:
            found = re.search(r"http://127\.0\.0\.1:\d+/\S+", log.read_text())
            url = found.group(0) if found else None
            time.sleep(0.3)
        assert url, f"kit.py lab printed no URL:\n{log.read_text()[-3000:]}"
        assert url.startswith(f"http://127.0.0.1:{port}/lab/tree/{notebook}?token=")
        page.goto(url)
        page.wait_for_function(f"() => ({CURRENT_TAB})().includes('00_start_here.ipynb')", timeout=90_000)
        page.wait_for_selector(f".jp-NotebookPanel h1:has-text('{heading}')", timeout=60_000)
        saved_workspace(tmp_path, lang, notebook)  # JupyterLab saves the open tabs shortly after a change
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"kit-lab-start{'-' + lang[-1] if lang else ''}.png"))
        return page.evaluate(TABS)
    finally:
        try:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=15)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=5)


def saved_workspace(tmp_path, lang, notebook, timeout=30.0):
    """Wait until the edition's workspace file (under $JUPYTERLAB_WORKSPACES_DIR/handoffs-LANG) names ``notebook``."""
    folder = tmp_path / "workspaces" / f"handoffs-{lang[-1] if lang else 'en'}"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if notebook in "".join(w.read_text() for w in folder.glob("*.jupyterlab-workspace")):
            return
        time.sleep(0.1)
    raise AssertionError(f"JupyterLab saved no workspace naming {notebook} in {folder} within {timeout:g} s")


def test_the_printed_lab_url_opens_notebook_00_and_the_editions_never_share_tabs(page, tmp_path):
    """English first, then Korean, with the same Jupyter folders (as on a learner's laptop): the Korean lab shows
    its own notebook 00 only, not the English one as a second tab of the same name (each edition has its own
    workspace, saved under $JUPYTERLAB_WORKSPACES_DIR/handoffs-LANG)."""
    env = Lab(REPO / "notebooks", tmp_path)._environment()  # temporary Jupyter folders, the news toast off
    for lang, notebook, heading in EDITIONS:
        tabs = open_printed_url(page, tmp_path, env, lang, notebook, heading)
        assert [t for t in tabs if "00_start_here" in t] == ["00_start_here.ipynb"], tabs
        edition = lang[-1] if lang else "en"
        saved = list((tmp_path / "workspaces" / f"handoffs-{edition}").glob("*.jupyterlab-workspace"))
        assert saved and notebook in saved[0].read_text(), f"no workspace saved for {edition}"
    assert notebooks_in(tmp_path / "workspaces" / "handoffs-ko") == {"notebooks/ko/00_start_here.ipynb"}


def notebooks_in(folder):
    found = set()
    for workspace in folder.glob("*.jupyterlab-workspace"):
        found |= set(re.findall(r"notebooks/[\w/]*\.ipynb", workspace.read_text()))
    return found
