"""The command table of ``./kit`` / ``python kit.py``: one function per command, dispatched by :func:`main`.

To add a command, write ``def cmd_NAME(args: list[str]) -> int`` and add it to :data:`COMMANDS` with its help
text. Commands that need the kit's dependencies call :func:`~handoffs.kit.environment.ensure_venv` (naming the
extras they need beyond a learner's install: ``test``, ``pdf``) and run the work with the venv's Python.
``./kit COMMAND --help`` prints that command's help and installs nothing. Standard library only.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Callable, Dict, List, Tuple

from .. import i18n
from . import environment as kit_env
from . import notebooks, testing
from .environment import ROOT, KitError, phase, say, venv_python

START_NOTEBOOK = "notebooks/00_start_here.ipynb"


def language_option(args: List[str]) -> Tuple[str | None, List[str]]:
    """``--lang ko`` (or ``--lang=ko``) taken out of ``args``: the language the kit shows for this command.

    It is passed on as ``HANDOFFS_LANG`` (``handoffs.i18n``), so JupyterLab's kernels and the pre-flight's inner half
    speak it too. Returns ``(language or None, the other arguments)``.
    """
    rest: List[str] = []
    chosen = None
    items = iter(args)
    for item in items:
        if item == "--lang":
            chosen = next(items, "")
        elif item.startswith("--lang="):
            chosen = item.split("=", 1)[1]
        else:
            rest.append(item)
    if chosen is None:
        return None, rest
    if chosen.strip().lower() not in i18n.LANGUAGES:
        raise KitError(f"Unknown language '{chosen}': use --lang en or --lang ko.")
    return chosen.strip().lower(), rest


def start_notebook(language: str | None) -> str:
    """Notebook 00 of that language's edition (``notebooks/ko/`` for Korean) when it exists, else the English one."""
    own = f"notebooks/{language}/00_start_here.ipynb"
    return own if language and language != "en" and (ROOT / own).exists() else START_NOTEBOOK


def _run(command: List[str], env: Dict[str, str]) -> int:
    try:
        return subprocess.run(command, env=env, cwd=str(ROOT)).returncode
    except KeyboardInterrupt:
        return 130


def workspaces_dir(language: str | None, env: Dict[str, str] | None = None) -> Path:
    """Where JupyterLab keeps this edition's workspace (open tabs, layout): a folder of its own per edition inside
    the user's workspaces folder (``$JUPYTERLAB_WORKSPACES_DIR``, else ``$JUPYTER_CONFIG_DIR/lab/workspaces``, else
    ``~/.jupyter/lab/workspaces``), so ``--lang ko`` never brings back the English edition's tabs, nor the reverse."""
    env = os.environ if env is None else env
    base = env.get("JUPYTERLAB_WORKSPACES_DIR") or os.path.join(
        env.get("JUPYTER_CONFIG_DIR") or os.path.join(os.path.expanduser("~"), ".jupyter"), "lab", "workspaces")
    return Path(base) / f"handoffs-{language or 'en'}"


def lab_arguments(args: List[str], is_root: bool, language: str | None = None,
                  env: Dict[str, str] | None = None) -> List[str]:
    """``jupyter lab`` arguments that land on notebook 00 (of the language's edition) — the printed URL and the
    opened browser tab go there — in that edition's own workspace (:func:`workspaces_dir`; a
    ``--LabApp.workspaces_dir`` given by the user wins)."""
    extra = list(args)
    if is_root and "--allow-root" not in extra:
        extra.append("--allow-root")
    start = start_notebook(language)
    if (ROOT / start).exists() and not any(a.startswith("--LabApp.default_url") for a in extra):
        extra.insert(0, f"--LabApp.default_url=/lab/tree/{start}")
    if not any(a.startswith("--LabApp.workspaces_dir") for a in extra):
        extra.append(f"--LabApp.workspaces_dir={workspaces_dir(language, env)}")
    return [f"--ServerApp.root_dir={ROOT}", *extra]


def cmd_lab(args: List[str]) -> int:
    language, args = language_option(args)
    env = kit_env.ensure_venv()
    if language:
        env["HANDOFFS_LANG"] = language
    phase()
    is_root = hasattr(os, "geteuid") and os.geteuid() == 0
    return _run([str(venv_python()), "-m", "jupyterlab", *lab_arguments(args, is_root, language, env)], env)


