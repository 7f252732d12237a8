"""Where the kit lives and how its ``.venv`` is made: the interpreter to use, the install stamp, Chromium, npm.

Standard library only (this runs before ``.venv`` exists). Works on Linux, macOS and Windows: the venv's
interpreter is ``.venv/bin/python`` or ``.venv\\Scripts\\python.exe``. Nothing is installed outside the
repository, except Debian's ``chromium`` (and fonts) or ``npm`` when ``./kit test`` / ``./kit slides`` runs as
root on a Debian machine that lacks them. What runs beside the install (apt-get, byte-compiling) is
:mod:`handoffs.kit.background`.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Set

from . import background

ROOT = Path(__file__).resolve().parents[3]
VENV = ROOT / ".venv"
STAMP = VENV / ".handoffs-install-stamp"
WINDOWS = os.name == "nt"
SUPPORTED = ((3, 11), (3, 12))
SLIDES = ROOT / "slides"
#: the pip that installs the kit into .venv: the pip bundled with Python 3.11 (23.x) installs it too, but finding
#: its ~180 packages took 102-121 s there against 33-40 s with pip 26 (``pip install --dry-run -e .[test]`` in fresh
#: venvs, alternated, one machine), so a fresh .venv first upgrades pip (a few seconds)
PIP, PIP_MAJOR = "pip>=26,<27", 26
#: Debian's packages the browser tests need: Chromium, and fonts for Korean glyphs and emoji in screenshots
CHROMIUM_PACKAGES = ["chromium", "fonts-noto-cjk", "fonts-noto-color-emoji"]
#: what a fresh .venv weighs (du -sh .venv on Linux, Python 3.11): the learner's install, and with the test extras
INSTALL_MB = {"lab": 600, "test": 780}


class KitError(Exception):
    """A problem the user can fix; the message is one sentence saying how."""


def say(text: str) -> None:
    print(f"[kit] {text}", file=sys.stderr, flush=True)


class Phases:
    """Prints how long each phase took (``[kit] phase install -e .[test]   31.2 s``)."""

    def __init__(self) -> None:
        self.name, self.started = "", 0.0

    def __call__(self, name: str = "") -> None:
        if self.name:
            say(f"phase {self.name:<26} {time.monotonic() - self.started:6.1f} s")
        self.name, self.started = name, time.monotonic()


phase = Phases()


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if WINDOWS else "bin/python")


def venv_bin() -> Path:
    return venv_python().parent


def _version_of(command: List[str]) -> Optional[tuple]:
    try:
        out = subprocess.run(command + ["-c", "import sys; print(sys.version_info[0], sys.version_info[1])"],
                             capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired):
        return None
    parts = out.stdout.split()
    return (int(parts[0]), int(parts[1])) if out.returncode == 0 and len(parts) == 2 else None


def find_python() -> List[str]:
    """A command running Python 3.11 or 3.12: $HANDOFFS_PYTHON, this interpreter, python3.11, python3.12, py -3.11."""
    candidates: List[List[str]] = []
    if os.environ.get("HANDOFFS_PYTHON"):
        candidates.append([os.environ["HANDOFFS_PYTHON"]])
    candidates.append([sys.executable])
    candidates += [[name] for name in ("python3.11", "python3.12", "python3", "python") if shutil.which(name)]
    if WINDOWS and shutil.which("py"):
        candidates += [["py", "-3.11"], ["py", "-3.12"]]
    for command in candidates:
        if _version_of(command) in SUPPORTED:
            return command
    raise KitError("No Python 3.11 found (looked for $HANDOFFS_PYTHON, this interpreter, python3.11, python3.12"
                   + (", py -3.11" if WINDOWS else "") + "). Install Python 3.11 from python.org, then run this again.")


def install_fingerprint() -> str:
    """Changes whenever what ``pip install -e .`` installs could change: pyproject.toml and the venv's Python."""
    version = subprocess.run([str(venv_python()), "-c", "import sys; print(sys.version)"],
                             capture_output=True, text=True).stdout
    return hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + version.encode()).hexdigest()


