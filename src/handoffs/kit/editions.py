"""The English and Korean editions of a notebook hold the same code: what a translator may change, masked away.

A Korean notebook (``notebooks/ko/NAME``) is its English twin (``notebooks/NAME``) cell for cell. Its markdown is
written in Korean; its code cells are the English ones except for what a learner reads — string literals
(customer lines, titles, labels; the literal text of f-strings) and comments. :func:`differences` says which cell
of which edition differs in *code*, so a fix made in one edition and forgotten in the other is found:

* :func:`masked_code` turns a code cell into logical lines with every string literal masked as ``'…'`` (literals
  Python joins into one become one ``'…'``; an f-string keeps its replacement fields, ``f'…{name!r:>8}…'``) and
  comments dropped — except nbval's ``# NBVAL_…`` markers, which change how a cell is tested;
* :func:`literals` lists the literals themselves; a literal that differs between the editions must be a
  translation: Korean text on one side, or the language code ``en`` swapped for ``ko`` (``"sales en"`` ->
  ``"sales ko"``). A changed dictionary key, thread id or tool name is code, and is reported.

Both read Python's own tokens (``tokenize``). IPython lines (``%magic``, ``!shell``) and a cell ``tokenize`` cannot
read are masked with a regular expression instead. Not here: running notebooks (``notebooks.py``) or judging the
quality of a translation. Standard library only.
"""

from __future__ import annotations

import ast
import io
import json
import re
import tokenize
from pathlib import Path
from typing import Iterator, List, Tuple

MASK = "'…'"
NBVAL_MARKER = re.compile(r"#\s*NBVAL_\w+")
HANGUL = re.compile(r"[\uac00-\ud7a3]")
_IPYTHON_LINE = re.compile(r"^\s*(%|!|\?)")
_STRING = (r"""(?:\b[rRbBuUfF]{1,2})?(?:'''[\s\S]*?'''|\"\"\"[\s\S]*?\"\"\"|'(?:\\.|[^'\\\n])*'?"""
           r"""|"(?:\\.|[^"\\\n])*"?)""")  # an unterminated one runs to the end of its line
_STRING_OR_COMMENT = re.compile(rf"(?P<string>{_STRING})|(?P<comment>#[^\n]*)")
_PATTERN_TOKEN = re.compile(rf"(?P<string>{_STRING})|(?P<comment>#[^\n]*)|(?P<newline>\n)|\w+|\S")
_SKIPPED = {tokenize.NL, tokenize.ENCODING, tokenize.ENDMARKER}
_FSTRING_START = getattr(tokenize, "FSTRING_START", None)  # Python 3.12+ splits f-strings into several tokens
_FSTRING_END = getattr(tokenize, "FSTRING_END", None)


class _Literal:
    """One literal as written (possibly several joined parts): its masked form and the texts a translator owns."""

    def __init__(self, text: str) -> None:
        self.masked, self.texts = MASK, [text]
        try:
            node = ast.parse(f"(\n{_strip_comments(text)}\n)", mode="eval").body
        except SyntaxError:
            return
        if isinstance(node, ast.Constant):
            self.texts = [str(node.value)]
        elif isinstance(node, ast.JoinedStr):
            fields = sorted(_fields(node), key=lambda field: field[0])
            chunks = "{}".join(str(v.value) for v in node.values if isinstance(v, ast.Constant))
            self.texts = [chunks] + [text for _, inner in fields for text in inner]
            self.masked = f"f'…{''.join(masked for masked, _ in fields)}…'" if fields else MASK


