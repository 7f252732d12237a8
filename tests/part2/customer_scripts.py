"""The customers' lines for seed 003's three paths, shared by the Part 2 tests.

(A module of its own, not ``conftest``: two test folders have a ``conftest.py``, and ``from conftest import``
picks whichever was imported first when both folders run together.)
"""

SALES = ["I want to buy something", "Roadrunners keep escaping from me", "That sounds great, I'm in", "yes"]
REFUND = ["I want a refund", "My rocket skates broke after one day", "No, that did not help", "Yes, please refund me"]
HUMAN = ["I want to talk to a human", "Thanks, that helps"]
