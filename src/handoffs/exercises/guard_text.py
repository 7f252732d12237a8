"""Every sentence notebook 03b's checker (the step guard) can say, in one place, in English and Korean.

``HINTS`` maps each cause to its three hint stages (and their Korean column, ``ko=``); ``VERIFIED`` holds what a
passing check prints, ``PIECES`` the small phrases the checker puts into hints. Fields in braces are filled from
what really happened when the checker ran the learner's guard. ``REQUESTS`` are what the scripted customer says,
per language: a Korean learner's checker sends a Korean customer (the learner's guard sees the same tool calls).
"""

from __future__ import annotations

from handoffs.i18n import Texts

from .report import HintText

REQUESTS = {"hello": {"en": "Hello!", "ko": "안녕하세요!"},
            "billing": {"en": "I was charged twice", "ko": "두 번 결제되었습니다"}}

VERIFIED = Texts({
    "passed": {"en": "PASS: your guard closes the gap.", "ko": "통과(PASS): 여러분의 가드가 빈틈을 막았어요."},
    "hook": {"en": "{name} is a wrap_tool_call middleware", "ko": "{name}은(는) wrap_tool_call 미들웨어예요"},
    "rogue": {"en": "the rogue model's resolve_billing in 'triage' was refused and never ran; the model read: {text!r}",
              "ko": "rogue 모델이 'triage' 단계에서 부른 resolve_billing은 거부되어 실행되지 않았어요. 모델이 읽은 "
                    "답: {text!r}"},
    "allowed": {"en": "a whole conversation ran {tools} in their own steps ({path})",
                "ko": "대화 하나를 끝까지 돌렸더니 {tools}이(가) 각자 자기 단계에서 실행됐어요({path})"},
    "later": {"en": "out-of-step calls later were refused too: {calls} and {more} more (every tool in every step that "
                    "does not offer it)",
              "ko": "그 뒤의 단계 밖 호출도 거부됐어요: {calls} 외 {more}개(모든 단계에서, 그 단계가 제공하지 않는 모든 도구)"},
})

PIECES = Texts({
    "call_in_step": {"en": "{tool} in {step!r}", "ko": "{step!r} 단계의 {tool}"},
    "as_if_customer": {"en": "the text arrived as if the customer had said it",
                       "ko": "그 글이 마치 고객이 한 말처럼 도착해요"},
    "returned": {"en": "a {kind} ({text!r})", "ko": "{kind} ({text!r})"},
    "never_reaches": {"en": "the conversation never reaches {step!r}", "ko": "대화가 {step!r} 단계에 이르지 못해요"},
    "nothing": {"en": "nothing", "ko": "아무것도 없음"},
    "a_tool": {"en": "a tool", "ko": "어떤 도구"},
})

REFUSAL_CODE = ("return ToolMessage(\n    content=f\"Refused: {{name}} is not available in the {{step}} step.\",\n"
                "    tool_call_id=request.tool_call['id'],\n    status='error',\n)")
GUARD_CODE = ("@wrap_tool_call\ndef my_step_guard(request, handler):\n"
              "    step = request.state.get('current_step', 'triage')\n"
              "    offered = [t.name for t in STEP_TABLE[step]['tools']]\n"
              "    if request.tool_call['name'] not in offered:\n        return ToolMessage(...)  # refused\n"
              "    return handler(request)")
GUARD_CODE_KO = GUARD_CODE.replace("# refused", "# 거부")

