"""One switch from the offline model to a real one, for LangChain and AutoGen alike.

``chat_model(spec=None, **kwargs)`` returns a LangChain chat model and ``model_client(spec=None, **kwargs)``
an AutoGen ``ChatCompletionClient``. ``spec`` (or the environment variable ``HANDOFFS_MODEL`` when it is
None; ``offline`` when that is unset too) is one of:

=============================================  ===============================================================
``offline``                                    the kit's deterministic offline model (no network, no key)
``openai:<model>``                             OpenAI, e.g. ``openai:gpt-4o-mini``; key from ``OPENAI_API_KEY``
``openai-compatible:<base_url>?model=<model>``  any OpenAI-compatible server, e.g.
                                               ``openai-compatible:http://localhost:11434/v1?model=llama3.1``
``openai-compatible:<model>``                  the same, with the address taken from ``HANDOFFS_BASE_URL``
=============================================  ===============================================================

Keys are read from the environment only: ``OPENAI_API_KEY`` for OpenAI, ``HANDOFFS_API_KEY`` for an
OpenAI-compatible server (optional: local servers usually need none; the kit's own server wants its
``--token``). A key is never a parameter (passing ``api_key=`` raises), never printed, never in a repr:
an OpenAI key is never sent to another server (``openai:`` always means https://api.openai.com/v1, whatever
``OPENAI_BASE_URL`` says; other servers are ``openai-compatible:``).

Real models are ``langchain_openai.ChatOpenAI`` and ``autogen_ext``'s ``OpenAIChatCompletionClient``
(thin subclasses in :mod:`handoffs.models.real_models` that turn the ``openai`` SDK's errors into one-sentence
:class:`~handoffs.models.errors.ModelCallError`), imported only when a real model is chosen. Transient failures
(429, 5xx, timeouts) are retried by the SDK itself (``max_retries``, default 2). This module builds models; it
does not run them or pick prompts.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, urlsplit, urlunsplit

from handoffs.models.errors import ModelSetupError, mask_secret, redact_secrets

# The offline adapters (LangChain, AutoGen) and the real clients (openai, langchain_openai, autogen_ext: ~0.8 s)
# are imported inside chat_model()/model_client(), only for the model that is chosen.

SPEC_VARIABLE = "HANDOFFS_MODEL"
_ADDRESS_WITHOUT_SCHEME = re.compile(r"^(localhost|[\d.]+|\[[0-9a-fA-F:]+\]|[\w.-]+\.\w+):\d+([/?].*)?$")
DEFAULT_TIMEOUT_S = 60.0
DEFAULT_MAX_RETRIES = 2
OPENAI_BASE_URL = "https://api.openai.com/v1"  # pinned: an OPENAI_BASE_URL variable must not redirect the key
NO_KEY_PLACEHOLDER = "no-key-needed"  # sent to compatible servers when HANDOFFS_API_KEY is unset
# Options that mean nothing to the deterministic offline model; accepted for every spec so a notebook can pass them.
REAL_MODEL_ONLY_OPTIONS = {"temperature", "top_p", "seed", "max_tokens", "max_completion_tokens", "stop",
                           "timeout", "request_timeout", "max_retries", "stream_usage", "streaming"}


@dataclass(frozen=True)
class ModelSpec:
    """A parsed spec. ``origin`` names where it came from (used in error messages)."""

    provider: str  # "offline" | "openai" | "openai-compatible"
    model: str = "handoffs-offline"
    base_url: str | None = None
    key_variable: str | None = None
    origin: str = SPEC_VARIABLE

    def __repr__(self) -> str:  # redacted like every text the kit shows (a spec never holds a key, but be sure)
        return redact_secrets(f"ModelSpec({self.provider!r}, model={self.model!r}, base_url={self.base_url!r}, "
                              f"key_variable={self.key_variable!r}, origin={self.origin!r})")

    def __str__(self) -> str:
        if self.provider == "offline":
            return "offline"
        if self.provider == "openai":
            return f"openai:{self.model}"
        return f"openai-compatible:{self.base_url}?model={self.model}"

    def api_key(self) -> str:
        """The key from the environment (never stored on this object, so it cannot leak through its repr)."""
        if self.provider == "openai":
            key = os.environ.get("OPENAI_API_KEY", "").strip()
            if not key:
                raise ModelSetupError.of("no_openai_key", spec=SPEC_VARIABLE)
            return key
        return os.environ.get("HANDOFFS_API_KEY", "").strip() or NO_KEY_PLACEHOLDER

    def describe(self) -> str:
        """One line for a notebook, in the kit's language: which model, where, and which key (masked)."""
        say = ModelSetupError.texts
        if self.provider == "offline":
            return say["offline_model"]
        key = os.environ.get(self.key_variable or "", "")
        key_text = say["key_from"].format(variable=self.key_variable, masked=mask_secret(key)) if key else \
            say["no_key"].format(variable=self.key_variable)
        where = "OpenAI" if self.provider == "openai" else self.base_url
        return redact_secrets(say["real_model"].format(model=self.model, where=where, key=key_text))


