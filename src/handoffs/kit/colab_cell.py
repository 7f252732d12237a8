"""The Google Colab block at the top of a notebook's first code cell, and the script that puts it there.

Colab opens one notebook alone, from GitHub, on a Python that has Jupyter but not the kit; so each notebook must
install the kit itself. The block does that only where ``google.colab`` imports (elsewhere it does nothing, and
prints nothing, so committed outputs stay valid), then turns on Colab's widget manager, without which ipywidgets
panels do not show there. It is the one source of that block: notebooks carry copies made by

    python -m handoffs.kit.colab_cell [NOTEBOOK...]      # default: every notebook of both editions

which adds the block where it is missing and replaces an outdated copy (idempotent; a notebook's other cells are
untouched). ``tests/test_colab_cell.py`` fails when a copy differs from :func:`block`. Standard library only.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import List

from .notebooks import all_notebooks

#: the kit's repository on GitHub, as the README's Colab links name it (replace it once when the kit is published)
REPOSITORY = "YOUR-ORG/handoffs"
START, END = "# Google Colab only", "    google.colab.output.enable_custom_widget_manager()\n"
COMMENT = {
    "en": ("# Google Colab only (elsewhere this cell does nothing): install the kit from its repository, about two "
           "minutes,\n# and let Colab show the kit's panels (ipywidgets). HANDOFFS_KIT_SOURCE names another copy "
           "(a fork, a branch).\n"),
    "ko": ("# Google Colab에서만 하는 일이에요(다른 곳에서는 아무 일도 안 해요): 저장소에서 키트를 설치하고(2분쯤),\n"
           "# Colab이 키트의 패널(ipywidgets)을 보여 주게 해요. 다른 사본(포크, 브랜치)은 HANDOFFS_KIT_SOURCE로 "
           "지정해요.\n"),
}
CODE = f'''try:
    import google.colab
except ImportError:
    pass
else:
    import os

    source = os.environ.get("HANDOFFS_KIT_SOURCE", "git+https://github.com/{REPOSITORY}")
    get_ipython().run_line_magic("pip", f'install --quiet "handoffs @ {{source}}"')  # = %pip install
    google.colab.output.enable_custom_widget_manager()
'''


def block(language: str) -> str:
    """The block for one edition (its comment in that language; the code is the same)."""
    return COMMENT[language] + CODE


def _language(path: Path) -> str:
    return "ko" if path.parent.name == "ko" else "en"


def with_block(source: str, language: str) -> str:
    """``source`` (a first code cell) starting with the current block, and a blank line before the rest."""
    rest = source
    if source.startswith(("# Google Colab", "# Google Colab에서만")) and END in source:
        rest = source.split(END, 1)[1].lstrip("\n")
    return block(language) + "\n" + rest


def update(path: Path) -> bool:
    """Put the block in ``path``'s first code cell; returns whether the file changed."""
    text = path.read_text(encoding="utf-8")
    node = json.loads(text)
    cell = next(c for c in node["cells"] if c["cell_type"] == "code")
    source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
    new = with_block(source, _language(path))
    if new == source:
        return False
    cell["source"] = new.splitlines(keepends=True)
    path.write_text(json.dumps(node, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return True


def main(argv: List[str]) -> int:
    paths = [Path(a) for a in argv] or all_notebooks()
    changed = [p for p in paths if update(p)]
    for path in changed:
        print(f"added the Colab block to {path}")
    print(f"{len(changed)} of {len(paths)} notebooks changed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
