"""The customer's language for any first message (issue 20.4): lone Korean letters, emoji, romanised Korean,
code-switching. Undecidable messages (emoji only) are answered in the kit's language when it is Korean."""

from __future__ import annotations

import pytest

from handoffs import i18n
from handoffs.models import Message, decide
from handoffs.models.text import language_of

from model_seeds import SEED_000

def _reply(text: str) -> str:
    prompt, tools = SEED_000["triage"]
    decision = decide([Message("system", prompt), Message("user", text)], tools)
    return decision.text


def _is_korean(text: str) -> bool:
    return any("\uac00" <= c <= "\ud7a3" for c in text) and not any("a" <= c.lower() <= "z" for c in text)


@pytest.mark.parametrize("kit", ["en", "ko"])
@pytest.mark.parametrize("text", ["ㅎㅇ", "ㅠㅠㅠ", "ㄱㅅㄱㅅ", "ㅇㅇ", "ㅋㅋㅋ 저기", "annyeonghaseyo", "jeogiyo doummi piryohaeyo",
                                  "help 좀 주세요"])
def test_korean_in_any_spelling_is_answered_in_korean_whatever_the_kit(text, kit):
    with i18n.using_language(kit):
        assert _is_korean(_reply(text)), _reply(text)


@pytest.mark.parametrize("text", ["🙏", "😡😡", "…?", "👍 !!"])
def test_an_undecidable_message_is_answered_in_the_korean_kits_language(text):
    with i18n.using_language("ko"):
        assert _is_korean(_reply(text))
    with i18n.using_language("en"):
        assert not _is_korean(_reply(text))


@pytest.mark.parametrize("text", ["hi there", "hello, anyone there? 😅", "Can I get help?"])
def test_english_stays_english_in_the_korean_kit(text):
    with i18n.using_language("ko"):
        reply = _reply(text)
    assert reply and not any("\uac00" <= c <= "\ud7a3" for c in reply)


def test_language_of_lone_letters_and_symbols():
    assert language_of("ㅠㅠ") == "ko" and language_of("🙂") is None and language_of("ok ㅋㅋ") == "en"