def cmd_test(args: List[str]) -> int:
    group, pytest_args = testing.group_of(args)
    paths = testing.pytest_arguments(group)  # errors about the group come before any install
    # Debian's chromium and npm (a fresh CI machine) install while pip installs, and .venv's bytecode is compiled
    # while the rest is set up: none of them needs another (handoffs.kit.background)
    apt = kit_env.start_debian_packages(chromium=group in testing.NEEDS_CHROMIUM,
                                        npm=group in testing.NEEDS_SLIDE_ASSETS)
    try:
        env = kit_env.ensure_venv(extras=("test",), compile_in_background=True)
    finally:
        if apt is not None:
            apt.wait(raise_error=sys.exc_info()[0] is None)  # pip's own error first
    try:  # however the set-up ends, the compile started beside it has ended too
        kit_env.ensure_chromium(env, install=group in testing.NEEDS_CHROMIUM)
        if group in testing.NEEDS_SLIDE_ASSETS and not kit_env.ensure_slide_assets(required=False):
            say("npm is not installed: the slide tests will be skipped (install Node.js to run them)")
        env.update(notebooks.REPRODUCIBLE)
        phase()  # the set-up phases end here: waiting for the bytecode prints a line of its own
        testing.compile_sources(venv_python())
    finally:
        kit_env.bytecode_ready()
    phase(f"pytest ({group})" if group == "all" or group in testing.GROUPS else "pytest")
    status = _run([str(venv_python()), "-m", "pytest", *paths, *testing.parallel_arguments(group, pytest_args),
                   *pytest_args], env)
    phase()
    if status == 5:
        say("pytest collected no tests: that is a failure, not a pass")
    return status


def cmd_execute(args: List[str]) -> int:
    if args:
        chosen = [Path(a) if Path(a).is_absolute() else ROOT / a for a in args]
        for path in chosen:
            if not (path.is_file() and path.suffix == ".ipynb"):
                raise KitError(f"Not a notebook file: {path.name}; give paths like notebooks/02_*.ipynb.")
        chosen.sort(key=lambda p: (p.parent.name == "ko", p.name))
    else:
        chosen = notebooks.all_notebooks()
    if not chosen:
        raise KitError("There are no notebooks to execute.")
    env = {**kit_env.ensure_venv(), **notebooks.REPRODUCIBLE}
    for notebook in chosen:
        phase(f"execute {notebooks.display_name(notebook)}")
        status = _run(notebooks.execute_command(str(venv_python()), notebook), env)
        if status != 0:
            phase()
            return status
    phase()
    return 0


def cmd_slides(args: List[str]) -> int:
    env = kit_env.ensure_venv(extras=("pdf",) if "--pdf" in args else ())
    kit_env.ensure_slide_assets(required=True)
    kit_env.ensure_chromium(env, install=False)
    phase()
    return _run([str(venv_python()), "-m", "handoffs.workshop.slides", *args], env)


def cmd_preflight(args: List[str]) -> int:
    from .preflight import run_preflight

    language, args = language_option(args)
    if language:
        os.environ["HANDOFFS_LANG"] = language  # this half reads it, the half inside .venv inherits it
    return run_preflight(args)


def cmd_reset(args: List[str]) -> int:
    if len(args) > 1:
        raise KitError("Reset one notebook at a time (./kit reset 03), or all of them (./kit reset).")
    for line in notebooks.reset(args[0] if args else None):
        print(line)
    return 0


def cmd_bench(args: List[str]) -> int:
    env = {**kit_env.ensure_venv(extras=("test",)), **notebooks.REPRODUCIBLE}  # the notebooks benchmark runs nbval
    phase("bench")
    status = _run([str(venv_python()), "-m", "benchmarks", *args], env)
    phase()
    return status


def cmd_timings(args: List[str]) -> int:
    unknown = [a for a in args if a.startswith("-") and a != "--measure"]
    if unknown:
        raise KitError(f"Unknown option {unknown[0]}: use ./kit timings, or ./kit timings --measure [NOTEBOOK...].")
    env = {**kit_env.ensure_venv(), **notebooks.REPRODUCIBLE}
    phase("timings")
    status = _run([str(venv_python()), "-m", "handoffs.workshop.timings", "--write", *args], env)
    phase()
    return status


