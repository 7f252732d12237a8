"""One clear sentence for everything that can go wrong between the kit and a model.

A learner who mistypes a model name or forgets a key should read *one* sentence naming the setting to
change, not forty lines of HTTP internals. This module holds:

* :class:`ModelSetupError` — raised by :mod:`handoffs.models.switch` before any request is made (unknown
  spec, missing key, a key passed as a parameter);
* :class:`ModelCallError` — raised when a request to a real model fails; ``kind`` says what failed
  (``auth``, ``unknown_model``, ``rate_limit``, ``server_error``, ``timeout``, ``unreachable``,
  ``bad_request``, ``refused``) and ``status_code`` the HTTP status, if any;
* :func:`explain_model_error` — turns the ``openai`` SDK's exceptions into that one sentence;
* :func:`mask_secret` — how a key may appear anywhere at all (it never does in full);
* :func:`redact_secrets` — the one place that hides anything key-like in a text before the kit shows it: the
  values of the key variables, ``sk-…`` and other providers' key shapes, long random tokens, ``api_key=``/
  ``token=``-style query parameters, a password in a URL and a ``Bearer`` header. Error sentences, descriptions,
  reprs and panels all pass through it.

In Jupyter these errors show as their one sentence, without a traceback (``_render_traceback_``).

It does not retry anything: transient failures (429, 5xx, timeouts) are retried by the ``openai`` SDK
itself (``max_retries``) before they reach this module.
"""

from __future__ import annotations

import os
import re
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import openai

OFFLINE_HINT = "HANDOFFS_MODEL=offline"
HIDDEN = "[hidden]"
SECRET_VARIABLES = ("OPENAI_API_KEY", "HANDOFFS_API_KEY", "HANDOFFS_SERVER_TOKEN")
"""Environment variables whose values are secrets: their values are hidden wherever they appear in a text."""
_KNOWN_SECRETS: set[str] = set()
_MIN_SECRET_LENGTH = 6  # shorter values would hide ordinary words
_KEY_PREFIXES = re.compile(
    r"\b(?:sk|pk|rk)-[A-Za-z0-9_\-]{8,}"          # OpenAI, Anthropic (sk-ant-...), Stripe-style keys
    r"|\b(?:ghp|gho|ghu|ghs|ghr|github_pat|glpat|hf|xox[abposr])[_-][A-Za-z0-9_\-]{10,}"
    r"|\bAKIA[0-9A-Z]{16}\b|\bAIza[0-9A-Za-z_\-]{30,}"
)
_SECRET_PARAMETER = re.compile(
    r"(?i)\b((?:api[_-]?key|apikey|key|token|access[_-]?token|auth|authorization|secret|client[_-]?secret|password|"
    r"passwd|pwd|sig|signature|session)=)([^&#\s'\"]+)"
)
_URL_USERINFO = re.compile(r"(?i)\b([a-z][a-z0-9+.\-]*://)[^/@\s'\"]+@")
_BEARER = re.compile(r"(?i)\b(bearer|basic)\s+[A-Za-z0-9._~+/=\-]{6,}")
_LONG_RUN = re.compile(r"[A-Za-z0-9]{16,}")



class ModelError(Exception):
    """Base class: ``str(error)`` is one sentence meant for the learner."""

    def __init__(self, message: str, *, kind: str = "setup", status_code: int | None = None,
                 original: BaseException | None = None) -> None:
        message = redact_secrets(message)  # an error sentence never carries a key, whoever wrote it
        super().__init__(message)
        self.message = message
        self.kind = kind
        self.status_code = status_code
        self.original = original  # the SDK's exception, for debugging; never part of the message or the repr

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.message!r})"

    def _render_traceback_(self) -> list[str]:
        """What IPython/Jupyter shows instead of a traceback: the one sentence, nothing else."""
        return [f"{type(self).__name__}: {self.message}"]


class ModelSetupError(ModelError, ValueError):
    """The spec or the environment does not describe a usable model; nothing was sent anywhere."""


class ModelCallError(ModelError, RuntimeError):
    """A real model was asked and the request failed (after the SDK's own retries, if any)."""


def mask_secret(secret: str | None) -> str:
    """A key as it may be shown: never more than its last four characters (``'…a1b2'``)."""
    if not secret:
        return "(none)"
    return "…" + secret[-4:] if len(secret) >= 12 else "…"


def remember_secret(value: str | None) -> None:
    """Hide ``value`` (e.g. a server's ``--token``) in every text :func:`redact_secrets` cleans from now on."""
    if value and len(value.strip()) >= _MIN_SECRET_LENGTH:
        _KNOWN_SECRETS.add(value.strip())


def _looks_random(run: str) -> bool:
    """A run of letters and digits that reads like a generated key rather than a word, a name or a number."""
    has_digit = any(c.isdigit() for c in run)
    has_letter = any(c.isalpha() for c in run)
    if not (has_digit and has_letter):
        return False
    mixed_case = any(c.isupper() for c in run) and any(c.islower() for c in run)
    return len(run) >= 20 or (mixed_case and sum(c.isdigit() for c in run) >= 2)