def installed_extras() -> Optional[Set[str]]:
    """The extras (``test``, ``pdf``) .venv was installed with from the present pyproject.toml; None when .venv is
    missing or was installed from another pyproject.toml. The stamp's first line is the fingerprint, its second the
    extras (comma-separated; a stamp of one line is a full ``[test]`` install from before extras were chosen)."""
    if not (venv_python().exists() and STAMP.exists()):
        return None
    lines = STAMP.read_text().splitlines() or [""]
    if lines[0].strip() != install_fingerprint():
        return None
    return set(filter(None, lines[1].split(","))) if len(lines) > 1 else {"test"}


def venv_is_current() -> bool:
    """True when .venv exists and was installed from the present pyproject.toml."""
    return installed_extras() is not None


def quiet_pip(*args: str) -> None:
    """pip with its output kept in .venv/pip.log, shown (minus this machine's index noise) on failure."""
    log = VENV / "pip.log"
    with open(log, "w") as out:
        status = subprocess.run([str(venv_python()), "-m", "pip", *args], stdout=out, stderr=subprocess.STDOUT).returncode
    if status != 0:
        lines = [line for line in log.read_text(errors="replace").splitlines()
                 if "is ignored: it is neither a file nor a directory" not in line]
        print("\n".join(lines[-60:]), file=sys.stderr)
        raise KitError(f"pip {' '.join(args)} failed (full log: {log}); check your network, then run this again.")


def _bundled_pip_major() -> int:
    out = subprocess.run([str(venv_python()), "-m", "pip", "--version"], capture_output=True, text=True).stdout
    try:
        return int(out.split()[1].split(".")[0])
    except (IndexError, ValueError):
        return 0


_compiling: List[background.InBackground] = []  # byte-compiling .venv, not yet waited for


def ensure_venv(extras: Iterable[str] = (), compile_in_background: bool = False) -> Dict[str, str]:
    """Create .venv if missing and install the kit when pyproject.toml changed or an extra is wanted that is not
    there yet; return the environment to use.

    ``./kit lab`` asks for no extra (what the notebooks and slides need, nothing test-only); ``./kit test`` asks for
    ``test``, ``./kit slides --pdf`` for ``pdf``. Extras once installed stay (a reinstall keeps them).
    pip installs with ``--no-compile``; ``compileall`` then compiles the modules on every core
    (:mod:`handoffs.kit.background`): before this returns, or, with ``compile_in_background``, while the caller goes
    on until it calls :func:`bytecode_ready`."""
    os.environ.setdefault("PIP_DISABLE_PIP_VERSION_CHECK", "1")
    os.environ.setdefault("PIP_NO_INPUT", "1")
    if not venv_python().exists():
        phase("create .venv")
        python = find_python()
        say(f"creating .venv with {' '.join(python)}")
        subprocess.run([*python, "-m", "venv", str(VENV)], check=True)
        if _bundled_pip_major() < PIP_MAJOR:
            quiet_pip("install", "--upgrade", PIP)
    handoffs_importable = subprocess.run([str(venv_python()), "-c", "import handoffs"], capture_output=True).returncode == 0
    have = installed_extras()
    wanted = set(extras) | (have or set())
    if have is None or not handoffs_importable or not wanted <= have:
        chosen = f"[{','.join(sorted(wanted))}]" if wanted else ""
        phase(f"install -e .{chosen}")
        say(f"installing the kit{' with ' + ', '.join(sorted(wanted)) if wanted else ''} into .venv "
            f"(the first time: about {INSTALL_MB['test' if 'test' in wanted else 'lab']} MB)")
        quiet_pip("install", "--no-compile", "-e", f"{ROOT}{chosen}")
        STAMP.write_text(f"{install_fingerprint()}\n{','.join(sorted(wanted))}\n")
        phase()
        _compiling.append(background.start_compiling(venv_python(), VENV))
        if not compile_in_background:
            bytecode_ready()
    return venv_environment()


def bytecode_ready() -> None:
    """Wait for the byte-compiling :func:`ensure_venv` started, if any."""
    while _compiling:
        _compiling.pop().wait()


