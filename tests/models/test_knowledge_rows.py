"""Every row of the model's knowledge files carries examples and non-examples; this one test reads them all.

A row is a table of a ``src/handoffs/models/data/*.toml`` file (or an entry of an array of tables) that says what
it is ``about`` or carries ``examples``: a pattern of ``cues.toml``, an attack of ``injection.toml``, a concept of
``lexicon.toml``, a word list of ``consent.toml``. :data:`JUDGES` says, per data file, how to ask whether a row
matches a text; every example must match its row and every non-example must not. A row without examples fails; a
data file with rows but no judge fails. Adding a file of rows means adding its judge to JUDGES (one line, anywhere in
this module: judges are looked up when the tests run); a row that needs a judge of its own is keyed "file:row".
"""

from __future__ import annotations

from typing import Any, Callable

import pytest

from handoffs.models import Message, consent, decide, idioms, knowledge, meaning, replies, romanised, routine, words
from handoffs.models import text as text_module
from handoffs.models.cues import _has_any
from handoffs.models.types import ToolSpec

from model_seeds import SEED_000

Row = dict[str, Any]  # the row's table, with its dotted name under "name" and its file under "file"


def matches(row: Row, text: str) -> bool:
    """A knowledge row (handoffs.models.knowledge): its pattern finds a non-empty stretch of ``text``, its words
    stand in it as whole words, its stems anywhere in it."""
    if "pattern" in row:
        return any(m.end() > m.start() for m in knowledge.compiled(row["file"], row).finditer(text))
    if "words" in row:
        return _has_any(text, tuple(row["words"]))
    return any(stem in text.lower() for stem in row["stems"])


def raises_concept(row: Row, text: str) -> bool:
    """A lexicon concept: reading ``text`` raises it."""
    concept = row["name"].split(".")[-1]
    raised = set(meaning.read(text).concepts())
    if concept == "boss" and "escalate" in raised:  # a manager asked for reads as an escalation and a person
        raised.add("boss")
    return concept in raised


def reads_as(row: Row, text: str) -> bool:
    """A consent row: ``text``, as a reply to an offer, reads as the row's kind (a word-kind row: yes, no, unsure,
    conditional, sarcasm, question), as a yes (fillers, request words; an action's words, to an offer of that
    action); side_effect and handover rows are read on tool names."""
    name = row["name"]
    if name == "side_effect":
        return consent.is_side_effect(ToolSpec(text, ""))
    if name == "handover":
        return consent.hands_over(ToolSpec(text, ""))
    if name.startswith("actions."):
        return consent.read_reply(text, consent.action_of(ToolSpec(row["tools"][0], ""))).kind == "yes"
    kind = name if name in consent.KINDS else "yes"
    return consent.read_reply(text, "refund").kind == kind


def step_names_a_tool_in_english(row: Row, text: str) -> bool:
    """routine.toml's Korean tool words: a step written with them reads as the English words of tool names."""
    keys = routine._step_keys(text)
    return bool(set(row["means"].values()) & (set(keys) - set(routine._keys(text))))


def speaks_to_the_customer(row: Row, text: str) -> bool:
    """routine.toml's second person: a step's words about the customer change when said to them."""
    return replies.to_second_person(text) != text


def strips_an_ending(row: Row, text: str) -> bool:
    """words.toml's Korean endings: a word loses one (결제되었습니다 -> 결제)."""
    return text_module.ko_stem(text) != text


def is_a_typo(row: Row, text: str) -> bool:
    """words.toml's confusable vowels: "typed known" is a typo (결재 for 결제)."""
    return text_module.near_miss(*text.split())


def ends_a_verb_form(row: Row, text: str) -> bool:
    """words.toml's verbal endings: the entry's last syllable is one."""
    return text[-1] in row["syllables"]


def read_as_a_typo_of_one(row: Row, text: str) -> bool:
    """words.toml's typo targets: the typo is read as one of the row's words."""
    return words._correction(text) in row["words"]


def has_text_speak(row: Row, text: str) -> bool:
    """words.toml's text-speak: a word of the text stands for other words."""
    return any(word in row["means"] for word in text.lower().split())


def spells_out_initials(row: Row, text: str) -> bool:
    """words.toml's Korean initials: the text, read, has a word spelt out (ㄱㅈ -> 결제)."""
    return meaning.phrase_text(text) != text.lower()


def spells(row: Row, text: str) -> bool:
    """words.toml's romanisation: "hangul latin" is how the Korean word is spelt in Latin letters."""
    hangul, latin = text.split()
    return romanised.romanise(hangul) == latin


def serves_the_request(row: Row, text: str) -> bool:
    """injection.toml's served concerns: the triage bot of seed 000 serves the request beside the injection (calls
    a tool for it) instead of declining the whole message."""
    prompt, tools = SEED_000["triage"]
    return bool(decide([Message("system", prompt), Message("user", text)], tools).tool_calls)


def finds_an_injected_span(row: Row, text: str) -> bool:
    """injection_spans.toml: the row finds its stretch in the text, compiled as the model compiles it."""
    from handoffs.models import injected

    return bool(injected.compiled(row["pattern"]).search(text))


def decodes_to(row: Row, text: str) -> bool:
    """romanised.toml: the romanised spelling decodes to the row's Hangul."""
    return romanised.decode(text) == row["hangul"]


