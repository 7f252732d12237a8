"""A decision worker of the kit's server: ``python -m handoffs.server.decision_worker --parent-pid PID``.

Started by :class:`handoffs.server.decision_pool.DecisionPool`, never by hand. It reads length-prefixed pickled
frames on stdin and writes them on stdout: first the decision function to use (``None`` = the offline model,
or ``"module:function"``) with the server's settings (language, token counter; or ``None``), answered ``"ready"``
once the model is imported, the settings applied, one request answered (warm) and what is alive then frozen
(:func:`settle`);
then one ``(raw_body, models, (language, token_counter))`` per request (the server process's settings), answered
``("ok", (streamed, reply))`` or
``("bad", (message, param, status, code))`` — :func:`handoffs.server.replies.answer` does the work.

It exits when stdin reaches end of file (the server closed it, or the server process is gone, however it ended)
or when its parent pid changes. The frames come only from the process that started it (pickle is trusted here
for that reason alone); nothing else listens.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import sys
import threading
import time
from typing import Any, Callable

from handoffs.server.worker_process import read_frame, write_frame

WARM_BODY = (b'{"model": "warm", "messages": [{"role": "user", "content": "I was charged twice"}], "tools": '
             b'[{"type": "function", "function": {"name": "transfer_to_billing", "description": "Billing questions",'
             b' "parameters": {"type": "object", "properties": {}}}}]}')


def load_decide(spec: str | None) -> Callable[..., Any]:
    if spec is None:
        from handoffs.models import decide

        return decide
    module, _, name = spec.partition(":")
    target: Any = importlib.import_module(module)
    for part in name.split("."):
        target = getattr(target, part)
    return target


def apply_settings(language: str, counter: str) -> None:
    """Answer as the server's process would: its language (the model's reasons), its token counter (usage)."""
    from handoffs.i18n import language as current_language, set_language
    from handoffs.models.tokens import counter_name, use_counter

    if language != current_language():
        set_language(language)
    if counter != counter_name():
        use_counter(counter)


def watch_parent(parent_pid: int) -> None:
    while os.getppid() == parent_pid:
        time.sleep(1.0)
    os._exit(0)


def settle() -> None:
    """After the warm-up, collect once and freeze what is alive (``gc.freeze``): the imported model and frameworks,
    the tables, what the warm request cached. They live as long as this process, which lives only to decide, and
    otherwise every full collection walks them all again (~59,000 objects, 30-40 ms) in the middle of a request,
    while every request queued on this worker waits. Frozen, a full collection walks only what requests made since;
    their garbage, cycles included, is collected as before."""
    gc.collect()
    gc.freeze()


def main(argv: list[str] | None = None) -> int:
    """Serve frames until the server closes stdin; a server gone while a frame is being written (it stopped while
    this worker was still warming up) is the same quiet end, not a traceback on the server's log."""
    try:
        return _serve(argv)
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.__stdout__.fileno())  # nothing left to flush at exit
        return 0


def _serve(argv: list[str] | None) -> int:
    parser = argparse.ArgumentParser(prog="python -m handoffs.server.decision_worker")
    parser.add_argument("--parent-pid", type=int, required=True)
    args = parser.parse_args(argv)
    threading.Thread(target=watch_parent, args=(args.parent_pid,), daemon=True).start()
    source, sink = sys.stdin.fileno(), sys.stdout.buffer
    sys.stdout = sys.stderr  # a stray print must not corrupt the frames
    from handoffs.server.replies import answer, model_failed
    from handoffs.server.request_checks import BadRequest

    try:
        spec, settings = read_frame(source)
        decide = load_decide(spec)
        if settings is not None:
            apply_settings(*settings)  # the server's language and token counter, loaded now rather than on request
        answer(WARM_BODY, ("warm",), decide)
        settle()
    except EOFError:
        return 0
    except Exception as error:  # tell the pool why, in one line
        write_frame(sink, f"{type(error).__name__}: {error}"[:300])
        return 1
    write_frame(sink, "ready")
    while True:
        try:
            raw, models, settings = read_frame(source)
        except EOFError:
            return 0
        try:
            apply_settings(*settings)
            write_frame(sink, ("ok", answer(raw, models, decide)))
        except Exception as error:  # anything else the model raised is the same 422 as in-process, never a crash
            bad = error if isinstance(error, BadRequest) else model_failed(error)
            write_frame(sink, ("bad", (bad.message, bad.param, bad.status, bad.code)))


if __name__ == "__main__":
    sys.exit(main())
