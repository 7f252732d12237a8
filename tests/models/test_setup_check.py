"""Notebook 00's environment check reads the kit's own declared ranges and flags what is outside them."""

from importlib import metadata

from handoffs import setup_check


def test_everything_installed_here_is_within_range():
    checks = setup_check.check_environment()
    assert all(c.ok for c in checks), [c.line() for c in checks if not c.ok]
    assert {"langchain", "autogen-core", "ipykernel", "model"} <= {c.what for c in checks}
    assert setup_check.report().endswith("Everything is ready.")


def test_a_version_outside_the_range_is_flagged_with_what_to_do(monkeypatch):
    real = metadata.version
    monkeypatch.setattr(setup_check.metadata, "version",
                        lambda name: "7.3.0" if name == "ipykernel" else real(name))
    line = next(c for c in setup_check.check_packages() if c.what == "ipykernel")
    assert not line.ok and "7.3.0 is outside the tested range >=7.4" in line.detail and "./kit lab" in line.detail
    assert "Fix the lines marked FIX" in setup_check.report()


def test_a_bad_model_setting_is_one_line_not_a_crash(monkeypatch):
    monkeypatch.setenv("HANDOFFS_MODEL", "gpt-4o-mini")
    model = next(c for c in setup_check.check_environment() if c.what == "model")
    assert not model.ok and "Unknown model spec" in model.detail
