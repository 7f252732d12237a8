"""Set-up work that runs beside the install instead of after it: Debian's packages and byte-compiling ``.venv``.

A fresh clone's ``./kit test`` (CI) sets up three things that do not depend on each other: the Python packages in
``.venv`` (pip: one process, mostly one core, much of it waiting for downloads), Debian's chromium, fonts and npm
(apt-get: downloads, then dpkg), and the bytecode of the ~9,000 modules pip installed. pip used to compile them
itself, one file after another inside the install (~18 s of CPU: pip 26 with and without ``--no-compile``, fresh
venvs, the same wheels), and apt-get ran only after pip had finished. Now apt-get runs while pip installs, and pip
installs with ``--no-compile`` and ``compileall -j 0`` compiles the same files on every core while the rest of the
set-up goes on; each is waited for before the tests start. The bytecode is still made before any test: where
PYTHONDONTWRITEBYTECODE is set (CI) no process keeps what it compiles, so without it every process of the run
would compile each module it imports from source.

:class:`InBackground` is one such piece of work (a thread running it); its :meth:`~InBackground.wait` prints how
long it took, as ``[kit] phase ...`` lines do, and re-raises its error. Not here: what is installed and how
(``environment``), the test command (``testing``). Standard library only.
"""

from __future__ import annotations

import subprocess
import threading
import time
from pathlib import Path
from typing import Callable, List, Optional


class InBackground:
    """``work()`` running in a thread from now on; :meth:`wait` joins it, says how long it took, and re-raises."""

    def __init__(self, name: str, work: Callable[[], None]) -> None:
        self.name = name
        self.started = time.monotonic()
        self.ended: Optional[float] = None
        self.error: Optional[BaseException] = None
        self._thread = threading.Thread(target=self._run, args=(work,), name=f"kit: {name}", daemon=True)
        self._thread.start()

    def _run(self, work: Callable[[], None]) -> None:
        try:
            work()
        except BaseException as error:  # re-raised by wait(), in the thread that waits
            self.error = error
        finally:
            self.ended = time.monotonic()

    def wait(self, raise_error: bool = True) -> None:
        """Wait until the work is done; print its phase line (its own duration, and how long this wait took)."""
        from .environment import say

        waited = time.monotonic()
        self._thread.join()
        took = (self.ended or time.monotonic()) - self.started
        say(f"phase {self.name:<26} {took:6.1f} s (beside the others; waited {time.monotonic() - waited:.1f} s)")
        if self.error is not None:
            say(f"{self.name} failed: {self.error}")  # said even when another error is raised instead
            if raise_error:
                raise self.error


def site_packages(venv: Path) -> List[Path]:
    """The venv's site-packages folder(s): ``lib/pythonX.Y/site-packages`` (Linux, macOS), ``Lib/site-packages``
    (Windows)."""
    return sorted(venv.glob("lib/python3.*/site-packages")) + [p for p in [venv / "Lib" / "site-packages"] if p.is_dir()]


def compile_command(python: Path, folders: List[Path]) -> List[str]:
    """``python -m compileall -q -j 0 FOLDERS``: every module under the folders, on every core (files already
    compiled are only looked at). The same bytecode pip writes: optimization level 0, checked by timestamp."""
    return [str(python), "-m", "compileall", "-q", "-j", "0", *map(str, folders)]


def start_compiling(python: Path, venv: Path) -> InBackground:
    """Byte-compile what pip installed into ``venv`` (with ``--no-compile``). Errors are ignored, as pip ignores
    them: a package may ship a file that is not Python 3 (test data); a missing .pyc only costs time."""
    command = compile_command(python, site_packages(venv))
    return InBackground("compile .venv", lambda: subprocess.run(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL, check=False))


def start_apt_get(packages: List[str], install: Callable[[List[str]], None]) -> Optional[InBackground]:
    """``install(packages)`` (apt-get) in the background, or None when there is nothing to install."""
    from .environment import say

    if not packages:
        return None
    say(f"installing Debian's {' '.join(packages)} for the tests, beside the Python packages")
    return InBackground(f"apt-get {' '.join(packages)}", lambda: install(packages))
