"""pyproject.toml and environment.yml must ask for the same packages, and this environment must satisfy them.

pip users install from pyproject.toml (`./kit lab`), conda users from environment.yml; both must get the same
stack. These tests parse both files and compare the requirement strings package by package, and check that the
interpreter running the tests has versions inside every range (so the ranges are "known to work").
They do not install anything or reach any registry.
"""

from __future__ import annotations

import re
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
LOCAL_INSTALL_LINES = {"-e .", "-e .[test]", "."}


def pyproject_requirements() -> list[str]:
    """The runtime list, then every extra's (a requirement two extras share, written the same, counts once)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    found = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        found += [text for text in extra if text not in found]
    return found


def test_extras_that_share_a_package_ask_for_the_same_versions():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    seen: dict[str, str] = {}
    for text in project["dependencies"] + [t for extra in project["optional-dependencies"].values() for t in extra]:
        name = canonicalize_name(Requirement(text).name)
        assert seen.setdefault(name, text) == text, f"pyproject.toml asks for {name} twice, differently: " \
                                                   f"{seen[name]!r} and {text!r}"


def test_the_learners_install_has_no_test_tool():
    """``./kit lab`` installs the runtime list only: a learner's .venv holds no test runner or browser driver."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    runtime = {canonicalize_name(Requirement(text).name) for text in project["dependencies"]}
    assert not runtime & {"pytest", "nbval", "playwright", "hypothesis", "langchain-tests", "pytest-asyncio"}


def environment_yml() -> dict:
    return yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))


def environment_pip_requirements() -> list[str]:
    pip_sections = [item["pip"] for item in environment_yml()["dependencies"] if isinstance(item, dict)]
    assert len(pip_sections) == 1, "environment.yml must have exactly one `pip:` list under dependencies"
    return [str(line).strip() for line in pip_sections[0] if str(line).strip() not in LOCAL_INSTALL_LINES]


def by_package(requirement_strings: list[str], source: str) -> dict[str, str]:
    """Map canonical package name -> requirement string (whitespace removed); a package listed twice is an error."""
    found: dict[str, str] = {}
    for text in requirement_strings:
        name = canonicalize_name(Requirement(text).name)
        assert name not in found, f"{source} lists {name!r} twice: {found[name]!r} and {text!r}"
        found[name] = re.sub(r"\s+", "", text)
    return found


def test_pyproject_and_environment_yml_ask_for_the_same_packages():
    from_pyproject = by_package(pyproject_requirements(), "pyproject.toml")
    from_conda = by_package(environment_pip_requirements(), "environment.yml")
    problems = []
    for name in sorted(from_pyproject.keys() | from_conda.keys()):
        ours, theirs = from_pyproject.get(name), from_conda.get(name)
        if ours is None:
            problems.append(f"{name}: in environment.yml ({theirs!r}) but not in pyproject.toml")
        elif theirs is None:
            problems.append(f"{name}: in pyproject.toml ({ours!r}) but not in environment.yml")
        elif Requirement(ours) != Requirement(theirs):
            problems.append(f"{name}: pyproject.toml says {ours!r}, environment.yml says {theirs!r}")
    assert not problems, "pyproject.toml and environment.yml disagree:\n  " + "\n  ".join(problems)


def test_environment_yml_installs_the_kit_itself_and_pins_the_python_pyproject_allows():
    env = environment_yml()
    pip_lines = next(item["pip"] for item in env["dependencies"] if isinstance(item, dict))
    assert any(str(line).strip().startswith("-e .") for line in pip_lines), (
        "environment.yml's pip list must end with `-e .` so conda users get the `handoffs` package too"
    )
    pythons = [d for d in env["dependencies"] if isinstance(d, str) and d.startswith("python")]
    assert pythons, "environment.yml must pin python (e.g. python=3.11)"
    conda_python = pythons[0].split("=", 1)[1]
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["requires-python"]
    from packaging.specifiers import SpecifierSet

    assert SpecifierSet(requires).contains(conda_python + ".0"), (
        f"environment.yml pins python={conda_python}, outside pyproject's requires-python {requires!r}"
    )


@pytest.mark.parametrize("requirement", pyproject_requirements())
def test_this_environment_has_a_version_inside_every_range(requirement):
    req = Requirement(requirement)
    try:
        installed = metadata.version(req.name)
    except metadata.PackageNotFoundError:
        pytest.fail(f"{req.name} is required by pyproject.toml but not installed in {sys.prefix}: run ./kit test")
    assert req.specifier.contains(installed, prereleases=True), (
        f"{req.name} {installed} is installed but pyproject.toml asks for {requirement!r}: "
        "either the range or the environment is stale"
    )
