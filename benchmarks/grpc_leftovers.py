"""Session-then-kill: does the gRPC cluster leave anything behind, however the process that started it ends?

``python -m benchmarks.grpc_leftovers [--runs 100] [--parallel 3]`` runs a *driver* process (standing in for a
notebook's kernel) that starts :class:`~handoffs.part2.grpc_cluster.GrpcCluster` with notebook 08's two
workers, runs a whole customer session across the processes (so the driver holds gRPC's threads, as notebook 08's
kernel does), and then ends in one of five ways, in turn:

* ``sigkill`` / ``sigterm`` — killed from outside (no ``finally``, no ``atexit`` for SIGKILL);
* ``exit`` — returns without stopping the cluster (a script that ends, a kernel shut down);
* ``killpg`` — its whole process group gets SIGKILL, as a Jupyter kernel restart does;
* ``stop`` — leaves ``async with GrpcCluster(...)`` normally, then exits;
* ``starting`` — SIGKILL half a second after the cluster's folder appeared, while host and workers still start.

Each run has its own ``TMPDIR``; afterwards it waits (at most 20 s) until no child process, no listening port and no
folder is left, and reports what is still there. The summary counts leftovers per way of ending; the issue's target
is 0 folders in 100 runs. ``tests/faults/test_process_faults.py`` runs the same function a few times.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import textwrap
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENDINGS = ("sigkill", "sigterm", "exit", "killpg", "stop", "starting")
LEFTOVER_WAIT_S = 20.0
#: how often the leftovers are looked for (a look reads /proc: ~3 ms): the children leave within moments of their
#: driver, so at 0.2 s nearly every run slept one whole interval after they had gone
POLL_S = 0.02
DRIVER = textwrap.dedent("""
    import asyncio, json, sys
    from handoffs.part2.grpc_cluster import GrpcCluster, run_session_across_processes

    TURNS = ["I want a refund", "My rocket skates broke after one day", "No, that did not help",
             "Yes, please refund me"]

    async def main(ending):
        cluster = GrpcCluster({"worker-1": ["TriageAgent"], "worker-2": ["SalesAgent", "IssuesAndRepairsAgent"]})
        await cluster.start()
        result = await run_session_across_processes(cluster, TURNS, session_id="before-the-end", timeout=120)
        children = {name: p.pid for name, p in cluster.processes.items()}
        print(json.dumps({"children": children, "port": int(cluster.address.rsplit(":", 1)[1]),
                          "workdir": str(cluster.workdir), "handled_by": result.handled_by}), flush=True)
        if ending == "stop":
            await cluster.stop()
        elif ending != "exit":
            await asyncio.sleep(600)  # killed from outside meanwhile

    asyncio.run(main(sys.argv[1]))
""")


def pid_running(pid: int) -> bool:
    """True for a live process; a zombie (dead, not yet reaped) counts as gone."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    stat = Path(f"/proc/{pid}/stat")
    try:
        return stat.read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def port_listening(port: int) -> bool:
    with socket.socket() as probe:
        probe.settimeout(0.5)
        return probe.connect_ex(("127.0.0.1", port)) == 0