def _refuse_secrets(text: str, origin: str) -> None:
    """A spec or address holding a password or key is refused before anything could echo it."""
    address = text.split("?", 1)[0]
    if "://" in address and "@" in address.split("://", 1)[1].split("/", 1)[0]:
        raise ModelSetupError.of("userinfo", origin=origin)
    if redact_secrets(text) != text:
        where = origin[:1].upper() + origin[1:]
        raise ModelSetupError.of("holds_key", where=where, origin=origin)


def _check_base_url(url: str, origin: str) -> str:
    """``url`` without query or trailing slash, or one sentence saying how to write a server address."""
    say = ModelSetupError.texts
    how = say["how_address"].format(origin=origin)
    try:
        parts = urlsplit(url)
        host, port = parts.hostname, parts.port  # .port raises for a port that is not a number in 0-65535
    except ValueError as error:
        problem = say["bad_port"] if "port" in str(error).lower() else (
            say["bad_ipv6"] if "ipv6" in str(error).lower() else say["unreadable"])
        raise ModelSetupError.of("not_address_because", url=url, problem=problem, how=how) from None
    if parts.scheme not in ("http", "https") or not parts.netloc or not host:
        raise ModelSetupError.of("not_address", url=url, how=how)
    if port == 0 or (parts.netloc.endswith(":") and port is None):
        raise ModelSetupError.of("not_address_because", url=url, problem=say["bad_port"], how=how)
    return urlunsplit((parts.scheme, parts.netloc, parts.path.rstrip("/"), "", ""))


_BROKEN_SCHEME = re.compile(r"^https?[:/]*", re.IGNORECASE)
_BROKEN_SCHEME_START = re.compile(r"^https?(:|//)", re.IGNORECASE)


def _with_scheme(rest: str) -> str:
    """The spec a learner meant by an address without ``http://``: its own ``?model=`` kept, else a placeholder."""
    address, _, query = rest.partition("?")
    scheme = "https" if address.lower().startswith("https") else "http"
    address = _BROKEN_SCHEME.sub("", address)  # "http//host", "http:/host": the scheme typed wrong
    models = [m.strip() for m in parse_qs(query, keep_blank_values=True).get("model", []) if m.strip()]
    return f"openai-compatible:{scheme}://{address}?model={models[0] if len(models) == 1 else '<model>'}"


def parse_spec(spec: str | None = None) -> ModelSpec:
    """Read a spec (or ``HANDOFFS_MODEL``) into a :class:`ModelSpec`; raise one clear sentence if it is wrong."""
    origin = ModelSetupError.texts["spec_argument"] if spec is not None else SPEC_VARIABLE
    text = (spec if spec is not None else os.environ.get(SPEC_VARIABLE, "") or "offline").strip()
    _refuse_secrets(text, origin)
    provider, _, rest = text.partition(":")
    provider = provider.strip().lower()
    if provider == "offline" and not rest:
        return ModelSpec("offline", origin=origin)
    if provider == "openai" and rest.strip():
        return ModelSpec("openai", rest.strip(), OPENAI_BASE_URL, "OPENAI_API_KEY", origin)
    if provider == "openai-compatible" and rest.strip():
        rest = rest.strip()
        if "://" in rest:
            address, _, query = rest.partition("?")
            params = parse_qs(query, keep_blank_values=True)
            models = [m.strip() for m in params.pop("model", []) if m.strip()]
            if params or len(models) != 1:
                raise ModelSetupError.of("one_model", text=text, address=address, origin=origin)
            base_url, model = _check_base_url(address, origin), models[0]
        elif _ADDRESS_WITHOUT_SCHEME.match(rest) or "?" in rest or _BROKEN_SCHEME_START.match(rest):
            # no model name holds a '?' or starts "http:" / "http//": it is an address
            raise ModelSetupError.of("no_scheme", rest=rest, fixed=_with_scheme(rest), origin=origin)
        else:
            env_url = os.environ.get("HANDOFFS_BASE_URL", "").strip()
            if not env_url:
                raise ModelSetupError.of("no_address", text=text, rest=rest, origin=origin)
            _refuse_secrets(env_url, "HANDOFFS_BASE_URL")
            base_url, model = _check_base_url(env_url, "HANDOFFS_BASE_URL"), rest
        return ModelSpec("openai-compatible", model, base_url, "HANDOFFS_API_KEY", origin)
    raise ModelSetupError.of("unknown_spec", text=text, origin=origin, forms=ModelSetupError.texts["forms"])


