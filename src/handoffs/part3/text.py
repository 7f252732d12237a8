"""Every sentence and label a learner reads from :mod:`handoffs.part3`: table rows, picture titles, the guide.

One table per use, each in English and Korean (:class:`handoffs.i18n.Texts`: ``ROW_LABEL["handoffs"]`` is the
label in the kit's language, ``handoffs.set_language``). Numbers are filled in with ``str.format`` fields; the code
that measures never builds a sentence of its own.

What a *model* or a *customer* reads is not in the kit's language: ``OPERATOR_REPLY`` (the desk's answer to the
customer), ``HUMAN_STEP_PROMPT`` (the human step's prompt), ``HANDOFF_NOTE`` and ``ORDER_FOUND`` (messages the next agent
reads) stay as they are, so both editions measure the very same conversations.
"""

from __future__ import annotations

from handoffs.i18n import Texts, ljust, rjust

DESIGN_LABEL = Texts({
    "one agent": {"en": "one agent with steps (Part 1)", "ko": "단계가 있는 에이전트 하나 (1부)"},
    "team": {"en": "team of agents (Part 2)", "ko": "에이전트 팀 (2부)"},
    "one agent, no guard": {"en": "one agent as seed 000 writes it (no step guard)",
                            "ko": "시드 000 그대로의 에이전트 하나 (단계 가드 없음)"},
})

#: short names of the designs and of the measured conversations, for a printed line ("long en" is the name in code)
SHORT_LABEL = Texts({
    "one agent": {"en": "one agent", "ko": "에이전트 하나"},
    "team": {"en": "team", "ko": "팀"},
    "one agent, no guard": {"en": "one agent, no guard", "ko": "에이전트 하나, 가드 없음"},
    **{f"{kind} {lang}": {"en": f"{kind} {lang}",
                          "ko": f"{ko_kind} ({'영어' if lang == 'en' else '한국어'})"}
       for kind, ko_kind in (("sales", "구매"), ("refund", "환불"), ("human", "사람 상담원"), ("long", "긴 대화"),
                             ("injection", "인젝션"))
       for lang in ("en", "ko")},
})


def short_label(name: str) -> str:
    """``"long en"`` -> ``"긴 대화 (영어)"`` in Korean: a design's or a measured conversation's name for a printed line
    (an unknown name is shown as it is)."""
    return SHORT_LABEL[name] if name in SHORT_LABEL else name


# The person at the desk (both designs) and the single agent's human step: a customer and a model read these.
OPERATOR_REPLY = "A person from ACME here: I will take it from here."
HUMAN_STEP_PROMPT = "A person answers the customer in this step; no model is called."

ERRORS = Texts({
    "empty_script": {"en": "A scripted customer needs at least one non-empty line.",
                     "ko": "스크립트로 말하는 고객에게는 비어 있지 않은 줄이 적어도 하나 있어야 해요."},
    "session_reused": {"en": "This desk already ran a conversation '{session}': give each conversation an id of its own.",
                       "ko": "이 창구에서 이미 진행한 대화예요: '{session}'. 대화마다 새 id를 주세요."},
    "one_turn_desk": {"en": "This desk keeps no history (remember=False), so a conversation is one customer line, "
                            "not {turns}: use OneAgentDesk(remember=True) for a longer one.",
                      "ko": "이 창구는 대화 기록을 남기지 않아서(remember=False) 대화 하나가 고객의 한 줄이에요. "
                            "{turns}줄짜리 대화는 OneAgentDesk(remember=True)로 돌리세요."},
})

ROW_LABEL = Texts({
    "routing": {"en": "routing accuracy, {cases} first messages (en {en} · ko {ko} · mixed {mixed})",
                "ko": "라우팅 정확도, 첫 메시지 {cases}개 (영어 {en} · 한국어 {ko} · 섞어 쓴 말 {mixed})"},
    "same_route": {"en": "same route as the other design", "ko": "다른 설계와 같은 경로"},
    "model_calls": {"en": "model calls (conversations: {conversations}, customer turns: {turns})",
                    "ko": "모델 호출 (대화 {conversations}개, 고객 턴 {turns}개)"},
    "tokens_in": {"en": "tokens in ({counter})", "ko": "입력 토큰 ({counter})"},
    "tokens_out": {"en": "tokens out ({counter})", "ko": "출력 토큰 ({counter})"},
    "handoffs": {"en": "handoffs (step changes between roles / transfers)",
                 "ko": "핸드오프 (역할 사이의 단계 전환 / 전달)"},
    "boundaries": {"en": "rogue model: out-of-step tools that RAN ({probes} probes)",
                   "ko": "rogue 모델: 실행되어 버린 단계 밖 도구 (시도 {probes}번)"},
    "injections": {"en": "prompt injections obeyed ({cases} first messages + {mid} mid-conversation)",
                   "ko": "따라 버린 프롬프트 인젝션 (첫 메시지 {cases}개 + 대화 중 {mid}개)"},
    "n_of": {"en": "{n} of {total}", "ko": "{total}개 중 {n}개"},
    "counted_by_server": {"en": "as the model's server reported them", "ko": "모델 서버가 알려 준 값"},
    "header": {"en": ("measure", "one agent", "team"), "ko": ("측정 항목", "에이전트 하나", "팀")},
    "wall_time": {"en": "wall time of the {conversations} conversations: one agent {one}, team {team} (it changes on "
                        "every run)",
                  "ko": "대화 {conversations}개에 걸린 실제 시간: 에이전트 하나 {one}, 팀 {team} (실행할 때마다 "
                        "달라져요)"},
    "no_guard_note": {"en": "{ran} of {probes} without the step guard", "ko": "단계 가드 없이는 {probes}번 중 {ran}번"},
})

