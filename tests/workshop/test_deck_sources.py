"""The decks are built from sources: Markdown per language, code and cells by reference, pictures from real runs.

Expanding directives needs no browser and no npm; the build of a second language (made by copying two English
decks: tests/browser/test_slides.py builds every English and Korean deck) needs ``slides/node_modules`` and
skips, saying so, without it.
"""

from __future__ import annotations

import base64
import html
import inspect
import json
import re
import shutil

import pytest

from workshop_helpers import REPO
from handoffs.part1.middleware import refusal_for
from handoffs.workshop.deck_sources import DeckSourceError, cell_output, code_block, expand

NOTEBOOKS = REPO / "notebooks"


def no_pictures(kind, run, title):
    raise AssertionError("no picture expected")


def test_code_comes_from_the_module_as_it_is_now():
    out = expand("## Guard\n::: code handoffs.part1.middleware:refusal_for\n", "t.md", NOTEBOOKS, no_pictures)
    assert html.escape(inspect.getsource(refusal_for).rstrip(), quote=False) in out
    shorter = expand("::: code handoffs.part1.middleware:refusal_for no-docstring\n", "t.md", NOTEBOOKS, no_pictures)
    assert "The error ``ToolMessage``" not in shorter and "def refusal_for(" in shorter


def test_cells_and_outputs_come_from_the_committed_notebook():
    out = expand("::: cell 01_the_idea_without_a_framework#68dedc17\n::: output 03_under_the_hood#5c26b72b\n",
                 "t.md", NOTEBOOKS, no_pictures)
    assert "def run_turn(step_table: dict[str, Step]" in out
    assert "guard=True:  tools run []  refused [&#x27;resolve_billing&#x27;]" in out or \
           "guard=True:  tools run []  refused ['resolve_billing']" in out


def test_code_is_never_shrunk_and_a_long_block_continues_on_the_next_slide():
    from handoffs.workshop.deck_fit import fit, visual_lines

    out = expand("::: code handoffs.lessons.part2:AIAgent._transfer\n::: output 03_under_the_hood#ed803e86\n",
                 "t.md", NOTEBOOKS, no_pictures)
    assert '<pre class="code">' in out and '<pre class="output" data-source="03_under_the_hood#ed803e86">' in out
    assert "code-tiny" not in out and "code-small" not in out
    code = expand("::: code handoffs.lessons.part2:register_team\n", "t.md", NOTEBOOKS, no_pictures)
    slide = f"## The agent\n\n{code}\n\nNote:\nSay what it does."
    slides = fit(slide).split("\n---\n")
    assert len(slides) > 1 and all("Note:\nSay what it does." in part for part in slides)
    assert [part.splitlines()[0] for part in slides] == [f"## The agent ({n}/{len(slides)})"
                                                          for n in range(1, len(slides) + 1)]
    bodies = [part.split("<code", 1)[1].split(">", 1)[1].split("</code>")[0] for part in slides]
    assert "\n".join(bodies).strip() == code.split("<code", 1)[1].split(">", 1)[1].split("</code>")[0].strip()
    assert all(visual_lines(body) <= 17 for body in bodies)
    assert fit("## Short\n\n<pre class=\"code\"><code>x = 1</code></pre>") == \
        "## Short\n\n<pre class=\"code\"><code>x = 1</code></pre>"


def test_pictures_are_escaped_and_wordless_code_stays_out_of_python():
    seen = []
    out = expand('::: picture step_graph walkthrough "<script>alert(1)</script> & more"\n', "t.md", NOTEBOOKS,
                 lambda kind, run, title: seen.append((kind, run, title)) or "pictures/x.png")
    assert seen == [("step_graph", "walkthrough", "<script>alert(1)</script> & more")]
    assert "<script>" not in out and "&lt;script&gt;alert(1)&lt;/script&gt; &amp; more" in out


def test_a_cells_picture_is_its_committed_png_and_its_figure_repr_stays_out():
    saved = {}

    def save(name, png):
        saved[name] = png
        return f"pictures/output-{name}.png"

    reference = "09_which_design_when#580ca5ab"
    out = expand(f'::: output {reference} "<b>Both</b> designs"\n', "t.md", NOTEBOOKS, no_pictures, save)
    cell = next(c for c in json.loads((NOTEBOOKS / "09_which_design_when.ipynb").read_text())["cells"]
                if c.get("id") == "580ca5ab")
    committed = next(o["data"]["image/png"] for o in cell["outputs"] if "image/png" in o.get("data", {}))
    assert list(saved.values()) == [base64.b64decode("".join(committed))]
    assert '<img class="picture" src="pictures/output-09_which_design_when-580ca5ab.png"' in out
    assert 'alt="&lt;b&gt;Both&lt;/b&gt; designs"' in out and "<Figure size" not in out
    with pytest.raises(DeckSourceError, match="displays a picture"):
        expand(f"::: output {reference}\n", "t.md", NOTEBOOKS, no_pictures)


