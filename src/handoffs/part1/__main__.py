"""Talk to the support bot from a shell, one message per run, remembering the conversation in a SQLite file.

    python -m handoffs.part1 --db support.sqlite --thread customer-42 "I was charged twice"

Each run is a fresh process with a fresh agent object: whatever it remembers came from the file. Notebook 03
uses this to show a conversation surviving a restart; ``tests/part1/test_memory.py`` asserts it.
It prints the customer messages of the thread so far, the step and issue type, and the bot's reply. Two runs on the
same file and thread at once take turns (the second waits for the first, then continues from its answer).
"""

from __future__ import annotations

import argparse
import sys

from handoffs.i18n import Texts
from handoffs.part1.agent import ask, build_support_agent, last_reply, sqlite_memory
from handoffs.part1.memory import ConcurrentTurnError
from handoffs.part1.walkthrough import state_summary


#: what a run prints, in the kit's language (HANDOFFS_LANG: a notebook's handoffs.set_language reaches this process)
CLI_TEXT = Texts({
    "said": {"en": "customer messages in thread {thread!r} so far: {said}",
             "ko": "스레드 {thread!r}에서 지금까지 고객이 한 말: {said}"},
    "bot": {"en": "bot: {reply}", "ko": "봇: {reply}"},
})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m handoffs.part1", description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True, help="SQLite file that keeps the conversations")
    parser.add_argument("--thread", default="default", help="conversation id (LangGraph thread_id)")
    parser.add_argument("text", help="the customer's message")
    args = parser.parse_args(argv)
    if not args.text.strip():
        parser.error("the message is empty")
    agent = build_support_agent(checkpointer=sqlite_memory(args.db))
    try:
        state = ask(agent, args.text, {"configurable": {"thread_id": args.thread}})
    except ConcurrentTurnError as error:
        print(error, file=sys.stderr)
        return 1
    said = [m.content for m in state["messages"] if m.type == "human"]
    print(CLI_TEXT["said"].format(thread=args.thread, said=said))
    print(state_summary(state))
    print(CLI_TEXT["bot"].format(reply=last_reply(state)))
    return 0


if __name__ == "__main__":
    from handoffs.quick_exit import exit_code

    sys.exit(exit_code(main()))  # no final garbage collections over LangChain: see handoffs.quick_exit
