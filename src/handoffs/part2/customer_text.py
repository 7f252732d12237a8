"""What the team's plumbing (not a model) shows a customer in the chat panel, in English and Korean.

The order question ``execute_order`` asks before an order runs, and the line that closes a session, with the names
they appear under in the transcript. They follow the kit's language (``handoffs.set_language``), like the rest of
the panel; the agents' own replies follow the customer's language (the model's business). Nothing here reaches a
model: the model only reads the tool's result ("Success" / "User cancelled order.").
"""

from __future__ import annotations

from handoffs.i18n import Texts

CUSTOMER_TEXT = Texts({
    "order_summary": {"en": "=== Order Summary ===\nProduct: {product}\nPrice: ${price:,}\nConfirm order? y/n",
                      "ko": "=== 주문 요약 ===\n상품: {product}\n가격: ${price:,}\n주문할까요? y/n"},
    "order": {"en": "order", "ko": "주문"},
    "session": {"en": "session", "ko": "세션"},
    "ended": {"en": "Session ended. Goodbye!", "ko": "상담이 끝났습니다. 안녕히 가세요!"},
})
