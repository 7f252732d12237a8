"""Every sentence the offline model can say, in English and Korean, and the made-up things it talks about.

:func:`say` looks a sentence up by key and language and fills its slots: ``say("offer_refund", "ko")``. The model
answers in the customer's language (``models.text.language_of`` of their last message), so a Korean customer gets
Korean questions, offers and goodbyes from the same decision.

:data:`GLOSSARY` carries the kit's own prompt phrases into Korean (seed 003's "catching roadrunners"); a phrase it
does not know is not machine-translated — the reply then says the same thing in general words.

Data only: which sentence to say when is :mod:`handoffs.models.replies`' business.
"""

from __future__ import annotations

PHRASES: dict[str, dict[str, str]] = {
    "decline_injection": {"en": "I can't set my instructions aside, but I'm happy to help within them.",
                          "ko": "지시 사항을 무시할 수는 없지만, 그 안에서라면 기꺼이 도와드릴게요."},
    "which_of_two": {"en": "Just to be sure I send you to the right place: is this about {a} or {b}?",
                     "ko": "정확히 안내해 드리려고 여쭤볼게요. {a} 문의인가요, 아니면 {b} 문의인가요?"},
    "which_category": {"en": "Is it a {options} matter?", "ko": "{options} 중 어떤 문제인가요?"},
    "what_brings_you": {"en": "What brings you here today: {options}?",
                        "ko": "어떤 일로 찾아오셨나요? {options} 중 어느 쪽이신가요?"},
    "how_can_i_help": {"en": "How can I help you today?", "ko": "무엇을 도와드릴까요?"},
    "greeting_as": {"en": "Hi, I'm {who}.", "ko": "안녕하세요, {who}입니다."},
    "greeting": {"en": "Hi there.", "ko": "안녕하세요."},
    "sorry_tell_more": {"en": "I'm sorry to hear that. Could you tell me a bit more about what happened?",
                        "ko": "불편을 드려 죄송합니다. 어떤 일이 있었는지 조금 더 자세히 말씀해 주시겠어요?"},
    "ask_about": {"en": "Quick question: any {topic}?", "ko": "혹시 {topic} 있으신가요?"},
    "ask_about_general": {"en": "Quick question: is there anything in particular bothering you?",
                          "ko": "혹시 요즘 특별히 불편하신 점이 있으신가요?"},
    "ask_wh": {"en": "{question}?", "ko": "{question}?"},
    "ask_wh_general": {"en": "Could you tell me a bit more?", "ko": "조금 더 자세히 알려 주시겠어요?"},
    "ask_whether": {"en": "Could you tell me whether {what}?", "ko": "{what} 알려 주시겠어요?"},
    "mention_product": {"en": "You know, the {product} could help with exactly that.",
                        "ko": "그렇다면 {product_subject} 딱 도움이 될 거예요."},
    "price": {"en": "The {product} can be yours for just ${price:,}. Shall I place the order?",
              "ko": "{product}, 단돈 ${price:,}에 드려요. 주문해 드릴까요?"},
    "propose_fix": {"en": "Let's try a fix: {fix}. Does that solve it?", "ko": "이렇게 해 보세요: {fix}. 해결되셨나요?"},
    "offer_refund": {"en": "I'm sorry that didn't help. Would you like a refund?",
                     "ko": "도움이 되지 못해 죄송합니다. 환불해 드릴까요?"},
    "caveat": {"en": "Done! One small caveat: {caveat}.", "ko": "완료됐습니다! 다만 한 가지 주의하실 점이 있어요: {caveat}."},
    "tell": {"en": "{sentence}.", "ko": "{sentence}."},
    "tell_quoted": {"en": "{sentence}.", "ko": "안내해 드릴게요: “{sentence}.”"},
    "got_it": {"en": "Got it. Anything else I can help with?", "ko": "알겠습니다. 더 도와드릴 일이 있을까요?"},
    "glad_it_helped": {"en": "Glad that helped! Anything else I can do for you?",
                       "ko": "해결되어 다행이에요! 더 도와드릴 일이 있을까요?"},
    "no_problem": {"en": "No problem. Let me know if you change your mind.",
                   "ko": "알겠습니다. 마음이 바뀌시면 언제든 말씀해 주세요."},
    "confirm_first": {"en": "Just to confirm: shall I go ahead?", "ko": "확인차 여쭤볼게요. 진행해 드릴까요?"},
    "you_are_welcome": {"en": "You're welcome! Have a great day.", "ko": "천만에요! 좋은 하루 보내세요."},
    "goodbye": {"en": "Thanks for contacting us. Goodbye, and have a great day!",
                "ko": "문의해 주셔서 감사합니다. 좋은 하루 보내세요!"},
    "did_not_go_through": {"en": "That didn't go through ({label}: {result}).",
                           "ko": "처리되지 않았습니다 ({label}: {result})."},
    "processed": {"en": "All done: your {thing} has been processed ({name} said {result!r}).",
                  "ko": "{thing_ko} 처리가 완료되었습니다 ({name}: {result!r})."},
    "reported": {"en": "All done: {label} reported {result!r}.", "ko": "처리되었습니다 ({name}: {result!r})."},
    "done_summary": {"en": "{summary}", "ko": "{summary}"},
}

