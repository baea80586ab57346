"""``from_exception``: a Python exception read into an envelope by the readers ``failwise run``
reads a dying Python program's output with.

Only attribute access, duck-typed: no SDK is imported. The exception becomes the traceback the
interpreter prints for it (``traceback.format_exception``, so its chained ``__cause__`` and
``__context__`` are in it, joined as the interpreter joins them), and an HTTP response attached
to it the way common SDKs attach one gives its status, headers and body:

- ``requests`` and ``httpx``: ``exc.response`` with ``status_code``, ``headers``,
  ``reason``/``reason_phrase`` and ``text``;
- ``openai``, ``anthropic`` and other generated SDKs: ``exc.status_code`` and ``exc.response``
  (an ``httpx.Response``);
- ``botocore``: ``exc.response`` as a dict, ``ResponseMetadata.HTTPStatusCode`` and
  ``HTTPHeaders`` (the error's code and message are in the traceback's last line);
- ``urllib.error.HTTPError`` and ``aiohttp``: ``code``/``status`` and ``headers`` (a body that
  would have to be read from the network is left alone).
"""

from __future__ import annotations

import traceback as _traceback
from typing import Any, Iterable, Optional

from . import _native

#: The most of a response body handed to the readers, in characters.
MAX_BODY_CHARS = 64 * 1024

#: The most exceptions of one chain looked at for a response.
MAX_CHAIN = 16


def _traceback_text(exc: BaseException) -> str:
    """What the interpreter prints for ``exc`` if it went uncaught; an exception never raised
    has no frames, and is printed as one raised from none."""
    lines = _traceback.format_exception(type(exc), exc, exc.__traceback__)
    text = "".join(lines)
    if "Traceback (most recent call last):" not in text:
        text = "Traceback (most recent call last):\n" + text
    return text


def _chain(exc: BaseException) -> Iterable[BaseException]:
    """``exc``, then its causes and contexts, each once, at most ``MAX_CHAIN``."""
    seen: set[int] = set()
    current: Optional[BaseException] = exc
    while current is not None and id(current) not in seen and len(seen) < MAX_CHAIN:
        seen.add(id(current))
        yield current
        current = current.__cause__ or current.__context__


def _safe(get, default=None):
    """``get()``, or ``default`` when reading the attribute raises (a lazy property of an SDK,
    a stream not read)."""
    try:
        return get()
    except Exception:  # noqa: BLE001 - an attribute of a foreign object may raise anything
        return default


def _status(value: Any) -> Optional[int]:
    if isinstance(value, bool):
        return None
    if isinstance(value, int) and 100 <= value <= 599:
        return value
    return None


def _headers(headers: Any) -> list[tuple[str, str]]:
    """The name and value pairs of a headers object (a mapping, an ``httpx.Headers``, an
    ``email.message.Message``, a list of pairs)."""
    if headers is None:
        return []
    items = _safe(lambda: list(headers.items()), None)
    if items is None:
        items = _safe(lambda: list(headers), [])
    pairs = []
    for item in items or []:
        if isinstance(item, tuple) and len(item) == 2:
            name, value = item
            if isinstance(name, bytes):
                name = name.decode("latin-1")
            if isinstance(value, bytes):
                value = value.decode("latin-1")
            if isinstance(name, str) and isinstance(value, (str, int)):
                pairs.append((name, str(value)))
    return pairs


def _body(response: Any) -> Optional[str]:
    """The response's body as text when the response already holds it."""
    text = _safe(lambda: response.text, None)
    if callable(text):
        text = None
    if isinstance(text, str) and text:
        return text[:MAX_BODY_CHARS]
    content = _safe(lambda: response.content, None)
    if isinstance(content, (bytes, bytearray)) and content:
        return bytes(content[: MAX_BODY_CHARS * 4]).decode("utf-8", "replace")[:MAX_BODY_CHARS]
    return None


def _response_facts(exc: BaseException) -> Optional[dict[str, Any]]:
    """The status, reason, headers and body of the HTTP response attached to ``exc`` or to an
    exception of its chain, the outermost first; ``None`` when none carries one."""
    for link in _chain(exc):
        response = _safe(lambda: getattr(link, "response", None))
        # botocore: the parsed response, a dict.
        if isinstance(response, dict):
            meta = response.get("ResponseMetadata") or {}
            status = _status(meta.get("HTTPStatusCode")) if isinstance(meta, dict) else None
            if status is not None:
                return {
                    "status": status,
                    "reason": "",
                    "headers": _headers(meta.get("HTTPHeaders")),
                    "body": None,
                }
            continue
        if response is not None:
            status = _status(_safe(lambda: response.status_code)) or _status(
                _safe(lambda: response.status)
            )
            if status is not None:
                reason = _safe(lambda: response.reason, None) or _safe(
                    lambda: response.reason_phrase, None
                )
                return {
                    "status": status,
                    "reason": reason if isinstance(reason, str) else "",
                    "headers": _headers(_safe(lambda: response.headers)),
                    "body": _body(response),
                }
        # An SDK's own status on the exception (openai, anthropic), urllib's `code`, aiohttp's
        # `status`.
        headers = _safe(lambda: getattr(link, "headers", None))
        status = _status(_safe(lambda: getattr(link, "status_code", None))) or _status(
            _safe(lambda: getattr(link, "status", None))
        )
        # urllib's HTTPError says its status as `code`, beside its headers.
        if status is None and headers is not None:
            status = _status(_safe(lambda: getattr(link, "code", None)))
        if status is not None:
            reason = _safe(lambda: getattr(link, "reason", None))
            return {
                "status": status,
                "reason": reason if isinstance(reason, str) else "",
                "headers": _headers(headers),
                "body": None,
            }
    return None


def from_exception(exc: BaseException) -> "_native.Envelope":
    """The envelope of ``exc``: its class (a stable identifier: ``requests.exceptions.ReadTimeout``
    is ``READ_TIMEOUT``, ``ConnectionRefusedError`` is ``ECONNREFUSED``), its chained causes (in
    ``causes``, the layer that decided in ``source``), and the HTTP response an SDK attached to
    it (its status and ``Retry-After`` wait, and its body when that is an API's own error
    record), read by the same readers as a printed traceback.

    >>> try:
    ...     open("/no/such/file")
    ... except OSError as e:
    ...     failwise.from_exception(e).code
    'ENOENT'
    """
    facts = _response_facts(exc) or {}
    return _native.read_exception(
        _traceback_text(exc),
        facts.get("status"),
        facts.get("reason") or "",
        facts.get("headers") or [],
        facts.get("body"),
    )
