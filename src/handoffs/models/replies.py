"""Writing the offline model's plain-text replies, in the customer's language, from the instruction it follows.

The core decides *what* to do ("routine step 2: propose a fix", "no tools left: say goodbye"); this module turns
that into one or two short sentences. A routine step is first read as an *act* (ask about something, mention a
product, name a price, propose a fix, offer a refund, tell a caveat, tell them that …) — from English or Korean
step text — and the act is then said in the customer's language with :func:`phrasebook.say`. Made-up products,
prices, fixes and caveats are picked by a hash of the conversation's first user message, so the same conversation
always gets the same words, in any process.

It is a phrasebook, not a generator: an instruction it has no phrase for gets a polite, generic reply.
"""

from __future__ import annotations

import hashlib
import re
from functools import lru_cache
from typing import Callable

from . import knowledge, lexicon
from .arguments import Evidence, product_in_talk
from .meaning import read
from .phrasebook import (CAVEATS, DONE_KO, FIXES, GLOSSARY, MADE_UP_PRODUCTS, MADE_UP_PRODUCTS_KO, PRICES, ROLES_KO,
                         THINGS_KO, say)
from .routine import PromptPlan
from .text import language_of
from .types import ToolSpec
from handoffs.particles import attach

_PRONOUNS: dict[str, str] = knowledge.load("routine.toml")["second_person"]["means"]
_ONLY_IF_ASKED = knowledge.later("routing.toml", "only_if_asked")  # compiled when first asked
_TALK = {name: knowledge.later("routine.toml", row) for name, row in knowledge.load("routine.toml")["talk"].items()}
"""What a talk step asks the model to say (data/routine.toml's [talk] rows)."""


def seed_of(evidence: Evidence) -> int:
    """A stable number for this conversation (not Python's salted ``hash``)."""
    return _seed(evidence.user_texts[0] if evidence.user_texts else "")


@lru_cache(maxsize=1024)  # one per conversation, asked on each of its calls
def _seed(first: str) -> int:
    return int(hashlib.sha256(first.encode("utf-8")).hexdigest()[:8], 16)


def _pick(options: tuple, evidence: Evidence):
    return options[seed_of(evidence) % len(options)]


def to_second_person(text: str) -> str:
    for third, second in sorted(_PRONOUNS.items(), key=lambda kv: -len(kv[0])):
        text = re.sub(rf"\b{re.escape(third)}\b", second, text, flags=re.I)
    return text


def product_or_pick(evidence: Evidence, lang: str) -> str:
    """The product already in the conversation, else one picked for it (named in the customer's language)."""
    return product_in_talk(evidence) or _pick(MADE_UP_PRODUCTS_KO if lang == "ko" else MADE_UP_PRODUCTS, evidence)


def _in_korean(english: str) -> str | None:
    """A phrase of the kit's prompts in Korean, if the glossary has it."""
    return GLOSSARY.get(english.strip().rstrip(".?").lower())


def greeting(plan: PromptPlan, lang: str) -> str:
    english = re.match(r"(?:you are|you're) (.+?)\.?$", plan.persona, re.I)
    korean = re.match(r"(?:당신은|너는|넌)\s*(.+?)(?:입니다|이에요|예요|야|이다)\.?$", plan.persona)
    if lang == "ko":
        if korean:
            return say("greeting_as", lang, who=korean.group(1))
        role = next((ROLES_KO[c] for c in read(plan.persona).concepts() if c in ROLES_KO), "ACME 고객 상담 봇")
        return say("greeting_as", lang, who=role) if plan.persona else say("greeting", lang)
    if english:
        return say("greeting_as", lang, who=english.group(1))
    return say("greeting_as", lang, who=korean.group(1)) if korean else say("greeting", lang)


def _phrase(description: str) -> str:
    """'Use for issues, repairs, or refunds.' -> 'issues, repairs, or refunds'."""
    text = description.strip().split("\n")[0].rstrip(".")
    text = re.sub(r"^(use (this )?(for|to|when)|call this (for|when|if))\s+", "", text, flags=re.I)
    return text[:1].lower() + text[1:]


def label_of(tool: ToolSpec, lang: str, option: str | None = None) -> str:
    """How to name a route to the customer: a category, the tool's own words, or its main concept."""
    if option is not None:
        concept = next(iter(read(option).concepts()), option.lower())
        key = "technical_option" if concept == "technical" else concept
        return lexicon.LABELS.get(key, {}).get(lang, option) if lang == "ko" else option
    if tool.description and (language_of(tool.description) or "en") == lang:
        return _phrase(tool.description)
    mentions = read(tool.description).mentions or read(tool.name.replace("_", " ")).mentions
    concepts = [c for c in dict.fromkeys(m.concept for m in mentions if not m.negated) if c in lexicon.LABELS]
    named = [c for c in concepts if c in lexicon.INTENT_CONCEPTS][:2] or concepts[:1]
    if not named:
        return tool.name.replace("_", " ")
    return "·".join(lexicon.LABELS[c][lang] for c in named) if lang == "ko" else " or ".join(lexicon.LABELS[c][lang] for c in named)


