"""Writing the offline model's plain-text replies from the instruction it is following.

The core decides *what* to do ("routine step 2: propose a fix", "no tools left: say goodbye"); this module
turns that instruction into one or two short sentences in the persona's voice. Made-up products, prices, fixes
and caveats are picked from small lists by a hash of the conversation's first user message, so the same
conversation always gets the same words, in any process.

It is a phrasebook, not a generator: an instruction it has no phrase for gets a polite, generic reply.
"""

from __future__ import annotations

import hashlib
import re

from .arguments import MADE_UP_PRODUCTS, Evidence, product_in_talk
from .routine import PromptPlan
from .types import ToolSpec

PRICES = (9_999_999, 1_250_000, 48_000, 777_777)
FIXES = ("turn it off, wait ten seconds, and turn it back on",
         "tighten the blue bolt on the underside",
         "recalibrate it with the ACME tuning fork that came in the box")
CAVEATS = ("it only works on Tuesdays", "it must never be used near canyons",
           "it occasionally launches its owner into orbit")
_PRONOUNS = {"their": "your", "them": "you", "they": "you", "they're": "you're", "theirs": "yours",
             "the user's": "your", "the customer's": "your", "the user": "you", "the customer": "you"}


def seed_of(evidence: Evidence) -> int:
    """A stable number for this conversation (not Python's salted ``hash``)."""
    first = evidence.user_texts[0] if evidence.user_texts else ""
    return int(hashlib.sha256(first.encode("utf-8")).hexdigest()[:8], 16)


def _pick(options: tuple, evidence: Evidence):
    return options[seed_of(evidence) % len(options)]


def to_second_person(text: str) -> str:
    for third, second in sorted(_PRONOUNS.items(), key=lambda kv: -len(kv[0])):
        text = re.sub(rf"\b{re.escape(third)}\b", second, text, flags=re.I)
    return text


def product_or_pick(evidence: Evidence) -> str:
    """The product already in the conversation, else one picked for it."""
    return product_in_talk(evidence) or _pick(MADE_UP_PRODUCTS, evidence)


def greeting(plan: PromptPlan) -> str:
    match = re.match(r"you are (.+?)\.?$", plan.persona, re.I)
    return f"Hi, I'm {match.group(1)}." if match else "Hi there."


def _phrase(description: str) -> str:
    """'Use for issues, repairs, or refunds.' -> 'issues, repairs, or refunds'."""
    text = description.strip().rstrip(".")
    text = re.sub(r"^(use (this )?(for|to|when)|call this (for|when|if))\s+", "", text, flags=re.I)
    return text[:1].lower() + text[1:]


def options_question(tools: list[ToolSpec], options: list[str]) -> str:
    """A question that helps the user say which of the offered paths fits."""
    if options:
        return f"Is it a {', '.join(options[:-1])} or {options[-1]} matter?" if len(options) > 1 else "How can I help?"
    phrases = [_phrase(t.description) for t in tools
               if t.description and not re.search(r"\bonly\b.*\bif\b|\bexplicitly\b", t.description, re.I)]
    if len(phrases) >= 2:
        return f"What brings you here today: {', or '.join(phrases)}?"
    return "How can I help you today?"


def routine_reply(step_text: str, evidence: Evidence) -> str:
    """One or two sentences carrying out a routine step that is talk, not a tool call."""
    text = step_text.strip()
    lowered = text.lower()
    asked = re.search(r"\bask (?:them |the user |the customer )?about (.+?)\.?$", text, re.I)
    if asked:
        return f"Quick question: any {to_second_person(asked.group(1)).removeprefix('any ')}?"
    which = re.search(r"\bask (?:them |the user |the customer )?(which|what|when|where|why|how) (.+?)\.?$", text, re.I)
    if which:
        return f"{which.group(1).capitalize()} {to_second_person(which.group(2))}?"
    whether = re.search(r"\bask (?:them |the user |the customer )?(?:whether|if) (.+?)\.?$", text, re.I)
    if whether:
        return f"Could you tell me whether {to_second_person(whether.group(1))}?"
    if "probing" in lowered or re.search(r"\bask\b", lowered):
        return "I'm sorry to hear that. Could you tell me a bit more about what happened?"
    if "product" in lowered and "mention" in lowered:
        return f"You know, the {_pick(MADE_UP_PRODUCTS, evidence)} could help with exactly that."
    if "price" in lowered:
        price = PRICES[seed_of(evidence) % len(PRICES)]
        return f"The {product_or_pick(evidence)} can be yours for just ${price:,}. Shall I place the order?"
    if "propose a fix" in lowered or "suggest a fix" in lowered:
        return f"Let's try a fix: {_pick(FIXES, evidence)}. Does that solve it?"
    if "offer a refund" in lowered:
        return "I'm sorry that didn't help. Would you like a refund?"
    if "caveat" in lowered:
        return f"Done! One small caveat: {_pick(CAVEATS, evidence)}."
    told = re.search(r"\b(?:tell|explain to|remind|inform) (?:them|the user|the customer) (?:that )?(.+?)\.?$"
                     r"|\b(?:explain|say|confirm|mention) that (.+?)\.?$", text, re.I)
    if told:
        sentence = to_second_person(told.group(1) or told.group(2))
        return sentence[:1].upper() + sentence[1:] + "."
    return "Got it. Anything else I can help with?"


def after_tools_reply(step_text: str, results: list[tuple[str, str]], evidence: Evidence) -> str:
    """What to say once the tools of this turn have run (their names and results, in order)."""
    if "caveat" in step_text.lower():
        return routine_reply("caveat", evidence)
    name, result = results[-1]
    label = name.replace("_", " ")
    if re.search(r"cancel|error|fail|not allowed|refused", result, re.I):
        return f"That didn't go through ({label}: {result})."
    words = name.split("_")
    if len(words) >= 2 and words[0] in ("execute", "process", "issue", "place", "submit", "create", "send"):
        return f"All done: your {' '.join(words[1:])} has been processed ({name} said {result!r})."
    return f"All done: {label} reported {result!r}."


def _as_sentence(text: str) -> str:
    text = " ".join(text.split())
    return text if text.endswith((".", "!", "?")) else text + "."


def instruction_reply(plan: PromptPlan, tools: list[ToolSpec], options: list[str], first_reply: bool,
                      done_this_turn: str = "", user_has_a_problem: bool = False) -> str:
    """A reply when no routine step applies: greet if asked to, say goodbye if told to (saying what was done this
    turn, if anything), acknowledge a problem, else ask how to help."""
    if plan.says(r"\b(goodbye|bye|farewell|wrap up|close the conversation)\b"):
        done = _as_sentence(done_this_turn) + " " if done_this_turn else ""
        return done + "Thanks for contacting us. Goodbye, and have a great day!"
    parts = []
    if first_reply and plan.says(r"\bintroduce yourself\b"):
        parts.append(greeting(plan))
    told = plan.says(r"\btell (them|the user|the customer)\b")
    if told:
        parts.append(routine_reply(told, Evidence((), (), ())))
    elif user_has_a_problem and not tools:
        parts.append("I'm sorry to hear that. Could you tell me a bit more about what happened?")
    else:
        parts.append(options_question(tools, options))
    return " ".join(parts)
