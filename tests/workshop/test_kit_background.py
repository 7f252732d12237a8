"""``./kit test``'s set-up work that runs beside the install (``handoffs.kit.background``): byte-compiling a venv's
site-packages the way pip would have, and a piece of background work that says how long it took and re-raises its
error in the thread that waits for it."""

from __future__ import annotations

import importlib.util
import sys

import pytest

from handoffs.kit.background import InBackground, site_packages, start_compiling


def test_the_venvs_modules_are_compiled_as_pip_would_compile_them(tmp_path, capsys):
    venv = tmp_path / "venv"
    packages = venv / "lib" / f"python{sys.version_info[0]}.{sys.version_info[1]}" / "site-packages"
    (packages / "deep" / "er").mkdir(parents=True)
    (packages / "top.py").write_text("X = 1\n")
    (packages / "deep" / "er" / "inner.py").write_text("Y = 2\n")
    (packages / "deep" / "not_python3.py").write_text("print 'a Python 2 test file'\n")  # skipped, as pip skips it
    assert site_packages(venv) == [packages]

    start_compiling(sys.executable, venv).wait()

    for module in (packages / "top.py", packages / "deep" / "er" / "inner.py"):
        compiled = importlib.util.cache_from_source(str(module))  # where imports look for it (optimization level 0)
        assert open(compiled, "rb").read(4) == importlib.util.MAGIC_NUMBER
    assert not (packages / "deep" / "__pycache__").exists()
    said = capsys.readouterr().err
    assert "[kit] phase compile .venv" in said and "beside the others; waited" in said


def test_a_windows_venvs_site_packages_is_found(tmp_path):
    (tmp_path / "Lib" / "site-packages").mkdir(parents=True)
    assert site_packages(tmp_path) == [tmp_path / "Lib" / "site-packages"]


def test_background_work_runs_at_once_and_its_error_is_raised_by_wait(capsys):
    ran = []
    InBackground("ok", lambda: ran.append(1)).wait()
    assert ran == [1]

    def fails() -> None:
        raise RuntimeError("apt-get failed")

    failing = InBackground("apt-get chromium", fails)
    failing.wait(raise_error=False)  # another error is already on its way: this one is only reported
    reported = capsys.readouterr().err
    assert "[kit] phase apt-get chromium" in reported and "apt-get chromium failed: apt-get failed" in reported
    with pytest.raises(RuntimeError, match="apt-get failed"):
        failing.wait()
    assert "apt-get chromium failed: apt-get failed" in capsys.readouterr().err
