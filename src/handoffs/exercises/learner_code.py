"""Reading a learner's code the way a reviewer would: where a thing is defined, which line raised, what a name
was probably meant to be, whether a prompt names a tool, and plausible arguments for a scripted tool call.

Notebook cells live in files with volatile names (``/tmp/ipykernel_1234/5678.py``); a location in one is given
as "the cell that defines ...", so hints read the same on every run. Files are named by their base name.

What this module is not: it judges nothing (the checkers do) and holds no hint text.
"""

from __future__ import annotations

import difflib
import inspect
import os
import re
import traceback
from pathlib import Path
from typing import Any, Iterable

from .report import REPORT_TEXT

KIT_DIR = Path(__file__).resolve().parents[1]  # src/handoffs: frames in here are the kit's, not the learner's
_TODO = re.compile(r"\bTODO\b|\bFIXME\b|\bXXX\b")
_HANGUL = re.compile("[\uac00-\ud7a3]")
_GENERIC_NAME_WORDS = frozenset({"the", "and", "for", "with", "call", "tool", "use", "run", "get", "set", "make",
                                 "open", "back", "agent", "step", "issue", "user", "handle", "transfer", "to"})


def is_notebook_file(filename: str) -> bool:
    return "ipykernel" in filename or filename.startswith("<")


def _is_learner_file(filename: str) -> bool:
    if is_notebook_file(filename):
        return True
    path = Path(filename).resolve()
    return "site-packages" not in path.parts and KIT_DIR not in path.parents and path.suffix == ".py"


def place(filename: str, line: int, name: str) -> str:
    """A stable description of a line: "line 3 of the cell that defines X" or "line 3 of my_solution.py"."""
    where = REPORT_TEXT["in_cell"].format(name=name) if is_notebook_file(filename) else Path(filename).name
    return REPORT_TEXT["line_of"].format(line=line, where=where)


def function_of(obj: Any) -> Any:
    """The Python function behind a tool (``@tool``'s ``func``, a ``FunctionTool``'s ``_func``) or ``obj``."""
    for attribute in ("func", "coroutine", "_func"):
        inner = getattr(obj, attribute, None)
        if callable(inner):
            return inner
    return obj


def location(obj: Any, name: str | None = None) -> str:
    """Where ``obj`` (a function, tool or class) is defined, e.g. "line 12 of the cell that defines escalate"."""
    target = function_of(obj)
    named = getattr(obj, "name", None)  # a class's ``name`` may be a property object, not its name
    name = name or (named if isinstance(named, str) else None) or getattr(target, "__name__", None) \
        or type(obj).__name__
    try:
        target = target if inspect.isfunction(target) or inspect.isclass(target) else type(target)
        filename = inspect.getsourcefile(target) or ""
        line = inspect.getsourcelines(target)[1]
    except (OSError, TypeError):
        return REPORT_TEXT["in_cell"].format(name=name)
    return place(filename, line, name)


def raising_line(error: BaseException) -> str | None:
    """The learner's line an exception came from ("line 4 of guard.py: return request.state['step']"), if any."""
    frames = [f for f in traceback.extract_tb(error.__traceback__) if _is_learner_file(f.filename)]
    if not frames:
        return None
    frame = frames[-1]
    code = f": {frame.line.strip()}" if frame.line else ""
    return place(frame.filename, frame.lineno or 0, frame.name) + code


def plain_functions_in(error: BaseException, arguments: tuple[str, ...]) -> tuple[str, list] | None:
    """The argument (one of ``arguments``, e.g. ``transfer_tools``) of a call that raised ``error`` which held
    plain functions where tools belong, with those functions; None if no frame of the traceback had one."""
    for frame, _line in traceback.walk_tb(error.__traceback__):
        for argument in arguments:
            items = frame.f_locals.get(argument)
            plain = [i for i in items or [] if callable(i) and not hasattr(i, "schema")] if isinstance(items, list) else []
            if plain:
                return argument, plain
    return None


def error_text(error: BaseException) -> str:
    """``TypeName: message`` on one line, at most 300 characters."""
    text = f"{type(error).__name__}: {error}".replace("\n", " ")
    return text if len(text) <= 300 else text[:297] + "..."


def one_line(text: str, limit: int = 300) -> str:
    """``text`` on one line (whitespace collapsed), at most ``limit`` characters."""
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def closest(word: str, candidates: Iterable[str]) -> str | None:
    """The candidate ``word`` was most likely meant to be (a misspelling), or None."""
    found = difflib.get_close_matches(word, list(candidates), n=1, cutoff=0.6)
    return found[0] if found else None


def has_todo(text: str) -> bool:
    return bool(_TODO.search(text or ""))


def names_a_topic(description: str) -> bool:
    """Does a transfer tool's description name what its agent handles (billing, deliveries, 환불…), in either language?
    Read the way the kit's model reads it: "Transfers the conversation." names nothing."""
    from handoffs.models.meaning import read

    return bool(set(read(description).concepts()) - {"finish"}) or len(description.split()) >= 8


