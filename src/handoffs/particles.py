"""Korean particles chosen by the final sound of the word they follow: 이/가, 을/를, 은/는, 과/와, (으)로, 이라고/라고.

A Korean particle depends on whether the word before it ends in a consonant (받침): "환불**이**" but "배송**이**" vs
"결제**가**"; "로" after a vowel or ㄹ ("서울로", "결제로"), "으로" after any other consonant ("환불으로" is wrong:
"환불로"; "부서진 것으로"). Text the kit composes from slots cannot know the word in advance, so it writes the
placeholder forms ``이(가)``, ``을(를)``, ``은(는)``, ``과(와)``, ``(으)로``, ``(이)라고`` after a ``{slot}`` and
:func:`format_ko` resolves each against the value that filled the slot::

    format_ko("{tool}이(가) {step!r}(으)로 옮겨요", tool="resolve_billing", step="done")
    # -> "resolve_billing이 'done'으로 옮겨요"

:func:`attach` does the same for one word (``attach("영수증", "이라고")`` -> ``"영수증이라고"``). Latin words and
digits are read the way a Korean reader says them ("billing" ends in ㅇ, "refund" in 드, "sales" in 스 with no 받침,
"chat" in ㅅ; an acronym such as "SDK" or "URL" letter by letter: 케이, 엘;
"3" 삼 ends in ㅁ, "1" 일 in ㄹ); quotes and brackets at the end are looked through ("'돈'이라고"). Which spellings
count as which sound is data: ``data/particles.toml``. Standard library only. Not a grammar checker: it does not find
a wrong particle written literally in a sentence (the Korean output scan in tests/i18n does that).
"""

from __future__ import annotations

import re
import string
from functools import lru_cache
from pathlib import Path
from typing import Any

_DATA = Path(__file__).with_name("data") / "particles.toml"

#: placeholder -> (after a final consonant, after a vowel); ``(으)로`` is special-cased for ㄹ
_PAIRS = {
    "이(가)": ("이", "가"), "을(를)": ("을", "를"), "은(는)": ("은", "는"), "과(와)": ("과", "와"),
    "(으)로": ("으로", "로"), "(이)라고": ("이라고", "라고"), "(이)나": ("이나", "나"), "(이)에요": ("이에요", "예요"),
    "아(야)": ("아", "야"), "(이)랑": ("이랑", "랑"),
}
#: the forms a caller may name in :func:`attach`, either spelling -> its placeholder
_ALIASES = {form: placeholder for placeholder, pair in _PAIRS.items() for form in (placeholder, *pair)}
_ALIASES.update({"이/가": "이(가)", "을/를": "을(를)", "은/는": "은(는)", "과/와": "과(와)", "으로/로": "(으)로"})
_PLACEHOLDER = re.compile("|".join(re.escape(p) for p in sorted(_PAIRS, key=len, reverse=True)))
_TRAILING = "'\"‘’“”)]}>」』.…!? \t"
_RIEUL = 8  # index of ㄹ among the 27 final consonants (+1, 0 = none)


@lru_cache(maxsize=1)
def _sounds() -> dict[str, Any]:
    import tomllib  # imported when a word's final sound is first asked, not with the kit

    return tomllib.loads(_DATA.read_text(encoding="utf-8"))


def final_sound(word: str) -> str:
    """``"vowel"``, ``"rieul"`` (ends in ㄹ) or ``"consonant"`` for the spoken end of ``word``."""
    text = str(word).rstrip(_TRAILING)
    if not text:
        return "vowel"
    last = text[-1]
    if "가" <= last <= "힣":
        final = (ord(last) - 0xAC00) % 28
        return "vowel" if final == 0 else ("rieul" if final == _RIEUL else "consonant")
    if "ㄱ" <= last <= "ㅎ":  # a lone consonant letter (jamo)
        return "rieul" if last == "ㄹ" else "consonant"
    if "ㅏ" <= last <= "ㅣ":
        return "vowel"
    data = _sounds()
    if last.isdigit():
        return data["digits"][last]
    if last in string.ascii_letters:
        acronym = re.search(r"[A-Z]+$", text).group(0) if last.isupper() else ""
        if len(acronym) >= 2 and (len(acronym) <= 3 or not set(acronym) & set("AEIOU")):
            return data["letter_names"][acronym[-1].lower()]  # SDK 에스디케이, URL 유알엘, HTTP: said letter by letter
        tail = re.search(r"[A-Za-z]+$", text).group(0).lower()
        for ending, sound in data["latin_endings"].items():  # longest endings are listed first in the file
            if tail.endswith(ending):
                return sound
        return data["latin_letters"].get(tail[-1], "vowel")
    return "vowel"


def particle(word: str, form: str) -> str:
    """The particle ``form`` (``"이/가"``, ``"을(를)"``, ``"(으)로"``, ``"이라고"`` …) that fits after ``word``."""
    placeholder = _ALIASES.get(form)
    if placeholder is None:
        raise ValueError(f"Unknown particle {form!r}: use one of {', '.join(_PAIRS)}.")
    after_consonant, after_vowel = _PAIRS[placeholder]
    sound = final_sound(word)
    if placeholder == "(으)로" and sound == "rieul":
        return "로"
    return after_vowel if sound == "vowel" else after_consonant


def attach(word: str, form: str) -> str:
    """``word`` followed by the particle ``form`` that fits it: ``attach("돈", "라고")`` -> ``"돈이라고"``."""
    return f"{word}{particle(word, form)}"


class _ParticleFormatter(string.Formatter):
    """str.format that remembers the text of the last field, so the particle placeholder after it can be chosen."""

    def vformat(self, format_string: str, args: Any, kwargs: Any) -> str:  # type: ignore[override]
        pieces: list[str] = []
        previous = ""
        for literal, field, spec, conversion in self.parse(format_string):
            if previous and literal:
                match = _PLACEHOLDER.match(literal)
                if match:
                    literal = particle(previous, match.group(0)) + literal[match.end():]
            literal = _PLACEHOLDER.sub(lambda m: _literal_particle(pieces, literal, m), literal)
            pieces.append(literal)
            if field is None:
                previous = ""
                continue
            value, _ = self.get_field(field, args, kwargs)
            value = self.convert_field(value, conversion)
            previous = self.format_field(value, spec)
            pieces.append(previous)
        return "".join(pieces)


def _literal_particle(pieces: list[str], literal: str, match: "re.Match[str]") -> str:
    """A placeholder inside fixed text (not right after a slot): chosen by the text just before it."""
    before = literal[:match.start()] or "".join(pieces)
    return particle(before, match.group(0)) if before else match.group(0)


_FORMATTER = _ParticleFormatter()


def format_ko(template: str, *args: Any, **slots: Any) -> str:
    """``template.format(*args, **slots)`` with every particle placeholder resolved by the word before it."""
    return _FORMATTER.vformat(template, args, slots)


def has_placeholder(text: str) -> bool:
    """Whether ``text`` holds a particle placeholder such as ``이(가)`` or ``(으)로``."""
    return _PLACEHOLDER.search(text) is not None


def resolve(text: str) -> str:
    """Resolve particle placeholders already in plain ``text`` (each by the characters just before it)."""
    return _PLACEHOLDER.sub(lambda m: particle(text[:m.start()], m.group(0)) if m.start() else m.group(0), text)
