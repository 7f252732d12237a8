"""Is this environment ready for the kit? The checks notebook 00 runs first.

:func:`check_environment` compares what is installed with the ranges the kit declares (read from the installed
``handoffs`` package's metadata, or from ``pyproject.toml`` in a source checkout — the list is never written
twice) and notes the things NOTES.md taught us to check: Python 3.11+, ``ipykernel >= 7.4`` (panels that wait
for a human need it), which model ``HANDOFFS_MODEL`` selects, and how tokens are counted offline.

It reports; it never installs or changes anything. Its sentences are in :data:`SAY`, in English and Korean
(``handoffs.set_language``); package names and the ``ok``/``FIX`` marks are the same in both.
"""

from __future__ import annotations

import email
import re
import sys
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import NamedTuple

from packaging.specifiers import SpecifierSet

from handoffs.i18n import Texts, ljust

_KEY = ("langchain", "langchain-core", "langgraph", "autogen-core", "autogen-ext", "openai", "ipywidgets",
        "ipykernel", "jupyterlab", "matplotlib")


SAY = Texts({
    "missing": {"en": "missing: run ./kit lab (needs {spec})", "ko": "설치되지 않았어요: ./kit lab을 실행하세요({spec} 필요)"},
    "inside": {"en": "within the tested range {tested}", "ko": "테스트한 범위 {tested} 안에 있어요"},
    "outside": {"en": "{version} is outside the tested range {tested}: run ./kit lab",
                "ko": "{version}은(는) 테스트한 범위 {tested} 밖이에요: ./kit lab을 실행하세요"},
    "python_ok": {"en": "3.11 or newer", "ko": "3.11 이상"},
    "python_old": {"en": "the kit needs Python 3.11 or newer", "ko": "키트에는 Python 3.11 이상이 필요해요"},
    "model": {"en": "model", "ko": "모델"},
    "tokens": {"en": "token counts", "ko": "토큰 계산"},
    "ready": {"en": "Everything is ready.", "ko": "모두 준비됐어요."},
    "fix": {"en": "Fix the lines marked FIX, then re-run.", "ko": "FIX로 표시된 줄을 고친 뒤 다시 실행하세요."},
})


@dataclass(frozen=True)
class Check:
    what: str
    ok: bool
    detail: str

    def line(self) -> str:
        return f"{'ok  ' if self.ok else 'FIX '} {ljust(self.what, 16)} {self.detail}"


class Requirement(NamedTuple):
    """A declared requirement's name and version range (its extras and environment marker are not checked here)."""

    name: str
    specifier: SpecifierSet


_REQUIREMENT = re.compile(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*([^;]*)")
"""``name [extras] range ; marker`` of a requirement (PEP 508, without URLs: the kit declares none). Read with a
regex and ``SpecifierSet`` rather than ``packaging.requirements``, whose parser costs a notebook's first cells ~20 ms."""


def declared_requirements() -> list[Requirement]:
    """The kit's runtime requirements, from its metadata or (in a checkout) from pyproject.toml."""
    try:
        texts = [t for t in metadata.requires("handoffs") or [] if "extra ==" not in t]
    except metadata.PackageNotFoundError:
        pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
        import tomllib  # only in a checkout that is not installed

        texts = tomllib.loads(pyproject.read_text())["project"]["dependencies"]
    found = [_REQUIREMENT.match(t) for t in texts]
    return [Requirement(m.group(1), SpecifierSet(m.group(2).strip())) for m in found if m]


def _version(name: str) -> str:
    """``metadata.version(name)``, read from the headers of the package's metadata only: ``metadata.version`` parses
    the whole file, whose body is the package's long description (matplotlib's 80 KB, openai's 45 KB), ~20 M
    instructions of notebook 00's first reply for the ten packages checked. A metadata file without headers (never
    seen) is left to ``metadata.version``."""
    distribution = metadata.distribution(name)
    text = distribution.read_text("METADATA") or distribution.read_text("PKG-INFO") or ""
    version = email.message_from_string(re.split(r"\r?\n\r?\n", text, maxsplit=1)[0] + "\n")["Version"]
    return version if version is not None else metadata.version(name)


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def check_packages(names: tuple[str, ...] = _KEY) -> list[Check]:
    wanted = {_canonical(r.name): r for r in declared_requirements()}
    checks = []
    for name in names:
        requirement = wanted.get(_canonical(name))
        if requirement is None:
            continue
        try:
            version = _version(requirement.name)
        except metadata.PackageNotFoundError:
            checks.append(Check(name, False, SAY["missing"].format(spec=requirement.specifier)))
            continue
        inside = requirement.specifier.contains(version, prereleases=True)
        tested = ", ".join(sorted((str(s) for s in requirement.specifier), key=lambda s: not s.startswith(">")))
        detail = SAY["inside"].format(tested=tested) if inside else \
            SAY["outside"].format(version=version, tested=tested)
        checks.append(Check(name, inside, detail))
    return checks


def check_environment() -> list[Check]:
    """All checks, in the order a learner should read them."""
    from handoffs.models.switch import describe_model
    from handoffs.models.tokens import token_method

    python_ok = sys.version_info >= (3, 11)
    checks = [Check("python", python_ok, SAY["python_ok" if python_ok else "python_old"])]
    checks += check_packages()
    try:
        checks.append(Check(SAY["model"], True, describe_model()))
    except Exception as error:  # a bad HANDOFFS_MODEL: say it in one line, do not stop the notebook
        checks.append(Check(SAY["model"], False, str(error)))
    checks.append(Check(SAY["tokens"], True, token_method()))
    return checks


def report() -> str:
    checks = check_environment()
    verdict = SAY["ready"] if all(c.ok for c in checks) else SAY["fix"]
    return "\n".join([*(c.line() for c in checks), verdict])