# What a finished tool did, said in Korean by the concept of its name and result (its own text is English).
DONE_KO: dict[str, str] = {
    "refund": "환불 처리가 완료되었습니다.",
    "billing": "결제 문제를 처리했고, 중복 결제는 환불되었습니다.",
    "technical": "기술 문제를 조치했습니다. 앱을 업데이트한 뒤 다시 로그인해 주세요.",
    "sales": "주문이 완료되었습니다.",
    "escalate": "관리자에게 사건을 넘겼고, 곧 연락을 드릴 예정입니다.",
    "shipping": "배송 관련 요청을 처리했습니다.",
    "account": "요청하신 내용을 계정에 반영했고, 확인 메일을 보내 드렸습니다.",
    "general": "요청하신 내용을 처리했습니다.",
}
THINGS_KO: dict[str, str] = {"order": "주문", "refund": "환불", "ticket": "티켓 접수", "payment": "결제",
                             "booking": "예약", "return": "반품", "item": "상품", "request": "요청"}

MADE_UP_PRODUCTS = ("ACME Rocket Skates", "ACME Giant Rubber Band", "ACME Earthquake Pills",
                    "ACME Portable Hole", "ACME Jet-Propelled Pogo Stick")
MADE_UP_PRODUCTS_KO = ("ACME 로켓 스케이트", "ACME 초대형 고무줄", "ACME 지진 알약", "ACME 휴대용 구멍",
                       "ACME 제트 추진 스카이콩콩")
PRICES = (9_999_999, 1_250_000, 48_000, 777_777)
FIXES = {"en": ("turn it off, wait ten seconds, and turn it back on", "tighten the blue bolt on the underside",
                "recalibrate it with the ACME tuning fork that came in the box"),
         "ko": ("전원을 끄고 10초 기다린 다음 다시 켜 주세요", "바닥면의 파란 볼트를 꽉 조여 주세요",
                "상자에 들어 있던 ACME 소리굽쇠로 다시 보정해 주세요")}
CAVEATS = {"en": ("it only works on Tuesdays", "it must never be used near canyons",
                  "it occasionally launches its owner into orbit"),
           "ko": ("화요일에만 작동해요", "협곡 근처에서는 절대 쓰시면 안 돼요", "가끔 주인을 궤도로 쏘아 올려요")}

# The kit's own prompt phrases in Korean (seed 003 and the exercises' solutions).
GLOSSARY: dict[str, str] = {
    "any problems in your life related to catching roadrunners": "로드러너 잡는 일로 겪고 계신 고민이",
    "problems in your life related to catching roadrunners": "로드러너 잡는 일로 겪고 계신 고민이",
    "which charge on your statement looks wrong": "명세서에서 어떤 결제가 잘못된 것 같으신가요",
    "duplicate charges are reversed within 3 days": "중복 결제는 3일 안에 취소됩니다",
    "a manager will call you back": "관리자가 곧 다시 연락드릴 거예요",
    "a manager will call them back": "관리자가 곧 다시 연락드릴 거예요",
}
# How to call the one the customer is talking to, in Korean, by the role named in the prompt's persona.
ROLES_KO: dict[str, str] = {"sales": "ACME 영업 담당", "billing": "결제 담당", "technical": "기술 지원 담당",
                            "repairs": "수리 담당", "shipping": "배송 담당", "escalate": "관리자"}


def say(key: str, lang: str, **slots: object) -> str:
    """The sentence ``key`` in ``lang`` ("en" or "ko"; anything else means English), slots filled."""
    table = PHRASES[key]
    return table.get(lang, table["en"]).format(**slots)


def josa(word: str, pair: str) -> str:
    """The Korean particle that fits after ``word``: ``josa("스케이트", "이/가")`` -> "가" (no final consonant)."""
    with_final, without_final = pair.split("/")
    last = word.rstrip(" .)\"'”")[-1:] if word.strip() else ""
    if "\uac00" <= last <= "\ud7a3":
        return with_final if (ord(last) - 0xAC00) % 28 else without_final
    return without_final if last.isalpha() and last.lower() in "aeiouy" else with_final