def _is_a_path(tool: ToolSpec) -> bool:
    """A tool worth naming to the customer as a path ("issues, repairs, or refunds"): one that offers something a
    customer wants — not a work tool ("Use to find item ID"), a way back ("outside of your purview"), a finisher or
    an only-if-asked one."""
    from .profiles import profile

    info = profile(tool)
    if not tool.description or _ONLY_IF_ASKED.search(tool.description) or info.purview or info.finishing:
        return False
    return any(c in lexicon.INTENT_CONCEPTS for c in read(tool.description).concepts())


def options_question(tools: list[ToolSpec], options: list[str], lang: str) -> str:
    """A question that helps the customer say which of the offered paths fits."""
    joiner = ", " if lang == "ko" else ", or "
    if options:
        if len(options) == 1:
            return say("how_can_i_help", lang)
        names = [label_of(tools[0], lang, o) if tools else o for o in options]
        listed = ", ".join(names) if lang == "ko" else f"{', '.join(names[:-1])} or {names[-1]}"
        return say("which_category", lang, options=listed)
    phrases = [label_of(t, lang) for t in tools if _is_a_path(t)]
    if len(phrases) >= 2:
        return say("what_brings_you", lang, options=joiner.join(phrases))
    return say("how_can_i_help", lang)


def _ask_about(topic: str, lang: str) -> str:
    if lang != "ko":
        return say("ask_about", lang, topic=to_second_person(topic).removeprefix("any "))
    korean = topic if language_of(topic) == "ko" else _in_korean(to_second_person(topic))
    return say("ask_about", lang, topic=korean) if korean else say("ask_about_general", lang)


@lru_cache(maxsize=256)
def _subject(product: str) -> str:
    """``attach(product, "이/가")``, remembered: the made-up products are a short list, and the particle of a Latin
    name is found by trying each of its endings in turn (the English sentence is formatted with it too)."""
    return attach(product, "이/가")


def routine_reply(step_text: str, evidence: Evidence, lang: str) -> str:
    """One or two sentences carrying out a routine step that is talk, not a tool call."""
    act, words = _act(step_text)
    if act == "ask_about":
        return _ask_about(words, lang)
    if act == "ask_wh":
        if lang == "ko":
            korean = _in_korean(words)
            return say("ask_wh", lang, question=korean) if korean else say("ask_wh_general", lang)
        return say("ask_wh", lang, question=words)
    if act == "ask_whether":
        return say("ask_whether", lang, what=_in_korean(words) or words) if lang == "ko" else say("ask_whether", lang, what=words)
    if act == "mention_product":
        product = _pick(MADE_UP_PRODUCTS_KO if lang == "ko" else MADE_UP_PRODUCTS, evidence)
        return say("mention_product", lang, product=product, product_subject=_subject(product))
    if act == "price":
        return say("price", lang, product=product_or_pick(evidence, lang), price=PRICES[seed_of(evidence) % len(PRICES)])
    if act == "propose_fix":
        return say("propose_fix", lang, fix=_pick(FIXES.get(lang, FIXES["en"]), evidence))
    if act == "caveat":
        return say("caveat", lang, caveat=_pick(CAVEATS.get(lang, CAVEATS["en"]), evidence))
    if act == "tell":
        if lang == "ko" and language_of(words) != "ko":
            korean = _in_korean(words)
            return say("tell", lang, sentence=korean) if korean else say("tell_quoted", lang, sentence=words)
        return say("tell", lang, sentence=words[:1].upper() + words[1:])
    return say(act, lang)  # sorry_tell_more, offer_refund, got_it: no words of the step