def cmd_derive(args: List[str]) -> int:
    unknown = [a for a in args if a != "--check"]
    if unknown:
        raise KitError(f"Unknown option {unknown[0]}: use ./kit derive, or ./kit derive --check.")
    env = kit_env.ensure_venv()
    return _run([str(venv_python()), "-m", "handoffs.models.derived", "--check" if args else "--write"], env)


def cmd_help(args: List[str]) -> int:
    """``./kit help`` (every command) or ``./kit help COMMAND`` / ``./kit COMMAND --help`` (that one)."""
    chosen = [name for name in args if name in COMMANDS]
    if not chosen:
        print("Usage: ./kit COMMAND [ARGS...]      (on Windows: python kit.py COMMAND [ARGS...])\n")
    for name, (_, text) in COMMANDS.items():
        if not chosen or name in chosen:
            print(f"  {text}")
    if not chosen:
        print("\n  ./kit COMMAND --help prints one command's help (and installs nothing).")
    return 0


COMMANDS: Dict[str, Tuple[Callable[[List[str]], int], str]] = {
    "lab": (cmd_lab, "lab [--lang ko] [ARGS...]\n                         set up .venv (once: what the notebooks and slides "
                     "need, no test tools) and open JupyterLab on notebook 00;\n                         --lang ko: the kit in Korean "
                     "(HANDOFFS_LANG=ko), starting on notebooks/ko/;\n                         ARGS go to 'jupyter lab' "
                     "(e.g. --no-browser, --port 8899)"),
    "preflight": (cmd_preflight, "preflight [--lang ko]  is this laptop ready? Python, .venv, packages, a kernel, the "
                                 "offline model, ports, disk (a few seconds; installs nothing)"),
    "reset": (cmd_reset, "reset [NOTEBOOK]       put a notebook (e.g. 03, or ko/03 in Korean) or all of them back as "
                         "committed; your version is kept beside it"),
    "slides": (cmd_slides, "slides [--lang ko] [--pdf] [--port N] [--no-serve] [--out DIR]\n                         build "
                           "the workshop decks from the code and real runs, serve them on 127.0.0.1;\n"
                           "                         --lang ko: the Korean decks (slides/ko/); --pdf: handouts "
                           "(installs playwright once)"),
    "test": (cmd_test, "test [GROUP] [ARGS...] run the tests (all, or a GROUP: " + " ".join(testing.GROUPS)
                       + ";\n                         or a path like tests/x.py::name); ARGS go to pytest"),
    "execute": (cmd_execute, "execute [NOTEBOOK...]  re-execute notebooks in place with the offline model "
                             "(HANDOFFS_MODEL=offline PYTHONHASHSEED=0 TZ=UTC)"),
    "bench": (cmd_bench, "bench [NAME...]        benchmarks: the kit and the bare frameworks doing the same work, "
                         "interleaved, with ratios\n                         (part2 part1 decisions notebooks kernel "
                         "grpc; default all; --quick: a smoke run; see CONTRIBUTING.md)"),
    "timings": (cmd_timings, "timings [--measure [NOTEBOOK...]]\n                         rewrite the timing tables "
                             "of slides/INSTRUCTOR.md and .ko.md from the notebooks;\n                         "
                             "--measure: run the notebooks first and keep their run times (all, or those named)"),
    "derive": (cmd_derive, "derive [--check]       rebuild the offline model's derived files (its patterns' anchor words and "
                           "index,\n                         the English words its typo check may ask about) after "
                           "editing a data file;\n                         --check: are they current?"),
    "help": (cmd_help, "help                   this text"),
}


def main(argv: List[str]) -> int:
    name = argv[0] if argv else "help"
    name = "help" if name in ("-h", "--help") else name
    if name not in COMMANDS:
        cmd_help([])
        say(f"error: unknown command '{name}'")
        return 2
    if any(arg in ("-h", "--help") for arg in argv[1:2]) or (name != "test" and "--help" in argv[1:]):
        return cmd_help([name])  # before anything is installed (pytest's own -h: ./kit test tests -h)
    try:
        return COMMANDS[name][0](argv[1:])
    except KitError as error:
        phase.name = ""
        say(f"error: {error}")
        return 2
    except KeyboardInterrupt:
        return 130
