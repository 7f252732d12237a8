"""Every sentence notebook 07's checker can say, in one place, in English and Korean.

``HINTS`` maps each cause to its three hint stages and their Korean column (``ko=``); ``VERIFIED`` holds what a
passing check prints, ``PIECES`` the small phrases the checker puts into hints; ``REQUESTS`` the customer messages
the checker sends, per language (the customer's language, not the kit's). Fields in braces come from what really
happened. ``STARTER_PROMPT`` and ``SCRIPTED_REPLY`` are what models read and say, so they stay as they are.
"""

from __future__ import annotations

from handoffs.i18n import Texts

from .report import HintText

STARTER_PROMPT = "You are a billing agent for ACME Inc."

REQUESTS = {
    "specialist": {"en": "I was charged twice for my order", "ko": "주문이 두 번 결제되었어요"},
    "follow_up": {"en": "It was the one from last Tuesday", "ko": "지난 화요일 주문이에요"},
    "refund": {"en": "I want a refund", "ko": "환불해 주세요"},
    "sales": {"en": "I want to buy something", "ko": "뭔가 사고 싶어요"},
    "human": {"en": "I want to talk to a human", "ko": "사람과 이야기하고 싶어요"},
}

SCRIPTED_REPLY = "(scripted reply {n} from whoever is asked)"

VERIFIED = Texts({
    "passed": {"en": "PASS: the new specialist is reachable.",
               "ko": "통과(PASS): 새 전문 에이전트에게 대화가 닿아요."},
    "registered": {"en": "new agent type(s) {agents}, subscribed to {topics}",
                   "ko": "새 에이전트 타입 {agents}, 구독한 토픽 타입 {topics}"},
    "built": {"en": "every agent of the team can be created", "ko": "팀의 에이전트를 모두 만들 수 있어요"},
    "offered": {"en": "the triage agent is offered {tools} next to the seed's transfer tools",
                "ko": "triage 에이전트에게 시드의 전달 도구와 함께 {tools}이(가) 주어져요"},
    "reached": {"en": "a scripted call of {tool} reached {agent}, which answered; the customer's next words stayed "
                      "with it",
                "ko": "스크립트로 부른 {tool}이(가) {agent}에게 닿았고 {agent}이(가) 답했어요. 고객의 다음 말도 그 "
                      "에이전트에게 갔어요"},
    "prompt": {"en": "{agent}'s prompt and {tool}'s description say what it handles",
               "ko": "{agent}의 프롬프트와 {tool}의 설명이 맡는 일을 말해요"},
    "routed": {"en": "{request!r} reaches {tool} from its description, in either tool order",
               "ko": "모델이 설명만 보고 {request!r}을(를) {tool}(으)로 보내요(도구 순서와 상관없이)"},
    "seed_paths": {"en": "the seed's requests still go where they went: {paths}",
                   "ko": "시드의 요청들은 여전히 원래 가던 곳으로 가요: {paths}"},
})

PIECES = Texts({
    "body_of": {"en": "the body of {name}", "ko": "{name}의 본문"},
    "handler_of": {"en": "the message handler of {agent}", "ko": "{agent}의 메시지 핸들러"},
    "factory_of": {"en": "the factory of {agent}", "ko": "{agent}의 팩토리"},
    "nobody_listens": {"en": "which nobody subscribes to", "ko": "그 토픽은 아무도 구독하지 않아요"},
    "only_listen": {"en": "which reaches {agents} only, not the customer's agent ('User')",
                    "ko": "그 토픽은 {agents}만 구독하고, 고객 쪽 에이전트('User')는 듣지 않아요"},
    "no_handoff": {"en": "the triage agent answered instead of handing off",
                   "ko": "triage 에이전트가 핸드오프하지 않고 직접 답함"},
})

REGISTER_CODE = ("billing_agent_type = await AIAgent.register(\n    runtime,\n    type=billing_agent_topic_type,\n"
                 "    factory=lambda: AIAgent(\n        description='A billing agent.',\n"
                 "        system_message=SystemMessage(content=BILLING_PROMPT),\n        model_client=model_client,\n"
                 "        tools=[],\n        transfer_tools=[transfer_back_to_triage_tool],\n"
                 "        agent_topic_type=billing_agent_topic_type,\n        user_topic_type=user_topic_type,\n"
                 "    ),\n)")
