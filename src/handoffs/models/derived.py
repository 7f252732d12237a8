"""``python -m handoffs.models.derived --write | --check`` (or ``./kit derive``): the model's derived files.

``data/derived/anchors.json`` holds what every fresh process would otherwise compute from the data files before
its first reply: each pattern's :class:`~handoffs.models.anchoring.Analysis` (its anchor words, read from its parse)
and the index that finds those words in a message (:mod:`~handoffs.models.word_index`). The data files stay the
source; this file is a pure function of them and of the model's code, rebuilt by :func:`build`: a fresh interpreter
that ignores the file (``HANDOFFS_MODEL_DERIVED=off``), imports every module of the model (each builds its tables at
import), and writes down every pattern analysed and every anchor word registered. The same data give the same bytes.

``data/derived/english_words.txt`` holds the words of pyspellchecker's English dictionary that the typo reader may
ask about (:mod:`~handoffs.models.english`, built by :func:`build_english` from the typo targets and the dictionary).

``data/derived/parsed.json`` holds every data file's values as ``tomllib`` parses them, read back by ``json`` in a
tenth of the time (:mod:`~handoffs.models.parsed`, built by its ``build``).

``--check`` exits 1 when a file differs from what :func:`build` / :func:`build_english` give (the test suite checks
the same), naming the command that rebuilds it. A stale file never changes an answer: a pattern it lacks is parsed when first asked for,
a word it lacks rebuilds the index (see :mod:`~handoffs.models.anchoring`); it only costs the start-up time back.

What this module is not: the model, or a cache of what messages mean. Nothing here depends on a message.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

from . import anchoring

SKIPPED = frozenset({"derived", "real_models", "train"})
"""Modules of the model not imported to build the file: this one, the real-model stack, the trainer."""
ABOUT = ("Derived from the model's data files by `python -m handoffs.models.derived --write` (or `./kit derive`): "
         "do not edit. patterns: 'flags:source' -> [anchor words or null, conditions, fewest characters]; "
         "index: the anchor words a message is searched for (handoffs.models.word_index).")


def _collect() -> str:
    """In a fresh interpreter with the file ignored: import the model and return the file's text."""
    import importlib
    import pkgutil

    from handoffs import models

    from . import word_index

    for module in sorted(info.name for info in pkgutil.iter_modules(models.__path__)):
        if module not in SKIPPED:
            importlib.import_module(f"{models.__name__}.{module}")
    patterns = {name: anchoring.as_row(analysis) for name, analysis in sorted(anchoring.ASKED.items())}
    return dumps({"about": ABOUT, "patterns": patterns, "index": word_index.layout(word_index.all_words())})


def dumps(data: dict) -> str:
    """The file's text: one line per pattern and per key of the index (a change to one row is a one-line diff)."""
    def line(key: str, value: object) -> str:
        return f"  {json.dumps(key, ensure_ascii=False)}: {json.dumps(value, ensure_ascii=False)}"

    index = data["index"]
    return "\n".join([
        "{", line("about", data["about"]) + ",",
        '  "patterns": {', ",\n".join("  " + line(k, v) for k, v in data["patterns"].items()), "  },",
        '  "index": {', "  " + line("other", index["other"]) + ",", '    "by_key": {',
        ",\n".join("    " + line(k, v) for k, v in index["by_key"].items()), "    }", "  }", "}", ""])


def build() -> str:
    """What the derived file should say: :func:`_collect` run in a fresh interpreter that ignores the file."""
    env = {**os.environ, anchoring.FRESH: "off", "PYTHONHASHSEED": "0"}
    done = subprocess.run([sys.executable, "-m", "handoffs.models.derived", "--collect"], capture_output=True,
                          text=True, encoding="utf-8", env=env)
    if done.returncode != 0:
        raise RuntimeError(f"building {anchoring.DERIVED.name} failed:\n{done.stderr}")
    return done.stdout


def build_english() -> str:
    """What ``english_words.txt`` should say, from the typo targets this process reads from the data files."""
    from . import english, words

    return english.build(words._TYPO_TARGETS, words._deletions, words._by_deletion())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m handoffs.models.derived", description=__doc__.split("\n")[0])
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--write", action="store_true", help="rebuild the derived file")
    action.add_argument("--check", action="store_true", help="exit 1 if the derived file is not what --write writes")
    action.add_argument("--collect", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.collect:
        sys.stdout.buffer.write(_collect().encode("utf-8"))  # UTF-8 whatever the console's encoding
        return 0
    from . import english, parsed

    stale = 0
    for path, wanted in ((parsed.DERIVED, parsed.build()), (anchoring.DERIVED, build()),
                         (english.DERIVED, build_english())):
        if args.write:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(wanted, encoding="utf-8")
            print(f"wrote {path.name}: {wanted.count(chr(10))} lines")
        elif path.exists() and path.read_text(encoding="utf-8") == wanted:
            print(f"{path.name} is current")
        else:
            print(f"{path.name} is stale: rebuild it with `python -m handoffs.models.derived --write` (or ./kit derive)")
            stale = 1
    return stale


if __name__ == "__main__":
    sys.exit(main())
