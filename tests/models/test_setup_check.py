"""Notebook 00's environment check reads the kit's own declared ranges and flags what is outside them."""

from importlib import metadata

from handoffs import setup_check


def test_everything_installed_here_is_within_range():
    checks = setup_check.check_environment()
    assert all(c.ok for c in checks), [c.line() for c in checks if not c.ok]
    assert {"langchain", "autogen-core", "ipykernel", "model"} <= {c.what for c in checks}
    assert setup_check.report().endswith("Everything is ready.")


def test_versions_are_read_as_importlib_metadata_reads_them():
    """The check reads a version from the metadata's headers only (not its long description): the same version."""
    for name in (*setup_check._KEY, "handoffs"):
        assert setup_check._version(name) == metadata.version(name), name


def test_a_version_outside_the_range_is_flagged_with_what_to_do(monkeypatch):
    real = setup_check._version
    monkeypatch.setattr(setup_check, "_version", lambda name: "7.3.0" if name == "ipykernel" else real(name))
    line = next(c for c in setup_check.check_packages() if c.what == "ipykernel")
    assert not line.ok and "7.3.0 is outside the tested range >=7.4" in line.detail and "./kit lab" in line.detail
    assert "Fix the lines marked FIX" in setup_check.report()


def test_a_bad_model_setting_is_one_line_not_a_crash(monkeypatch):
    monkeypatch.setenv("HANDOFFS_MODEL", "gpt-4o-mini")
    model = next(c for c in setup_check.check_environment() if c.what == "model")
    assert not model.ok and "Unknown model spec" in model.detail


def test_declared_requirements_read_as_packaging_reads_them():
    """The check reads each requirement with a regex and ``SpecifierSet`` (cheaper to import than packaging's full
    requirement parser): the same names and ranges, for every declared requirement and forms the kit may add."""
    from packaging.requirements import Requirement

    texts = [t for t in metadata.requires("handoffs") or [] if "extra ==" not in t]
    texts += ['foo [a,b] >=1,<2 ; python_version < "3.12"', "bar==1.0", "baz", "qux~=2.1"]
    for text in texts:
        match = setup_check._REQUIREMENT.match(text)
        ours, theirs = setup_check.Requirement(match.group(1), setup_check.SpecifierSet(match.group(2).strip())), \
            Requirement(text)
        assert (ours.name, str(ours.specifier)) == (theirs.name, str(theirs.specifier)), text
    assert len(setup_check.declared_requirements()) == len([t for t in metadata.requires("handoffs") or []
                                                            if "extra ==" not in t])