def prompt_says_something(prompt: str, starter: str) -> bool:
    """More than a starter's one-line persona: two sentences or a long one, no TODO (in any language)."""
    sentences = [s for s in re.split(r"[.!?。\n]+", prompt or "") if s.strip()]
    long_enough = len(sentences) >= 2 or len(prompt.strip()) >= 2 * len(starter)
    return long_enough and not has_todo(prompt) and prompt.strip() != starter


def has_korean(text: str) -> bool:
    return bool(_HANGUL.search(text or ""))


def name_words(identifier: str) -> list[str]:
    """The distinctive words of an identifier: ``open_manager_ticket`` -> ``manager``, ``ticket``."""
    spaced = re.sub(r"([a-z])([A-Z])", r"\1 \2", identifier).replace("_", " ").replace("-", " ")
    return [w.lower() for w in spaced.split() if len(w) >= 4 and w.lower() not in _GENERIC_NAME_WORDS]


def mentions(text: str, identifier: str) -> bool:
    """Whether ``text`` names ``identifier`` or one of its distinctive words (in any language around it)."""
    lowered = (text or "").lower()
    return identifier.lower() in lowered or any(word in lowered for word in name_words(identifier))


#: concepts too general to show that a prompt is about a tool (every support prompt raises them)
_GENERAL_CONCEPTS = frozenset({"problem"})
_NAME_FILLERS = frozenset({"the", "and", "for", "with", "tool", "via"})


def refers_to(prompt: str, name: str, description: str, theme: str = "") -> bool:
    """Whether a prompt tells the model what a tool is for: its full name, the distinctive words of its name
    (``open_manager_ticket`` -> "open", "ticket"; each begins a word of the prompt), or what its description is about, read in either language the way the
    kit's model reads it ("티켓을 열고", "마무리하세요" ~ "End the conversation").

    ``theme`` is what the step as a whole is about (the description of the tool that moves into it: "escalate the
    case to a manager"): its words and concepts show that a prompt is about the step, not about a tool, so they do
    not count. "You are a senior manager handling escalated cases" names no tool."""
    from handoffs.models.meaning import read

    lowered = (prompt or "").lower()
    if name.lower() in lowered:
        return True
    theme_words = {w for w in re.findall(r"[a-z]+", theme.lower()) if len(w) >= 4}
    spaced = re.sub(r"([a-z])([A-Z])", r"\1 \2", name).replace("_", " ").replace("-", " ").lower().split()
    words = [w for w in spaced if len(w) >= 3 and w not in _NAME_FILLERS and w not in theme_words]
    said = re.findall(r"[a-z]+", lowered)
    if words and all(any(w.startswith(word) for w in said) for word in words):  # "open ... ticket", "end ... conversation"
        return True
    ignored = _GENERAL_CONCEPTS | set(read(theme).concepts())
    return bool((set(read(prompt).concepts()) & set(read(description).concepts())) - ignored)


def _words(text: str) -> list[str]:
    """Lower-case words of any script; a word needs 3 letters (2 in Hangul, whose syllables carry more)."""
    found = re.findall(r"[^\W_]+", (text or "").lower())
    return [w for w in found if len(w) >= (2 if _HANGUL.match(w) else 3)]


def _alike(a: str, b: str) -> bool:
    """Two forms of one word: they start alike for 5 letters (charged ~ charges) or 2 Hangul syllables (환불해 ~ 환불과),
    or one is the other's whole start (bill ~ billing)."""
    need = min(len(a), len(b), 2 if _HANGUL.match(a) else 5)
    return len(os.path.commonprefix([a, b])) >= need


def shared_words(request: str, *descriptions: str) -> list[str]:
    """The request's words that every description also uses, in some form (refund ~ refunds, 환불 ~ 환불해)."""
    def used(word: str, text: str) -> bool:
        return any(_alike(word, t) for t in _words(text))

    return list(dict.fromkeys(w for w in _words(request) if all(used(w, d) for d in descriptions)))


def words_in_common(request: str, *texts: str) -> str:
    """A hint's phrase naming the request's words that all ``texts`` use (or saying none are)."""
    words = shared_words(request, *texts)
    if not words:
        return REPORT_TEXT["shared_none"]
    return REPORT_TEXT["shared" if len(texts) > 1 else "shared_one"].format(words=", ".join(map(repr, words)))


def sample_arguments(schema: Any) -> dict[str, Any]:
    """Arguments a scripted call can pass: every required property gets a value of its type (an enum's first)."""
    schema = schema if isinstance(schema, dict) else {}
    properties = schema.get("properties", {}) or {}
    values: dict[str, Any] = {}
    for name in schema.get("required") or []:
        spec = properties.get(name, {}) or {}
        options = spec.get("enum") or [o.get("const") for o in spec.get("anyOf", []) if "const" in o]
        kind = spec.get("type", "string")
        if options:
            values[name] = options[0]
        elif kind == "integer":
            values[name] = 1
        elif kind == "number":
            values[name] = 1.0
        elif kind == "boolean":
            values[name] = True
        elif kind == "array":
            values[name] = []
        elif kind == "object":
            values[name] = {}
        else:
            values[name] = "a legal matter"
    return values
