"""Start and stop a throw-away JupyterLab for browser tests: loopback only, a random port and token, temporary
config/runtime/workspace/settings directories (nothing of the user's Jupyter setup is read or written), the news
toast off. The server is always killed (its whole process group, kernels included) by :meth:`Lab.stop`.
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from handoffs.ports import free_loopback_port

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts" / "browser"  # screenshots; git-ignored


class Lab:
    """One JupyterLab server serving ``root`` (call :meth:`start`, then always :meth:`stop`)."""

    def __init__(self, root: Path, home: Path) -> None:
        self.root, self.home = root, home
        self.port = free_loopback_port()
        self.token = secrets.token_hex(16)
        self.process: subprocess.Popen | None = None
        self.log_path = home / "jupyterlab.log"

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, notebook: str) -> str:
        """The notebook's page, in a workspace named after it: a lab serving several tests' notebooks opens only
        this one (the default workspace would bring back the tabs another test left open)."""
        return f"{self.base_url}/lab/workspaces/{Path(notebook).stem}/tree/{notebook}?token={self.token}"

    def _environment(self) -> dict[str, str]:
        dirs = {name: self.home / name for name in ("config", "runtime", "workspaces", "settings", "data")}
        for path in dirs.values():
            path.mkdir(parents=True, exist_ok=True)
        notification = dirs["settings"] / "@jupyterlab" / "apputils-extension"
        notification.mkdir(parents=True, exist_ok=True)
        (notification / "notification.jupyterlab-settings").write_text(
            json.dumps({"fetchNews": "false", "checkForUpdates": False}))
        env = dict(os.environ)
        env.update({
            "JUPYTER_CONFIG_DIR": str(dirs["config"]), "JUPYTER_RUNTIME_DIR": str(dirs["runtime"]),
            "JUPYTERLAB_WORKSPACES_DIR": str(dirs["workspaces"]), "JUPYTERLAB_SETTINGS_DIR": str(dirs["settings"]),
            "JUPYTER_DATA_DIR": str(dirs["data"]), "JUPYTER_PLATFORM_DIRS": "1",
            "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO / "src"), env.get("PYTHONPATH")])),
            "PATH": os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")]),
            "MPLBACKEND": "Agg",
        })
        return env

    def start(self, timeout: float = 60.0, attempts: int = 3) -> "Lab":
        """Start the server and wait for its status page; a port taken meanwhile costs a new port, not the test."""
        for _ in range(attempts):
            if self._started(timeout):
                return self
            if "already in use" not in self.log():
                break
            self.port = free_loopback_port()
        raise RuntimeError(f"JupyterLab exited early:\n{self.log()}")

    def _started(self, timeout: float) -> bool:
        """True once the status page answers; False if the server exited; raises if it stays silent."""
        command = [
            sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1", f"--port={self.port}",
            f"--IdentityProvider.token={self.token}", "--allow-root", f"--ServerApp.root_dir={self.root}",
            "--LabApp.expose_app_in_browser=True", "--ServerApp.open_browser=False",
            "--ServerApp.port_retries=0",  # a taken port is an exit we see, not a server on a port we do not poll
            f"--LabApp.user_settings_dir={self.home / 'settings'}",
            f"--LabApp.workspaces_dir={self.home / 'workspaces'}",
        ]
        env = self._environment()  # creates the temporary directories
        with open(self.log_path, "w") as log:  # the child keeps its own copy of the descriptor
            self.process = subprocess.Popen(command, cwd=self.root, env=env, stdout=log, stderr=subprocess.STDOUT,
                                            start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                return False
            try:
                with urllib.request.urlopen(f"{self.base_url}/api/status?token={self.token}", timeout=2) as reply:
                    if reply.status == 200:
                        return True
            except OSError:
                time.sleep(0.3)
        raise RuntimeError(f"JupyterLab did not answer within {timeout:g} s:\n{self.log()}")

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")[-4000:] if self.log_path.exists() else ""

    def stop(self) -> None:
        """Kill the server and its kernels (the process group)."""
        if self.process is not None:
            stop_group(self.process)


def stop_group(process: subprocess.Popen) -> None:
    """SIGKILL a throw-away server's whole process group (its kernels too) and reap it: nothing in it is worth a
    graceful shutdown (JupyterLab's took 4-5 s per test, asking each kernel to shut down), and no test reads it."""
    if process.poll() is None:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    process.wait(timeout=30)
