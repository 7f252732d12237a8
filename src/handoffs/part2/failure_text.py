"""The one sentence each multi-agent failure says — a session that did not finish, a cluster process that failed —
in English and Korean (the kit's language picks the column when the error is raised).

Each names the real cause and what to do: an operator who has not answered, a worker process that is stopped or
not responding, a process that exited, a host that cannot be reached; blaming the wiring (a transfer tool whose
topic nobody subscribes to) only when nothing else explains the silence. Data only; used by
:mod:`handoffs.part2.sessions` and :mod:`handoffs.part2.grpc_cluster`.
"""

from __future__ import annotations

from handoffs.i18n import Texts

SAY = Texts({
    # sessions: a session that did not finish in time
    "waited": {"en": "session {session!r} did not finish within {timeout:g} s",
               "ko": "세션 {session!r}이(가) {timeout:g}초 안에 끝나지 않았어요"},
    "no_operator": {"en": "{waited}: no operator has answered yet — answer on the Operator desk.",
                    "ko": "{waited}: 아직 상담원이 답하지 않았어요 — 상담원 데스크에서 답하세요."},
    "heard": {"en": "last answer from {agent}: {reply!r}", "ko": "마지막 답: {agent}, {reply!r}"},
    "nothing_heard": {"en": "no answer at all", "ko": "답이 하나도 없었어요"},
    "stalled": {"en": "{waited} ({heard}); check whether a transfer tool hands off to a topic type no agent "
                      "subscribes to, or raise the timeout.",
                "ko": "{waited}({heard}). 전달 도구가 어떤 에이전트도 구독하지 않는 토픽 타입으로 핸드오프하는지 "
                      "확인하거나, 타임아웃을 늘리세요."},
    # gRPC: a worker that is alive but does not answer
    "frozen": {"en": "{waited}: {name} ({hosted}) is not responding — its process {pid} is stopped (SIGSTOP, Ctrl-Z "
                     "or a debugger): resume it with `kill -CONT {pid}`, or start a new cluster.",
               "ko": "{waited}: {hosted}을(를) 맡은 {name}이(가) 응답하지 않아요 — 프로세스 {pid}이(가) 멈춰 있어요(SIGSTOP, "
                     "Ctrl-Z 또는 디버거). `kill -CONT {pid}`로 다시 움직이게 하거나 새 클러스터를 시작하세요."},
    "silent_workers": {"en": "{waited} ({heard}): the worker processes ({hosted}) did not answer — one may be busy "
                             "or hung (read its log with cluster.log('<name>')), or a transfer tool hands off to a "
                             "topic type no agent subscribes to; raise the timeout if the model is slow.",
                       "ko": "{waited}({heard}): 워커 프로세스({hosted})가 답하지 않았어요 — 하나가 바쁘거나 멈췄을 수 "
                             "있어요(cluster.log('<name>')로 로그를 보세요). 또는 전달 도구가 어떤 에이전트도 구독하지 않는 토픽 "
                             "타입으로 핸드오프하고 있을 수 있어요. 모델이 느리다면 타임아웃을 늘리세요."},
    # gRPC: processes that exited or cannot be reached
    "exited_starting": {"en": "{name} exited with code {code} while starting ({line}): fix that and start the "
                              "cluster again.",
                        "ko": "{name}이(가) 시작하는 중에 종료 코드 {code}로 끝났어요({line}). 원인을 고치고 "
                              "클러스터를 다시 시작하세요."},
    "slow_start": {"en": "{name} did not start within {timeout:g} s (last output: {line}): raise startup_timeout or "
                         "check the log.",
                   "ko": "{name}이(가) {timeout:g}초 안에 시작하지 않았어요(마지막 출력: {line}). startup_timeout을 "
                         "늘리거나 로그를 확인하세요."},
    "routing": {"en": "the message routing", "ko": "메시지 라우팅"},
    "gone": {"en": "{name} ({hosted}) is no longer running (exit code {code}){during}: start a new cluster with "
                   "`async with GrpcCluster(...)`.",
             "ko": "{hosted}을(를) 맡은 {name}이(가) 더 이상 실행 중이 아니에요(종료 코드 {code}){during}. "
                   "`async with GrpcCluster(...)`로 새 클러스터를 시작하세요."},
    "while_session": {"en": " while session {session!r} was running", "ko": " — 세션 {session!r} 진행 중"},
    "so_cannot_join": {"en": " so this process cannot join it", "ko": " — 그래서 이 프로세스가 합류할 수 없어요"},
    "host_died": {"en": " while this process was connected to it", "ko": " — 이 프로세스가 연결된 동안"},
    "one_at_a_time": {"en": "Session {session!r} cannot join the cluster while another session is still connected "
                            "to it (one process at a time hosts the customer's and the operator's agents, {customer} "
                            "and {operator}): await that session before starting this one.",
                      "ko": "다른 세션이 아직 클러스터에 연결되어 있어서 세션 {session!r}이(가) 합류할 수 없어요(고객과 "
                            "상담원의 에이전트인 {customer}과(와) {operator}은(는) 한 번에 한 프로세스만 맡아요). 그 세션을 "
                            "await로 끝낸 뒤에 이 세션을 시작하세요."},
    "unreachable": {"en": "Cannot reach the gRPC host at {address} ({reason}): start the cluster with "
                          "`async with GrpcCluster(...)` and run the session inside that block.",
                    "ko": "{address}의 gRPC 호스트에 연결할 수 없어요({reason}). `async with GrpcCluster(...)`로 "
                          "클러스터를 시작하고 그 블록 안에서 세션을 실행하세요."},
})