def redact_secrets(text: str) -> str:
    """``text`` with everything key-like replaced by ``[hidden]`` (see the module docstring for what counts)."""
    if not text:
        return text
    secrets = {os.environ.get(name, "").strip() for name in SECRET_VARIABLES} | _KNOWN_SECRETS
    for secret in sorted((s for s in secrets if len(s) >= _MIN_SECRET_LENGTH), key=len, reverse=True):
        text = text.replace(secret, HIDDEN)
    text = _URL_USERINFO.sub(lambda m: m.group(1) + HIDDEN + "@", text)
    text = _SECRET_PARAMETER.sub(lambda m: m.group(1) + HIDDEN, text)
    text = _BEARER.sub(lambda m: m.group(1) + " " + HIDDEN, text)
    text = _KEY_PREFIXES.sub(HIDDEN, text)
    return _LONG_RUN.sub(lambda m: HIDDEN if _looks_random(m.group(0)) else m.group(0), text)


def _server_message(exc: openai.APIStatusError, limit: int = 160) -> str:
    """The server's own error message, trimmed to one short line (keys are never echoed by servers we run)."""
    body = exc.body
    message = ""
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict):
            message = str(inner.get("message") or "")
        elif isinstance(inner, str):
            message = inner
    message = " ".join((message or exc.message or "").split())
    return message if len(message) <= limit else message[: limit - 1] + "…"


def _error_code(exc: openai.APIStatusError) -> str:
    body = exc.body
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and inner.get("code"):
            return str(inner["code"])
    return str(getattr(exc, "code", "") or "")


def _openai() -> Any:
    """The ``openai`` module if something imported it, else None: an ``openai`` exception exists only then, and
    importing the SDK just to find that an error is not one of its own would cost half a second."""
    return sys.modules.get("openai")


def classify(exc: BaseException) -> tuple[str, int | None]:
    """``(kind, status_code)`` of an ``openai`` SDK exception (see the module docstring for the kinds)."""
    openai = _openai()
    if openai is None:
        return "refused", None
    if isinstance(exc, openai.APITimeoutError):
        return "timeout", None
    if isinstance(exc, openai.APIConnectionError):
        return "unreachable", None
    if isinstance(exc, openai.APIStatusError):
        status = exc.status_code
        if isinstance(exc, (openai.AuthenticationError, openai.PermissionDeniedError)):
            return "auth", status
        if isinstance(exc, openai.NotFoundError):
            return "unknown_model", status
        if isinstance(exc, openai.RateLimitError):
            return "rate_limit", status
        if status >= 500:
            return "server_error", status
        return "bad_request", status
    return "refused", None


def explain_model_error(
    exc: BaseException,
    *,
    base_url: str | None = None,
    model: str | None = None,
    key_setting: str = "OPENAI_API_KEY",
    spec_setting: str = "HANDOFFS_MODEL",
    timeout: float | None = None,
) -> str:
    """One sentence saying what failed and which setting to change.

    ``base_url`` and ``model`` name the endpoint in the sentence; ``key_setting`` is the environment
    variable the key was read from and ``spec_setting`` where the model spec came from. A
    :class:`ModelError` is returned as it is; anything that is not an ``openai`` error keeps its own
    first line.
    """
    return redact_secrets(_explain(exc, base_url, model, key_setting, spec_setting, timeout))


def _explain(exc: BaseException, base_url: str | None, model: str | None, key_setting: str, spec_setting: str,
             timeout: float | None) -> str:
    if isinstance(exc, ModelError):
        return exc.message
    at = f" at {base_url}" if base_url else ""
    server = f"The model server{at}"
    kind, status = classify(exc)
    if kind == "timeout":
        within = f" within {timeout:g} s" if timeout else " in time"
        return f"{server} did not answer{within}: check that it is running, raise the timeout, or fix {spec_setting}."
    if kind == "unreachable":
        return f"Cannot reach the model server{at}: start it, or fix {spec_setting}."
    openai = _openai()
    if openai is None or not isinstance(exc, openai.APIStatusError):
        text = str(exc).strip().splitlines()
        return f"{type(exc).__name__}: {text[0] if text else 'no details'}"
    if kind == "auth":
        return (
            f"{server} rejected the API key ({status}): set {key_setting} in your environment "
            f"to a valid key (never in a notebook), or set {OFFLINE_HINT}."
        )
    if kind == "unknown_model":
        named = f"the model '{model}'" if model else "that model"
        return f"{server} does not know {named} (404): fix the model name in {spec_setting}."
    if kind == "rate_limit":
        if _error_code(exc) == "insufficient_quota":
            return f"The account behind {key_setting} has no credit left (429 insufficient_quota): add credit, or set {OFFLINE_HINT}."
        return (
            f"{server} kept refusing with 'too many requests' (429) after the SDK's retries: "
            f"wait a minute, or set {OFFLINE_HINT}."
        )
    if kind == "server_error":
        return (
            f"{server} failed with an internal error ({status}) after the SDK's retries: "
            f"try again later, or set {OFFLINE_HINT}."
        )
    detail = _server_message(exc)
    return f"{server} refused the request ({status}: {detail or 'no details'}); check the spec in {spec_setting}."


def to_model_call_error(exc: BaseException, **context: object) -> ModelCallError:
    """Wrap an ``openai`` exception into a :class:`ModelCallError` carrying the one-sentence message."""
    kind, status = classify(exc)
    return ModelCallError(explain_model_error(exc, **context), kind=kind, status_code=status,  # type: ignore[arg-type]
                          original=exc)
