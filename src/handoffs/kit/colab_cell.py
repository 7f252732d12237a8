"""The Google Colab block at the top of a notebook's first code cell, and the script that puts it there.

Colab opens one notebook alone, from GitHub, on a Python that has Jupyter but not the kit; so each notebook must
install the kit itself. The block does that only where ``google.colab`` imports (elsewhere it does nothing, and
prints nothing, so committed outputs stay valid), then turns on Colab's widget manager, without which ipywidgets
panels do not show there. It is the one source of that block: notebooks carry copies made by

    python -m handoffs.kit.colab_cell [NOTEBOOK...]      # default: every notebook of both editions

which adds the block where it is missing and replaces an outdated copy (idempotent; a notebook's other cells are
untouched). ``tests/test_colab_cell.py`` fails when a copy differs from :func:`block`. Standard library only.

The kit's GitHub address is written in ``pyproject.toml`` (``[project.urls] Repository``), the one place this
module reads it from. A copy published under another address says so once:

    python -m handoffs.kit.colab_cell --repository OWNER/NAME

which writes the new address into pyproject.toml, the Colab links of README.md and README.ko.md, and every
notebook's block (:func:`publish`).
"""

from __future__ import annotations

import json
import re
import sys
import tomllib
from pathlib import Path
from typing import List

from .environment import ROOT, KitError
from .notebooks import all_notebooks

_GITHUB = "https://github.com/"
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*/[A-Za-z0-9][A-Za-z0-9_.-]*")


def repository(root: Path = ROOT) -> str:
    """``OWNER/NAME`` of the kit on GitHub, from ``pyproject.toml``'s ``[project.urls] Repository`` (the placeholder
    ``YOUR-ORG/handoffs`` where there is no pyproject.toml: an installed copy, which writes no notebook)."""
    if not (root / "pyproject.toml").is_file():
        return "YOUR-ORG/handoffs"
    url = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]["urls"]["Repository"]
    return url.removeprefix(_GITHUB).rstrip("/")


#: the kit's repository on GitHub, as the README's Colab links name it
REPOSITORY = repository()
START, END = "# Google Colab only", "    google.colab.output.enable_custom_widget_manager()\n"
COMMENT = {
    "en": ("# Google Colab only (elsewhere this cell does nothing): install the kit from its repository, about two "
           "minutes,\n# and let Colab show the kit's panels (ipywidgets). HANDOFFS_KIT_SOURCE names another copy "
           "(a fork, a branch).\n"),
    "ko": ("# Google Colab에서만 하는 일이에요(다른 곳에서는 아무 일도 안 해요): 저장소에서 키트를 설치하고(2분쯤),\n"
           "# Colab이 키트의 패널(ipywidgets)을 보여 주게 해요. 다른 사본(포크, 브랜치)은 HANDOFFS_KIT_SOURCE로 "
           "지정해요.\n"),
}
def code(name: str = REPOSITORY) -> str:
    """The block's code (the same in both editions), installing from github.com/``name``."""
    return CODE_TEMPLATE.replace("{REPOSITORY}", name)


CODE_TEMPLATE = '''try:
    import google.colab
except ImportError:
    pass
else:
    import os

    source = os.environ.get("HANDOFFS_KIT_SOURCE", "git+https://github.com/{REPOSITORY}")
    get_ipython().run_line_magic("pip", f'install --quiet "handoffs @ {source}"')  # = %pip install
    google.colab.output.enable_custom_widget_manager()
'''


def block(language: str, name: str = REPOSITORY) -> str:
    """The block for one edition (its comment in that language; the code is the same)."""
    return COMMENT[language] + code(name)


def _language(path: Path) -> str:
    return "ko" if path.parent.name == "ko" else "en"


def with_block(source: str, language: str, name: str = REPOSITORY) -> str:
    """``source`` (a first code cell) starting with the current block, and a blank line before the rest."""
    rest = source
    if source.startswith(("# Google Colab", "# Google Colab에서만")) and END in source:
        rest = source.split(END, 1)[1].lstrip("\n")
    return block(language, name) + "\n" + rest


def update(path: Path, name: str = REPOSITORY) -> bool:
    """Put the block in ``path``'s first code cell; returns whether the file changed."""
    text = path.read_text(encoding="utf-8")
    node = json.loads(text)
    cell = next(c for c in node["cells"] if c["cell_type"] == "code")
    source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
    new = with_block(source, _language(path), name)
    if new == source:
        return False
    cell["source"] = new.splitlines(keepends=True)
    path.write_text(json.dumps(node, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return True


def publish(name: str, root: Path = ROOT) -> list[Path]:
    """Write ``name`` (``OWNER/NAME``) as the kit's address wherever it is written: pyproject.toml, the Colab links
    of both READMEs, every notebook's block. Returns the files changed."""
    if not _NAME.fullmatch(name):
        raise KitError(f"'{name}' is not a GitHub repository: write it as OWNER/NAME, e.g. my-school/handoffs.")
    old = repository(root)
    changed = []
    for path in (root / "pyproject.toml", root / "README.md", root / "README.ko.md"):
        text = path.read_text(encoding="utf-8")
        new = text.replace(_GITHUB + old, _GITHUB + name).replace(f"/github/{old}/", f"/github/{name}/")
        new = new.replace(f"`{old}`", f"`{name}`")
        if new != text:
            path.write_text(new, encoding="utf-8")
            changed.append(path)
    notebooks = sorted((root / "notebooks").rglob("*.ipynb"))
    return changed + [p for p in notebooks if update(p, name)]


def main(argv: List[str]) -> int:
    if argv[:1] == ["--repository"]:
        if len(argv) != 2:
            raise SystemExit("usage: python -m handoffs.kit.colab_cell --repository OWNER/NAME")
        try:
            changed = publish(argv[1])
        except KitError as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
        print(f"the kit's address is now {argv[1]}: {len(changed)} files changed")
        return 0
    paths = [Path(a) for a in argv] or all_notebooks()
    changed = [p for p in paths if update(p)]
    for path in changed:
        print(f"added the Colab block to {path}")
    print(f"{len(changed)} of {len(paths)} notebooks changed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