HINTS = {
    "no_guard": HintText(
        "The check got {got!r}, not a guard: my_step_guard must be a @wrap_tool_call middleware.",
        "The cell that defines my_step_guard (it still says None?).",
        GUARD_CODE,
        ko=HintText(
            "검사가 받은 값({got!r})은 가드가 아니에요. my_step_guard는 @wrap_tool_call 미들웨어여야 해요.",
            "my_step_guard를 정의하는 셀(아직 None으로 남아 있지 않나요?).",
            GUARD_CODE_KO)),
    "not_decorated": HintText(
        "{name} is a plain function, so LangChain would never call it: it is not a middleware.",
        "The line above `def {name}` ({location}).",
        "@wrap_tool_call\ndef {name}(request, handler):\n    ...",
        ko=HintText(
            "{name}은(는) 평범한 함수라서 LangChain이 부르지 않아요. 미들웨어가 아니에요.",
            "`def {name}` 바로 윗줄({location}).",
            "@wrap_tool_call\ndef {name}(request, handler):\n    ...")),
    "guard_class": HintText(
        "{name} is a middleware class; the agent needs an instance of it.",
        "Where you pass the guard: check_step_guard({name}).",
        "check_step_guard({name}())",
        ko=HintText(
            "{name}은(는) 미들웨어 클래스예요. 에이전트에는 그 클래스의 인스턴스를 넘겨야 해요.",
            "가드를 넘기는 곳: check_step_guard({name}).",
            "check_step_guard({name}())")),
    "wrong_hook": HintText(
        "{name} does not wrap tool calls (it has no wrap_tool_call), so it never sees a tool call before it runs.",
        "The decorator (or method) of {name} ({location}).",
        "@wrap_tool_call  # not @wrap_model_call\ndef {name}(request, handler):\n    ...",
        ko=HintText(
            "{name}은(는) 도구 호출을 감싸지 않아요(wrap_tool_call이 없어요). 그래서 도구가 실행되기 전의 호출을 "
            "볼 수 없어요.",
            "{name}의 데코레이터(또는 메서드) ({location}).",
            "@wrap_tool_call  # @wrap_model_call이 아니라\ndef {name}(request, handler):\n    ...")),
    "async_only": HintText(
        "{name} is an async function, so it only guards ainvoke: the seed's bot (and every notebook) calls invoke, "
        "where it never runs.",
        "The line `async def {name}` ({location}).",
        "@wrap_tool_call\ndef {name}(request, handler):  # a plain def: it guards invoke\n    ...",
        ko=HintText(
            "{name}은(는) async 함수라서 ainvoke만 지켜요. 시드의 봇(과 모든 노트북)은 invoke를 부르는데, 거기서는 "
            "이 가드가 실행되지 않아요.",
            "`async def {name}` 줄({location}).",
            "@wrap_tool_call\ndef {name}(request, handler):  # 평범한 def라야 invoke를 지켜요\n    ...")),
    "factory_failed": HintText(
        "Building your guard with the seed's step table raised {error}.",
        "{line}.",
        "A function that takes the step table must return the middleware: def make_guard(step_table): ... return guard",
        ko=HintText(
            "시드의 단계 표로 가드를 만들다가 오류가 났어요: {error}.",
            "{line}.",
            "단계 표를 받는 함수는 미들웨어를 돌려줘야 해요: def make_guard(step_table): ... return guard")),
    "lets_through": HintText(
        "The rogue model called resolve_billing in 'triage', where it is not offered — and your guard let it run "
        "(the customer said only 'Hello!' and got a refund).",
        "The branch of {name} that handles a tool the step does not offer: it calls handler(request), which runs "
        "the tool.",
        "if request.tool_call['name'] not in offered:\n    " + REFUSAL_CODE.replace("\n", "\n    "),
        ko=HintText(
            "rogue 모델이 'triage' 단계에서 제공되지도 않은 resolve_billing을 호출했는데, 가드가 그대로 실행되게 "
            "뒀어요(고객은 'Hello!'라고만 했는데 환불을 받았어요).",
            "{name}에서 현재 단계가 제공하지 않는 도구를 다루는 분기: 거기서 handler(request)를 부르면 도구가 "
            "실행돼요.",
            "if request.tool_call['name'] not in offered:\n    " + REFUSAL_CODE.replace("\n", "\n    "))),
    "only_logs": HintText(
        "Your guard noticed the out-of-step call (it wrote {said!r}) but still let resolve_billing run in 'triage'.",
        "The branch of {name} that notices the call: after printing or logging it calls handler(request).",
        "Instead of handler(request), answer the call yourself:\n" + REFUSAL_CODE,
        ko=HintText(
            "가드가 단계 밖 호출을 알아채긴 했지만({said!r}라고 남겼어요) 'triage' 단계에서 resolve_billing이 그대로 "
            "실행됐어요.",
            "{name}에서 그 호출을 알아채는 분기: 출력하거나 로그를 남긴 뒤 handler(request)를 불러요.",
            "handler(request)를 부르는 대신 가드가 직접 그 호출에 답하세요:\n" + REFUSAL_CODE)),
    "guard_raises": HintText(
        "Your guard raised {error} for the out-of-step call: a raise ends the whole conversation, and the model "
        "never learns why.",
        "{line}.",
        "Return an error ToolMessage the model can read instead of raising:\n" + REFUSAL_CODE,
        ko=HintText(
            "가드가 단계 밖 호출에 예외를 던졌어요({error}). 예외는 대화 전체를 끝내 버리고, 모델은 끝내 이유를 "
            "알 수 없어요.",
            "{line}.",
            "예외를 던지는 대신 모델이 읽을 수 있는 오류 ToolMessage를 돌려주세요:\n" + REFUSAL_CODE)),
    "state_default": HintText(
        "Your guard read state['current_step'] before any tool had set it, and raised {error}.",
        "{line}: at the first step the state has no current_step yet.",
        "step = request.state.get('current_step', 'triage')",
        ko=HintText(
            "가드가 아직 어떤 도구도 정하지 않은 state['current_step']을 읽다가 오류가 났어요({error}).",
            "{line}: 첫 단계에서는 상태에 아직 current_step이 없어요.",
            "step = request.state.get('current_step', 'triage')")),
    "guard_crashed": HintText(
        "Your guard raised {error} while handling {tool} in {step!r}.",
        "{line}.",
        "Run one conversation yourself (build_support_agent(guard=False, middleware=[{name}])) and read the "
        "traceback.",
        ko=HintText(
            "가드가 {step!r} 단계의 {tool} 호출을 처리하다가 오류가 났어요({error}).",
            "{line}.",
            "대화 하나를 직접 돌려 보고(build_support_agent(guard=False, middleware=[{name}])) 트레이스백을 "
            "읽어 보세요.")),
    "not_a_tool_message": HintText(
        "For the refused call your guard returned {got}, not a ToolMessage: the model's tool call stays "
        "unanswered ({effect}).",
        "The refusal's return statement in {name}.",
        REFUSAL_CODE,
        ko=HintText(
            "거부한 호출에 가드가 ToolMessage가 아닌 값을 돌려줬어요: {got}. 그러면 모델의 도구 호출은 답을 받지 "
            "못해요({effect}).",
            "{name}에서 거부할 때 실행되는 return 문.",
            REFUSAL_CODE)),
    "wrong_tool_call_id": HintText(
        "Your refusal's ToolMessage answers call {got!r}, not the refused call ({wanted!r}): the model's call stays "
        "unanswered.",
        "The tool_call_id of the ToolMessage in {name}.",
        "tool_call_id=request.tool_call['id']",
        ko=HintText(
            "거부 ToolMessage가 거부한 호출({wanted!r})이 아니라 다른 호출({got!r})에 답하고 있어요. 모델의 호출은 "
            "답을 받지 못해요.",
            "{name}에 있는 ToolMessage의 tool_call_id.",
            "tool_call_id=request.tool_call['id']")),
    "empty_refusal": HintText(
        "Your refusal's ToolMessage is empty, so the model cannot tell why nothing happened.",
        "The content of the refusal's ToolMessage in {name}.",
        "content=f\"Refused: {{name}} is not available in the {{step}} step. Tools you can use now: ...\"",
        ko=HintText(
            "거부 ToolMessage가 비어 있어서, 모델은 왜 아무 일도 일어나지 않았는지 알 수 없어요.",
            "{name}에 있는 거부 ToolMessage의 content.",
            "content=f\"Refused: {{name}} is not available in the {{step}} step. Tools you can use now: ...\"")),
    "refusal_moves_step": HintText(
        "Your guard refused {tool} in {step!r} but its Command also moved the conversation to {moved_to!r}: a "
        "refusal must change nothing, yet the customer is now in another step (a refused call became a transfer).",
        "The 'current_step' key in the Command your guard returns when it refuses (in {name}).",
        "Refuse with the ToolMessage alone (the step stays where it is):\n" + REFUSAL_CODE,
        ko=HintText(
            "가드가 {step!r} 단계에서 {tool}을(를) 거부했지만, 돌려준 Command가 대화를 {moved_to!r} 단계로 옮기기도 "
            "했어요. 거부는 아무것도 바꾸면 안 되는데, 고객이 다른 단계에 가 있어요(거부한 호출이 전달이 돼 버렸어요).",
            "{name}이(가) 거부할 때 돌려주는 Command의 'current_step' 키.",
            "ToolMessage만으로 거부하세요(단계는 그대로예요):\n" + REFUSAL_CODE)),
    "refusal_changes_state": HintText(
        "Your guard refused {tool} in {step!r} but its Command also changed the state ({fields}): a refused call "
        "did not happen, so it may only answer the call.",
        "The Command your guard returns when it refuses (in {name}): everything besides 'messages'.",
        "Refuse with the ToolMessage alone:\n" + REFUSAL_CODE,
        ko=HintText(
            "가드가 {step!r} 단계에서 {tool}을(를) 거부했지만, 돌려준 Command가 상태도 바꿨어요({fields}). 거부한 "
            "호출은 일어나지 않은 일이니, 그 호출에 답하기만 해야 해요.",
            "{name}이(가) 거부할 때 돌려주는 Command에서 'messages' 말고 나머지 전부.",
            "ToolMessage만으로 거부하세요:\n" + REFUSAL_CODE)),
    "blocks_offered": HintText(
        "Your guard refused {tool} in {step!r}, where that step offers it, so {effect}.",
        "The test in {name} that decides what to refuse: compare the tool's name with the current step's tools.",
        "offered = [t.name for t in STEP_TABLE[step]['tools']]\nif request.tool_call['name'] not in offered: ...",
        ko=HintText(
            "가드가 {step!r} 단계에서 {tool}을(를) 거부했어요. 그 단계가 제공하는 도구인데도요. 그래서 {effect}.",
            "{name}에서 무엇을 거부할지 정하는 조건: 도구 이름을 현재 단계의 단계와 비교하세요.",
            "offered = [t.name for t in STEP_TABLE[step]['tools']]\n"
            "if request.tool_call['name'] not in offered: ...")),
    "lets_through_later": HintText(
        "{tool} ran in the {step!r} step, which does not offer it: your guard only catches some out-of-step calls.",
        "The test in {name}: it must hold in every step, for every tool.",
        "step = request.state.get('current_step', 'triage')\n"
        "offered = [t.name for t in STEP_TABLE[step]['tools']]\n"
        "if request.tool_call['name'] not in offered: return ToolMessage(...)",
        ko=HintText(
            "{tool}이(가) 그 도구를 제공하지 않는 {step!r} 단계에서 실행됐어요. 가드가 단계 밖 호출을 일부만 잡고 "
            "있어요.",
            "{name}의 조건: 모든 단계, 모든 도구에 대해 맞아야 해요.",
            "step = request.state.get('current_step', 'triage')\n"
            "offered = [t.name for t in STEP_TABLE[step]['tools']]\n"
            "if request.tool_call['name'] not in offered: return ToolMessage(...)")),
}