RULER = Texts({
    "header": {"en": f"{'texts':<22}{'count':>6}{'approx:regex-pieces':>22}{'cl100k_base (exact)':>22}{'error':>9}",
               "ko": ljust("텍스트 묶음", 22) + rjust("개수", 6) + rjust("approx:regex-pieces", 22)
                     + rjust("cl100k_base (정확)", 22) + rjust("오차", 9)},
    "row": {"en": "{group}{texts:>6}{approx:>22,}{exact:>22,}{error:>+9.1%}",  # group: padded to 22 columns
            "ko": "{group}{texts:>6}{approx:>22,}{exact:>22,}{error:>+9.1%}"},
})

# What the next agent reads when a handoff carries a note instead of the history (notebook 10): a model reads it.
HANDOFF_NOTE = "Handoff note from the previous agent. Reason for the transfer: {reason}. Summary: {summary}"
ORDER_FOUND = "Order {number}, looked up before you answer: {product}, {status}."

CARRYING = Texts({
    "header": {"en": ("what the handoff carries", "next agent's first call (tokens in)", "whole conversation",
                      "went right?"),
               "ko": ("핸드오프가 넘기는 것", "다음 에이전트의 첫 호출 (입력 토큰)", "대화 전체", "제대로 됐나?")},
    "handoffs": {"en": "handoffs, in order: {handoffs}", "ko": "핸드오프 순서: {handoffs}"},
    "right": {"en": "yes — same agents, same tools, same order and refund",
              "ko": "예 — 같은 에이전트, 같은 도구, 같은 주문과 환불"},
    "other_agents": {"en": "other agents answered", "ko": "다른 에이전트가 답함"},
    "other_tools": {"en": "other tools ran: {tools}", "ko": "다른 도구가 실행됨: {tools}"},
    "other_orders": {"en": "another number of confirmed orders", "ko": "확정된 주문 수가 다름"},
    "other_refunds": {"en": "other refunds", "ko": "환불이 다름"},
    "other_replies": {"en": "other routine steps at turns {turns}", "ko": "{turns}번째 턴의 루틴 단계가 다름"},
    "joined": {"en": "; ", "ko": ", "},  # between two of the problems above
})

PICTURE = Texts({
    "table_title": {"en": "The same ACME support service, two designs — measured on the same customers",
                    "ko": "같은 ACME 고객 지원 서비스, 두 가지 설계 — 같은 고객들로 잰 값"},
    "calls": {"en": "model calls", "ko": "모델 호출"},
    "tokens_in": {"en": "tokens in", "ko": "입력 토큰"},
    "tokens_out": {"en": "tokens out", "ko": "출력 토큰"},
    "handoffs": {"en": "handoffs", "ko": "핸드오프"},
    "violations": {"en": "out-of-step tools that ran", "ko": "실행되어 버린 단계 밖 도구"},
    "graph_title": {"en": "LangGraph: edges from the agents' own transfer tools",
                    "ko": "LangGraph: 에이전트들의 전달 도구에서 나온 엣지"},
    "growth_title": {"en": "Cost as the conversation grows: tokens the model reads per customer turn",
                     "ko": "대화가 길어질수록 드는 비용: 고객 턴마다 모델이 읽는 토큰"},
    "growth_x": {"en": "customer turn", "ko": "고객 턴"},
    "growth_y": {"en": "tokens in ({counter})", "ko": "입력 토큰 ({counter})"},
    "per_turn": {"en": "all model calls of the turn", "ko": "그 턴의 모든 모델 호출"},
    "history": {"en": "history read by its first call", "ko": "그 턴의 첫 호출이 읽은 기록"},
})

