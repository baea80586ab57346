"""Building and reading envelopes: the library's invariants hold from Python, and a broken one
raises `InvalidEnvelope` naming it and its JSON Pointer, as the Rust reader does."""

from __future__ import annotations

import json

import pytest

import failwise
from failwise import Envelope, InvalidEnvelope

LOCKED = (
    '{"error":true,"code":"DB_LOCKED","exit":75,"message":"database is locked",'
    '"error_class":"transient","retry":"yes","retryable":true,"retry_after_ms":500,'
    '"recovery":"wait for the other writer, then run the command again",'
    '"params":{"attempt":2,"path":"/var/db/app.sqlite"},"nearby":["app.sqlite-wal"]}'
)


def test_a_line_reads_into_plain_python_values_and_writes_back_byte_for_byte():
    e = Envelope.from_json(LOCKED)
    assert (e.code, e.exit, e.message) == ("DB_LOCKED", 75, "database is locked")
    assert (e.error_class, e.retry, e.retryable, e.retry_after_ms) == ("transient", "yes", True, 500)
    assert e.params == {"path": "/var/db/app.sqlite", "attempt": 2}
    assert type(e.params) is dict and type(e.exit) is int
    assert e.nearby == ["app.sqlite-wal"]
    assert e.causes == [] and e.location is None and e.verify is None
    assert e.to_json() == LOCKED
    assert e.to_dict() == json.loads(LOCKED)
    assert Envelope.from_dict(e.to_dict()) == e
    assert Envelope.from_json(LOCKED.encode()) == e
    assert hash(Envelope.from_json(LOCKED)) == hash(e)


def test_a_draft_becomes_an_envelope_only_with_its_recovery():
    draft = (
        Envelope.draft("CONFIG_MISSING", "no config at /etc/app.toml", error_class="precondition_failed", exit=78)
        .param("path", "/etc/app.toml")
        .nearby(["/etc/app.yaml"])
        .location("/etc/app.toml", line=3, column=1)
        .cause("open failed", code="ENOENT", source="io")
    )
    assert isinstance(draft, failwise.Draft)
    e = draft.with_recovery("run `app init` to write /etc/app.toml")
    assert (e.code, e.exit, e.error_class, e.retry, e.retryable) == (
        "CONFIG_MISSING", 78, "precondition_failed", "no", False)
    assert e.location == {"path": "/etc/app.toml", "line": 3, "column": 1}
    assert e.causes == [{"code": "ENOENT", "message": "open failed", "source": "io"}]
    # What Python built reads back through the Rust reader unchanged.
    assert Envelope.from_json(e.to_json()) == e
    assert list(json.loads(e.to_json()))[:3] == ["error", "code", "exit"]


def test_the_class_gives_the_default_verdict_and_exit_status():
    transient = Envelope.draft("BUSY", "busy", error_class="transient").with_recovery("run it again")
    assert (transient.retry, transient.exit) == ("yes", 75)
    ambiguous = Envelope.draft("ODD", "odd", error_class="ambiguous").with_recovery("look at the log")
    assert (ambiguous.retry, ambiguous.exit) == ("unknown", 1)
    permanent = Envelope.draft("BAD", "bad").with_recovery("fix it")
    assert (permanent.error_class, permanent.retry) == ("permanent", "no")


@pytest.mark.parametrize(
    ("build", "code", "pointer", "invariant"),
    [
        (lambda: Envelope.draft("X", "m", retry="yes").with_recovery("r"),
         "INVARIANT_CLASS_BOUNDS_RETRY", "/retry", "class_bounds_retry"),
        (lambda: Envelope.draft("X", "m").with_recovery("  "),
         "INVARIANT_RECOVERY_PRESENT", "/recovery", "recovery_present"),
        (lambda: Envelope.draft("X", "m").retry_after_ms(10).with_recovery("r"),
         "INVARIANT_WAIT_ONLY_WITH_YES", "/retry_after_ms", "wait_only_with_yes"),
        (lambda: Envelope.draft("X", "m", error_class="transient").verify(["true"]).with_recovery("r"),
         "INVARIANT_VERIFY_ONLY_WITH_UNKNOWN", "/verify", "verify_only_with_unknown"),
        (lambda: Envelope.draft("X", "m").gate("rule", "what", "no").with_recovery("r"),
         "INVARIANT_GATE_COMPLETE", "/gate", "gate_complete"),
        (lambda: Envelope.draft("lower", "m").with_recovery("r"), "BAD_VALUE", "/code", None),
        (lambda: Envelope.draft("X", "m", exit=0).with_recovery("r"), "BAD_VALUE", "/exit", None),
    ],
)
def test_a_forbidden_combination_raises_naming_the_invariant_and_its_pointer(build, code, pointer, invariant):
    with pytest.raises(InvalidEnvelope) as caught:
        build()
    err = caught.value
    assert isinstance(err, ValueError)
    assert (err.code, err.pointer, err.invariant) == (code, pointer, invariant)
    assert pointer in str(err)


def test_a_line_that_breaks_an_invariant_is_refused_as_the_rust_reader_refuses_it():
    line = LOCKED.replace('"retry":"yes","retryable":true', '"retry":"no","retryable":true')
    with pytest.raises(InvalidEnvelope) as caught:
        Envelope.from_json(line)
    assert (caught.value.code, caught.value.pointer) == ("INVARIANT_RETRYABLE_FOLLOWS_RETRY", "/retryable")
    # The same line through `validate` names the same problem.
    (problem,) = failwise.validate(line)
    assert (problem.line, problem.code, problem.pointer) == (1, "INVARIANT_RETRYABLE_FOLLOWS_RETRY", "/retryable")
    with pytest.raises(InvalidEnvelope) as missing:
        Envelope.from_json('{"error":true}')
    assert missing.value.code == "MISSING_FIELD"


def test_values_that_are_no_json_raise_type_errors_not_panics():
    with pytest.raises(TypeError):
        Envelope.draft("X", "m").param("when", object())
    with pytest.raises(ValueError):
        Envelope.draft("X", "m").param("n", float("nan"))
    with pytest.raises(ValueError):
        Envelope.draft("X", "m").param("n", 2**70)
    with pytest.raises(UnicodeDecodeError):
        Envelope.from_json(b"\xff\xfe")
    with pytest.raises(TypeError):
        Envelope.from_json(42)
