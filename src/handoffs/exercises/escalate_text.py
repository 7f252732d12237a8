"""Every sentence notebook 04's checker can say, in one place, in English and Korean.

``HINTS`` maps each cause to its three hint stages (what is wrong, where to look, the code) and their Korean column
(``ko=``); ``VERIFIED`` holds the lines a passing check prints, ``PIECES`` the small phrases the checker puts into
hints; ``REQUESTS`` the customer messages the checker sends, per language (the customer's language, not the kit's).
Fields in braces are filled from what really happened when the checker ran the learner's code.
"""

from __future__ import annotations

from handoffs.i18n import Texts

from .report import HintText

REQUESTS = {
    "escalate": {"en": "This is a legal matter, I want to speak to a manager.",
                 "ko": "법적인 문제예요. 매니저와 이야기하고 싶어요."},
    "billing": {"en": "I was charged twice", "ko": "두 번 결제되었습니다"},
    "technical": {"en": "My app crashes when I log in", "ko": "로그인하면 앱이 멈춰요"},
    "other": {"en": "I want to change my address", "ko": "주소를 바꾸고 싶어요"},
}

VERIFIED = Texts({
    "passed": {"en": "PASS: the escalate step works.", "ko": "통과(PASS): escalate 단계가 제대로 동작해요."},
    "step_table": {"en": "the step table has the seed's steps and a new one: {steps}",
               "ko": "단계 표에 시드의 단계와 새 단계가 있어요: {steps}"},
    "prompts": {"en": "the prompts say when to hand off ({tool} in triage) and what {step} does",
                "ko": "프롬프트가 언제 핸드오프할지(triage의 {tool})와 {step} 단계가 할 일을 말해요"},
    "handoff": {"en": "{tool} answers its call with a ToolMessage and moves the conversation to {step!r}",
                "ko": "{tool}이(가) 호출에 ToolMessage로 답하고 대화를 {step!r} 단계로 옮겨요"},
    "step": {"en": "the {step!r} step works ({work}) and can finish ({finish})",
             "ko": "{step!r} 단계가 일을 하고({work}) 대화를 끝낼 수 있어요({finish})"},
    "path": {"en": "a scripted conversation went {path}", "ko": "스크립트로 돌린 대화가 {path} 순서로 갔어요"},
    "routed": {"en": "{request!r} reaches {tool} from its description (in either tool order)",
               "ko": "모델이 설명만 보고 {request!r}을(를) {tool}(으)로 보내요(도구 순서와 상관없이)"},
    "seed_paths": {"en": "the seed's own requests still reach record_issue: {requests}",
                   "ko": "시드의 원래 요청들은 여전히 record_issue로 가요: {requests}"},
})

PIECES = Texts({
    "step_table_cell": {"en": "your step table's cell", "ko": "단계 표를 만드는 셀"},
    "it": {"en": "it", "ko": "그 함수"},
})

SHALLOW_COPY_CODE = ("my_step_table = seed_step_table()  # a fresh copy\n"
                     "my_step_table['triage']['tools'].append(escalate_to_manager)")
SHALLOW_COPY_CODE_KO = SHALLOW_COPY_CODE.replace("# a fresh copy", "# 새 복사본")

