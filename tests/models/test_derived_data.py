"""The model's derived file (``data/derived/anchors.json``) is what its command builds from the data files, and the
answers read from it are the answers computed without it: the same anchors for every pattern, the same words found
in every text, a row or word the file lacks read as before (only slower)."""

from __future__ import annotations

import json
import re
import subprocess
import sys

from handoffs.evals import load_cases
from handoffs.models import anchoring, derived, idioms, word_index


def test_the_shipped_file_is_exactly_what_the_derive_command_builds():
    """Rebuilt in a fresh interpreter that ignores the file (so a stale entry cannot copy itself): a data file or the
    model's reading of patterns changed without ``./kit derive`` fails here."""
    assert anchoring.DERIVED.read_text(encoding="utf-8") == derived.build(), (
        "data/derived/anchors.json is stale: run ./kit derive (python -m handoffs.models.derived --write)")


def test_every_row_of_the_file_reads_back_as_the_analysis_a_parse_gives():
    rows = anchoring.stored()["patterns"]
    assert len(rows) > 1000 and len(idioms.ANCHORED.needs) > 1000  # the phrase alternatives are in it
    for name, row in rows.items():
        flags, source = name.split(":", 1)
        assert anchoring.from_row(row) == anchoring.parse(source, int(flags)), source[:80]
    needs = {anchoring.key(alternative, re.IGNORECASE) for _, alternative, _ in idioms._ALTERNATIVE_ROWS}
    assert needs <= set(rows) and all(anchoring.ASKED[name] == anchoring.from_row(rows[name]) for name in needs)


def _texts() -> list[str]:
    labelled = list(dict.fromkeys(case.message.lower() for case in load_cases()))
    return labelled[::12] + ["", "a", "ab", "환불", "ㅠㅠ", "refund refund " * 60, "i was charged twice 결제 두 번",
                             "🙏 help!!! ### system ###", "{\"role\": \"system\"}", "x" * 1500]


def test_the_index_finds_exactly_the_words_each_text_holds():
    """Every indexed word that is a substring of the text, and no other: checked word by word on labelled messages
    and odd ones (empty, one letter, emoji, a long repetition)."""
    stored = word_index._Index(anchoring.stored()["index"])
    words = stored.words
    assert len(words) > 3000 and words <= word_index.all_words()  # (other tests may add words of their own)
    for text in _texts():
        assert stored.find(text) == {w for w in words if w in text}, text[:80]


def test_an_index_of_any_words_finds_them_all():
    words = ["ab", "abc", "abcd", "bcd", "a", "", "환", "환불", "환불해", "환불해요", " charge", "charged twice", "zz"]
    index = word_index._Index(word_index.layout(words))
    for text in ("abcd", "xabcx", "환불해요 please", "i was charged twice", "zzz", "", " charge"):
        assert index.find(text) == {w for w in words if w in text}, text


def test_a_row_or_a_word_the_file_lacks_is_read_as_before():
    """In a fresh interpreter: a pattern the file does not hold is parsed (the same analysis), and a table with a word
    the index lacks makes the index be rebuilt, finding the new word and the old ones."""
    code = """
import json, re
from handoffs.models import anchoring, idioms, patterns, word_index
source = r"\\bflorbl(?:ed|ing)?\\b|zquux"
assert anchoring.key(source, re.IGNORECASE) not in anchoring.stored()["patterns"]
table = patterns.Pruned(source, re.IGNORECASE)
text = "I was charged twice and it florbled"
found = word_index.anchor_words_in(text.lower())
every = {w for w in word_index.all_words() if w in text.lower()}
print(json.dumps([sorted(table.anchored.needs[0]), bool(table.search(text)), table.search("no") is None,
                  "florbl" in found, "twice" in found and "charge" in found, found == every,
                  len(word_index.all_words()) - len(word_index._stored().words)]))
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    needs, found, missed, new_word, old_word, exact, more = json.loads(done.stdout)
    assert needs == ["florbl"] and found and missed
    assert new_word and old_word and exact and more > 0


def test_a_key_names_the_flags_a_pattern_is_compiled_with():
    assert anchoring.key("ab", re.IGNORECASE) == anchoring.key("ab", re.IGNORECASE | re.UNICODE) == "2:ab"
    assert anchoring.key("ab") != anchoring.key("ab", re.IGNORECASE)


def test_the_english_word_file_is_exactly_what_the_derive_command_builds():
    from handoffs.models import english

    assert english.DERIVED.read_text(encoding="utf-8") == derived.build_english(), (
        "data/derived/english_words.txt is stale: run ./kit derive (python -m handoffs.models.derived --write)")


def test_the_english_words_near_the_typo_targets_answer_as_the_whole_dictionary():
    """Every word the typo reader can ask about (one insertion, deletion, substitution or swap from a typo target,
    lower case) is English by the derived file exactly when it is by pyspellchecker's whole dictionary; a word with
    capitals, or a file derived from other targets, is answered by the whole dictionary."""
    from handoffs.models import english, words

    near, whole = words._english_words(), english.whole()
    assert isinstance(near, english._Near) and 10_000 < len(near.words) < 30_000  # the file is current: it is used
    letters = "abcdefghijklmnopqrstuvwxyz'"
    asked = set()
    for target in words._TYPO_TARGETS[::3]:
        for i in range(len(target) + 1):
            asked.add(target[:i] + target[i + 1:])
            asked.update(target[:i] + c + target[i:] for c in letters)
            asked.update(target[:i] + c + target[i + 1:] for c in letters)
            asked.add(target[:i] + target[i + 1:i + 2] + target[i:i + 1] + target[i + 2:])
    assert len(asked) > 100_000
    for word in asked:
        if word and words._one_edit_from(word):
            assert (word in near) == (word in whole), word
    assert ("Refund" in near) == ("Refund" in whole) and ("Zzzq" in near) == ("Zzzq" in whole)
    assert english.near_targets(("other", "targets")) is whole  # not derived from these: the whole dictionary


def test_the_parsed_copy_of_the_data_files_is_exactly_what_the_derive_command_builds():
    from handoffs.models import parsed

    assert parsed.DERIVED.read_text(encoding="utf-8") == parsed.build(), (
        "data/derived/parsed.json is stale: run ./kit derive (python -m handoffs.models.derived --write)")


def test_every_data_file_reads_from_the_copy_as_tomllib_parses_it():
    """The same values, in the same order, of the same types (an integer stays an integer), read from the copy."""
    import tomllib

    from handoffs.models import knowledge, parsed

    paths = parsed.sources()
    assert {p.name for p in paths} >= {"phrases.toml", "lexicon.toml", "cues.toml", "routing.toml"}
    for path in paths:
        written = tomllib.loads(path.read_text(encoding="utf-8"))
        read = parsed.load(path)
        assert read is parsed._copies()[path.name]["data"], path.name  # the copy is current: it is used
        assert read == written and json.dumps(read, ensure_ascii=False) == json.dumps(written, ensure_ascii=False)
        assert knowledge.load(path.name) == written


def test_a_data_file_changed_since_the_copy_was_made_is_parsed_as_written(monkeypatch):
    import tomllib

    from handoffs.models import parsed

    path = parsed.DATA / "routing.toml"
    monkeypatch.setattr(parsed, "_copies", lambda: {path.name: {"sha256": "0" * 64, "data": {"stale": True}}})
    assert parsed.load(path) == tomllib.loads(path.read_text(encoding="utf-8"))
