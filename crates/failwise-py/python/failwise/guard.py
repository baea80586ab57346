"""The guard: "may I send this call again?" for a harness that sends calls (commands, HTTP
requests, MCP tool calls) and reads their failures as envelopes.

A call that failed the same way (the same ``code`` and ``message``) with ``retry`` ``no`` or
``unknown`` several times in a row is refused with a ``REPEATED_FAILURE`` envelope; transport
failures open a circuit for their upstream (``CIRCUIT_OPEN``); a wait one upstream asked for
holds every caller of it; retries draw from a budget per upstream. The state is kept in a store
(``":memory:"``, a SQLite file, or Redis/Valkey) shared with every process, ``failwise run
--guard`` and ``failwise mcp`` included, that names the same store.

>>> from failwise.guard import Guard, Call
>>> import failwise
>>> guard = Guard(":memory:")
>>> call = Call(["deploy", "--id", "42"], cwd="/srv")
>>> failure = failwise.Envelope.draft("NOT_FOUND", "no release 42").with_recovery(
...     "list the releases with `deploy list`")
>>> for _ in range(3):
...     guard.record(call, failure)
>>> admission = guard.admit(call)
>>> (admission.decision, admission.envelope.code)
('refused', 'REPEATED_FAILURE')
"""

from ._native import Admission, Call, Guard, StoreError

__all__ = ["Admission", "Call", "Guard", "StoreError"]
