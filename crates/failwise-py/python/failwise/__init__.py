"""Structured error envelopes: read any tool's failure as one record that says what failed,
whether to retry, when, and what to do instead.

A thin layer over the Rust library ``failwise`` with the same invariants; each function makes
the library call the ``failwise`` binary makes for the same work, and installing the package
also puts that binary on ``PATH``.

>>> import failwise
>>> e = failwise.classify(["ls", "/nope"], 2,
...     stderr=b"ls: cannot access '/nope': No such file or directory\\n")
>>> (e.code, e.error_class, e.retry)
('ENOENT', 'permanent', 'no')
>>> [x.code for x in failwise.normalize('{"error":true,"code":75,"message":"busy"}')]
['BUSY']
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from typing import Any, Optional, Sequence, Union

from . import guard
from ._exception import from_exception
from ._native import (
    Draft,
    Envelope,
    InvalidEnvelope,
    Problem,
    StoreError,
    UnknownCode,
    UnknownName,
    classify,
    dialects,
    normalize,
    write,
)
from . import _native

__all__ = [
    "Draft",
    "Envelope",
    "InvalidEnvelope",
    "Problem",
    "StoreError",
    "UnknownCode",
    "UnknownName",
    "classify",
    "dialects",
    "explain",
    "find_binary",
    "from_exception",
    "guard",
    "normalize",
    "validate",
    "verify",
    "write",
]

CatalogSource = Union[str, "os.PathLike[str]", dict]


def _catalog(catalog: Optional[CatalogSource]) -> tuple[Optional[str], str]:
    """The text of ``catalog`` and a name whose extension says its format: a path to a JSON or
    TOML file, or a ``dict`` (a catalog as JSON would give it)."""
    if catalog is None:
        return None, "catalog.json"
    if isinstance(catalog, dict):
        import json

        return json.dumps(catalog), "catalog.json"
    path = os.fspath(catalog)
    with open(path, encoding="utf-8") as file:
        return file.read(), path


def validate(
    lines: Union[str, bytes], catalog: Optional[CatalogSource] = None
) -> list[Problem]:
    """Checks every line of ``lines`` (NDJSON) as ``failwise validate`` does: against the v1
    schema and the envelope's invariants and, with ``catalog`` (a path to a JSON or TOML catalog,
    or a ``dict``), against the tool's catalog. Returns one ``Problem`` per bad line (``line``,
    ``code``, ``pointer``, ``invariant``, ``detail``); empty when every line holds.

    >>> failwise.validate('{"error":true,"code":"X","exit":1,"message":"m",'
    ...     '"error_class":"permanent","retry":"yes","retryable":true,"recovery":"r"}')[0].pointer
    '/retry'
    """
    text, name = _catalog(catalog)
    return _native.validate(lines, text, name)


def explain(code: str, catalog: Optional[CatalogSource] = None) -> dict[str, Any]:
    """What ``code`` means, as ``failwise explain CODE --json`` says it: from ``catalog`` (a path
    or a ``dict``) when it holds the code, else from the codes failwise itself gives
    (``ENOENT``, ``TIMEOUT``, ``EXIT_3``, ``CURLE_COULDNT_CONNECT``, ...). Raises
    ``UnknownCode`` (a ``LookupError``) with the nearest codes in ``nearby`` otherwise.

    >>> failwise.explain("TIMEOUT")["exit"]
    124
    """
    text, name = _catalog(catalog)
    return _native.explain(code, text, name)


def find_binary() -> str:
    """The path of the ``failwise`` binary this package installed (in the environment's scripts
    directory), else the one on ``PATH``. Raises ``FileNotFoundError`` when there is none."""
    name = "failwise.exe" if sys.platform == "win32" else "failwise"
    for scheme in (None, f"{os.name}_user"):
        try:
            scripts = sysconfig.get_path("scripts", scheme) if scheme else sysconfig.get_path("scripts")
        except KeyError:
            continue
        candidate = os.path.join(scripts, name)
        if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    found = shutil.which(name)
    if found is None:
        raise FileNotFoundError(name)
    return found


def verify(envelope: Envelope, *, timeout: Optional[float] = 60.0) -> str:
    """Runs ``envelope``'s ``verify`` command (an effect-unknown failure's way to find out
    whether its request landed) and says what its exit status means: ``"landed"`` (0: do not
    send it again), ``"not_landed"`` (1: it may be sent again) or ``"cannot_tell"`` (any other
    status, a signal, a timeout, a command that cannot start, or no ``verify`` at all).

    The command comes from the envelope, that is from the output of the tool that failed: run
    it only for envelopes of tools you trust, as ``failwise run --verify`` does only when asked.
    """
    command: Sequence[str] = (envelope.verify or {}).get("command") or []
    if not command:
        return _native.verified(None)
    try:
        done = subprocess.run(
            list(command),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=timeout,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return _native.verified(None)
    status = done.returncode
    return _native.verified(status if status >= 0 else None)
