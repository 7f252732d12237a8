"""Fixtures for the Korean-edition tests: the kit set to Korean for one test, English again afterwards."""

from __future__ import annotations

import pytest

from handoffs.i18n import using_language


@pytest.fixture
def korean():
    """The kit in Korean for this test (``handoffs.set_language("ko")``); the previous setting comes back."""
    with using_language("ko"):
        yield
