"""Part 3 tests count tokens exactly (as notebooks 09 and 10 do) and put the kit's counter back afterwards."""

import pytest

from handoffs.models.tokens import token_method, use_counter


@pytest.fixture
def exact_tokens():
    before = "approx" if token_method().startswith("approx") else "auto"
    yield use_counter("cl100k")
    use_counter(before)
