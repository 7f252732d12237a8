"""Turn a deck's Markdown source into the Markdown reveal.js shows: expand the ``:::`` directive lines.

A deck's text lives in ``slides/<lang>/*.md`` (reveal.js Markdown: ``---`` between slides, ``Note:`` starts the
speaker notes). Nothing in it is pasted from the code; these lines pull it in at build time:

``::: code handoffs.part1.middleware:refusal_for [no-docstring]``
    the source of a function, class, method (``module:Class.method``) or ``@tool``, read with ``inspect``;
``::: cell 01_the_idea_without_a_framework#68dedc17`` (or ``#tag:NAME``)
    the source of a notebook cell, found by its cell id or a cell tag (in the first notebook folder that has that
    cell: a Korean deck looks in ``notebooks/ko/`` first, then in ``notebooks/``);
``::: output 02_langchain_support_bot#8ec6e226 ["A title" | lines=A-B]``
    the committed output of that cell (the offline model's, kept current by the notebook tests): its text, and
    the pictures it displayed (``image/png``, written next to the deck; the title is their ``alt`` text); with
    ``lines=3-11`` (or ``lines=13-``, to the end) only those lines of its text (a long output over two slides);
``::: picture step_graph walkthrough "A title"``
    a picture drawn by :mod:`handoffs.viz` from a run recorded during the build (see :mod:`.recorded_runs`).

Code and output become HTML ``<pre>`` blocks (Markdown passes them through), with the largest code font at which
the longest line fits. This module knows no language: titles and every word come from the source file. A reference that does not
resolve stops the build with one sentence naming the file, the line and what to fix.
"""

from __future__ import annotations

import base64
import html
import importlib
import inspect
import json
import re
import shlex
import textwrap
import unicodedata
from pathlib import Path
from typing import Callable, Iterable, Sequence

DIRECTIVE = re.compile(r"^::: *(\w+) +(.*)$")


class DeckSourceError(ValueError):
    """A directive in a deck source that cannot be resolved; the message names file, line and the fix."""




#: program output keeps its columns (no wrapping) when it is a table (it has a rule line of dashes) or fits a line
#: at 21 px (20 px on a 1280x720 screen: the legible minimum, :mod:`.deck_fit`); its font is then the largest, up
#: to 21 px, at which the widest line fits the 1,200 px a block has (monospace: 0.6 em a column, 1.4 em of
#: padding). Longer prose output, and code, wrap at 21 px; a block too tall continues on the next slide.
TABLE_RULE = re.compile(r"^ *-{8,}[- ]*$", flags=re.M)
BLOCK_WIDTH_PX, TABLE_LARGEST_PX, OUTPUT_PX = 1200, 21.0, 21.0
OUTPUT_COLUMNS = int((BLOCK_WIDTH_PX / OUTPUT_PX - 1.4) / 0.6)


def is_wide(character: str) -> bool:
    return unicodedata.east_asian_width(character) in "WF"


def display_width(line: str) -> int:
    """Columns a line takes in a monospaced font: Hangul and other wide characters take two."""
    return sum(2 if is_wide(character) else 1 for character in line)


def _aligned_html(text: str) -> str:
    """Output text, escaped, each wide character in a box exactly two columns wide: no font draws Hangul at twice
    its Latin width, and the kit pads its tables by display width, so this keeps the columns in line."""
    return "".join(f'<span class="wide">{html.escape(character)}</span>' if is_wide(character)
                   else html.escape(character, quote=False) for character in text)


