"""Idempotency keys: a side effect that is asked for twice happens once.

Messages get delivered twice (a retry after a timeout, a worker restarted mid-turn, a customer who double-clicks),
and models repeat themselves (``[resolve_billing, resolve_billing]`` in one response). A real handoff system cannot
make delivery exactly-once, so it makes the *effects* idempotent: each side effect carries a key naming *what* it
does — the conversation, the tool and the business identity of its target (the refunded item, not the wording of
the reason, not the model's call id, which changes on every attempt) — and a second call with a key already done
is answered with the first result instead of being run again. Payment APIs call this an ``Idempotency-Key``.

* :func:`idempotency_key` builds the key. A tool in :data:`KEY_FIELDS` acts on something with an identity (an
  item), so its key is the conversation, the tool and those arguments: once per conversation. Any other tool is
  keyed by all its arguments *and the customer's words it answers*: the same request delivered again is done once,
  while a new request ("yes, order another one") is a new key;
* :class:`SideEffectLog` remembers the keys done and their results (one per team, shared by its agents);
* :data:`TEXTS` are the sentences a model (and a learner reading the run) sees instead of a repeated effect.

Part 2's agents use it for every work tool (notebook 06's ``AIAgent``); Part 1's
``side_effects_once`` middleware applies the same rule to the thread's history. This module runs no tool itself.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

KEY_FIELDS: dict[str, tuple[str, ...]] = {
    "execute_refund": ("item_id",),  # one refund per item and session, whatever reason the model words
    "resolve_billing": (),  # Part 1: the duplicate charge is refunded once per conversation
}
"""Tools whose effect has an identity: the arguments naming it (once per conversation). Others: see above."""

READ_ONLY = frozenset({"look_up_item"})
"""Tools without side effects: they may run as often as the model likes."""

TEXTS = {  # what the model reads instead of a repeated side effect (one place, for translation)
    "repeat": "Already done, not repeated: {tool} ran before in this conversation with the same idempotency key "
              "({key}). Its result was: {result}",
    "same_response": "Not run: {tool} with these arguments was already called earlier in this response, and runs once.",
    "after_handoff": "Not run: {earlier}, earlier in this response, moved the conversation to the '{step}' step; "
                     "call that step's tools in a new response.",
}


def key_fields(tool_name: str, declared: Sequence[str] | None = None) -> tuple[str, ...] | None:
    """The identifying arguments of a tool (``declared`` wins, then :data:`KEY_FIELDS`); None: keyed per request."""
    if declared is not None:
        return tuple(declared)
    return KEY_FIELDS.get(tool_name)


def effect_identity(tool_name: str, arguments: Mapping[str, Any], fields: Sequence[str] | None = None,
                    answering: str = "") -> str:
    """What a call does, without the conversation: ``execute_refund {"item_id": "item_1"}``.

    ``fields=None`` (a tool without a declared identity): all arguments, plus ``answering`` — the customer's words
    the call answers (cut to 80 characters).
    """
    if fields is not None:
        chosen: dict[str, Any] = {name: arguments.get(name) for name in fields}
    else:
        chosen = {**arguments, "answering": " ".join(answering.split())[:80]}
    return f"{tool_name} {json.dumps(chosen, sort_keys=True, default=str, ensure_ascii=False)}"


def idempotency_key(conversation: str, tool_name: str, arguments: Mapping[str, Any],
                    fields: Sequence[str] | None = None, answering: str = "") -> str:
    """``conversation | tool {identifying arguments}`` — the same effect asked for twice gives the same key."""
    return f"{conversation} | {effect_identity(tool_name, arguments, fields, answering)}"


@dataclass
class SideEffectLog:
    """The side effects done so far, by idempotency key, with the result each returned."""

    done: dict[str, str] = field(default_factory=dict)
    repeats: list[str] = field(default_factory=list)  # keys asked for again and answered from the log

    def result_of(self, key: str) -> str | None:
        """The recorded result when ``key`` was done already (and counts the repeat), else None."""
        if key in self.done:
            self.repeats.append(key)
            return self.done[key]
        return None

    def record(self, key: str, result: str) -> None:
        self.done[key] = result


REPEAT_KO = ("이미 처리된 요청이라 다시 실행하지 않았습니다. 이 대화에서 같은 멱등 키({key})로 {tool}이(가) 이미 "
             "실행됐고, 그때 결과는 다음과 같습니다: {result}")
"""The repeat note for a customer who writes Korean: a model may pass it on, so it is in the customer's language
(like the bots' replies), not the kit's."""


def repeat_note(tool_name: str, identity: str, result: str, limit: int = 300, customer_words: str = "") -> str:
    """The sentence a repeated call gets back: what was not redone (:func:`effect_identity`) and the first result;
    in Korean when ``customer_words`` (what the customer said last) are Korean."""
    from handoffs.language_check import HANGUL
    from handoffs.particles import format_ko

    shown = result if len(result) <= limit else result[: limit - 1] + "…"
    if HANGUL.search(customer_words):
        return format_ko(REPEAT_KO, tool=tool_name, key=identity, result=shown)
    return TEXTS["repeat"].format(tool=tool_name, key=identity, result=shown)
