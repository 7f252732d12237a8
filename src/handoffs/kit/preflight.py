"""``./kit preflight``: is this laptop ready for the workshop? Plain answers in a few seconds; installs nothing.

Two halves. This one runs on the interpreter that started the kit (standard library only): Python's version,
``.venv`` present and up to date, free disk, free ports. The other half,
:mod:`handoffs.workshop.preflight`, runs inside ``.venv``: the packages import and are in range, a Jupyter
kernel starts, the offline model answers, fonts for Korean text. Every sentence a learner reads is in
:data:`SAY`, in English and Korean (``HANDOFFS_LANG=ko ./kit preflight``; the inner half inherits the setting).
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import time
from typing import List, Tuple

from ..i18n import Texts
from .environment import ROOT, SUPPORTED, VENV, WINDOWS, find_python, KitError, venv_environment, venv_is_current, venv_python

KIT = "python kit.py" if WINDOWS else "./kit"
SAY = Texts({
    "python_ok": {"en": "Python {version} is installed: good.", "ko": "Python {version}: 설치되어 있어요. 좋아요."},
    "python_missing": {"en": "No Python 3.11 or 3.12 found: install Python 3.11 from python.org, then run this again.",
                       "ko": "Python 3.11이나 3.12를 찾지 못했어요. python.org에서 Python 3.11을 설치한 뒤 다시 "
                             "실행하세요."},
    "venv_ok": {"en": "The kit is installed in .venv and up to date.",
                "ko": "키트가 .venv에 설치되어 있고 최신 상태예요."},
    "venv_missing": {"en": "The kit is not installed yet: run '{kit} lab' once (it installs about 600 MB into .venv).",
                     "ko": "키트가 아직 설치되지 않았어요. '{kit} lab'을 한 번 실행하세요(.venv에 약 600 MB를 "
                           "설치해요)."},
    "venv_stale": {"en": "The kit's packages changed since .venv was installed: run '{kit} lab' once to update them.",
                   "ko": ".venv를 설치한 뒤로 키트의 패키지가 바뀌었어요. '{kit} lab'을 한 번 실행해 업데이트하세요."},
    "disk_ok": {"en": "{free:.1f} GB free on this disk: enough.", "ko": "이 디스크에 {free:.1f} GB가 남아 있어요. 충분해요."},
    "disk_low": {"en": "Only {free:.1f} GB free on this disk; the kit needs about {need:.1f} GB: free some space.",
                 "ko": "이 디스크에 {free:.1f} GB밖에 남지 않았어요. 키트에는 약 {need:.1f} GB가 필요해요. 공간을 "
                       "확보하세요."},
    "port_free": {"en": "Port {port} ({what}) is free.", "ko": "{port}번 포트({what})가 비어 있어요."},
    "port_busy": {"en": "Port {port} ({what}) is in use by another program; that is fine, the kit then picks another "
                        "port.",
                  "ko": "{port}번 포트({what})를 다른 프로그램이 쓰고 있어요. 괜찮아요, 그러면 키트가 다른 포트를 "
                        "골라요."},
    "ready": {"en": "Your laptop is ready for the workshop. Start with: {kit} lab",
              "ko": "워크숍 준비가 끝났어요. 이렇게 시작하세요: {kit} lab --lang ko"},
    "not_ready": {"en": "Not ready yet: fix the {count} line(s) marked FIX above, then run '{kit} preflight' again.",
                  "ko": "아직 준비가 덜 됐어요. 위에서 FIX로 표시된 {count}줄을 고친 뒤 '{kit} preflight'를 다시 "
                        "실행하세요."},
    "took": {"en": "(checked in {seconds:.1f} s)", "ko": "(확인에 {seconds:.1f}초 걸렸어요)"},
    "inside_failed": {"en": "the check inside .venv failed (status {status})",
                      "ko": ".venv 안에서 하는 확인이 실패했어요(상태 {status})"},
    "JupyterLab": {"en": "JupyterLab", "ko": "JupyterLab"},
    "endpoint": {"en": "the room's model endpoint", "ko": "강의실의 모델 엔드포인트"},
    "slides": {"en": "the slides", "ko": "슬라이드"},
})
PORTS = ((8888, "JupyterLab"), (8765, "endpoint"), (8000, "slides"))  # what each port is for: a key of SAY
NEEDED_GB_FRESH, NEEDED_GB = 1.5, 0.3


def line(mark: str, text: str) -> str:
    return f"{mark:<5}{text}"


def _port_is_free(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
            return True
        except OSError:
            return False


def host_checks() -> Tuple[List[str], int]:
    """The checks that need no .venv: (lines, number of problems)."""
    out: List[str] = []
    problems = 0
    try:
        python = find_python()
        version = subprocess.run([*python, "--version"], capture_output=True, text=True).stdout.split()[-1]
        out.append(line("ok", SAY["python_ok"].format(version=version)))
    except KitError:
        out.append(line("FIX", SAY["python_missing"]))
        problems += 1
    if not venv_python().exists():
        out.append(line("FIX", SAY["venv_missing"].format(kit=KIT)))
        problems += 1
    elif not venv_is_current():
        out.append(line("FIX", SAY["venv_stale"].format(kit=KIT)))
        problems += 1
    else:
        out.append(line("ok", SAY["venv_ok"]))
    free = shutil.disk_usage(ROOT).free / 1e9
    need = NEEDED_GB if venv_python().exists() else NEEDED_GB_FRESH
    if free >= need:
        out.append(line("ok", SAY["disk_ok"].format(free=free)))
    else:
        out.append(line("FIX", SAY["disk_low"].format(free=free, need=need)))
        problems += 1
    for port, what in PORTS:
        free_port = _port_is_free(port)
        out.append(line("ok" if free_port else "note", SAY["port_free" if free_port else "port_busy"].format(
            port=port, what=SAY[what])))
    return out, problems


def run_preflight(args: List[str]) -> int:
    """Print every check, then one verdict; exit status 0 when ready, 1 when something must be fixed."""
    started = time.monotonic()
    lines, problems = host_checks()
    for text in lines:
        print(text, flush=True)
    if venv_python().exists():
        inside = subprocess.run([str(venv_python()), "-m", "handoffs.workshop.preflight", *args],
                                env=venv_environment(), cwd=str(ROOT), capture_output=True, text=True)
        print(inside.stdout, end="", flush=True)
        if inside.returncode not in (0, 1):
            print(line("FIX", inside.stderr.strip().splitlines()[-1] if inside.stderr.strip() else
                       SAY["inside_failed"].format(status=inside.returncode)))
        problems += sum(1 for text in inside.stdout.splitlines() if text.startswith("FIX"))
        problems += 1 if inside.returncode not in (0, 1) else 0
    print(SAY["ready" if problems == 0 else "not_ready"].format(kit=KIT, count=problems))
    print(SAY["took"].format(seconds=time.monotonic() - started))
    return 0 if problems == 0 else 1