def code_block(text: str, language: str, source: str = "") -> str:
    """An HTML ``<pre>`` block (Markdown passes it through untouched), sized so its longest line fits.

    ``source`` (a notebook cell's reference, for its output) is kept as ``data-source``, so a test can name it.
    Program output (``language="plaintext"``) keeps its columns when it fits a line or is a table (every wide
    character two columns wide, the font sized to fit); other output and code wrap their long lines (theme.css).
    """
    text = text.rstrip()
    origin = f' data-source="{html.escape(source)}"' if source else ""
    longest = max((display_width(line) for line in text.splitlines()), default=0)
    is_table = language == "plaintext" and TABLE_RULE.search(text) is not None
    if is_table or (language == "plaintext" and longest <= OUTPUT_COLUMNS):
        pixels = min(TABLE_LARGEST_PX if is_table else OUTPUT_PX, BLOCK_WIDTH_PX / (0.6 * longest + 1.4))
        return (f'<pre class="output aligned"{origin} style="font-size: {pixels:.1f}px"><code class="nohighlight" '
                f"data-trim data-noescape>{_aligned_html(text)}</code></pre>")
    if language != "plaintext":
        attributes = 'class="code"'
    else:
        attributes = f'class="output"{origin}'
    return (f'<pre {attributes}><code class="language-{language}" data-trim data-noescape>'
            f"{html.escape(text, quote=False)}</code></pre>")


def _without_docstring(source: str) -> str:
    """The source minus the first docstring of the def/class (a shorter excerpt; the code itself unchanged)."""
    return re.sub(r'(\)\s*(?:->[^:]+)?:\n|class [^\n]+:\n)(\s+)("""|\'\'\')(.*?)\3\n', r"\1", source, count=1, flags=re.S)


def code_of(reference: str, options: Iterable[str] = ()) -> str:
    """The source of ``package.module:Name`` or ``package.module:Class.method``, dedented."""
    module_name, _, qualified = reference.partition(":")
    if not qualified:
        raise DeckSourceError(f"'{reference}' names no object: write module:name, e.g. "
                              "handoffs.part1.middleware:refusal_for.")
    obj = importlib.import_module(module_name)
    for part in qualified.split("."):
        obj = getattr(obj, part)
    obj = getattr(obj, "func", None) or obj  # a LangChain @tool keeps its function in .func
    source = textwrap.dedent(inspect.getsource(obj)).rstrip()
    return _without_docstring(source) if "no-docstring" in options else source


Folders = Path | Sequence[Path]


def _cell(notebooks: Folders, reference: str) -> dict:
    """The one cell ``reference`` names, from the first folder whose notebook has exactly one such cell."""
    folders = [notebooks] if isinstance(notebooks, Path) else list(notebooks)
    name, _, selector = reference.partition("#")
    file_name = name if name.endswith(".ipynb") else f"{name}.ipynb"
    paths = [folder / file_name for folder in folders if (folder / file_name).is_file()]
    if not paths or not selector:
        raise DeckSourceError(f"'{reference}' is not NOTEBOOK#CELL_ID (or NOTEBOOK#tag:TAG) of a notebook in "
                              f"{folders[-1].name}/.")
    for number, path in enumerate(paths, start=1):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        if selector.startswith("tag:"):
            found = [c for c in cells if selector[4:] in c.get("metadata", {}).get("tags", [])]
        else:
            found = [c for c in cells if c.get("id") == selector]
        if len(found) == 1:
            return found[0]
        if number == len(paths):
            raise DeckSourceError(f"{path.name} has {len(found)} cells matching '{selector}' (need exactly one).")
    raise AssertionError("unreachable")


def cell_source(notebooks: Folders, reference: str) -> str:
    source = _cell(notebooks, reference)["source"]
    return "".join(source) if isinstance(source, list) else source


def cell_outputs(notebooks: Folders, reference: str) -> list[str | bytes]:
    """What a cell printed, returned or displayed, as committed and in order: text as ``str``, a picture as PNG
    ``bytes`` (a displayed figure's ``text/plain`` twin, ``<Figure size ...>``, is left out)."""
    parts: list[str | bytes] = []
    for output in _cell(notebooks, reference).get("outputs", []):
        data = output.get("data", {})
        if "image/png" in data:
            png = data["image/png"]
            parts.append(base64.b64decode("".join(png) if isinstance(png, list) else png))
            continue
        text = output.get("text") or data.get("text/plain")
        if text:
            parts.append("".join(text) if isinstance(text, list) else text)
    return parts


def cell_output(notebooks: Folders, reference: str) -> str:
    """The text a cell printed or returned, as committed."""
    texts = [part for part in cell_outputs(notebooks, reference) if isinstance(part, str)]
    if not texts:
        raise DeckSourceError(f"{reference} has no text output: execute the notebook (./kit execute) first.")
    return "".join(texts).rstrip()


