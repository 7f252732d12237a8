"""The phrase table read per script finds exactly what the whole table finds.

``idioms.phrase_patterns`` skips a row's English alternatives for a message without Latin letters and its Korean
ones for a message without Hangul, and a row none of whose literal anchors the message holds (the speed-ups the
decision benchmark measures). That is only right if no skipped alternative or row could ever have matched: checked
here on every labelled message, in English, Korean and mixed, and on each alternative's own script.

The whole table is read, on a labelled message, only at the rows that can match it at all (:func:`rows_that_may_match`):
``tests/models/test_pattern_anchors.py`` proves that every match of a row's alternative on a labelled message holds one
of that alternative's anchors, and a row (their alternation) matches only where one of its alternatives does.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from handoffs.evals import load_cases
from handoffs.models import idioms, patterns


def matches(rows, text):
    return [(i, m.span()) for i, (pattern, _, _) in enumerate(rows) if pattern is not None for m in pattern.finditer(text)]


def rows_that_may_match(texts: list[str]) -> list[set[int]]:
    """For each of ``texts``, the rows of the table with an alternative that names no anchor or one of whose anchors
    the text holds (a plain substring test on the lower-cased text, one scan of all texts per anchor word; not the
    model's word index). Any other row has no alternative that matches the text (test_pattern_anchors: a match holds
    an anchor), so the row cannot match it: an alternation matches at a place only where one of its alternatives
    does, and the rows are compiled as the alternation of their alternatives (asserted here)."""
    for row, (pattern, _, _) in enumerate(idioms._PHRASE_TABLE):
        alternatives = idioms._alternatives(pattern)
        assert idioms.SOURCES[row] == "|".join(patterns.bounded(a) for a in alternatives), pattern
        assert not re.search(r"\\[1-9]|\(\?P=", pattern), pattern  # a group number means the same alone and whole
    unanchored = {row for (row, _, _), need in zip(idioms._ALTERNATIVE_ROWS, idioms.ANCHORED.needs) if need is None}
    rows_by_word: dict[str, set[int]] = {}
    for (row, _, _), need in zip(idioms._ALTERNATIVE_ROWS, idioms.ANCHORED.needs):
        for word in need or ():
            rows_by_word.setdefault(word, set()).add(row)
    joined = "\0".join(text.lower() for text in texts)
    starts = [0]
    for text in texts:
        starts.append(starts[-1] + len(text.lower()) + 1)
    found = [set(unanchored) for _ in texts]
    for word, rows in rows_by_word.items():
        assert word and "\0" not in word
        at = joined.find(word)
        while at != -1:
            number = bisect_right(starts, at) - 1
            found[number] |= rows
            at = joined.find(word, starts[number + 1])
    return found


def test_reading_per_script_finds_the_same_phrases_as_the_whole_table():
    texts = list(dict.fromkeys(c.message.lower() for c in load_cases()))
    assert {bool(re.search(r"[가-힣]", t)) for t in texts} == {True, False}
    whole = idioms.PHRASES
    for text, rows in zip(texts, rows_that_may_match(texts)):
        expected = [(i, m.span()) for i in sorted(rows) for m in whole[i][0].finditer(text)]
        assert matches(idioms.phrase_patterns(text), text) == expected, text


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


def test_the_phrase_words_read_from_the_rows_as_written_are_those_of_the_rows_as_compiled():
    """``words`` takes the phrase words (typo targets) from :data:`idioms.PATTERNS`, so no row is bounded at import:
    bounding rewrites quantifiers only, so the words are the same."""
    from handoffs.models import words

    def found(sources):
        return {w for source in sources for w in re.findall(r"(?<![\\?])\b[a-z]{4,}\b", source)}

    assert len(idioms.SOURCES) == len(idioms.PATTERNS) == len(idioms._PHRASE_TABLE)
    assert found(idioms.SOURCES) == found(idioms.PATTERNS) and found(idioms.PATTERNS) <= set(words._PHRASE_WORDS)
