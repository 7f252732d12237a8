"""handoffs.quick_exit: a child program's exit code passes through, and the collector is frozen for the teardown.

Checked in a child process: freezing the collector of the test process itself would stay for every later test.
"""

import subprocess
import sys


def test_exit_code_passes_the_code_through_and_freezes_the_collector():
    program = ("import gc, sys\nfrom handoffs.quick_exit import exit_code\nbefore = gc.get_freeze_count()\n"
               "code = exit_code(3)\nprint(before == 0, gc.get_freeze_count() > 0)\nsys.exit(code)\n")
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=60)
    assert done.returncode == 3, done.stderr
    assert done.stdout.split() == ["True", "True"]
