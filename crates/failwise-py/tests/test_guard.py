"""The guard from Python: a call that keeps failing the same way is refused, a success resets
it, and the state is shared through a store with other guards and with `failwise run --guard`."""

from __future__ import annotations

import pytest

import failwise
from failwise.guard import Call, Guard

NOT_FOUND = failwise.Envelope.draft("NOT_FOUND", "no release 42").with_recovery(
    "list the releases with `deploy list`"
)


def test_three_failures_in_a_row_refuse_the_call_and_a_success_resets_it():
    guard = Guard(":memory:")
    call = Call(["deploy", "--id", "42"], cwd="/srv")
    for _ in range(3):
        assert guard.admit(call)
        guard.record(call, NOT_FOUND)
    refused = guard.admit(call)
    assert not refused and refused.decision == "refused"
    assert (refused.envelope.code, refused.envelope.params["count"]) == ("REPEATED_FAILURE", 3)
    assert call.fingerprint in refused.envelope.recovery
    guard.record(call, None)
    assert guard.admit(call).decision == "run"
    # Another call is another count.
    assert guard.admit(Call(["deploy", "--id", "43"], cwd="/srv"))


def test_a_retryable_failure_never_counts_toward_a_refusal():
    guard = Guard(":memory:")
    call = Call(["fetch"], cwd="/")
    busy = failwise.Envelope.draft("BUSY", "busy", error_class="transient").with_recovery("run it again")
    for _ in range(5):
        guard.record(call, busy)
    assert guard.admit(call).decision == "run"
    assert guard.may_retry(call) is True


def test_a_sqlite_store_is_shared_with_failwise_run(cli, tmp_path):
    db = tmp_path / "state.db"
    argv = ["sh", "-c", "echo 'no such release' >&2; exit 3"]
    for _ in range(3):
        ran = cli.run(["run", "--guard", "--state", str(db), "--", *argv], cwd=str(tmp_path))
        assert ran.returncode == 3
    guard = Guard(str(db))
    assert guard.location == str(db)
    refused = guard.admit(Call(argv, cwd=str(tmp_path)))
    assert refused.decision == "refused"
    assert refused.envelope.code == "REPEATED_FAILURE"
    # A second guard on the same file sees what the first forgets.
    assert Guard(f"sqlite:{db}").forget(Call(argv, cwd=str(tmp_path))) == 1
    assert guard.admit(Call(argv, cwd=str(tmp_path))).decision == "run"


def test_a_store_that_cannot_be_opened_raises(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(failwise.StoreError):
        Guard(str(blocker / "state.db"))
    with pytest.raises(ValueError):
        Guard("ftp://example.com/state")


def test_verify_runs_the_envelopes_command():
    def unknown(command):
        return (
            failwise.Envelope.draft("LOST", "answer lost", error_class="transient", retry="unknown")
            .verify(command)
            .with_recovery("check whether it landed, then send it again")
        )

    assert failwise.verify(unknown(["true"])) == "landed"
    assert failwise.verify(unknown(["false"])) == "not_landed"
    assert failwise.verify(unknown(["sh", "-c", "exit 2"])) == "cannot_tell"
    assert failwise.verify(unknown(["/no/such/program"])) == "cannot_tell"
    assert failwise.verify(NOT_FOUND) == "cannot_tell"
