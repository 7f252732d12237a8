"""Every sentence notebook 03b's checker (the step guard) can say, in one place.

``HINTS`` maps each cause to its three hint stages; ``VERIFIED`` holds what a passing check prints.
Fields in braces are filled from what really happened when the checker ran the learner's guard.
"""

from __future__ import annotations

from .report import HintText

PASSED = "PASS: your guard closes the gap."

REQUESTS = {"hello": "Hello!", "billing": "I was charged twice"}

VERIFIED = {
    "hook": "{name} is a wrap_tool_call middleware",
    "rogue": "the rogue model's resolve_billing in 'triage' was refused and never ran; the model read: {text!r}",
    "allowed": "a whole conversation ran {tools} in their own steps ({path})",
    "later": "out-of-step calls later were refused too: {calls}",
}

REFUSAL_CODE = ("return ToolMessage(\n    content=f\"Refused: {{name}} is not available in the {{step}} step.\",\n"
                "    tool_call_id=request.tool_call['id'],\n    status='error',\n)")
GUARD_CODE = ("@wrap_tool_call\ndef my_step_guard(request, handler):\n"
              "    step = request.state.get('current_step', 'triage')\n"
              "    offered = [t.name for t in STEP_CONFIGS[step]['tools']]\n"
              "    if request.tool_call['name'] not in offered:\n        return ToolMessage(...)  # refused\n"
              "    return handler(request)")

HINTS = {
    "no_guard": HintText(
        "The check got {got!r}, not a guard: my_step_guard must be a @wrap_tool_call middleware.",
        "The cell that defines my_step_guard (it still says None?).",
        GUARD_CODE),
    "not_decorated": HintText(
        "{name} is a plain function, so LangChain would never call it: it is not a middleware.",
        "The line above `def {name}` ({location}).",
        "@wrap_tool_call\ndef {name}(request, handler):\n    ..."),
    "guard_class": HintText(
        "{name} is a middleware class; the agent needs an instance of it.",
        "Where you pass the guard: check_step_guard({name}).",
        "check_step_guard({name}())"),
    "wrong_hook": HintText(
        "{name} does not wrap tool calls (it has no wrap_tool_call), so it never sees a tool call before it runs.",
        "The decorator (or method) of {name} ({location}).",
        "@wrap_tool_call  # not @wrap_model_call\ndef {name}(request, handler):\n    ..."),
    "async_only": HintText(
        "{name} is an async function, so it only guards ainvoke: the seed's bot (and every notebook) calls invoke, "
        "where it never runs.",
        "The line `async def {name}` ({location}).",
        "@wrap_tool_call\ndef {name}(request, handler):  # a plain def: it guards invoke\n    ..."),
    "factory_failed": HintText(
        "Building your guard with the seed's binder raised {error}.",
        "{line}.",
        "A function that takes the binder must return the middleware: def make_guard(configs): ... return guard"),
    "lets_through": HintText(
        "The rogue model called resolve_billing in 'triage', where it is not offered — and your guard let it run "
        "(the customer said only 'Hello!' and got a refund).",
        "The branch of {name} that handles a tool the step does not offer: it calls handler(request), which runs "
        "the tool.",
        "if request.tool_call['name'] not in offered:\n    " + REFUSAL_CODE.replace("\n", "\n    ")),
    "only_logs": HintText(
        "Your guard noticed the out-of-step call (it wrote {said!r}) but still let resolve_billing run in 'triage'.",
        "The branch of {name} that notices the call: after printing or logging it calls handler(request).",
        "Instead of handler(request), answer the call yourself:\n" + REFUSAL_CODE),
    "guard_raises": HintText(
        "Your guard raised {error} for the out-of-step call: a raise ends the whole conversation, and the model "
        "never learns why.",
        "{line}.",
        "Return an error ToolMessage the model can read instead of raising:\n" + REFUSAL_CODE),
    "state_default": HintText(
        "Your guard read state['current_step'] before any tool had set it, and raised {error}.",
        "{line}: at the first step the state has no current_step yet.",
        "step = request.state.get('current_step', 'triage')"),
    "guard_crashed": HintText(
        "Your guard raised {error} while handling {tool} in {step!r}.",
        "{line}.",
        "Run one conversation yourself (build_support_agent(guard=False, middleware=[{name}])) and read the "
        "traceback."),
    "not_a_tool_message": HintText(
        "For the refused call your guard returned {got}, not a ToolMessage: the model's tool call stays "
        "unanswered ({effect}).",
        "The refusal's return statement in {name}.",
        REFUSAL_CODE),
    "wrong_tool_call_id": HintText(
        "Your refusal's ToolMessage answers call {got!r}, not the refused call ({wanted!r}): the model's call stays "
        "unanswered.",
        "The tool_call_id of the ToolMessage in {name}.",
        "tool_call_id=request.tool_call['id']"),
    "empty_refusal": HintText(
        "Your refusal's ToolMessage is empty, so the model cannot tell why nothing happened.",
        "The content of the refusal's ToolMessage in {name}.",
        "content=f\"Refused: {{name}} is not available in the {{step}} step. Tools you can use now: ...\""),
    "blocks_offered": HintText(
        "Your guard refused {tool} in {step!r}, where that step offers it, so {effect}.",
        "The test in {name} that decides what to refuse: compare the tool's name with the current step's page.",
        "offered = [t.name for t in STEP_CONFIGS[step]['tools']]\nif request.tool_call['name'] not in offered: ..."),
    "lets_through_later": HintText(
        "{tool} ran in the {step!r} step, which does not offer it: your guard only catches some out-of-step calls.",
        "The test in {name}: it must hold in every step, for every tool.",
        "step = request.state.get('current_step', 'triage')\n"
        "offered = [t.name for t in STEP_CONFIGS[step]['tools']]\n"
        "if request.tool_call['name'] not in offered: return ToolMessage(...)"),
}