def test_a_korean_deck_shows_the_korean_notebooks_pictures():
    """Cells and outputs come from notebooks/ko first: the Korean picture (Korean labels), not the English one."""
    saved = {}
    for folders in ([NOTEBOOKS], [NOTEBOOKS / "ko", NOTEBOOKS]):
        expand("::: output 09_which_design_when#580ca5ab\n", "t.md", folders, no_pictures,
               lambda name, png, key=len(folders): saved.setdefault(key, png) and "x.png")
    english, korean = saved[1], saved[2]
    assert english.startswith(b"\x89PNG") and korean.startswith(b"\x89PNG") and english != korean


def test_an_output_split_over_slides_by_lines():
    whole = cell_output(NOTEBOOKS, "09_which_design_when#54b0744e").splitlines()
    first = expand("::: output 09_which_design_when#54b0744e lines=3-4\n", "t.md", NOTEBOOKS, no_pictures)
    rest = expand("::: output 09_which_design_when#54b0744e lines=13-\n", "t.md", NOTEBOOKS, no_pictures)
    assert html.escape(whole[2], quote=False) in first and html.escape(whole[4], quote=False) not in first
    assert html.escape(whole[-1].strip(), quote=False) in rest and html.escape(whole[2], quote=False) not in rest


def test_a_table_keeps_its_columns_in_any_script():
    """A table is never wrapped, its font shrinks to fit, and each Hangul character is boxed two columns wide (the
    kit pads tables by display width), so English and Korean tables line up alike."""
    table = "name     count\n-------  -----\n가나다       3\nabcdef      12"
    block = code_block(table, "plaintext")
    assert 'class="output aligned"' in block and 'class="nohighlight"' in block
    assert block.count('<span class="wide">') == 3 and "<span class=\"wide\">가</span>" in block
    wide = code_block("-" * 10 + "\n" + "x" * 135, "plaintext")
    size = float(re.search(r"font-size: ([\d.]+)px", wide).group(1))
    assert 14 < size < 15 and size * 0.6 * 135 < 1240
    prose = "word " * 40
    assert code_block(prose, "plaintext").startswith('<pre class="output">')  # long prose still wraps
    assert code_block("<b>가</b>", "plaintext").count("&lt;b&gt;") == 1  # escaped, wide or not


@pytest.mark.parametrize("line, expected", [
    ("::: code handoffs.part1.middleware:no_such_function", "does not resolve"),
    ("::: code handoffs.part1.middleware", "names no object"),
    ("::: cell 03_under_the_hood#nope", "has 0 cells matching 'nope'"),
    ("::: cell no_such_notebook#abc", "is not NOTEBOOK#CELL_ID"),
    ("::: output 03_under_the_hood#a2df2978", "has no text output"),
    ("::: output 09_which_design_when#54b0744e lines=5-2", "is not lines=A-B"),
    ("::: output 09_which_design_when#54b0744e lines=1-999", "<= 20"),
    ("::: table of contents", "unknown directive 'table'"),
])
def test_a_reference_that_does_not_resolve_names_file_and_line(line, expected):
    with pytest.raises(DeckSourceError) as error:
        expand(f"# Title\n\n{line}\n", "slides/en/x.md", NOTEBOOKS, no_pictures)
    assert str(error.value).startswith("slides/en/x.md, line 3: ") and expected in str(error.value)


def test_no_deck_source_pastes_python_code():
    for source in sorted((REPO / "slides").glob("*/*.md")):
        text = source.read_text(encoding="utf-8")
        assert not re.search(r"^```+ *(python|py)\b", text, flags=re.M), f"{source.name} pastes code: use ::: code"
        assert "def " not in re.sub(r"^::: .*$", "", text, flags=re.M), f"{source.name} pastes a function"


@pytest.fixture(scope="module")
def assets():
    if not (REPO / "slides" / "node_modules" / "reveal.js").is_dir():
        pytest.skip("slides/node_modules is missing: ./kit test installs it with npm ci (needs Node.js)")


