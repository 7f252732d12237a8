"""The offline model's one-line reasons, in the kit's language (English or Korean; see :mod:`handoffs.i18n`).

Every decision says why, quoting the customer's own words: "record_issue(issue='billing'): the user said
'두 번 결제' (billing)". The learner reads these in the panels' "why?" list and in notebooks, so they follow the
kit's language, not the customer's (a Korean learner watching an English customer reads Korean reasons).

Data and the functions that fill it in (:func:`because`, :func:`joined`, :func:`quoted`, :func:`evidence`): which
reason to give when is :mod:`handoffs.models.core`'s business.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable

from handoffs.i18n import language, pick
from handoffs.particles import format_ko

from .text import shorten

REASONS: dict[str, dict[str, str]] = {
    "user_said": {"en": "the user said {words}", "ko": "사용자가 {words}(이)라고 함"},
    "turn_recorded": {"en": "this turn recorded {words}", "ko": "이번 턴에 {words}(으)로 기록됨"},
    "fits_request": {"en": "it fits what the user asked", "ko": "사용자의 요청에 맞음"},
    "none_fits": {"en": "; none of {options} fits", "ko": ". {options} 중 맞는 것이 없음"},
    "too_close": {"en": "too close to call: {a} ({why_a}) and {b} ({why_b}); asking which one is meant",
                  "ko": "우열을 가리기 어려움: {a} ({why_a})와 {b} ({why_b}). 어느 쪽인지 되물음"},
    "outside_purview": {"en": "{words} is outside this agent's purview", "ko": "{words}은(는) 이 에이전트의 담당 밖임"},
    "finish": {"en": "{tool} did this step's work, so the conversation can end",
               "ko": "{tool}이(가) 이 단계의 일을 마쳤으니 대화를 끝내도 됨"},
    "routine_step": {"en": "routine step {number} of {total} ({text})", "ko": "루틴 {total}단계 중 {number}단계 ({text})"},
    "routine_continues": {"en": "{label} continues", "ko": "{label} 계속"},
    "routine_waits": {"en": "{label} waits: its condition ({condition}) is not met",
                      "ko": "{label} 대기: 조건({condition})이 충족되지 않음"},
    "routine_needs_yes": {"en": "{label} needs a clear yes first", "ko": "{label}: 먼저 분명한 동의가 필요함"},
    "routine_do_now": {"en": "{label} says to do this now", "ko": "{label}: 지금 이것을 하라고 함"},
    "routine_told": {"en": "{label}: its tools ran, telling the user", "ko": "{label}: 도구가 실행됐으니 사용자에게 알림"},
    "tool_answered": {"en": "{tool} answered; reporting its result", "ko": "{tool}이(가) 답함. 결과를 전함"},
    "wrapping_up": {"en": "the user is wrapping up", "ko": "사용자가 대화를 마무리함"},
    "no_tools": {"en": "no tools offered in this call; following the prompt's instructions",
                 "ko": "이번 호출에 제공된 도구가 없음. 프롬프트의 지시를 따름"},
    "nothing_points": {"en": "nothing the user said ({words}) points to an offered tool; asking which path fits",
                       "ko": "사용자의 말({words})이 제공된 어느 도구도 가리키지 않음. 어느 쪽인지 물어봄"},
    "no_tool_fits": {"en": "no offered tool fits what the user said; asking which path fits",
                     "ko": "사용자의 말에 맞는 도구가 없음. 어느 쪽인지 물어봄"},
    "injection": {"en": "the message asks me to ignore my instructions (a prompt injection): declined",
                  "ko": "지시를 무시하라는 메시지(프롬프트 인젝션): 거절함"},
    "injection_declined": {"en": "declined the injected instruction {words}, served the request beside it ({request})",
                           "ko": "끼워 넣은 지시 {words}은(는) 거절하고, 함께 말한 요청({request})을 처리함"},
    "injection_asks_first": {"en": "{tool} waits for a clear yes: a message that tried to steer me changes nothing by itself",
                             "ko": "{tool}은(는) 분명한 동의를 기다림: 지시를 바꾸려 한 메시지만으로는 아무것도 처리하지 않음"},
    "learned": {"en": "; no lexicon word, but the learned n-gram weights read {concept} in {grams}",
                "ko": ". 사전에 없는 말이지만 학습된 n-gram 가중치가 {grams}에서 {concept}을(를) 읽음"},
    "script": {"en": "script reply {number} of {total}", "ko": "스크립트 응답 {total}개 중 {number}번째"},
    "rogue": {"en": "ROGUE: calling {tool}, which was NOT offered (offered: {offered})",
              "ko": "ROGUE: 제공되지 않은 도구 {tool}을(를) 호출함 (제공된 도구: {offered})"},
    "none_offered": {"en": "none", "ko": "없음"},
    # arguments: why each value
    "arg_route": {"en": "the route chosen", "ko": "선택한 경로"},
    "arg_option_word": {"en": "{words} is a {option} word", "ko": "{words}은(는) {option}에 해당하는 말"},
    "arg_option_fallback": {"en": "nothing said fits {options}", "ko": "{options}에 맞는 말이 없음"},
    "arg_no_option": {"en": "no option fits", "ko": "맞는 선택지가 없음"},
    "arg_yes": {"en": "from the user's last answer", "ko": "사용자의 마지막 대답"},
    "arg_amount": {"en": "the last amount mentioned", "ko": "마지막으로 나온 금액"},
    "arg_id": {"en": "the id the last tool returned", "ko": "마지막 도구가 돌려준 ID"},
    "arg_product": {"en": "the product discussed", "ko": "대화에 나온 상품"},
    "arg_keywords": {"en": "the user's own words as keywords", "ko": "사용자의 말을 키워드로 씀"},
    "arg_explanation": {"en": "the user's explanation", "ko": "사용자의 설명"},
    "arg_last_message": {"en": "the user's last message", "ko": "사용자의 마지막 메시지"},
    "arg_nothing": {"en": "nothing in the conversation fits", "ko": "대화에 맞는 값이 없음"},
}


JOINER = {"en": "; ", "ko": ". "}
"""How two clauses of a reason join: English with a semicolon, Korean (whose clauses end in a noun form, "…함",
"…기록됨") as a new sentence."""


def joined(*clauses: str) -> str:
    """The non-empty ``clauses`` as one reason, joined as the kit's language joins them."""
    return pick(JOINER).join([c for c in clauses if c])