def _fields(node: ast.JoinedStr) -> List[Tuple[str, List[str]]]:
    """An f-string's replacement fields: (the field with its string constants masked, those constants)."""
    found = []
    for value in node.values:
        if isinstance(value, ast.FormattedValue):
            inner = [n.value for n in ast.walk(value.value) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
            text = "{" + ast.unparse(_MaskStrings().visit(value.value))
            text += f"!{chr(value.conversion)}" if value.conversion != -1 else ""
            text += f":{ast.unparse(value.format_spec)}" if value.format_spec is not None else ""
            found.append((text + "}", inner))
    return found


class _MaskStrings(ast.NodeTransformer):
    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        return ast.Constant("…") if isinstance(node.value, str) else node


def _strip_comments(joined: str) -> str:
    """Comments between the parts of an implicitly joined literal (``'a'  # note\\n'b'``) are not code."""
    return _STRING_OR_COMMENT.sub(lambda m: m.group("string") or "", joined)


def _python_tokens(source: str) -> Iterator[object]:
    """The cell's tokens, a literal (joined parts, f-strings whole) as one :class:`_Literal`; ``\\n`` ends a line."""
    offsets = [0]
    for line in source.splitlines(keepends=True):
        offsets.append(offsets[-1] + len(line))
    at = lambda position: offsets[position[0] - 1] + position[1]  # noqa: E731
    span, depth = None, 0  # span: [start, end] of the literal being joined
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if _FSTRING_START is not None and token.type in (_FSTRING_START, _FSTRING_END):
            depth += 1 if token.type == _FSTRING_START else -1
            if token.type == _FSTRING_START and depth == 1:
                span = [at(token.start), at(token.start)] if span is None else span
            elif depth == 0 and span is not None:
                span[1] = at(token.end)
            continue
        if token.type == tokenize.ERRORTOKEN and token.string.strip():
            raise tokenize.TokenError(f"cannot read {token.string!r}", token.start)  # e.g. Python 3.11's lone quote
        if depth:
            continue  # inside an f-string: read back from the source with the rest of the literal
        if token.type == tokenize.STRING:
            span = [at(token.start), at(token.end)] if span is None else [span[0], at(token.end)]
            continue
        if token.type == tokenize.COMMENT:
            if NBVAL_MARKER.match(token.string):
                yield token.string.strip()
                yield "\n"
            continue
        if token.type in _SKIPPED:
            continue
        if span is not None:
            yield _Literal(source[span[0]:span[1]])
            span = None
        yield ("\n" if token.type == tokenize.NEWLINE else "<indent>" if token.type == tokenize.INDENT else
               "<dedent>" if token.type == tokenize.DEDENT else token.string)
    if span is not None:
        yield _Literal(source[span[0]:span[1]])


def _pattern_tokens(text: str) -> Iterator[object]:
    """The fallback for IPython lines and cells ``tokenize`` cannot read: literals and comments by pattern."""
    for match in _PATTERN_TOKEN.finditer(text):
        if match.group("string"):
            yield _Literal(match.group("string"))
        elif match.group("comment"):
            if NBVAL_MARKER.match(match.group("comment")):
                yield match.group("comment").strip()
        else:
            yield "\n" if match.group("newline") else match.group(0)
    yield "\n"


def _cell_tokens(source: str) -> Iterator[object]:
    python: List[str] = []
    for line in source.splitlines(keepends=True) + [None]:
        if line is not None and not _IPYTHON_LINE.match(line):
            python.append(line)
            continue
        if python:
            chunk, python = "".join(python), []
            try:
                yield from list(_python_tokens(chunk))
            except (tokenize.TokenError, SyntaxError):  # an unterminated string, a magic inside a block, ...
                yield from _pattern_tokens(chunk)
            yield "\n"
        if line is not None:
            yield from _pattern_tokens(line)


def masked_code(source: str) -> List[str]:
    """A code cell as logical lines, string literals masked and comments dropped (see the module's docstring)."""
    lines, current = [], []
    for token in _cell_tokens(source):
        if token == "\n":
            if current:
                lines.append(" ".join(current))
            current = []
        else:
            current.append(token.masked if isinstance(token, _Literal) else token)
    return lines + ([" ".join(current)] if current else [])


def literals(source: str) -> List[str]:
    """The texts of a code cell's literals, in order (an f-string: its literal text, then its fields' strings)."""
    return [text for token in _cell_tokens(source) if isinstance(token, _Literal) for text in token.texts]


def is_translation(english: str, translated: str) -> bool:
    """May a translator have turned ``english`` into ``translated``? Korean on either side (an English demo of
    Korean customers may become a Korean demo of English ones), or the language code ``en`` swapped for ``ko``."""
    return english == translated or bool(HANGUL.search(translated) or HANGUL.search(english)) or \
        re.sub(r"\ben\b", "ko", english) == translated


def read_cells(path: Path) -> List[dict]:
    """A notebook's cells as nbformat JSON dicts, with ``source`` as one string."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    for cell in cells:
        cell["source"] = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
    return cells


def differences(english: List[dict], translated: List[dict]) -> List[str]:
    """One sentence per place where two editions differ in more than prose, literals and comments (none: [])."""
    found: List[str] = []
    if len(english) != len(translated):
        found.append(f"the English edition has {len(english)} cells, the translation {len(translated)}: "
                     "add or delete the same cells in both")
    for number, (mine, theirs) in enumerate(zip(english, translated), start=1):
        if mine["cell_type"] != theirs["cell_type"]:
            found.append(f"cell {number} is {mine['cell_type']} in English but {theirs['cell_type']} in the translation")
            continue
        if mine["cell_type"] != "code":
            continue
        where = f"code cell {number} (id {mine.get('id', '?')})"
        if sorted(mine.get("metadata", {}).get("tags", [])) != sorted(theirs.get("metadata", {}).get("tags", [])):
            found.append(f"{where} has other tags in the translation")
        ours, other = masked_code(mine["source"]), masked_code(theirs["source"])
        if ours != other:
            at = next((i for i, (a, b) in enumerate(zip(ours, other)) if a != b), min(len(ours), len(other)))
            found.append(f"{where} differs beyond literals and comments, at logical line {at + 1}: "
                         f"English {_line(ours, at)!r}, translation {_line(other, at)!r}")
            continue
        for text, translation in zip(literals(mine["source"]), literals(theirs["source"])):
            if not is_translation(text, translation):
                found.append(f"{where}: the literal {text!r} is {translation!r} in the translation — that changes "
                             "code, not language (a translated literal holds Korean on one side): make both editions "
                             "agree")
                break
    return found


def _line(lines: List[str], index: int) -> str:
    return lines[index] if index < len(lines) else "(no more lines)"