def test_another_language_is_the_same_pipeline_with_other_source_files(assets, tmp_path):
    """A language folder the kit does not know ("xx", the English sources with a Korean title and sentence) builds
    with the same code: its own words, pictures drawn from runs and copied from notebook outputs, reveal.js. Two of
    the English decks are kept (the overview draws both kinds of run picture, Part 3 copies the notebooks'): that
    every English deck builds, each picture loads and each slide fits is what tests/browser/test_slides.py proves on
    the English and Korean builds, so the whole English deck is not built a second time here."""
    from handoffs.workshop.slides import DeckBuild

    sources = tmp_path / "slides"
    sources.mkdir()
    for name in ("template.html", "theme.css"):
        shutil.copy2(REPO / "slides" / name, sources / name)
    shutil.copytree(REPO / "slides" / "en", sources / "xx")
    kept = ("00_overview.md", "04_part3_which_design.md")
    head, *decks = (sources / "xx" / "decks.toml").read_text().split("[[deck]]")
    assert len(decks) == 5 and all(any(f'file = "{name}"' in d for d in decks) for name in kept)
    (sources / "xx" / "decks.toml").write_text("[[deck]]".join(
        [head, *(d for d in decks if any(f'file = "{name}"' in d for name in kept))]).replace(
        'title = "Handoffs: an overview"', 'title = "핸드오프: 개요"'))
    (sources / "xx" / "00_overview.md").write_text((sources / "xx" / "00_overview.md").read_text().replace(
        "three steps, one agent", "세 단계, 하나의 에이전트"))
    pages = DeckBuild("xx", tmp_path / "out", sources=sources).build()
    assert [page.name for page in pages] == ["00_overview.html", "04_part3_which_design.html"]
    overview = (tmp_path / "out" / "xx" / "00_overview.html").read_text()
    assert '<html lang="xx">' in overview and "<title>핸드오프: 개요</title>" in overview
    assert "세 단계, 하나의 에이전트" in overview and ":::" not in overview
    shown = {src for page in pages
             for src in re.findall(r'src="(pictures/[^"]+\.png)"', html.unescape(page.read_text()))}
    pictures = {f"pictures/{p.name}" for p in (tmp_path / "out" / "xx" / "pictures").glob("*.png")}
    assert shown == pictures and all((tmp_path / "out" / "xx" / p).stat().st_size > 20_000 for p in pictures)
    kinds = {p.split("/")[1].split("-")[0] for p in pictures}
    assert kinds == {"step_graph", "handoffs", "output"}, kinds  # drawn from runs (both kinds), copied from notebooks
    for picture in pictures:
        assert (tmp_path / "out" / "xx" / picture).read_bytes().startswith(b"\x89PNG")
    assert (tmp_path / "out" / "vendor" / "reveal.js" / "dist" / "reveal.js").is_file()
    with pytest.raises(DeckSourceError, match="no slides in language 'zz': choose one of xx"):
        DeckBuild("zz", tmp_path / "out", sources=sources)


def test_the_guides_timings_come_from_a_real_run_that_leaves_the_notebook_alone():
    from handoffs.workshop.timings import measure

    notebook = NOTEBOOKS / "07_exercise_extend_the_team.ipynb"
    before = notebook.read_bytes()
    row = measure(notebook)
    assert notebook.read_bytes() == before
    assert row["cells"] == 6 and row["words"] > 100 and row["code_lines"] > 10  # 6: the language cell and 5 more
    assert 0 < row["run_s"] <= row["wall_s"] and row["slowest_s"] <= row["run_s"]


def test_two_blocks_that_do_not_fit_together_get_a_slide_each():
    from handoffs.workshop.deck_fit import split_slide

    block = lambda name: '<pre class="code"><code>' + "\n".join(f"{name}{i}" for i in range(12)) + "</code></pre>"
    slide = f"\n## Two\n\nbefore\n\n{block('a')}\n\n{block('b')}\n\nafter\n\nNote:\nsay it\n"
    first, second = split_slide(slide)
    assert first.startswith("\n## Two (1/2)\n\nbefore") and "a11" in first and "b0" not in first
    assert second.startswith("\n## Two (2/2)") and "b11" in second and "after" in second and "before" not in second
    assert first.endswith("Note:\nsay it\n") and second.endswith("Note:\nsay it\n")  # reveal's separator needs
    assert "\n---\n".join([first, second]).count("\n\n---\n\n") == 1  # the blank lines around "---"
    short = f"## Two\n\n<pre><code>x</code></pre>\n\n<pre><code>y</code></pre>"
    assert split_slide(short) == [short]