def reads_the_phrase_whole(row: Row, text: str) -> bool:
    """phrases.toml: False when the row's pattern finds nothing in the text. When it does, the row must also claim
    that stretch (no earlier row took those words first) and :func:`meaning.read` must read the row's concepts there,
    not negated (a row that only blocks its words: the reading sets them aside) — else the test fails with what was
    read instead. So a non-example the pattern matches at all fails, whatever the reading."""
    index = int(row["name"].removeprefix("phrase[").rstrip("]"))
    lowered = meaning.phrase_text(text)
    if idioms.PHRASES[index][0].search(lowered) is None:
        return False
    claims = meaning.phrase_claims(lowered)
    spans = [(start, end) for i, start, end in claims if i == index]
    assert spans, f"phrase {index} matches {text!r} but an earlier row claims it: {[(i, lowered[a:b]) for i, a, b in claims]}"
    mentions = meaning.read(text).mentions
    concepts = [PHRASE_CONCEPT_READ_AS.get(c, c) for c in row["concepts"].split(",") if c]
    for concept in concepts:
        assert any(m.concept == concept and not m.negated and (m.start, m.end) in spans for m in mentions), (
            f"phrase {index} claims {[lowered[a:b] for a, b in spans]} in {text!r} but does not read as {concept}: "
            f"{[(m.concept, m.word, m.negated) for m in mentions]}")
    assert concepts or meaning.read(text).set_aside, f"phrase {index} blocks its words but {text!r} reads them"
    return True


# A manager asked for or complained to is read as an escalation (meaning._people); merely mentioned, still one.
PHRASE_CONCEPT_READ_AS = {"boss": "escalate"}


JUDGES: dict[str, Callable[[Row, str], bool]] = {
    "cues.toml": matches,
    "injection.toml": matches,
    "injection.toml:served": serves_the_request,
    "negation.toml": matches,
    "routine.toml": matches,
    "routine.toml:ko_tool_words": step_names_a_tool_in_english,
    "routine.toml:second_person": speaks_to_the_customer,
    "routing.toml": matches,
    "words.toml": matches,
    "words.toml:ko_endings": strips_an_ending,
    "words.toml:confusable_vowels": is_a_typo,
    "words.toml:verbal_endings": ends_a_verb_form,
    "words.toml:text_speak": has_text_speak,
    "words.toml:ko_initials": spells_out_initials,
    "words.toml:typo_targets": read_as_a_typo_of_one,
    "words.toml:romanisation": spells,
    "lexicon.toml": raises_concept,
    "consent.toml": reads_as,
    "injection_spans.toml": finds_an_injected_span,
    "romanised.toml": decodes_to,
    "phrases.toml": reads_the_phrase_whole,
}
"""How to ask a row of a data file whether it matches a text: by file, or by "file:row" for one row of its own."""
AWAITING: dict[str, str] = {}  # file -> why its rows are not judged yet (strict xfail until they are)


FILES = sorted(path.name for path in knowledge.DATA.glob("*.toml"))
ROWS = [row for file in FILES for row in knowledge.rows(file)]


def _awaiting(file: str) -> list[pytest.MarkDecorator]:
    return [pytest.mark.xfail(reason=AWAITING[file], strict=True)] if file in AWAITING else []


def _judge(row: Row) -> Callable[[Row, str], bool]:
    """Looked up when a test runs, so a judge added anywhere in this module counts."""
    judge = JUDGES.get(f"{row['file']}:{row['name']}") or JUDGES.get(row["file"])
    assert judge is not None, f"{row['file']} has rows and no judge in JUDGES"
    return judge


@pytest.mark.parametrize("file", [pytest.param(f, marks=_awaiting(f)) for f in FILES])
def test_every_data_file_with_rows_has_a_judge(file):
    rows = knowledge.rows(file)
    assert not rows or file in JUDGES, f"{file} has {len(rows)} rows and no judge in JUDGES"
    assert all(row.get("examples") for row in rows), [row["name"] for row in rows if not row.get("examples")]


def test_every_judge_has_rows_to_judge():
    judged = {row["file"] for row in ROWS} | {f"{row['file']}:{row['name']}" for row in ROWS}
    assert set(JUDGES) <= judged, set(JUDGES) - judged
    assert len([row for row in ROWS if row["file"] not in AWAITING]) >= 100


@pytest.mark.parametrize("row", [pytest.param(row, marks=_awaiting(row["file"])) for row in ROWS],
                         ids=lambda row: f"{row['file']}:{row['name']}")
def test_each_row_matches_its_examples_and_not_its_non_examples(row):
    judge = _judge(row)
    assert row.get("examples"), "a row without examples"
    missed = [text for text in row["examples"] if not judge(row, text)]
    wrong = [text for text in row.get("non_examples", ()) if judge(row, text)]
    assert not missed and not wrong, f"examples not matched: {missed}; non-examples matched: {wrong}"


def test_the_phrase_rows_judged_are_the_rows_the_model_reads():
    rows = knowledge.load("phrases.toml")["phrase"]
    assert [row["pattern"] for row in rows] == [pattern for pattern, _, _ in idioms._PHRASE_TABLE]
    assert all(row.get("non_examples") for row in rows), "every phrase row names a near miss it must not match"