@lru_cache(maxsize=512)  # a prompt's steps, read once: the same step is carried out on every conversation
def _act(step_text: str) -> tuple[str, str]:
    """What a talk step asks the model to do, and the step's own words it needs for that (in the second person)."""
    text = step_text.strip()
    lowered = text.lower()
    asked = (re.search(r"\bask (?:them |the user |the customer )?about (.+?)\.?$", text, re.I)
             or re.search(r"^(.+?)(?:에\s*대해|에\s*관해|(?:이|가)\s*있는지)\s*(?:물어|질문|여쭤)", text))
    if asked:
        return "ask_about", asked.group(1)
    which = re.search(r"\bask (?:them |the user |the customer )?(which|what|when|where|why|how) (.+?)\.?$", text, re.I)
    if which:
        return "ask_wh", f"{which.group(1).capitalize()} {to_second_person(which.group(2))}"
    whether = re.search(r"\bask (?:them |the user |the customer )?(?:whether|if) (.+?)\.?$", text, re.I)
    if whether:
        return "ask_whether", to_second_person(whether.group(1))
    if _TALK["ask"].search(lowered):
        return "sorry_tell_more", ""
    if _TALK["product"].search(lowered) and _TALK["mention"].search(lowered):
        return "mention_product", ""
    for act in ("price", "fix", "offer_refund", "caveat"):
        if _TALK[act].search(lowered):
            return "propose_fix" if act == "fix" else act, ""
    told = re.search(r"\b(?:tell|explain to|remind|inform) (?:them|the user|the customer) (?:that )?(.+?)\.?$"
                     r"|\b(?:explain|say|confirm|mention) that (.+?)\.?$", text, re.I)
    korean_told = re.search(r"^(.+?)(?:라고|다고|고)\s*(?:말|알려|안내|설명)", text)
    if told or korean_told:
        return "tell", to_second_person(told.group(1) or told.group(2)) if told else korean_told.group(1)
    return "got_it", ""


def _outcomes() -> dict:
    return knowledge.load("outcomes.toml")


def _outcome(result: str) -> str:
    """What a tool result means for the customer: "cancelled", "failed", "already" (done before) or "done"."""
    lowered = result.lower()
    for kind in ("already", "cancelled", "failed"):
        if any(marker in lowered for marker in _outcomes()["results"][kind]):
            return kind
    return "done"


def after_tools_reply(step_text: str, results: list[tuple[str, str]], evidence: Evidence, lang: str) -> str:
    """What to say once the tools of this turn have run (their names and results, in order).

    The customer hears what happened in their language ("your refund has been processed", "환불 처리가
    완료되었습니다"), never the tool's raw result or name."""
    name, result = results[-1]
    outcome = _outcome(result)
    if outcome == "done" and _TALK["caveat"].search(step_text.lower()):
        return routine_reply("caveat", evidence, lang)
    words = name.split("_")
    thing = " ".join(words[1:]) if len(words) >= 2 else "request"
    thing_ko = THINGS_KO.get(words[-1], THINGS_KO["request"])
    doing = len(words) >= 2 and words[0] in ("execute", "process", "issue", "place", "submit", "create", "send", "open")
    key = outcome if outcome != "done" else "processed" if doing else "reported"
    text = _outcomes()["say"][key]["ko" if lang == "ko" else "en"]
    return text.format(thing=thing, thing_ko=thing_ko, thing_subject=attach(thing_ko, "이/가"))


def done_summary(tool_result: str, tool_name: str, lang: str) -> str:
    """A finished tool's work retold to the customer: a summary by what it was about, in their language — never the
    tool's result itself (that is for the model)."""
    table = DONE_KO if lang == "ko" else _outcomes()["done"]["en"]
    order = ("refund", "billing", "technical", "escalate", "shipping", "sales", "account")
    for text in (tool_name.replace("_", " "), f"{tool_name.replace('_', ' ')} {tool_result}"):  # the tool's own name first
        concepts = read(text).concepts()
        found = next((table[c] for c in order if c in concepts), None)
        if found:
            return found
    return table["general"]


def instruction_reply(plan: PromptPlan, tools: list[ToolSpec], options: list[str], first_reply: bool, lang: str,
                      done_this_turn: tuple[str, str] | None = None,
                      user_has_a_problem: bool | Callable[[], bool] = False) -> str:
    """A reply when no routine step applies: greet if asked to, say goodbye if told to (saying what was done this
    turn, if anything), acknowledge a problem, else ask how to help. ``user_has_a_problem`` may be a question asked
    only when the reply depends on it (reading the customer's words for a problem is not needed to say goodbye)."""
    if plan.says(r"\b(goodbye|bye|farewell|wrap up|close the conversation)\b|작별|마무리\s*인사|인사하고"):
        done = done_summary(done_this_turn[1], done_this_turn[0], lang) + " " if done_this_turn else ""
        return done + say("goodbye", lang)
    parts = []
    if first_reply and plan.says(r"\bintroduce yourself\b|자기\s*소개|소개하"):
        parts.append(greeting(plan, lang))
    told = plan.says(r"\btell (them|the user|the customer)\b|(?:라고|다고)\s*(?:알려|안내)")
    if told:
        parts.append(routine_reply(told, Evidence((), (), ()), lang))
    elif not tools and (user_has_a_problem() if callable(user_has_a_problem) else user_has_a_problem):
        parts.append(say("sorry_tell_more", lang))
    else:
        parts.append(options_question(tools, options, lang))
    return " ".join(parts)