def _reject_key_parameter(kwargs: dict[str, Any]) -> None:
    for name in ("api_key", "openai_api_key"):
        if name in kwargs:
            raise ModelSetupError.of("key_parameter", name=name)


def _error_context(spec: ModelSpec, timeout: Any) -> dict[str, Any]:
    return {
        "base_url": spec.base_url,
        "model": spec.model,
        "key_setting": spec.key_variable or "OPENAI_API_KEY",
        "spec_setting": spec.origin,
        "timeout": timeout if isinstance(timeout, (int, float)) else None,
    }


COMPATIBLE_MODEL_INFO = {
    "vision": False,
    "function_calling": True,
    "json_output": True,
    "structured_output": False,
    "family": "unknown",
    "multiple_system_messages": True,
}


def chat_model(spec: str | None = None, **kwargs: Any) -> Any:
    """A LangChain chat model for ``spec`` (see the module docstring); ``kwargs`` go to the model class.

    Sampling and transport options (``temperature``, ``streaming``, ``timeout`` ...) are accepted for every
    spec; the offline model ignores them (it is deterministic and streams anyway); ``script=`` and ``rogue=``
    reach it.
    """
    _reject_key_parameter(kwargs)
    parsed = parse_spec(spec)
    if parsed.provider == "offline":
        from handoffs.models.langchain_adapter import OfflineChatModel

        options = {k: v for k, v in kwargs.items() if k not in REAL_MODEL_ONLY_OPTIONS}
        return OfflineChatModel(**options)
    from handoffs.models.real_models import KitChatOpenAI

    options = {"timeout": DEFAULT_TIMEOUT_S, "max_retries": DEFAULT_MAX_RETRIES, "stream_usage": True, **kwargs}
    if "request_timeout" in options:
        options["timeout"] = options.pop("request_timeout")
    context = _error_context(parsed, options["timeout"])
    return KitChatOpenAI(
        model=parsed.model, api_key=parsed.api_key(), base_url=parsed.base_url, handoffs_error_context=context, **options
    )


def model_client(spec: str | None = None, **kwargs: Any) -> Any:
    """An AutoGen ``ChatCompletionClient`` for ``spec``; ``kwargs`` go to the client (e.g. ``timeout``)."""
    _reject_key_parameter(kwargs)
    parsed = parse_spec(spec)
    if parsed.provider == "offline":
        from handoffs.models.autogen_adapter import OfflineModelClient

        options = {k: v for k, v in kwargs.items() if k not in REAL_MODEL_ONLY_OPTIONS}
        return OfflineModelClient(**options)
    from handoffs.models.real_models import KitOpenAIChatCompletionClient

    config: dict[str, Any] = {"timeout": DEFAULT_TIMEOUT_S, "max_retries": DEFAULT_MAX_RETRIES, **kwargs}
    config.update(model=parsed.model, api_key=parsed.api_key())
    context = _error_context(parsed, config["timeout"])
    config["base_url"] = parsed.base_url
    if parsed.provider == "openai-compatible":
        config.setdefault("model_info", COMPATIBLE_MODEL_INFO)
    try:
        return KitOpenAIChatCompletionClient(context, **config)
    except ValueError:  # an OpenAI model autogen-ext does not know yet: describe it ourselves
        return KitOpenAIChatCompletionClient(context, **{**config, "model_info": COMPATIBLE_MODEL_INFO})


def describe_model(spec: str | None = None) -> str:
    """One line saying which model ``spec`` selects, for a notebook to print (keys masked)."""
    return parse_spec(spec).describe()


def __getattr__(name: str) -> Any:  # the real-model classes, still reachable here, imported on first use
    if name in ("KitChatOpenAI", "KitOpenAIChatCompletionClient"):
        from handoffs.models import real_models

        return getattr(real_models, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
