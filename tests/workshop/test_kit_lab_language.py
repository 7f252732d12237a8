"""``./kit lab --lang ko`` opens the Korean edition's notebook 00 and starts JupyterLab with the kit in Korean.

The argument handling is checked directly (it is standard library code); a wrong language is refused by
``python kit.py`` with one sentence, before anything is installed, on a PATH with no bash. The real browser check
of the printed URL is ``tests/browser/test_newcomer_drive.py`` (after the English start).
"""

from __future__ import annotations

import pytest

from handoffs.kit import cli
from handoffs.kit.environment import KitError, ROOT
from workshop_helpers import no_bash_path, run_kit


@pytest.mark.parametrize("args, expected", [
    (["--lang", "ko", "--no-browser"], ("ko", ["--no-browser"])),
    (["--port", "8899", "--lang=KO"], ("ko", ["--port", "8899"])),
    (["--no-browser"], (None, ["--no-browser"])),   # no option: the kit's language is left as it is
    (["--lang", "en"], ("en", [])),
])
def test_the_language_is_taken_out_of_jupyters_arguments(args, expected):
    assert cli.language_option(args) == expected


def test_each_language_lands_on_its_own_notebook_00():
    korean = cli.lab_arguments(["--no-browser"], is_root=False, language="ko")
    english = cli.lab_arguments(["--no-browser"], is_root=False)
    assert "--LabApp.default_url=/lab/tree/notebooks/ko/00_start_here.ipynb" in korean
    assert "--LabApp.default_url=/lab/tree/notebooks/00_start_here.ipynb" in english
    assert (ROOT / cli.start_notebook("ko")).is_file() and (ROOT / cli.start_notebook("en")).is_file()
    assert cli.start_notebook("ko") != cli.start_notebook("en")


def test_each_edition_has_its_own_jupyterlab_workspace(tmp_path):
    env = {"JUPYTERLAB_WORKSPACES_DIR": str(tmp_path)}
    korean = cli.lab_arguments([], is_root=False, language="ko", env=env)
    english = cli.lab_arguments([], is_root=False, language="en", env=env)
    assert f"--LabApp.workspaces_dir={tmp_path / 'handoffs-ko'}" in korean
    assert f"--LabApp.workspaces_dir={tmp_path / 'handoffs-en'}" in english
    assert cli.lab_arguments([], is_root=False, env=env) == english  # no --lang: the English edition's
    assert cli.workspaces_dir("ko", {"JUPYTER_CONFIG_DIR": str(tmp_path)}) == tmp_path / "lab/workspaces/handoffs-ko"
    own = cli.lab_arguments(["--LabApp.workspaces_dir=/mine"], is_root=False, language="ko", env=env)
    assert [a for a in own if "workspaces_dir" in a] == ["--LabApp.workspaces_dir=/mine"]  # the user's wins


@pytest.mark.parametrize("args", [["--lang", "fr"], ["--lang"], ["--lang="]])
def test_an_unknown_language_is_one_sentence_naming_the_choices(args):
    with pytest.raises(KitError, match=r"use --lang en or --lang ko"):
        cli.language_option(args)


def test_kit_py_refuses_an_unknown_language_before_installing_anything(kit_checkout, tmp_path):
    result = run_kit(kit_checkout, "lab", "--lang", "fr", path=no_bash_path(tmp_path))
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == ["[kit] error: Unknown language 'fr': use --lang en or --lang ko."]
    assert not (kit_checkout / ".venv").exists()


@pytest.mark.parametrize("command", ["slides", "lab", "test", "execute", "bench", "timings", "preflight"])
def test_a_commands_help_prints_without_installing_anything(kit_checkout, tmp_path, command):
    result = run_kit(kit_checkout, command, "--help", path=no_bash_path(tmp_path))
    assert result.returncode == 0 and result.stdout.lstrip().startswith(command), result.stdout + result.stderr
    assert "[kit] phase" not in result.stderr and not (kit_checkout / ".venv").exists()


def test_kit_help_says_which_commands_speak_korean(kit_checkout, tmp_path):
    lines = run_kit(kit_checkout, "help", path=no_bash_path(tmp_path)).stdout.splitlines()
    for command in ("lab", "preflight", "slides"):
        assert any(line.strip().startswith(command + " ") and "--lang ko" in line for line in lines), command
