"""Every sentence :mod:`handoffs.models.errors` and :mod:`handoffs.models.switch` say, in English and Korean.

One sentence per failure, naming the setting to change (``HANDOFFS_MODEL``, ``OPENAI_API_KEY`` …); the kit's
language (``handoffs.set_language``) picks the column when the error is raised. Setting names, URLs and model
specs are the same in both. Raise them with ``ModelSetupError.of(key, **slots)``; pieces (``at``, ``within`` …)
are read with ``SAY[key]``. Data only.
"""

from __future__ import annotations

from handoffs.i18n import Texts

SAY = Texts({
    # the switch: reading a spec, keys, describing the model
    "no_openai_key": {"en": "No OpenAI key: set OPENAI_API_KEY in your environment (never in a notebook), or set "
                            "{spec}=offline.",
                      "ko": "OpenAI 키가 없어요: 환경 변수 OPENAI_API_KEY에 키를 넣거나(노트북 안에는 절대 넣지 마세요), "
                            "{spec}=offline으로 설정하세요."},
    "offline_model": {"en": "offline model 'handoffs-offline' (deterministic, no network, no key)",
                      "ko": "오프라인 모델 'handoffs-offline' (결정적, 네트워크 없음, 키 없음)"},
    "key_from": {"en": "key from {variable} {masked}", "ko": "키: {variable} {masked}"},
    "no_key": {"en": "no key ({variable} unset)", "ko": "키 없음({variable} 설정 안 됨)"},
    "real_model": {"en": "model '{model}' at {where}, {key}", "ko": "모델 '{model}' ({where}), {key}"},
    "spec_argument": {"en": "the spec argument", "ko": "spec 인자"},
    "userinfo": {"en": "Put no user or password in the server address (in {origin}): set HANDOFFS_API_KEY in your "
                       "environment instead.",
                 "ko": "서버 주소에 사용자 이름이나 비밀번호를 넣지 마세요({origin}): 대신 환경 변수 HANDOFFS_API_KEY를 "
                       "설정하세요."},
    "holds_key": {"en": "{where} seems to hold an API key or token: keep keys in OPENAI_API_KEY or HANDOFFS_API_KEY "
                        "in your environment (never in a notebook) and name only the model in {origin}, e.g. "
                        "openai:gpt-4o-mini.",
                  "ko": "{where}에 API 키나 토큰이 들어 있는 것 같아요: 키는 환경 변수 OPENAI_API_KEY나 "
                        "HANDOFFS_API_KEY에 두고(노트북 안에는 절대 두지 마세요), {origin}에는 모델만 적으세요. 예: "
                        "openai:gpt-4o-mini."},
    "how_address": {"en": "write it as http://host:port/v1 in {origin}",
                    "ko": "{origin}에 http://host:port/v1 형식으로 적으세요"},
    "bad_port": {"en": "its port is not a number from 1 to 65535", "ko": "포트가 1에서 65535 사이의 숫자가 아니에요"},
    "bad_ipv6": {"en": "its [IPv6] address is malformed", "ko": "[IPv6] 주소 형식이 잘못됐어요"},
    "unreadable": {"en": "it cannot be read", "ko": "읽을 수 없어요"},
    "not_address_because": {"en": "'{url}' is not a server address ({problem}): {how}.",
                            "ko": "'{url}'은(는) 서버 주소가 아니에요({problem}): {how}."},
    "not_address": {"en": "'{url}' is not a server address: {how}.", "ko": "'{url}'은(는) 서버 주소가 아니에요: {how}."},
    "one_model": {"en": "Name exactly one model in '{text}' and nothing else after '?', e.g. "
                        "openai-compatible:{address}?model=llama3.1 (fix {origin}).",
                  "ko": "'{text}'에는 모델을 정확히 하나만 적고, '?' 뒤에는 다른 것을 적지 마세요. 예: "
                        "openai-compatible:{address}?model=llama3.1 (고칠 곳: {origin})."},
    "no_scheme": {"en": "'{rest}' looks like a server address without http://: write {fixed} in {origin}.",
                  "ko": "'{rest}'은(는) http://가 빠진 서버 주소 같아요: {origin}에 {fixed} 형식으로 적으세요."},
    "no_address": {"en": "No server address for '{text}': set HANDOFFS_BASE_URL (e.g. http://localhost:11434/v1), "
                         "or write openai-compatible:<base_url>?model={rest} in {origin}.",
                   "ko": "'{text}'에 서버 주소가 없어요: HANDOFFS_BASE_URL을 설정하거나(예: http://localhost:11434/v1), "
                         "{origin}에 openai-compatible:<base_url>?model={rest} 형식으로 적으세요."},
    "unknown_spec": {"en": "Unknown model spec '{text}' (from {origin}): use {forms}.",
                     "ko": "알 수 없는 모델 지정 '{text}'({origin}): 다음 중 하나를 쓰세요: {forms}."},
    "forms": {"en": "offline, openai:<model> (e.g. openai:gpt-4o-mini), openai-compatible:<base_url>?model=<model> "
                    "(e.g. openai-compatible:http://localhost:11434/v1?model=llama3.1), or openai-compatible:<model> "
                    "with HANDOFFS_BASE_URL set",
              "ko": "offline, openai:<model> (예: openai:gpt-4o-mini), openai-compatible:<base_url>?model=<model> "
                    "(예: openai-compatible:http://localhost:11434/v1?model=llama3.1), 또는 HANDOFFS_BASE_URL을 설정한 "
                    "뒤 openai-compatible:<model>"},
    "key_parameter": {"en": "Do not pass {name}= (a key written in a notebook ends up in git): set OPENAI_API_KEY or "
                            "HANDOFFS_API_KEY in your environment instead.",
                      "ko": "{name}=은(는) 넘기지 마세요(노트북에 적은 키는 git에 남아요): 대신 환경 변수 "
                            "OPENAI_API_KEY나 HANDOFFS_API_KEY를 설정하세요."},
    # a real model's call failed: errors.explain_model_error
    "at": {"en": " at {url}", "ko": "({url})"},
    "server": {"en": "The model server{at}", "ko": "모델 서버{at}"},
    "within": {"en": " within {timeout:g} s", "ko": "{timeout:g}초 안에"},
    "in_time": {"en": " in time", "ko": "제시간에"},
    "timeout": {"en": "{server} did not answer{within}: check that it is running, raise the timeout, or fix {spec}.",
                "ko": "{server}가 {within} 답하지 않았어요: 서버가 돌고 있는지 확인하거나, 타임아웃을 늘리거나, "
                      "{spec} 값을 고치세요."},
    "unreachable": {"en": "Cannot reach the model server{at}: start it, or fix {spec}.",
                    "ko": "모델 서버{at}에 연결할 수 없어요: 서버를 시작하거나 {spec} 값을 고치세요."},
    "no_details": {"en": "no details", "ko": "자세한 내용 없음"},
    "auth": {"en": "{server} rejected the API key ({status}): set {key} in your environment to a valid key (never in "
                   "a notebook), or set {offline}.",
             "ko": "{server}가 API 키를 거부했어요({status}): 환경 변수 {key}에 올바른 키를 넣거나(노트북 안에는 절대 "
                   "넣지 마세요), {offline}으로 설정하세요."},
    "model_named": {"en": "the model '{model}'", "ko": "모델 '{model}'"},
    "that_model": {"en": "that model", "ko": "그 모델"},
    "unknown_model": {"en": "{server} does not know {named} (404): fix the model name in {spec}.",
                      "ko": "{server}는 {named}을(를) 몰라요(404): {spec}에 적은 모델 이름을 고치세요."},
    "quota": {"en": "The account behind {key} has no credit left (429 insufficient_quota): add credit, or set "
                    "{offline}.",
              "ko": "{key}의 계정에 남은 크레딧이 없어요(429 insufficient_quota): 크레딧을 충전하거나 {offline}으로 "
                    "설정하세요."},
    "rate_limit": {"en": "{server} kept refusing with 'too many requests' (429) after the SDK's retries: wait a "
                         "minute, or set {offline}.",
                   "ko": "{server}가 SDK가 다시 시도한 뒤에도 계속 '요청이 너무 많다'며 거절했어요(429): 1분쯤 "
                         "기다리거나 {offline}으로 설정하세요."},
    "server_error": {"en": "{server} failed with an internal error ({status}) after the SDK's retries: try again "
                           "later, or set {offline}.",
                     "ko": "{server}가 SDK가 다시 시도한 뒤에도 내부 오류로 실패했어요({status}): 나중에 다시 해 보거나 "
                           "{offline}으로 설정하세요."},
    "refused": {"en": "{server} refused the request ({status}: {detail}); check the spec in {spec}.",
                "ko": "{server}가 요청을 거절했어요({status}: {detail}). {spec}에 적은 지정을 확인하세요."},
})
