"""The Google Colab block (``handoffs.kit.colab_cell``): notebook 00 of both editions starts with it, every copy in a
notebook is the current one (the script is its one source), and the script adds it to a notebook without touching
anything else, idempotently. The install path itself runs in tests/workshop/test_colab_install.py (opt-in).
"""

from __future__ import annotations

import json
import shutil

import pytest

from handoffs.kit import colab_cell
from handoffs.kit.notebooks import NOTEBOOKS, all_notebooks


def first_code(path) -> str:
    cell = next(c for c in json.loads(path.read_text(encoding="utf-8"))["cells"] if c["cell_type"] == "code")
    return "".join(cell["source"])


@pytest.mark.parametrize("path", [NOTEBOOKS / "00_start_here.ipynb", NOTEBOOKS / "ko" / "00_start_here.ipynb"],
                         ids=["en", "ko"])
def test_notebook_00_starts_with_the_colab_block(path):
    assert first_code(path).startswith(colab_cell.block("ko" if path.parent.name == "ko" else "en"))


def test_every_copy_of_the_block_is_the_current_one():
    stale = [p.name for p in all_notebooks() if "google.colab" in first_code(p)
             and not first_code(p).startswith(colab_cell.block("ko" if p.parent.name == "ko" else "en"))]
    assert not stale, f"outdated Colab block in {stale}: run python -m handoffs.kit.colab_cell"


def test_the_script_adds_the_block_once_and_changes_nothing_else(tmp_path):
    copy = tmp_path / "02.ipynb"
    shutil.copy(NOTEBOOKS / "02_langchain_support_bot.ipynb", copy)
    page = json.loads(copy.read_text(encoding="utf-8"))  # 02 as it was before it had the block
    first_cell = next(c for c in page["cells"] if c["cell_type"] == "code")
    first_cell["source"] = "".join(first_cell["source"]).split(colab_cell.END, 1)[-1].lstrip("\n")
    copy.write_text(json.dumps(page), encoding="utf-8")
    before = json.loads(copy.read_text(encoding="utf-8"))
    assert colab_cell.update(copy) and not colab_cell.update(copy)
    after = json.loads(copy.read_text(encoding="utf-8"))
    first = next(i for i, c in enumerate(before["cells"]) if c["cell_type"] == "code")
    assert "".join(after["cells"][first]["source"]) == colab_cell.block("en") + "\n" + before["cells"][first]["source"]
    after["cells"][first]["source"] = before["cells"][first]["source"]
    assert after == before
    compile(colab_cell.block("en"), "first cell", "exec")  # plain Python (the editions check parses code cells)


def test_one_command_moves_the_kit_to_its_published_address(tmp_path):
    for name in ("pyproject.toml", "README.md", "README.ko.md"):
        shutil.copy(colab_cell.ROOT / name, tmp_path / name)
    (tmp_path / "notebooks" / "ko").mkdir(parents=True)
    shutil.copy(NOTEBOOKS / "00_start_here.ipynb", tmp_path / "notebooks" / "00.ipynb")
    shutil.copy(NOTEBOOKS / "ko" / "00_start_here.ipynb", tmp_path / "notebooks" / "ko" / "00.ipynb")
    old = colab_cell.repository(tmp_path)
    changed = colab_cell.publish("my-school/handoffs", tmp_path)
    assert {p.name for p in changed} == {"pyproject.toml", "README.md", "README.ko.md", "00.ipynb"} and len(changed) == 5
    assert colab_cell.repository(tmp_path) == "my-school/handoffs"
    for name in ("README.md", "README.ko.md"):
        text = (tmp_path / name).read_text(encoding="utf-8")
        assert old not in text and "colab.research.google.com/github/my-school/handoffs/blob/main/notebooks/" in text
    assert 'git+https://github.com/my-school/handoffs"' in first_code(tmp_path / "notebooks" / "ko" / "00.ipynb")
    assert colab_cell.publish("my-school/handoffs", tmp_path) == []  # idempotent
    with pytest.raises(colab_cell.KitError, match="OWNER/NAME"):
        colab_cell.publish("https://github.com/x", tmp_path)