def venv_environment() -> Dict[str, str]:
    """os.environ with .venv first on PATH and its Jupyter data first (its "python3" kernel runs .venv's Python)."""
    env = dict(os.environ)
    jupyter_data = str(VENV / "share" / "jupyter")
    env["JUPYTER_PATH"] = os.pathsep.join(filter(None, [jupyter_data, env.get("JUPYTER_PATH")]))
    env["PATH"] = os.pathsep.join([str(venv_bin()), env.get("PATH", "")])
    env["VIRTUAL_ENV"] = str(VENV)
    return env


def _apt_install(packages: List[str], why: str) -> None:
    phase(f"apt-get {' '.join(packages)}")
    say(f"installing Debian's {' '.join(packages)} {why}")
    apt_get_install(packages)


def apt_get_install(packages: List[str]) -> None:
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update", "-qq"], env=env, stdout=subprocess.DEVNULL, check=True)
    subprocess.run(["apt-get", "install", "-y", "-qq", *packages], env=env, stdout=subprocess.DEVNULL, check=True)


def _can_apt() -> bool:
    return not WINDOWS and hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get") is not None


def missing_debian_packages(chromium: bool, npm: bool) -> List[str]:
    """What apt-get would install, as root on Debian, for the browser tests (``chromium``: :data:`CHROMIUM_PACKAGES`)
    and the slides' reveal.js (``npm``: when there is no npm and slides/node_modules is not current); [] elsewhere."""
    if not (_can_apt() and shutil.which("dpkg-query")):
        return []
    missing = [p for p in CHROMIUM_PACKAGES if chromium and "install ok installed" not in subprocess.run(
        ["dpkg-query", "-W", "-f=${Status}", p], capture_output=True, text=True).stdout]
    if npm and shutil.which("npm") is None and not slide_assets_current():
        missing.append("npm")
    return missing


def start_debian_packages(chromium: bool, npm: bool) -> Optional[background.InBackground]:
    """apt-get of :func:`missing_debian_packages` in the background (it needs nothing pip installs); None when none
    is missing or this is not root on Debian. Call its ``wait()`` before the tests."""
    return background.start_apt_get(missing_debian_packages(chromium, npm), apt_get_install)


def ensure_chromium(env: Dict[str, str], install: bool) -> None:
    """Set HANDOFFS_CHROMIUM for the browser tests; as root on Debian, first install chromium and fonts if missing."""
    missing = missing_debian_packages(chromium=True, npm=False) if install else []
    if missing:
        _apt_install(missing, "for the browser tests")
    found = shutil.which("chromium")
    if found:
        env["HANDOFFS_CHROMIUM"] = found
    elif install:
        say("chromium is not installed and this is not root: the browser tests will be skipped")
        say("(install it with: sudo apt-get install chromium)")


def slide_assets_current() -> bool:
    """True when slides/node_modules was installed from the present package-lock.json."""
    lock, marker = SLIDES / "package-lock.json", SLIDES / "node_modules" / ".package-lock.json"  # npm writes it
    return marker.exists() and marker.stat().st_mtime >= lock.stat().st_mtime


def ensure_slide_assets(required: bool = True) -> bool:
    """``npm ci`` in slides/ when its node_modules is missing or older than package-lock.json.

    Returns whether the assets are there; with ``required`` a missing npm is an error saying what to install.
    """
    if slide_assets_current():
        return True
    npm = shutil.which("npm")
    if npm is None and _can_apt():
        _apt_install(["npm"], "for the slides' reveal.js")
        npm = shutil.which("npm")
    if npm is None:
        if required:
            raise KitError("The slides need npm (Node.js) once, to install reveal.js: install Node.js from "
                           "nodejs.org (or: sudo apt-get install npm), then run this again.")
        return False
    phase("npm ci (slides)")
    out = subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=SLIDES,
                         capture_output=True, text=True, shell=WINDOWS)
    if out.returncode != 0:
        print(out.stdout[-3000:], out.stderr[-3000:], file=sys.stderr)
        raise KitError("npm ci in slides/ failed (output above); check your network, then run this again.")
    return True
