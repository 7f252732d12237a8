"""How many entries the offline model's memos of one text (or one message, or one call's arguments) keep.

The model reads the same message again on every call of a conversation (a team resends the whole history), and
several of its readings are asked of one text within one call; a memo answers those from the first reading. What
such a memo must hold is one conversation's texts while it is decided, and a little more: measured on
``benchmarks.decisions`` (every request of both seeds' walk-throughs, with and without never-seen words) and
``benchmarks.part1`` (seed 000's conversations, chunks of 50 per variant), each memo bounded by :data:`TEXTS_KEPT` had
exactly the hits and misses at 256 entries that it had at its former 1,024-4,096 (``lru_cache.cache_info()`` over
the run).

What a larger bound buys is one thing only: many conversations deciding turn by turn, side by side (Part 2's
crowd), finding a session's earlier messages still kept one round later, which needs an entry per text of *every*
open session (1,000 sessions: ~4,000 texts; 10,000: none are found again, at any of these bounds). It cost memory
in proportion to the crowd (~6 KiB a session of 1,000 held in these memos). So the bound is the conversation's
need, not the crowd's.

Word-level memos (a word's stem, spelling, English form) keep their own, larger bounds: the words of many
conversations are few and shared. Not here: the memo of whole answers (``engine._ANSWERS``) and of readings of tool
specs (bounded by the tools a process makes).
"""

TEXTS_KEPT = 256
"""Entries kept by each memo of a text, a message or a call's arguments (least recently asked forgotten first)."""
