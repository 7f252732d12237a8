"""``python -m handoffs.server``: serve the offline model over OpenAI's API, for a test run or a workshop room.

    python -m handoffs.server --port 8765                   # this machine only (127.0.0.1)
    HANDOFFS_SERVER_TOKEN=s3cret python -m handoffs.server --host 0.0.0.0 --port 8765   # a room

Learners then set ``HANDOFFS_MODEL=openai-compatible:http://<host>:8765/v1?model=handoffs-offline`` and, if a
token guards it, ``HANDOFFS_API_KEY=<token>``; ``./kit preflight`` on their laptops then checks that the address
answers and the token is accepted. Served on every address (``--host 0.0.0.0`` or ``::``), the server prints this
machine's address on the room's network (:func:`lan_address`, found without sending anything) in the exact
``HANDOFFS_MODEL=...`` line learners copy. Serving beyond loopback requires a token (``--token`` or,
better, kept out of shell history, ``HANDOFFS_SERVER_TOKEN``). The token is never printed; spaces and a trailing
newline around it (a ``.env`` file) are dropped, and a token of only spaces is refused. ``--max-body-mb`` bounds a
request's size (413 beyond it); ``--decision-budget`` bounds the seconds one request may take to decide (a 422
beyond it; decisions run in worker processes, so a slow one does not stall the others). ``--fail-status``,
``--fail-times`` and ``--delay`` make the server fail on purpose, to see what a client does with a 429,
a 500 or a slow answer.
"""

from __future__ import annotations

import argparse
import ipaddress
import os
import socket
import sys

import uvicorn

from handoffs.server.app import EMPTY_TOKEN, OFFLINE_MODEL_NAME, FailurePlan, create_app
from handoffs.server.body_limit import DEFAULT_MAX_BODY_BYTES
from handoffs.server.decision_pool import DEFAULT_BUDGET_S


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def lan_address() -> str | None:
    """This machine's IPv4 address on its local network, or None when it has none but loopback.

    A UDP socket "connected" to a private address picks the interface the system would route through and sends
    nothing (UDP's connect only sets the peer); its own address is then the one learners can reach. Falls back to
    what the host name resolves to, when that is not loopback.
    """
    for probe in ("10.255.255.255", "192.168.255.255", "172.31.255.255"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
                sock.connect((probe, 1))
                address = sock.getsockname()[0]
        except OSError:
            continue
        if address and not ipaddress.ip_address(address).is_loopback and address != "0.0.0.0":
            return address
    try:
        address = socket.gethostbyname(socket.gethostname())
    except OSError:
        return None
    return None if ipaddress.ip_address(address).is_loopback else address


def room_lines(host: str, port: int, model: str, token: bool, address: str | None) -> list[str]:
    """What the server prints at start: where it listens and the exact line learners set (no token shown)."""
    everywhere = host in ("0.0.0.0", "::")
    shown = (address or "127.0.0.1") if everywhere else host
    guard = "token required: learners set HANDOFFS_API_KEY to it" if token else "no token"
    line = f"HANDOFFS_MODEL=openai-compatible:http://{shown}:{port}/v1?model={model}"
    if not everywhere or _is_loopback(shown):
        lines = [f"Serving {model} at http://{shown}:{port}/v1 ({guard}); use {line}"]
        if everywhere:
            lines.append("This machine has no address on a local network (only loopback): learners on other "
                         "laptops cannot reach it; connect it to the room's network and start the server again.")
        return lines
    return [f"Serving {model} on every address of this machine, port {port} ({guard}).",
            f"Learners on the room's network use this machine's address, {shown}: on each laptop set",
            f"    {line}",
            *(["    HANDOFFS_API_KEY=<the token you chose>   (not shown here)"] if token else []),
            "then run ./kit preflight there: it checks that this address answers and the token is accepted."]


def port_number(text: str) -> int:
    """A TCP port from the command line, or argparse's one-line error saying which numbers work."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number: use a number from 1 to 65535") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is out of range: use a port from 1 to 65535")
    return port


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m handoffs.server", description=__doc__.split("\n")[0])
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=port_number, default=8765, help="port (default 8765)")
    parser.add_argument("--token", default=os.environ.get("HANDOFFS_SERVER_TOKEN"),
                        help="require 'Authorization: Bearer TOKEN' (default: $HANDOFFS_SERVER_TOKEN)")
    parser.add_argument("--model", action="append", dest="models",
                        help=f"a model name to serve (repeatable; default {OFFLINE_MODEL_NAME})")
    parser.add_argument("--fail-status", type=int, choices=[429, 500, 502, 503], help="fail chat requests on purpose")
    parser.add_argument("--fail-times", type=int, default=None, help="only the first N chat requests fail")
    parser.add_argument("--delay", type=float, default=0.0, help="seconds to wait before each chat answer")
    parser.add_argument("--decision-budget", type=float, default=DEFAULT_BUDGET_S, metavar="SECONDS",
                        help="seconds one request may take to decide (default %(default)g; longer ones are stopped "
                             "and answered 422)")
    parser.add_argument("--max-body-mb", type=float, default=DEFAULT_MAX_BODY_BYTES / 2**20,
                        help="largest request body accepted, in MiB (default %(default)g; larger ones get a 413)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.token is not None and args.token != "" and not args.token.strip():
        print(EMPTY_TOKEN, file=sys.stderr)
        return 2
    args.token = (args.token or "").strip() or None
    if args.max_body_mb <= 0:
        print("--max-body-mb must be more than 0 (e.g. --max-body-mb 4).", file=sys.stderr)
        return 2
    if not _is_loopback(args.host) and not args.token:
        print(f"Refusing to serve on {args.host} without a token: set HANDOFFS_SERVER_TOKEN (or --token), "
              "or keep --host 127.0.0.1.", file=sys.stderr)
        return 2
    if args.decision_budget <= 0:
        print("--decision-budget must be more than 0 seconds (e.g. --decision-budget 10).", file=sys.stderr)
        return 2
    models = tuple(args.models or [OFFLINE_MODEL_NAME])
    plan = FailurePlan(status=args.fail_status, times=args.fail_times, delay_s=args.delay)
    app = create_app(token=args.token, models=models, failure=plan, max_body_bytes=int(args.max_body_mb * 2**20),
                     decision_budget_s=args.decision_budget)
    address = lan_address() if args.host in ("0.0.0.0", "::") else None
    print("\n".join(room_lines(args.host, args.port, models[0], bool(args.token), address)), flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", lifespan="off")
    return 0


if __name__ == "__main__":
    sys.exit(main())