def processes_naming(folder: Path) -> list[int]:
    """Live processes whose command line names ``folder`` (the children get it as ``--cleanup-dir``)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and int(entry.name) != os.getpid():
            try:
                if str(folder).encode() in (entry / "cmdline").read_bytes() and pid_running(int(entry.name)):
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def leftovers(info: dict, tmpdir: Path) -> list[str]:
    left = [f"{name} (pid {pid})" for name, pid in info.get("children", {}).items() if pid_running(pid)]
    known = set(info.get("children", {}).values())
    left += [f"child (pid {pid})" for pid in processes_naming(tmpdir) if pid not in known]
    left += [f"port {info['port']}"] if info.get("port") and port_listening(info["port"]) else []
    left += [f"folder {p.name}" for p in tmpdir.glob("handoffs-grpc-*")]
    return left


def run_once(ending: str, base: Path, wait_s: float = LEFTOVER_WAIT_S) -> dict:
    """One driver run ended by ``ending``; returns what happened and what was left (``left``: [] is the goal)."""
    tmpdir = Path(tempfile.mkdtemp(prefix=f"run-{ending}-", dir=base))
    script = tmpdir / "driver.py"
    script.write_text(DRIVER)
    env = {**os.environ, "TMPDIR": str(tmpdir), "HANDOFFS_MODEL": "offline",
           "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", "")}
    driver = subprocess.Popen([sys.executable, str(script), ending], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, env=env, start_new_session=True)  # its own group, as a Jupyter kernel
    info: dict = {}
    try:
        if ending == "starting":
            return _kill_while_starting(driver, tmpdir, wait_s)
        line = driver.stdout.readline()  # type: ignore[union-attr]
        info = json.loads(line) if line.strip() else {}
        if not info:
            driver.kill()
            return {"ending": ending, "error": (driver.communicate(timeout=30)[1] or "")[-600:], "left": []}
        if ending == "sigkill":
            driver.kill()
        elif ending == "sigterm":
            driver.terminate()
        elif ending == "killpg":
            os.killpg(driver.pid, signal.SIGKILL)
        driver.wait(60)
        deadline = time.monotonic() + wait_s
        while leftovers(info, tmpdir) and time.monotonic() < deadline:
            time.sleep(POLL_S)
        left = leftovers(info, tmpdir)
        return {"ending": ending, "left": left, "handled_by": info.get("handled_by"), "exit": driver.returncode}
    finally:
        if driver.poll() is None:
            driver.kill()
            driver.wait(10)
        for pid in info.get("children", {}).values():
            if pid_running(pid):
                os.kill(pid, signal.SIGKILL)
        for pid in processes_naming(tmpdir):
            os.kill(pid, signal.SIGKILL)
        for stray in tmpdir.glob("handoffs-grpc-*"):
            subprocess.run(["rm", "-rf", str(stray)], check=False)
        script.unlink(missing_ok=True)
        try:
            tmpdir.rmdir()
        except OSError:
            pass


def _kill_while_starting(driver: subprocess.Popen, tmpdir: Path, wait_s: float) -> dict:
    deadline = time.monotonic() + 60
    while not list(tmpdir.glob("handoffs-grpc-*")) and driver.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    time.sleep(0.5)
    driver.kill()
    driver.wait(60)
    deadline = time.monotonic() + wait_s
    while leftovers({}, tmpdir) and time.monotonic() < deadline:
        time.sleep(POLL_S)
    return {"ending": "starting", "left": leftovers({}, tmpdir), "handled_by": None, "exit": driver.returncode}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.grpc_leftovers", description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--parallel", type=int, default=3)
    parser.add_argument("--endings", default=",".join(ENDINGS), help=f"a comma-separated subset of {ENDINGS}")
    args = parser.parse_args(argv)
    base = Path(tempfile.mkdtemp(prefix="handoffs-leftovers-"))
    chosen = [e for e in args.endings.split(",") if e in ENDINGS] or list(ENDINGS)
    endings = [chosen[i % len(chosen)] for i in range(args.runs)]
    began = time.monotonic()
    with ThreadPoolExecutor(args.parallel) as pool:
        results = list(pool.map(lambda ending: run_once(ending, base), endings))
    print(f"# session-then-kill: {args.runs} runs, {args.parallel} at a time, {time.monotonic() - began:.0f} s")
    print(f"{'ending':<8} {'runs':>5} {'errors':>7} {'folders left':>13} {'processes left':>15} {'ports left':>11}")
    for ending in ENDINGS:
        mine = [r for r in results if r["ending"] == ending]
        if not mine:
            continue
        left = [item for r in mine for item in r["left"]]
        print(f"{ending:<8} {len(mine):>5} {sum('error' in r for r in mine):>7} "
              f"{sum(i.startswith('folder') for i in left):>13} {sum('pid' in i for i in left):>15} "
              f"{sum(i.startswith('port') for i in left):>11}")
    for result in results:
        if result["left"] or "error" in result:
            print(f"  {result['ending']}: left {result['left']} {result.get('error', '')[-300:]}")
    total = sum(len(r["left"]) for r in results)
    print(f"total: {sum(i.startswith('folder') for r in results for i in r['left'])} folders, {total} leftovers, "
          f"{sum('error' in r for r in results)} runs that failed to start")
    shutil_rm(base)
    return 0 if total == 0 else 1


def shutil_rm(path: Path) -> None:
    import shutil

    shutil.rmtree(path, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