GUIDE = Texts({"guide": {"en": """Decision guide — from the numbers above ({model}; tokens counted by {counter})

Routing: {routing_one} (one agent) and {routing_team} (team), the same route for {same} messages.
  The design does not decide the route: the prompt and the tool descriptions do. Choose the design for the other reasons.
Cost: {calls_one} vs {calls_team} model calls; {in_one} vs {in_team} tokens in ({in_diff:+.1%} for the team).
  The same conversation costs the same: both designs send the whole history on every call.
  Both grow turn by turn: {first_turn} tokens in on the first turn, {last_turn} on the last of the longest conversation.
Boundaries: a rogue model ran {ran_no_guard} of {probes} out-of-step tools in the one agent as seed 000 writes it,
  {ran_guard} with Part 1's step guard, {ran_team} in the team (an agent cannot run a tool it does not hold).
Injections: {inj_one} obeyed (one agent), {inj_team} (team) — the model declines, whichever design carries it.
Wall time: one agent {wall_one}, team {wall_team} here — framework overhead only (a real model's seconds dwarf it).

Choose ONE AGENT WITH STEPS when one process serves the conversation, the steps share one history, and you want a
  new step to be one step (seed 000's "easy to extend" holds) — and add the step guard: without it the
  "hard boundaries" are a prompt, not a wall.
Choose A TEAM OF AGENTS when roles must live apart — separate processes or machines, separate owners, separate
  tool permissions — and scale out (seed 003's claim holds: notebook 08 runs the team over gRPC); boundaries come
  with it.
Neither is cheaper by design. What makes a handoff cheaper is what it carries: notebook 10 hands over a summary
  instead of the whole history.""",
                         "ko": """결정 가이드 — 위의 숫자에서 ({model}, 토큰 계산: {counter})

라우팅: {routing_one} (에이전트 하나), {routing_team} (팀). 같은 경로로 간 메시지: {same}.
  경로를 정하는 건 설계가 아니라 프롬프트와 도구 설명이에요. 설계는 다른 이유로 고르세요.
비용: 모델 호출 {calls_one}번 대 {calls_team}번, 입력 토큰 {in_one} 대 {in_team} (팀 쪽이 {in_diff:+.1%}).
  같은 대화는 비용도 같아요. 두 설계 모두 호출할 때마다 기록 전체를 보내요.
  둘 다 턴마다 커져요. 가장 긴 대화의 입력 토큰은 첫 턴 {first_turn}개에서 마지막 턴 {last_turn}개로 늘어요.
경계: rogue 모델이 단계 밖 도구 {probes}개 중 시드 000 그대로의 에이전트 하나에서는 {ran_no_guard}개를 실행했고,
  1부의 단계 가드가 있으면 {ran_guard}개, 팀에서는 {ran_team}개였어요(에이전트는 자기가 갖지 않은 도구를 실행할 수 없어요).
인젝션: 에이전트 하나는 {inj_one}, 팀은 {inj_team}을(를) 따랐어요 — 어느 설계에 넣든 거절하는 건 모델이에요.
실제 시간: 여기서는 에이전트 하나 {wall_one}, 팀 {wall_team} — 프레임워크 오버헤드일 뿐이에요(실제 모델의 응답 시간 몇 초에 묻혀요).

단계가 있는 에이전트 하나를 고르세요: 한 프로세스가 대화를 맡고, 단계들이 기록 하나를 함께 쓰고, 새 단계를 단계 표의
  항목 하나로 더하고 싶을 때(시드 000의 "확장이 용이함"이 성립해요). 그리고 단계 가드를 꼭 더하세요. 가드가 없으면
  "엄격한 경계"는 벽이 아니라 프롬프트일 뿐이에요.
에이전트 팀을 고르세요: 역할들이 떨어져 있어야 할 때 — 다른 프로세스나 머신, 다른 담당자, 다른 도구 권한 — 그리고
  규모를 키워야 할 때(시드 003의 주장이 성립해요: 노트북 08이 팀을 gRPC로 돌려요). 경계는 덤으로 따라와요.
어느 쪽도 설계만으로 더 싸지지는 않아요. 핸드오프를 싸게 만드는 건 무엇을 넘기느냐예요: 노트북 10은 기록 전체 대신
  요약을 넘겨요."""}})

SEEDS = Texts({"claims": {"en": """Where the seeds' claims hold, measured here
seed 000 "one history": holds — and the team keeps one history too (every UserTask carries it).
seed 000 "cheaper inference": does not hold — {in_one} vs {in_team} tokens in, {calls_one} vs {calls_team} model calls.
seed 000 "hard boundaries": only with a step guard — {ran_no_guard} of {probes} rogue calls ran without one.
seed 000 "easy to extend": holds for both — a step (notebook 04) or an agent and a transfer tool (notebook 07).
seed 003 "separate event-driven agents that scale out": holds — and their boundaries are structural ({ran_team} ran).""",
                          "ko": """시드의 주장이 성립하는지, 여기서 잰 숫자로
시드 000 "하나의 메시지 히스토리": 성립해요 — 팀도 기록 하나를 유지해요(모든 UserTask가 기록을 담아 가요).
시드 000 "추론 비용이 저렴함": 성립하지 않아요 — 입력 토큰 {in_one} 대 {in_team}, 모델 호출 {calls_one}번 대 {calls_team}번.
시드 000 "엄격한 경계": 단계 가드가 있을 때만 — 가드가 없으면 rogue 호출 {probes}번 중 {ran_no_guard}번이 실행됐어요.
시드 000 "확장이 용이함": 둘 다 성립해요 — 단계 하나(노트북 04), 또는 에이전트 하나와 전달 도구 하나(노트북 07).
시드 003 "분산 환경까지 확장되는 이벤트 기반 에이전트": 성립해요 — 게다가 경계가 구조로 보장돼요(실행된 것 {ran_team}개)."""}})
