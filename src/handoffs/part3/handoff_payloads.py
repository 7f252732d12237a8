"""Notebook 10's lesson code — the typed payload, the history filters, the ``on_handoff`` hook and the shaper that
applies them — as a module, for the tests, the decks and :mod:`.carrying`.

The code is not here: it is written in notebook 10's cells tagged ``lesson`` (the learner edits and re-runs them)
and :func:`handoffs.lessons.load` makes this module's names from those cells. To change the payload or a filter,
change the cell in ``notebooks/10_what_a_handoff_carries.ipynb``; the Korean twin's cells are the same code.
"""

from __future__ import annotations

from handoffs.lessons import load

_LESSON = load("10_what_a_handoff_carries")

TransferNote = _LESSON.TransferNote
TYPED_TRIAGE_TRANSFER_TOOLS = _LESSON.TYPED_TRIAGE_TRANSFER_TOOLS
transfer_note = _LESSON.transfer_note
whole_history = _LESSON.whole_history
remove_all_tools = _LESSON.remove_all_tools
note_and_last_words = _LESSON.note_and_last_words
look_up_order = _LESSON.look_up_order
HistoryFilter = _LESSON.HistoryFilter
OnHandoff = _LESSON.OnHandoff
CarriedHandoff = _LESSON.CarriedHandoff
HandoffShaper = _LESSON.HandoffShaper

__all__ = ["CarriedHandoff", "HandoffShaper", "HistoryFilter", "OnHandoff", "TYPED_TRIAGE_TRANSFER_TOOLS", "TransferNote",
           "look_up_order", "note_and_last_words", "remove_all_tools", "transfer_note", "whole_history"]
