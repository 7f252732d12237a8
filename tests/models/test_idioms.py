"""The phrase table read per script finds exactly what the whole table finds.

``idioms.phrase_patterns`` skips a row's English alternatives for a message without Latin letters and its Korean
ones for a message without Hangul, and a row none of whose literal anchors the message holds (the speed-ups the
decision benchmark measures). That is only right if no skipped alternative or row could ever have matched: checked
here on every labelled message, in English, Korean and mixed, and on each alternative's own script.
"""

from __future__ import annotations

import re

from handoffs.evals import load_cases
from handoffs.models import idioms


def matches(rows, text):
    return [(i, m.span()) for i, (pattern, _, _) in enumerate(rows) if pattern is not None for m in pattern.finditer(text)]


def test_reading_per_script_finds_the_same_phrases_as_the_whole_table():
    texts = [c.message.lower() for c in load_cases()]
    assert {bool(re.search(r"[가-힣]", t)) for t in texts} == {True, False}
    for text in texts:
        assert matches(idioms.phrase_patterns(text), text) == matches(idioms.PHRASES, text), text


def test_a_mixed_message_is_read_with_the_whole_table_of_rows_whose_anchors_it_holds():
    text = "charge가 두 번 됐는데 refund 되나요"
    rows = idioms.phrase_patterns(text)
    kept = [i for i, (pattern, _, _) in enumerate(rows) if pattern is not None]
    assert kept and len(kept) < len(rows)  # the anchors skip rows: most rows name none of these words
    assert any(rows[i][0] is not idioms.PHRASES[i][0] for i in kept)  # and a row's alternatives that name none
    assert matches(rows, text) == matches(idioms.PHRASES, text)


def test_a_row_run_as_some_of_its_alternatives_finds_what_the_whole_row_finds():
    """``patterns.FirstOf``: alternatives run one by one, matched as their alternation is (leftmost, then the first
    in order, resuming after each match), including overlapping and adjacent matches."""
    from handoffs.models import patterns
    sources = [r"\bab", r"abc\w*", r"b+c", r"(?<=x)cd", r"c"]
    first_of = patterns.FirstOf([re.compile(s) for s in sources])
    for text in ("abcabc xcd abbbc", "xcdcd ab abc", "", "cccc", "ab" * 30 + "xcd"):
        whole = re.compile("|".join(sources))
        assert [m.span() for m in first_of.finditer(text)] == [m.span() for m in whole.finditer(text)], text


def test_an_odd_case_folding_letter_is_read_with_every_row():
    """``re.IGNORECASE`` matches "s" on "ſ" (a long s): a message with a non-ASCII cased letter skips no row."""
    text = "i want a refund for my ſhoes"
    english = [(idioms._whole("en", row), *idioms.MEANINGS[row]) for row in range(len(idioms.MEANINGS))]
    assert idioms.phrase_patterns(text) == english  # every row that has English alternatives
    plain = idioms.phrase_patterns("i want a refund for my shoes")  # the same words in plain letters: rows skipped
    assert [p is None for p, _, _ in plain] != [p is None for p, _, _ in english]


def test_every_alternative_is_kept_for_the_script_it_needs():
    for pattern, _, _ in idioms._PHRASE_TABLE:
        alternatives = idioms._alternatives(pattern)
        assert "|".join(alternatives) == pattern
        for alternative in alternatives:
            script = idioms._script(alternative)
            if re.search(r"[가-힣]", alternative) and not re.search(r"(?<!\\)[a-z]{2,}", re.sub(r"\\.", "", alternative)):
                assert script in ("ko", "any"), alternative
            if not re.search(r"[가-힣ㄱ-ㅣ]", alternative):
                assert script in ("en", "any"), alternative
