"""``./kit preflight``: is this laptop ready for the workshop? Plain answers in a few seconds; installs nothing.

Two halves. This one runs on the interpreter that started the kit (standard library only): Python's version,
``.venv`` present and up to date, free disk, free ports. The other half,
:mod:`handoffs.workshop.preflight`, runs inside ``.venv``: the packages import and are in range, a Jupyter
kernel starts, the offline model answers, fonts for Korean text. Every sentence a learner reads is in
:data:`SAY` (one place, to translate).
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import time
from typing import List, Tuple

from .environment import ROOT, SUPPORTED, VENV, WINDOWS, find_python, KitError, venv_environment, venv_is_current, venv_python

KIT = "python kit.py" if WINDOWS else "./kit"
SAY = {
    "python_ok": "Python {version} is installed: good.",
    "python_missing": "No Python 3.11 or 3.12 found: install Python 3.11 from python.org, then run this again.",
    "venv_ok": "The kit is installed in .venv and up to date.",
    "venv_missing": "The kit is not installed yet: run '{kit} lab' once (it installs about 750 MB into .venv).",
    "venv_stale": "The kit's packages changed since .venv was installed: run '{kit} lab' once to update them.",
    "disk_ok": "{free:.1f} GB free on this disk: enough.",
    "disk_low": "Only {free:.1f} GB free on this disk; the kit needs about {need:.1f} GB: free some space.",
    "port_free": "Port {port} ({what}) is free.",
    "port_busy": "Port {port} ({what}) is in use by another program; that is fine, the kit then picks another port.",
    "ready": "Your laptop is ready for the workshop. Start with: {kit} lab",
    "not_ready": "Not ready yet: fix the {count} line(s) marked FIX above, then run '{kit} preflight' again.",
    "took": "(checked in {seconds:.1f} s)",
}
PORTS = ((8888, "JupyterLab"), (8765, "the room's model endpoint"), (8000, "the slides"))
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
            port=port, what=what)))
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
                       f"the check inside .venv failed (status {inside.returncode})"))
        problems += sum(1 for text in inside.stdout.splitlines() if text.startswith("FIX"))
        problems += 1 if inside.returncode not in (0, 1) else 0
    print(SAY["ready" if problems == 0 else "not_ready"].format(kit=KIT, count=problems))
    print(SAY["took"].format(seconds=time.monotonic() - started))
    return 0 if problems == 0 else 1
