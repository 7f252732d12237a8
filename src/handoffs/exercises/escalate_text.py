"""Every sentence notebook 04's checker can say, in one place (a translation replaces this module's tables).

``HINTS`` maps each cause to its three hint stages (what is wrong, where to look, the code); ``VERIFIED`` holds
the lines a passing check prints; ``REQUESTS`` the customer messages the checker sends, per language.
Fields in braces are filled from what really happened when the checker ran the learner's code.
"""

from __future__ import annotations

from .report import HintText

PASSED = "PASS: the escalate step works."

REQUESTS = {
    "escalate": {"en": "This is a legal matter, I want to speak to a manager.",
                 "ko": "법적인 문제예요. 매니저와 이야기하고 싶어요."},
    "billing": {"en": "I was charged twice", "ko": "두 번 결제되었습니다"},
    "technical": {"en": "My app crashes when I log in", "ko": "로그인하면 앱이 멈춰요"},
    "other": {"en": "I want to change my address", "ko": "주소를 바꾸고 싶어요"},
}

VERIFIED = {
    "binder": "the binder has the seed's pages and a new one: {pages}",
    "prompts": "the prompts say when to hand off ({tool} in triage) and what {step} does",
    "handoff": "{tool} answers its call with a ToolMessage and moves the conversation to {step!r}",
    "page": "the {step!r} page works ({work}) and can finish ({finish})",
    "path": "a scripted conversation went {path}",
    "routed": "{request!r} reaches {tool} from its description (in either tool order)",
    "seed_paths": "the seed's own requests still reach record_issue: {requests}",
}

SHALLOW_COPY_CODE = ("my_configs = seed_configs()  # a fresh copy\n"
                     "my_configs['triage']['tools'].append(escalate_to_manager)")