HINTS = {
    "no_step_table": HintText(
        "The check got {got!r}, not a step table (a dict of steps).",
        "The cell that makes my_step_table (TODO 4), or the value you passed to check_escalate_step.",
        "my_step_table = seed_step_table()\nmy_step_table['escalate'] = {{'prompt': ESCALATE_PROMPT, 'tools': [...]}}",
        ko=HintText(
            "검사가 받은 값({got!r})은 단계 표(단계들의 dict)가 아니에요.",
            "my_step_table를 만드는 셀(TODO 4), 또는 check_escalate_step에 넘긴 값.",
            "my_step_table = seed_step_table()\nmy_step_table['escalate'] = {{'prompt': ESCALATE_PROMPT, 'tools': [...]}}")),
    "shallow_copy": HintText(
        "Your step table shares its steps with the kit's STEP_TABLE, so changing a step tried to change the kit's "
        "own step table, which is read-only.",
        "{line}: a copy made with dict(...) or {{**...}} still holds the kit's step dicts and tool lists.",
        SHALLOW_COPY_CODE,
        ko=HintText(
            "단계 표가 키트의 STEP_TABLE와 단계를 함께 쓰고 있어서, 단계를 고치려다 읽기 전용인 키트의 단계 표를 고치려 했어요.",
            "{line}: dict(...)나 {{**...}}로 만든 복사본도 키트의 단계 dict와 도구 리스트를 그대로 담고 있어요.",
            SHALLOW_COPY_CODE_KO)),
    "builder_failed": HintText(
        "Your function that builds the step table raised {error}.",
        "{line}.",
        "Run the function once in a cell and read the traceback; it must return a dict of steps.",
        ko=HintText(
            "단계 표를 만드는 함수에서 오류가 났어요: {error}.",
            "{line}.",
            "셀에서 그 함수를 한 번 실행해 트레이스백을 읽어 보세요. 함수는 단계들의 dict를 돌려줘야 해요.")),
    "step_not_a_dict": HintText(
        "step_table[{step!r}] is {got!r}, not a step (a dict with 'prompt' and 'tools').",
        "The line that sets step_table[{step!r}].",
        "step_table[{step!r}] = {{'prompt': 'What this step does ...', 'tools': [...]}}",
        ko=HintText(
            "step_table[{step!r}]의 값({got!r})은 단계('prompt'와 'tools'가 있는 dict)가 아니에요.",
            "step_table[{step!r}]를 정하는 줄.",
            "step_table[{step!r}] = {{'prompt': '이 단계가 할 일 ...', 'tools': [...]}}")),
    "misspelt_key": HintText(
        "step_table[{step!r}] has no {wanted!r} entry but has {got!r}, so the kit reads that step as having no {wanted}.",
        "The keys of step_table[{step!r}] (a step's keys are 'prompt' and 'tools').",
        "step_table[{step!r}] = {{'prompt': ..., 'tools': [...]}}  # {wanted!r}, not {got!r}",
        ko=HintText(
            "step_table[{step!r}]에 {wanted!r} 항목이 없고 {got!r} 항목이 있어요. 그래서 키트는 그 단계에 {wanted}이(가) "
            "없다고 읽어요.",
            "step_table[{step!r}]의 키들(단계의 키는 'prompt'와 'tools'예요).",
            "step_table[{step!r}] = {{'prompt': ..., 'tools': [...]}}  # {got!r}이 아니라 {wanted!r}")),
    "tool_is_none": HintText(
        "step_table[{step!r}]['tools'] holds None where a tool should be.",
        "A tool cell still says `= None` (TODO 1 or 2), or its cell was not run before the step table's cell.",
        "@tool\ndef open_manager_ticket(runtime: ToolRuntime) -> str:\n    \"\"\"Open a ticket ...\"\"\"\n    return '...'",
        ko=HintText(
            "step_table[{step!r}]['tools']에 도구 대신 None이 들어 있어요.",
            "도구 셀이 아직 `= None`으로 남아 있거나(TODO 1 또는 2), 단계 표 셀보다 먼저 실행되지 않았어요.",
            "@tool\ndef open_manager_ticket(runtime: ToolRuntime) -> str:\n    \"\"\"Open a ticket ...\"\"\"\n    return '...'")),
    "not_a_tool": HintText(
        "step_table[{step!r}]['tools'] holds {got!r}, which is not a tool.",
        "The tools list of step_table[{step!r}].",
        "Put the tool itself in the list (a @tool function), not its name or its result: 'tools': [my_tool]",
        ko=HintText(
            "step_table[{step!r}]['tools']에 도구가 아닌 값이 들어 있어요: {got!r}.",
            "step_table[{step!r}]의 tools 리스트.",
            "도구의 이름이나 실행 결과가 아니라 도구 자체(@tool 함수)를 리스트에 넣으세요: 'tools': [my_tool]")),
    "tool_class": HintText(
        "step_table[{step!r}]['tools'] holds the class {got}, not a tool object.",
        "The tools list of step_table[{step!r}].",
        "'tools': [{got}()]  # an instance of your BaseTool class",
        ko=HintText(
            "step_table[{step!r}]['tools']에 도구 객체가 아니라 클래스 {got}이(가) 들어 있어요.",
            "step_table[{step!r}]의 tools 리스트.",
            "'tools': [{got}()]  # 여러분의 BaseTool 클래스의 인스턴스")),
    "duplicate_tool": HintText(
        "step_table[{step!r}] offers {tool} {count} times.",
        "A cell that appends to the step ran more than once (each run appends again).",
        "Build the whole step table in one cell that starts from a fresh copy:\n" + SHALLOW_COPY_CODE,
        ko=HintText(
            "step_table[{step!r}]가 {tool} 도구를 {count}번 제공해요.",
            "단계에 도구를 append하는 셀이 두 번 이상 실행됐어요(실행할 때마다 또 추가돼요).",
            "단계 표 전체를 새 복사본에서 시작하는 셀 하나에서 만드세요:\n" + SHALLOW_COPY_CODE_KO)),
    "stale_tool": HintText(
        "Two different tools are named {tool} (one in {first!r}, another in {second!r}).",
        "The tool's cell was run again after the step table was built, or two tools share a name.",
        "Re-run the step table's cell after the tool cells (start it with my_step_table = seed_step_table()), "
        "or give each tool its own name.",
        ko=HintText(
            "이름이 {tool}인 서로 다른 도구가 둘 있어요({first!r}에 하나, {second!r}에 또 하나).",
            "단계 표를 만든 뒤에 도구 셀을 다시 실행했거나, 두 도구가 같은 이름을 쓰고 있어요.",
            "도구 셀들을 실행한 다음 단계 표 셀을 다시 실행하거나(my_step_table = seed_step_table()로 시작), 도구마다 다른 이름을 붙이세요.")),
    "runtime_visible": HintText(
        "{tool} shows its 'runtime' parameter to the model as an argument to fill in.",
        "The signature of {tool} ({location}).",
        "def {tool}(..., runtime: ToolRuntime) -> ...:  # the annotation makes LangChain inject it",
        ko=HintText(
            "{tool}이(가) 'runtime' 매개변수를 모델이 채워야 할 인자로 드러내고 있어요.",
            "{tool}의 시그니처({location}).",
            "def {tool}(..., runtime: ToolRuntime) -> ...:  # 이 타입 표기가 있어야 LangChain이 runtime을 넣어 줘요")),
    "no_triage": HintText(
        "The step table has no 'triage' step: every conversation starts there.",
        "The cell that builds your step table.",
        "Start from the seed's step table: my_step_table = seed_step_table()",
        ko=HintText(
            "단계 표에 'triage' 단계가 없어요. 모든 대화는 거기서 시작해요.",
            "단계 표를 만드는 셀.",
            "시드의 단계 표에서 시작하세요: my_step_table = seed_step_table()")),
    "seed_tool_removed": HintText(
        "The 'triage' step no longer offers {tool}, so billing, technical and other issues cannot be recorded.",
        "step_table['triage']['tools'].",
        "step_table['triage']['tools'] = [record_issue, escalate_to_manager]",
        ko=HintText(
            "'triage' 단계가 더 이상 {tool} 도구를 제공하지 않아서, 결제·기술·기타 문제를 기록할 수 없어요.",
            "step_table['triage']['tools'].",
            "step_table['triage']['tools'] = [record_issue, escalate_to_manager]")),
    "seed_step_missing": HintText(
        "The step table lost the seed's {step!r} step.",
        "The cell that builds your step table.",
        "Start from the seed's step table and add to it: my_step_table = seed_step_table()",
        ko=HintText(
            "단계 표에서 시드의 {step!r} 단계가 빠졌어요.",
            "단계 표를 만드는 셀.",
            "시드의 단계 표에서 시작해 거기에 더하세요: my_step_table = seed_step_table()")),
    "no_new_step": HintText(
        "There is no escalate step in the step table yet (steps: {steps}).",
        "The step table's cell (TODO 4).",
        "my_step_table['escalate'] = {{'prompt': ESCALATE_PROMPT, 'tools': [open_manager_ticket, end_conversation]}}",
        ko=HintText(
            "단계 표에 아직 escalate 단계가 없어요(단계: {steps}).",
            "단계 표 셀(TODO 4).",
            "my_step_table['escalate'] = {{'prompt': ESCALATE_PROMPT, 'tools': [open_manager_ticket, end_conversation]}}")),
    "not_offered_in_triage": HintText(
        "Nothing leads to {steps}: the 'triage' step offers no tool beyond record_issue.",
        "step_table['triage']['tools'].",
        "my_step_table['triage']['tools'].append(escalate_to_manager)",
        ko=HintText(
            "{steps} 단계로 가는 길이 없어요. 'triage' 단계가 record_issue 말고는 도구를 제공하지 않아요.",
            "step_table['triage']['tools'].",
            "my_step_table['triage']['tools'].append(escalate_to_manager)")),
    "prompt_missing": HintText(
        "step_table[{step!r}] has no prompt, so the model gets no instructions in that step.",
        "step_table[{step!r}]['prompt'] (TODO 3).",
        "ESCALATE_PROMPT = \"\"\"You are in the ESCALATE step. Open a ticket with open_manager_ticket, "
        "then call end_conversation.\"\"\"",
        ko=HintText(
            "step_table[{step!r}]에 프롬프트가 없어서, 그 단계에서 모델은 아무 지시도 받지 못해요.",
            "step_table[{step!r}]['prompt'] (TODO 3).",
            "ESCALATE_PROMPT = \"\"\"지금은 ESCALATE 단계예요. open_manager_ticket으로 티켓을 연 다음 "
            "end_conversation을 호출하세요.\"\"\"")),
    "prompt_todo": HintText(
        "The {step!r} prompt still says TODO: {snippet!r}.",
        "step_table[{step!r}]['prompt'] (TODO 3).",
        "Replace the TODO with the instruction itself, e.g. 'Open a ticket with open_manager_ticket, then "
        "call end_conversation.'",
        ko=HintText(
            "{step!r} 프롬프트에 아직 TODO가 남아 있어요: {snippet!r}.",
            "step_table[{step!r}]['prompt'] (TODO 3).",
            "TODO 자리에 지시문 자체를 쓰세요. 예: 'open_manager_ticket으로 티켓을 연 다음 end_conversation을 호출하세요.'")),
    "triage_prompt_silent": HintText(
        "The triage prompt never says when to hand off: it is the seed's, or adds nothing that names your new tool "
        "({tools}) or your new step.",
        "step_table['triage']['prompt'] (TODO 3: TRIAGE_WITH_ESCALATION).",
        "TRIAGE_WITH_ESCALATION = TRIAGE_PROMPT + \"\\nIf the issue is a legal matter or the user asks for a "
        "manager, call {tool}.\"",
        ko=HintText(
            "triage 프롬프트가 언제 핸드오프할지 말하지 않아요. 시드의 프롬프트 그대로이거나, 새 도구({tools})나 새 단계를 가리키는 말을 덧붙이지 "
            "않았어요.",
            "step_table['triage']['prompt'] (TODO 3: TRIAGE_WITH_ESCALATION).",
            "TRIAGE_WITH_ESCALATION = TRIAGE_PROMPT + \"\\n법적인 문제이거나 사용자가 매니저를 찾으면 "
            "{tool} 도구를 호출하세요.\"")),
    "step_prompt_silent": HintText(
        "The {step!r} prompt does not say what the step does: it is another step's prompt, or names none of its "
        "tools ({tools}).",
        "step_table[{step!r}]['prompt'] (TODO 3: ESCALATE_PROMPT).",
        "ESCALATE_PROMPT = \"\"\"... Open a ticket with {tool}. Call end_conversation once it is open.\"\"\"",
        ko=HintText(
            "{step!r} 프롬프트가 그 단계에서 할 일을 말하지 않아요. 다른 단계의 프롬프트이거나, 그 단계의 도구({tools})를 하나도 언급하지 "
            "않아요.",
            "step_table[{step!r}]['prompt'] (TODO 3: ESCALATE_PROMPT).",
            "ESCALATE_PROMPT = \"\"\"... {tool} 도구로 티켓을 여세요. 티켓이 열리면 "
            "end_conversation을 호출하세요.\"\"\"")),
    "step_prompt_names_no_tool": HintText(
        "The {step!r} prompt ({length} characters) names none of the step's tools ({tools}) and never says what "
        "they are for: the model in that step is told who to be, not what to do, so it may chat on and never call "
        "them.",
        "step_table[{step!r}]['prompt'] (TODO 3: ESCALATE_PROMPT): a sentence that names {tool} or says what it does.",
        "ESCALATE_PROMPT = \"\"\"... Open a ticket with {tool}. Call end_conversation once it is open.\"\"\"",
        ko=HintText(
            "{step!r} 프롬프트({length}자)가 그 단계의 도구({tools})를 하나도 언급하지 않고, 무엇에 쓰는지도 말하지 "
            "않아요. 그 단계의 모델은 어떤 사람이 되라는 말만 듣고 무엇을 하라는 말은 못 들어서, 도구를 부르지 않고 "
            "대화만 이어 갈 수 있어요.",
            "step_table[{step!r}]['prompt'] (TODO 3: ESCALATE_PROMPT): {tool}을(를) 언급하거나 그 도구가 하는 일을 "
            "말하는 문장.",
            "ESCALATE_PROMPT = \"\"\"... {tool} 도구로 티켓을 여세요. 티켓이 열리면 "
            "end_conversation을 호출하세요.\"\"\"")),
    "missing_tool_message": HintText(
        "{tool} returns a Command without a ToolMessage, so LangGraph stopped the conversation: \"Expected to "
        "have a matching ToolMessage\".",
        "The return statement of {tool} ({location}): the Command's update has no 'messages' answering the call.",
        "return Command(update={{\n    'messages': [ToolMessage('Escalated.', tool_call_id=runtime.tool_call_id)],\n"
        "    'current_step': 'escalate',\n}})",
        ko=HintText(
            '{tool}이(가) ToolMessage 없이 Command를 돌려줘서 LangGraph가 대화를 멈췄어요: "Expected to have a '
            'matching ToolMessage".',
            "{tool}의 return 문({location}): Command의 update에 호출에 답하는 'messages'가 없어요.",
            "return Command(update={{\n    'messages': [ToolMessage('Escalated.', tool_call_id=runtime.tool_call_id)],\n"
            "    'current_step': 'escalate',\n}})")),
    "wrong_tool_call_id": HintText(
        "{tool}'s ToolMessage answers another call (its tool_call_id is not this call's), so LangGraph stopped "
        "the conversation.",
        "The ToolMessage in {tool} ({location}).",
        "ToolMessage('Escalated.', tool_call_id=runtime.tool_call_id)",
        ko=HintText(
            "{tool}의 ToolMessage가 다른 호출에 답하고 있어서(tool_call_id가 이 호출의 것이 아니에요) LangGraph가 대화를 "
            "멈췄어요.",
            "{tool}의 ToolMessage({location}).",
            "ToolMessage('Escalated.', tool_call_id=runtime.tool_call_id)")),
    "tool_crashed": HintText(
        "Called in a scripted conversation, {tool} raised {error}.",
        "{line}.",
        "Call it yourself in a conversation (build_support_agent(step_table=my_step_table)) and read the traceback.",
        ko=HintText(
            "스크립트 대화에서 호출된 {tool}이(가) 오류를 냈어요: {error}.",
            "{line}.",
            "대화 안에서 직접 불러 보고(build_support_agent(step_table=my_step_table)) 트레이스백을 읽어 보세요.")),
    "misspelt_step": HintText(
        "{tool} moved the conversation to {target!r}, a step with no step (steps: {steps}).",
        "The 'current_step' value in {tool}'s Command ({location}).",
        "'current_step': {suggestion!r}  # exactly a key of the step table",
        ko=HintText(
            "{tool}이(가) 대화를 단계가 없는 단계 {target!r}(으)로 옮겼어요(단계: {steps}).",
            "{tool}의 Command에 있는 'current_step' 값({location}).",
            "'current_step': {suggestion!r}  # 단계 표의 키와 정확히 같게")),
    "returns_plain": HintText(
        "{tool} returns a plain value, so the conversation stayed in {step!r}: only a Command moves it.",
        "The return statement of {tool} ({location}).",
        "return Command(update={{\n    'messages': [ToolMessage('Escalated.', tool_call_id=runtime.tool_call_id)],\n"
        "    'current_step': {target!r},\n}})",
        ko=HintText(
            "{tool}이(가) 평범한 값을 돌려줘서 대화가 {step!r} 단계에 그대로 머물렀어요. 대화를 옮기는 건 Command뿐이에요.",
            "{tool}의 return 문({location}).",
            "return Command(update={{\n    'messages': [ToolMessage('Escalated.', tool_call_id=runtime.tool_call_id)],\n"
            "    'current_step': {target!r},\n}})")),
    "command_without_step": HintText(
        "{tool} returns a Command whose update has no 'current_step', so the conversation stayed in {step!r}.",
        "The Command in {tool} ({location}): that one line is the handoff.",
        "Command(update={{'messages': [...], 'current_step': {target!r}}})",
        ko=HintText(
            "{tool}이(가) 돌려준 Command의 update에 'current_step'이 없어서 대화가 {step!r} 단계에 머물렀어요.",
            "{tool}의 Command({location}): 그 한 줄이 바로 핸드오프예요.",
            "Command(update={{'messages': [...], 'current_step': {target!r}}})")),
    "wrong_target": HintText(
        "{tool} moves the conversation to {moved_to!r}, not to your new step ({steps}).",
        "The 'current_step' value in {tool}'s Command ({location}).",
        "'current_step': {suggestion!r}",
        ko=HintText(
            "{tool}이(가) 대화를 새 단계({steps})가 아니라 {moved_to!r}(으)로 옮겨요.",
            "{tool}의 Command에 있는 'current_step' 값({location}).",
            "'current_step': {suggestion!r}")),
    "work_tool_in_triage": HintText(
        "{tool} is offered in 'triage' as well as on the {step!r} step, so the model could use it before anyone "
        "escalated.",
        "step_table['triage']['tools'].",
        "step_table['triage']['tools'] = [record_issue, {handoff}]  # {tool} only on the {step!r} step",
        ko=HintText(
            "{tool}이(가) {step!r} 단계뿐 아니라 'triage'에서도 제공돼서, 에스컬레이션하기도 전에 모델이 쓸 수 있어요.",
            "step_table['triage']['tools'].",
            "step_table['triage']['tools'] = [record_issue, {handoff}]  # {tool} 도구는 {step!r} 단계에만")),
    "no_work_tool": HintText(
        "The {step!r} step has no tool of its own to do its work (only the seed's tools).",
        "step_table[{step!r}]['tools'] (TODO 2).",
        "@tool\ndef open_manager_ticket(runtime: ToolRuntime) -> str:\n    \"\"\"Open a ticket so a manager calls "
        "back.\"\"\"\n    return 'Ticket opened.'",
        ko=HintText(
            "{step!r} 단계에 그 단계의 일을 할 자기 도구가 없어요(시드의 도구뿐이에요).",
            "step_table[{step!r}]['tools'] (TODO 2).",
            "@tool\ndef open_manager_ticket(runtime: ToolRuntime) -> str:\n    \"\"\"Open a ticket so a manager calls "
            "back.\"\"\"\n    return 'Ticket opened.'")),
    "cannot_finish": HintText(
        "The {step!r} step offers no tool that ends the conversation, so it can never reach 'done'.",
        "step_table[{step!r}]['tools'].",
        "step_table[{step!r}]['tools'] = [{work}, end_conversation]",
        ko=HintText(
            "{step!r} 단계에 대화를 끝내는 도구가 없어서 'done'에 이를 수 없어요.",
            "step_table[{step!r}]['tools'].",
            "step_table[{step!r}]['tools'] = [{work}, end_conversation]")),
    "path_broken": HintText(
        "A scripted conversation ({moves}) went {path} instead of triage -> {step} -> done.",
        "Compare each tool's Command with the step it should lead to.",
        "{describe}",
        ko=HintText(
            "스크립트 대화({moves})가 triage -> {step} -> done이 아니라 {path} 순서로 갔어요.",
            "각 도구의 Command를 그 도구가 이어 줘야 할 단계와 비교해 보세요.",
            "{describe}")),
    "escalate_not_routed": HintText(
        "For {request!r} the model {describe} — not {tool}.",
        "The description (docstring) of {tool} ({location}): it is all the model reads.",
        "\"\"\"Escalate to a manager: for a legal matter, a formal complaint, or a user who asks to speak to a "
        "manager.\"\"\"",
        ko=HintText(
            "{request!r}에 대해 모델은 이렇게 했어요: {describe}. {tool} 도구는 고르지 않았어요.",
            "{tool}의 설명(docstring) ({location}): 모델이 읽는 건 그것뿐이에요.",
            "\"\"\"Escalate to a manager: for a legal matter, a formal complaint, or a user who asks to speak to a "
            "manager.\"\"\"")),
    "description_vague": HintText(
        "{tool} got the legal request by its name alone: its description ({description!r}) does not say when to call "
        "it, and the description is what a model reads to choose.",
        "The description (docstring) of {tool} ({location}).",
        "\"\"\"Escalate the case to a manager: for a legal matter, a formal complaint, or a user who asks to speak to a "
        "manager.\"\"\"",
        ko=HintText(
            "{tool}은(는) 이름 덕분에 법적인 요청을 받았을 뿐이에요. 설명({description!r})이 언제 호출할지 말하지 않는데, "
            "모델은 설명을 읽고 도구를 골라요.",
            "{tool}의 설명(docstring) ({location}).",
            "\"\"\"법적인 문제, 공식 항의, 또는 고객이 매니저와 이야기하고 싶어 할 때 매니저에게 넘깁니다.\"\"\"")),
    "escalate_too_close": HintText(
        "For {request!r} the model could not choose between {tool} and the other triage tools: {describe}.",
        "The descriptions of {tool} and {other}: {shared}.",
        "Make {tool}'s description say what only it handles (legal matters, formal complaints, asking for a "
        "manager), and nothing record_issue also covers.",
        ko=HintText(
            "{request!r}에 대해 모델이 {tool} 도구와 다른 triage 도구 사이에서 고르지 못했어요: {describe}.",
            "{tool}과(와) {other}의 설명: {shared}.",
            "{tool}의 설명에는 그 도구만 맡는 일(법적인 문제, 공식 항의, 매니저 요청)을 쓰고, record_issue도 다루는 일은 빼세요.")),
    "claims_seed_territory": HintText(
        "For {request!r}, which the seed sends to record_issue, the model {describe}.",
        "The description of {tool} ({location}): it claims what record_issue handles — {shared}.",
        "Describe only the escalate cases in {tool}'s docstring: legal matters, formal complaints, asking for a "
        "manager — not billing, technical or other problems.",
        ko=HintText(
            "시드라면 record_issue로 보낼 {request!r}에 대해, 모델은 이렇게 했어요: {describe}.",
            "{tool}의 설명({location}): record_issue가 맡는 일까지 자기 일이라고 해요 — {shared}.",
            "{tool}의 docstring에는 에스컬레이션할 경우만 쓰세요: 법적인 문제, 공식 항의, 매니저 요청. 결제·기술·기타 문제는 빼고요.")),
}