def because(key: str, **slots: object) -> str:
    """The reason ``key`` in the kit's language, slots filled; a Korean particle placeholder after a slot
    (``{words}(이)라고``) fits the slot's last word ("'돈'이라고", "'두 번 결제'라고")."""
    template = pick(REASONS[key])
    if not slots:
        return _filled(template, ())
    try:
        return _filled(template, tuple([(name, type(value), value) for name, value in slots.items()]))
    except TypeError:  # a slot value that cannot be a cache key
        return format_ko(template, **slots)


@lru_cache(maxsize=4096)
def _filled(template: str, slots: tuple[tuple[str, type, object], ...]) -> str:
    """``format_ko(template, **slots)``, remembered (keyed by each value's type too: ``1`` and ``True`` differ): a
    conversation gives the same reasons call after call, and resolving particles parses the template each time."""
    return format_ko(template, **{name: value for name, _, value in slots})


def quoted(words: Iterable[str]) -> str:
    """Words as a reason quotes them: each once, cut at a word boundary before 40 characters, comma-separated."""
    return ", ".join(repr(shorten(w, 40)) for w in dict.fromkeys(words))


def evidence(user_words: tuple[str, ...], turn_words: tuple[str, ...], kinds: tuple[str, ...]) -> str:
    """Why a route fits: the words the customer said, those this turn recorded (a tool's argument), and the concepts
    they raise ("the user said 'charged twice'; this turn recorded 'billing' (billing)"). Remembered per words and
    kit language: the same words always give the same reason."""
    return _evidence(user_words, turn_words, kinds, language())


@lru_cache(maxsize=1024)
def _evidence(user_words: tuple[str, ...], turn_words: tuple[str, ...], kinds: tuple[str, ...], _language: str) -> str:
    why = because("user_said", words=quoted(user_words)) if user_words else ""
    if turn_words:
        why = joined(why, because("turn_recorded", words=quoted(turn_words)))
    return (why or because("fits_request")) + (f" ({', '.join(kinds)})" if kinds else "")
