"""What the kit's server writes to its own log, in English and Korean (the kit's language picks the column).

The answers a *client* reads stay in English, as OpenAI's own error messages are: they are part of the API.
Data only.
"""

from __future__ import annotations

from handoffs.i18n import Texts

SAY = Texts({
    "disconnected": {"en": "A client disconnected after sending {got:,} bytes{declared} of its request body; nothing "
                           "was answered.",
                     "ko": "클라이언트가 요청 본문을 {got:,}바이트{declared} 보낸 뒤 연결을 끊었어요. 아무것도 답하지 "
                           "않았어요."},
    "of_declared": {"en": " (of {declared:,} declared)", "ko": "(선언된 {declared:,}바이트 중)"},
    "no_workers": {"en": "The server cannot start its decision processes ({reason}): deciding in threads instead, so "
                         "one slow request can slow the others.",
                   "ko": "서버가 결정용 프로세스를 시작하지 못했어요({reason}). 대신 스레드에서 결정하므로 느린 요청 "
                         "하나가 다른 요청을 늦출 수 있어요."},
})