LINES = re.compile(r"^lines=(\d+)-(\d*)$")


def output_lines(notebooks: Folders, reference: str, option: str) -> str:
    """Lines ``A`` to ``B`` (from 1, both included; ``A-`` to the end) of a cell's text output: one output split over
    two slides (an edition whose output has other line breaks keeps the same references with ``A-``)."""
    match = LINES.match(option)
    lines = cell_output(notebooks, reference).splitlines()
    first, last = (int(match.group(1)), int(match.group(2) or len(lines))) if match else (0, 0)
    if not match or not 1 <= first <= last <= len(lines):
        raise DeckSourceError(f"'{option}' is not lines=A-B (or lines=A-) with 1 <= A <= B <= {len(lines)} "
                              f"(the lines of {reference}'s output).")
    return "\n".join(lines[first - 1:last])


def _output_blocks(notebooks: Folders, reference: str, words: Sequence[str],
                   image: Callable[[str, bytes], str] | None) -> list[str]:
    """A cell's outputs as slide HTML: runs of text as one ``<pre>``, each picture an ``<img>`` saved by ``image``
    (``words``: the picture's title, or ``lines=A-B`` for an excerpt of the text)."""
    if words and words[0].startswith("lines="):
        return [code_block(output_lines(notebooks, reference, words[0]), "plaintext", reference)]
    title = " ".join(words)
    parts = cell_outputs(notebooks, reference)
    if not parts:
        raise DeckSourceError(f"{reference} has no text output and no picture: execute the notebook "
                              "(./kit execute) first.")
    blocks, texts, pictures = [], [], 0
    for part in [*parts, None]:
        if isinstance(part, str):
            texts.append(part)
            continue
        if texts and "".join(texts).strip():
            blocks.append(code_block("".join(texts), "plaintext", reference))
        texts = []
        if isinstance(part, bytes):
            if image is None:
                raise DeckSourceError(f"{reference} displays a picture, and this build has no place to save it.")
            pictures += 1
            name = re.sub(r"[^\w-]+", "-", reference) + (f"-{pictures}" if pictures > 1 else "")
            blocks.append(f'<img class="picture" src="{html.escape(image(name, part))}" alt="{html.escape(title)}">')
    return blocks


def expand(source: str, where: str, notebooks: Folders, picture: Callable[[str, str, str], str],
           image: Callable[[str, bytes], str] | None = None) -> str:
    """The deck's Markdown with every directive line replaced; ``picture(kind, run, title)`` returns an image path,
    ``image(name, png)`` saves a picture a notebook cell displayed and returns its path.
    ``notebooks`` is a folder, or folders searched in order for each cell."""
    out = []
    for number, line in enumerate(source.splitlines(), start=1):
        match = DIRECTIVE.match(line.strip())
        if not match:
            out.append(line)
            continue
        kind, rest = match.groups()
        try:
            words = shlex.split(rest)
            if kind == "code":
                out.append(code_block(code_of(words[0], words[1:]), "python"))
            elif kind == "cell":
                out.append(code_block(cell_source(notebooks, words[0]), "python"))
            elif kind == "output":
                out.extend(_output_blocks(notebooks, words[0], words[1:], image))
            elif kind == "picture":
                picture_kind, run, title = (words + ["", ""])[:3]
                source = html.escape(picture(picture_kind, run, title))
                out.append(f'<img class="picture" src="{source}" alt="{html.escape(title)}">')
            else:
                raise DeckSourceError(f"unknown directive '{kind}' (use code, cell, output or picture).")
        except DeckSourceError as error:
            raise DeckSourceError(f"{where}, line {number}: {error}") from None
        except (ImportError, AttributeError, OSError, TypeError, ValueError, IndexError) as error:
            raise DeckSourceError(f"{where}, line {number}: '{line.strip()}' does not resolve "
                                  f"({type(error).__name__}: {error}); fix the reference.") from None
    return "\n".join(out) + "\n"