HINTS = {
    "no_binder": HintText(
        "The check got {got!r}, not a binder of scripts (a dict of pages).",
        "The cell that makes my_configs (TODO 4), or the value you passed to check_escalate_step.",
        "my_configs = seed_configs()\nmy_configs['escalate'] = {{'prompt': ESCALATE_PROMPT, 'tools': [...]}}"),
    "shallow_copy": HintText(
        "Your binder shares its pages with the kit's STEP_CONFIGS, so changing a page tried to change the kit's "
        "own binder, which is read-only.",
        "{line}: a copy made with dict(...) or {{**...}} still holds the kit's page dicts and tool lists.",
        SHALLOW_COPY_CODE),
    "builder_failed": HintText(
        "Your function that builds the binder raised {error}.",
        "{line}.",
        "Run the function once in a cell and read the traceback; it must return a dict of pages."),
    "page_not_a_dict": HintText(
        "configs[{step!r}] is {got!r}, not a page (a dict with 'prompt' and 'tools').",
        "The line that sets configs[{step!r}].",
        "configs[{step!r}] = {{'prompt': 'What this step does ...', 'tools': [...]}}"),
    "tool_is_none": HintText(
        "configs[{step!r}]['tools'] holds None where a tool should be.",
        "A tool cell still says `= None` (TODO 1 or 2), or its cell was not run before the binder's cell.",
        "@tool\ndef open_manager_ticket(runtime: ToolRuntime) -> str:\n    \"\"\"Open a ticket ...\"\"\"\n    return '...'"),
    "not_a_tool": HintText(
        "configs[{step!r}]['tools'] holds {got!r}, which is not a tool.",
        "The tools list of configs[{step!r}].",
        "Put the tool itself in the list (a @tool function), not its name or its result: 'tools': [my_tool]"),
    "tool_class": HintText(
        "configs[{step!r}]['tools'] holds the class {got}, not a tool object.",
        "The tools list of configs[{step!r}].",
        "'tools': [{got}()]  # an instance of your BaseTool class"),
    "duplicate_tool": HintText(
        "configs[{step!r}] offers {tool} {count} times.",
        "A cell that appends to the page ran more than once (each run appends again).",
        "Build the whole binder in one cell that starts from a fresh copy:\n" + SHALLOW_COPY_CODE),
    "stale_tool": HintText(
        "Two different tools are named {tool} (one in {first!r}, another in {second!r}).",
        "The tool's cell was run again after the binder was built, or two tools share a name.",
        "Re-run the binder's cell after the tool cells (start it with my_configs = seed_configs()), "
        "or give each tool its own name."),
    "runtime_visible": HintText(
        "{tool} shows its 'runtime' parameter to the model as an argument to fill in.",
        "The signature of {tool} ({location}).",
        "def {tool}(..., runtime: ToolRuntime) -> ...:  # the annotation makes LangChain inject it"),
    "no_triage": HintText(
        "The binder has no 'triage' page: every conversation starts there.",
        "The cell that builds your binder.",
        "Start from the seed's binder: my_configs = seed_configs()"),
    "seed_tool_removed": HintText(
        "The 'triage' page no longer offers {tool}, so billing, technical and other issues cannot be recorded.",
        "configs['triage']['tools'].",
        "configs['triage']['tools'] = [record_issue, escalate_to_manager]"),
    "seed_page_missing": HintText(
        "The binder lost the seed's {step!r} page.",
        "The cell that builds your binder.",
        "Start from the seed's binder and add to it: my_configs = seed_configs()"),
    "no_new_page": HintText(
        "There is no escalate page in the binder yet (pages: {pages}).",
        "The binder's cell (TODO 4).",
        "my_configs['escalate'] = {{'prompt': ESCALATE_PROMPT, 'tools': [open_manager_ticket, end_conversation]}}"),
    "not_offered_in_triage": HintText(
        "Nothing leads to {steps}: the 'triage' page offers no tool beyond record_issue.",
        "configs['triage']['tools'].",
        "my_configs['triage']['tools'].append(escalate_to_manager)"),
    "prompt_missing": HintText(
        "configs[{step!r}] has no prompt, so the model gets no instructions in that step.",
        "configs[{step!r}]['prompt'] (TODO 3).",
        "ESCALATE_PROMPT = \"\"\"You are in the ESCALATE step. Open a ticket with open_manager_ticket, "
        "then call end_conversation.\"\"\""),
    "prompt_todo": HintText(
        "The {step!r} prompt still says TODO: {snippet!r}.",
        "configs[{step!r}]['prompt'] (TODO 3).",
        "Replace the TODO with the instruction itself, e.g. 'Open a ticket with open_manager_ticket, then "
        "call end_conversation.'"),
    "triage_prompt_silent": HintText(
        "The triage prompt never says when to hand off: it is the seed's, or adds nothing that names your new tool "
        "({tools}) or your new page.",
        "configs['triage']['prompt'] (TODO 3: TRIAGE_WITH_ESCALATION).",
        "TRIAGE_WITH_ESCALATION = TRIAGE_PROMPT + \"\\nIf the issue is a legal matter or the user asks for a "
        "manager, call {tool}.\""),
    "page_prompt_silent": HintText(
        "The {step!r} prompt does not say what the step does: it is another page's prompt, or names none of its "
        "tools ({tools}).",
        "configs[{step!r}]['prompt'] (TODO 3: ESCALATE_PROMPT).",
        "ESCALATE_PROMPT = \"\"\"... Open a ticket with {tool}. Call end_conversation once it is open.\"\"\""),
    "missing_tool_message": HintText(
        "{tool} returns a Command without a ToolMessage, so LangGraph stopped the conversation: \"Expected to "
        "have a matching ToolMessage\".",
        "The return statement of {tool} ({location}): the Command's update has no 'messages' answering the call.",
        "return Command(update={{\n    'messages': [ToolMessage('Escalated.', tool_call_id=runtime.tool_call_id)],\n"
        "    'current_step': 'escalate',\n}})"),
    "wrong_tool_call_id": HintText(
        "{tool}'s ToolMessage answers another call (its tool_call_id is not this call's), so LangGraph stopped "
        "the conversation.",
        "The ToolMessage in {tool} ({location}).",
        "ToolMessage('Escalated.', tool_call_id=runtime.tool_call_id)"),
    "tool_crashed": HintText(
        "Called in a scripted conversation, {tool} raised {error}.",
        "{line}.",
        "Call it yourself in a conversation (build_support_agent(configs=my_configs)) and read the traceback."),
    "misspelt_step": HintText(
        "{tool} moved the conversation to {target!r}, a step with no page (pages: {pages}).",
        "The 'current_step' value in {tool}'s Command ({location}).",
        "'current_step': {suggestion!r}  # exactly a key of the binder"),
    "returns_plain": HintText(
        "{tool} returns a plain value, so the conversation stayed in {step!r}: only a Command moves it.",
        "The return statement of {tool} ({location}).",
        "return Command(update={{\n    'messages': [ToolMessage('Escalated.', tool_call_id=runtime.tool_call_id)],\n"
        "    'current_step': {target!r},\n}})"),
    "command_without_step": HintText(
        "{tool} returns a Command whose update has no 'current_step', so the conversation stayed in {step!r}.",
        "The Command in {tool} ({location}): that one line is the handoff.",
        "Command(update={{'messages': [...], 'current_step': {target!r}}})"),
    "wrong_target": HintText(
        "{tool} moves the conversation to {moved_to!r}, not to your new page ({pages}).",
        "The 'current_step' value in {tool}'s Command ({location}).",
        "'current_step': {suggestion!r}"),
    "work_tool_in_triage": HintText(
        "{tool} is offered in 'triage' as well as on the {step!r} page, so the model could use it before anyone "
        "escalated.",
        "configs['triage']['tools'].",
        "configs['triage']['tools'] = [record_issue, {handoff}]  # {tool} only on the {step!r} page"),
    "no_work_tool": HintText(
        "The {step!r} page has no tool of its own to do its work (only the seed's tools).",
        "configs[{step!r}]['tools'] (TODO 2).",
        "@tool\ndef open_manager_ticket(runtime: ToolRuntime) -> str:\n    \"\"\"Open a ticket so a manager calls "
        "back.\"\"\"\n    return 'Ticket opened.'"),
    "cannot_finish": HintText(
        "The {step!r} page offers no tool that ends the conversation, so it can never reach 'done'.",
        "configs[{step!r}]['tools'].",
        "configs[{step!r}]['tools'] = [{work}, end_conversation]"),
    "path_broken": HintText(
        "A scripted conversation ({moves}) went {path} instead of triage -> {step} -> done.",
        "Compare each tool's Command with the page it should lead to.",
        "{describe}"),
    "escalate_not_routed": HintText(
        "For {request!r} the model {describe} — not {tool}.",
        "The description (docstring) of {tool} ({location}): it is all the model reads.",
        "\"\"\"Escalate to a manager: for a legal matter, a formal complaint, or a user who asks to speak to a "
        "manager.\"\"\""),
    "escalate_too_close": HintText(
        "For {request!r} the model could not choose between {tool} and the other triage tools: {describe}.",
        "The descriptions of {tool} and {other}: {shared}.",
        "Make {tool}'s description say what only it handles (legal matters, formal complaints, asking for a "
        "manager), and nothing record_issue also covers."),
    "claims_seed_territory": HintText(
        "For {request!r}, which the seed sends to record_issue, the model {describe}.",
        "The description of {tool} ({location}): it claims what record_issue handles — {shared}.",
        "Describe only the escalate cases in {tool}'s docstring: legal matters, formal complaints, asking for a "
        "manager — not billing, technical or other problems."),
}