SUBSCRIBE_CODE = ("await runtime.add_subscription(\n    TypeSubscription(topic_type=billing_agent_topic_type, "
                  "agent_type=billing_agent_type.type)\n)")

HINTS = {
    "not_async": HintText(
        "{name} is not an async function, so it cannot await the runtime's registrations.",
        "The line that defines {name} ({location}).",
        "async def build_extended_team(runtime, model_client):\n    team = await build_team(...)\n    ...\n"
        "    return team",
        ko=HintText(
            "{name}이(가) async 함수가 아니라서 런타임의 등록을 await할 수 없어요.",
            "{name}을(를) 정의하는 줄({location}).",
            "async def build_extended_team(runtime, model_client):\n    team = await build_team(...)\n    ...\n"
            "    return team")),
    "duplicate_registration": HintText(
        "Your function registered the agent type {agent!r} twice ({error}).",
        "{line}: every agent type is registered once per runtime; build_team already registers the seed's five.",
        "Give your agent a type of its own, e.g. type='BillingAgent', and register it once.",
        ko=HintText(
            "함수가 에이전트 타입 {agent!r}을(를) 두 번 등록했어요({error}).",
            "{line}: 에이전트 타입은 런타임마다 한 번만 등록해요. build_team이 이미 시드의 다섯 타입을 등록해요.",
            "에이전트에 자기만의 타입을 주고(예: type='BillingAgent') 한 번만 등록하세요.")),
    "build_failed": HintText(
        "Your function raised {error} while building the team.",
        "{line}.",
        "Run it on a fresh runtime in a cell (await build_extended_team(new_runtime(), model_client())) and read the "
        "traceback.",
        ko=HintText(
            "팀을 만드는 중에 함수에서 오류가 났어요: {error}.",
            "{line}.",
            "셀에서 새 런타임으로 직접 실행해 보고(await build_extended_team(new_runtime(), model_client())) "
            "트레이스백을 읽어 보세요.")),
    "no_team": HintText(
        "Your function returned {got!r}, not the team.",
        "The end of {name}.",
        "team = await build_team(...)\n...\nreturn team",
        ko=HintText(
            "함수가 돌려준 값({got!r})은 팀이 아니에요.",
            "{name}의 끝부분.",
            "team = await build_team(...)\n...\nreturn team")),
    "not_awaited": HintText(
        "{name} calls {call}(...) without await, so that call never ran: {call} is a coroutine function, and "
        "without await Python only makes the coroutine (and warns).",
        "The line of {name} that calls {call}(...).",
        "await {call}(...)",
        ko=HintText(
            "{name}이(가) {call}(...)을(를) await 없이 불러서, 그 호출은 실행되지 않았어요. {call}은(는) 코루틴 함수라서 "
            "await가 없으면 파이썬은 코루틴을 만들기만 해요(그리고 경고만 해요).",
            "{name}에서 {call}(...)을(를) 부르는 줄.",
            "await {call}(...)")),
    "subscribed_other_type": HintText(
        "{agent} is registered, but its subscription names the agent type {got!r}, which is not registered, so "
        "nothing published to {topic!r} reaches {agent}.",
        "The agent_type=... of the TypeSubscription for topic type {topic!r}.",
        "TypeSubscription(topic_type={topic!r}, agent_type={agent!r})",
        ko=HintText(
            "{agent}은(는) 등록됐지만, 구독이 등록되지 않은 에이전트 타입 {got!r}을(를) 가리켜서 {topic!r}에 발행된 것이 "
            "{agent}에게 닿지 않아요.",
            "토픽 타입 {topic!r}의 TypeSubscription에 넘긴 agent_type=....",
            "TypeSubscription(topic_type={topic!r}, agent_type={agent!r})")),
    "no_new_agent": HintText(
        "No new agent type was registered: the team has only the seed's agents.",
        "The body of {name}, after build_team(...): register your agent there, as notebook 06's register_team "
        "cell registers the seed's.",
        REGISTER_CODE,
        ko=HintText(
            "새 에이전트 타입이 등록되지 않았어요. 팀에는 시드의 에이전트뿐이에요.",
            "{name}의 본문, build_team(...) 다음: 노트북 06의 register_team 셀이 시드의 에이전트를 등록하듯, 거기서 "
            "여러분의 에이전트를 등록하세요.",
            REGISTER_CODE)),
    "not_subscribed": HintText(
        "{agent} is registered but subscribed to no topic type, so nothing published will ever reach it.",
        "After the AIAgent.register(...) call for {agent}.",
        SUBSCRIBE_CODE,
        ko=HintText(
            "{agent}은(는) 등록됐지만 어떤 토픽 타입도 구독하지 않아서, 발행된 메시지가 하나도 닿지 않아요.",
            "{agent}의 AIAgent.register(...) 호출 다음.",
            SUBSCRIBE_CODE)),
    "delegate_not_a_tool": HintText(
        "{agent} could not be created: its {field} hold {items}, a plain function, not a tool ({error}).",
        "Where you pass {items} to {agent}: {where}.",
        "transfer_to_billing_tool = FunctionTool(transfer_to_billing, description='Use for billing: ...')\n"
        "# and pass transfer_to_billing_tool, not transfer_to_billing",
        ko=HintText(
            "{agent}을(를) 만들 수 없었어요. {field}에 도구가 아니라 평범한 함수 {items}이(가) 들어 있어요({error}).",
            "{items}을(를) {agent}에게 넘기는 곳: {where}.",
            "transfer_to_billing_tool = FunctionTool(transfer_to_billing, description='Use for "
            "billing: ...')\n# transfer_to_billing이 아니라 transfer_to_billing_tool을 넘기세요")),
    "constructor_failed": HintText(
        "{agent} could not be created when its first message arrived: {error}.",
        "{line}.",
        "Compare the factory's AIAgent(...) arguments with notebook 06's register_team cell.",
        ko=HintText(
            "첫 메시지가 도착했을 때 {agent}을(를) 만들 수 없었어요: {error}.",
            "{line}.",
            "팩토리의 AIAgent(...) 인자를 노트북 06의 register_team 셀과 비교해 보세요.")),
    "client_ignored": HintText(
        "The triage agent never used the model client your function was given, so the check cannot play the model.",
        "The build_team(...) call in {name}: it must pass on the model_client parameter.",
        "async def build_extended_team(runtime, model_client):\n    team = await build_team(runtime, model_client, ...)",
        ko=HintText(
            "triage 에이전트가 함수에 넘겨준 모델 클라이언트를 한 번도 쓰지 않아서, 검사기가 모델 역할을 할 수 없어요.",
            "{name} 안의 build_team(...) 호출: model_client 매개변수를 그대로 넘겨야 해요.",
            "async def build_extended_team(runtime, model_client):\n    team = await build_team(runtime, model_client, ...)")),
    "no_new_delegate": HintText(
        "The triage agent is offered no new transfer tool, so nothing can hand the conversation to {agents}.",
        "The build_team(...) call in {name}: it gives the triage agent only the seed's transfer tools.",
        "team = await build_team(runtime, model_client,\n"
        "                        triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, transfer_to_billing_tool])",
        ko=HintText(
            "triage 에이전트에게 새 전달 도구가 없어서, 아무도 {agents}에게 대화를 넘길 수 없어요.",
            "{name} 안의 build_team(...) 호출: triage 에이전트에게 시드의 전달 도구만 주고 있어요.",
            "team = await build_team(runtime, model_client,\n"
            "                        triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, transfer_to_billing_tool])")),
    "seed_delegates_dropped": HintText(
        "The triage agent no longer has the seed's {tools}, so those paths are gone.",
        "The triage_transfer_tools=[...] of your build_team(...) call.",
        "triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, transfer_to_billing_tool]",
        ko=HintText(
            "triage 에이전트에게 시드의 {tools}이(가) 더 이상 없어서, 그 경로들이 사라졌어요.",
            "build_team(...) 호출의 triage_transfer_tools=[...].",
            "triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, transfer_to_billing_tool]")),
    "duplicate_delegate": HintText(
        "The triage agent is offered {tool} {count} times.",
        "The triage_transfer_tools=[...] of your build_team(...) call.",
        "triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, transfer_to_billing_tool]  # each tool once",
        ko=HintText(
            "triage 에이전트에게 {tool} 도구가 {count}번 주어져요.",
            "build_team(...) 호출의 triage_transfer_tools=[...].",
            "triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, transfer_to_billing_tool]  # 도구마다 한 번씩")),
    "description_missing": HintText(
        "{tool} has no description: the model picks a transfer tool by its description, and this one says nothing.",
        "The FunctionTool(...) that makes {tool} ({location}).",
        "FunctionTool(transfer_to_billing, description='Use for billing: charges, double charges, invoices and "
        "payments.')",
        ko=HintText(
            "{tool}에 설명이 없어요. 모델은 설명을 보고 전달 도구를 고르는데, 이 도구는 아무 말도 하지 않아요.",
            "{tool}을(를) 만드는 FunctionTool(...) ({location}).",
            "FunctionTool(transfer_to_billing, description='Use for billing: charges, double charges, invoices and "
            "payments.')")),
    "description_vague": HintText(
        "{tool}'s description ({description!r}) does not say what its agent handles: a real model picks a transfer tool by "
        "what its description names (charges, deliveries, ...), and this one names nothing.",
        "The description= of the FunctionTool(...) that makes {tool} ({location}).",
        "FunctionTool(transfer_to_billing, description='Use for billing: charges, double charges, invoices and "
        "payments.')",
        ko=HintText(
            "{tool}의 설명({description!r})이 그 에이전트가 맡는 일을 말하지 않아요. 실제 모델은 설명에 적힌 일(요금, 배송 …)을 보고 전달 "
            "도구를 고르는데, 이 설명에는 그런 말이 하나도 없어요.",
            "{tool}을(를) 만드는 FunctionTool(...)의 description= ({location}).",
            "FunctionTool(transfer_to_billing, description='Use for billing: charges, double charges, invoices and "
            "payments.')")),
    "delegate_failed": HintText(
        "Called by the triage agent, {tool} answered with an error instead of a topic type ({error}).",
        "The function behind {tool} ({location}).",
        "def transfer_to_billing() -> str:\n    return billing_agent_topic_type",
        ko=HintText(
            "triage 에이전트가 부른 {tool}이(가) 토픽 타입 대신 오류로 답했어요({error}).",
            "{tool} 뒤에 있는 함수({location}).",
            "def transfer_to_billing() -> str:\n    return billing_agent_topic_type")),
    "topic_mismatch": HintText(
        "{tool} returned {topic!r}, but no agent subscribes to that topic type ({agent} listens on {topics}), so the "
        "conversation went nowhere and the customer would wait forever.",
        "The string {tool} returns, and the topic_type of {agent}'s TypeSubscription: one of them is misspelt.",
        "billing_agent_topic_type = {suggestion!r}  # one variable for the transfer tool, the registration and the "
        "subscription",
        ko=HintText(
            "{tool}이(가) {topic!r}을(를) 돌려줬지만 그 토픽 타입을 구독하는 에이전트가 없어요({agent}은(는) {topics}을(를) 듣고 "
            "있어요). 그래서 대화가 아무 데도 가지 못했고, 고객은 끝없이 기다리게 돼요.",
            "{tool}이(가) 돌려주는 문자열과 {agent}의 TypeSubscription에 있는 topic_type: 둘 중 하나의 철자가 틀렸어요.",
            "billing_agent_topic_type = {suggestion!r}  # 전달 도구, 등록, 구독에 이 변수 하나를 함께 쓰세요")),
    "delegate_to_other_agent": HintText(
        "{tool} hands the conversation to {target}, not to your new agent ({agents}).",
        "The string {tool} returns ({location}).",
        "def {function}() -> str:\n    return {topic!r}",
        ko=HintText(
            "{tool}이(가) 대화를 새 에이전트({agents})가 아니라 {target}에게 넘겨요.",
            "{tool}이(가) 돌려주는 문자열({location}).",
            "def {function}() -> str:\n    return {topic!r}")),
    "agent_handler_failed": HintText(
        "{agent} got the conversation and its handler raised {error}; AutoGen only logs that, and the customer "
        "waits forever.",
        "{line}.",
        "Run a session yourself and read the traceback: await run_scripted_session([...], team=team).",
        ko=HintText(
            "{agent}이(가) 대화를 받았는데 핸들러에서 오류가 났어요({error}). AutoGen은 이를 로그에만 남기고, 고객은 끝없이 기다려요.",
            "{line}.",
            "세션을 직접 돌려 보고 트레이스백을 읽어 보세요: await run_scripted_session([...], team=team).")),
    "wrong_user_topic": HintText(
        "{agent} answered, but published its answer to topic type {topic!r}, {who}: the customer never heard it.",
        "The user_topic_type=... argument of {agent}'s AIAgent(...).",
        "user_topic_type=user_topic_type  # 'User', where the customer's agent listens",
        ko=HintText(
            "{agent}이(가) 답은 했지만 토픽 타입 {topic!r}에 발행했어요. {who}. 그래서 고객에게 닿지 않았어요.",
            "{agent}의 AIAgent(...)에 넘기는 user_topic_type=... 인자.",
            "user_topic_type=user_topic_type  # 'User': 고객 쪽 에이전트가 듣는 곳")),
    "agent_silent": HintText(
        "{agent} got the conversation but published nothing, so the customer never heard an answer.",
        "{agent}'s message handler: it must end by publishing an AgentResponse to the user topic.",
        "Use the kit's AIAgent (it publishes the answer), or end your handler with\nawait self.publish_message("
        "AgentResponse(context=..., reply_to_topic_type=self._agent_topic_type), TopicId('User', self.id.key))",
        ko=HintText(
            "{agent}이(가) 대화를 받았지만 아무것도 발행하지 않아서, 고객은 답을 듣지 못했어요.",
            "{agent}의 메시지 핸들러: 마지막에 AgentResponse를 사용자 토픽에 발행해야 해요.",
            "키트의 AIAgent를 쓰거나(답을 발행해 줘요), 핸들러를 이렇게 끝내세요:\nawait self.publish_message("
            "AgentResponse(context=..., reply_to_topic_type=self._agent_topic_type), "
            "TopicId('User', self.id.key))")),
    "reply_topic_nowhere": HintText(
        "{agent} answered, but told the customer to reply to {topic!r}, which nobody subscribes to: their next "
        "message was lost.",
        "The agent_topic_type=... argument of {agent}'s AIAgent(...).",
        "agent_topic_type={suggestion!r}  # the topic type {agent} subscribes to",
        ko=HintText(
            "{agent}이(가) 답은 했지만 고객에게 아무도 구독하지 않는 {topic!r}(으)로 답하라고 해서, 고객의 다음 메시지가 사라졌어요.",
            "{agent}의 AIAgent(...)에 넘기는 agent_topic_type=... 인자.",
            "agent_topic_type={suggestion!r}  # {agent}이(가) 구독하는 토픽 타입")),
    "reply_topic_other": HintText(
        "The customer's next message went to {other}, not back to {agent}: {agent} tells the customer to reply to "
        "{topic!r}.",
        "The agent_topic_type=... argument of {agent}'s AIAgent(...).",
        "agent_topic_type={suggestion!r}  # its own topic type",
        ko=HintText(
            "고객의 다음 메시지가 {agent}에게 돌아가지 않고 {other}에게 갔어요. {agent}이(가) 고객에게 {topic!r}(으)로 답하라고 하고 "
            "있어요.",
            "{agent}의 AIAgent(...)에 넘기는 agent_topic_type=... 인자.",
            "agent_topic_type={suggestion!r}  # 자기 자신의 토픽 타입")),
    "operator_waiting": HintText(
        "The conversation ended on the human operator's desk: {describe}.",
        "The transfer tools: which one returned 'HumanAgent'?",
        "A transfer tool returns its own agent's topic type: return billing_agent_topic_type",
        ko=HintText(
            "대화가 사람 상담원의 데스크에서 끝났어요: {describe}.",
            "전달 도구들: 어느 것이 'HumanAgent'를 돌려줬나요?",
            "전달 도구는 자기 에이전트의 토픽 타입을 돌려줘요: return billing_agent_topic_type")),
    "timed_out": HintText(
        "The session did not finish within {timeout:g} s: {describe}.",
        "Follow the messages: {published}.",
        "Run the session yourself: await run_scripted_session([...], team=team, timeout=10)",
        ko=HintText(
            "세션이 {timeout:g}초 안에 끝나지 않았어요: {describe}.",
            "메시지를 따라가 보세요: {published}.",
            "세션을 직접 돌려 보세요: await run_scripted_session([...], team=team, timeout=10)")),
    "prompt_says_nothing": HintText(
        "{agent}'s prompt does not say what it does yet ({prompt!r}).",
        "The prompt you give {agent} (BILLING_PROMPT).",
        "BILLING_PROMPT = (\n    'You are a billing agent for ACME Inc. Always answer in a sentence or less. '\n"
        "    '1. Ask which charge looks wrong.\\n2. Explain that duplicate charges are reversed within 3 days.'\n)",
        ko=HintText(
            "{agent}의 프롬프트가 아직 무슨 일을 하는지 말하지 않아요({prompt!r}).",
            "{agent}에게 주는 프롬프트(BILLING_PROMPT).",
            "BILLING_PROMPT = (\n    '당신은 ACME Inc.의 결제 담당 에이전트입니다. 항상 한 문장 이내로 "
            "답하세요. '\n    '1. 어떤 청구가 잘못됐는지 물어보세요.\\n2. 중복 청구는 3일 안에 "
            "취소된다고 설명하세요.'\n)")),
    "specialist_not_routed": HintText(
        "For {request!r} the triage model {describe} — not {tool}.",
        "The description of {tool} ({location}): it is all the model reads.",
        "FunctionTool(transfer_to_billing, description='Use for billing: charges, double charges, invoices and "
        "payments.')",
        ko=HintText(
            "{request!r}에 대해 triage 모델은 이렇게 했어요: {describe}. {tool} 도구는 고르지 않았어요.",
            "{tool}의 설명({location}): 모델이 읽는 건 그것뿐이에요.",
            "FunctionTool(transfer_to_billing, description='Use for billing: charges, double charges, invoices and "
            "payments.')")),
    "specialist_too_close": HintText(
        "For {request!r} the triage model could not choose between {tool} and the seed's transfer tools: {describe}.",
        "The descriptions of {tool} and {others}: {shared}.",
        "Make {tool}'s description name what only your agent handles (charges, double charges, invoices, payments), "
        "and nothing the seed's transfer tools cover (refunds, repairs, buying).",
        ko=HintText(
            "{request!r}에 대해 triage 모델이 {tool} 도구와 시드의 전달 도구 사이에서 고르지 못했어요: {describe}.",
            "{tool}과(와) {others}의 설명: {shared}.",
            "{tool}의 설명에는 여러분의 에이전트만 맡는 일(요금, 중복 결제, 청구서, 결제)을 쓰고, 시드의 전달 도구가 다루는 일(환불, 수리, 구매)은 "
            "빼세요.")),
    "claims_seed_territory": HintText(
        "For {request!r}, which the seed sends to {wanted}, the triage model {describe}.",
        "The description of {tool} ({location}): it claims what {wanted} handles — {shared}.",
        "Describe only your agent's own cases in {tool}'s description, e.g. 'Use for billing: charges, double "
        "charges, invoices and payments.'",
        ko=HintText(
            "시드라면 {wanted}(으)로 보낼 {request!r}에 대해, triage 모델은 이렇게 했어요: {describe}.",
            "{tool}의 설명({location}): {wanted}이(가) 맡는 일까지 자기 일이라고 해요 — {shared}.",
            "{tool}의 설명에는 여러분의 에이전트가 맡는 경우만 쓰세요. 예: 'Use for billing: charges, double charges, "
            "invoices and payments.'")),
}
