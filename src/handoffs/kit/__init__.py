"""The kit's command line (``./kit`` and ``python kit.py``): set up ``.venv``, run JupyterLab, tests, notebooks,
the workshop's slides, the pre-flight check and notebook resets.

Everything here runs on the interpreter that started ``kit.py`` — before ``.venv`` exists — so it uses the
standard library only (``environment`` creates the venv; commands that need the kit's dependencies run inside
it). ``cli`` holds the command table: adding a command is one function and one entry there.
"""
