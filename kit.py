#!/usr/bin/env python3
"""kit.py: the kit's one entry point on every system, Windows and macOS included (no bash needed).

    python kit.py lab          # install into .venv once, open JupyterLab on notebook 00
    python kit.py preflight    # is this laptop ready? (a few seconds, installs nothing)
    python kit.py reset 03     # put notebook 03 back as committed, keeping your version beside it
    python kit.py test | slides | execute | help

On Linux and macOS `./kit COMMAND` runs this same file. The logic lives in src/handoffs/kit/ (standard library
only, so it runs before .venv exists).
"""

import os
import sys

if sys.version_info < (3, 9):
    sys.exit("kit.py needs Python 3.9 or newer to start (the kit itself uses Python 3.11): install Python 3.11 "
             "from python.org and run it with that.")

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "src"))

from handoffs.kit.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
