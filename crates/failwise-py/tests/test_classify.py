"""`classify` answers what `failwise run` answers: each command runs twice, once under the
wheel's `failwise run` and once alone (its exit status and output captured), and `classify`
on the second gives the envelope `run` printed as its last line."""

from __future__ import annotations

import json
import subprocess

import pytest

import failwise

# Shell scripts whose failures failwise reads in different ways: an errno text, a bare exit
# status, the command's own envelope (canonical, and in another dialect), a record in a log, a
# Python traceback, a signal, a secret-looking token in stderr.
SCRIPTS = [
    "ls /no/such",
    "exit 3",
    "echo 'cp: cannot stat '\"'\"'a.txt'\"'\"': No such file or directory' >&2; exit 1",
    'echo \'{"error":true,"code":"DB_LOCKED","exit":75,"message":"database is locked",'
    '"error_class":"transient","retry":"yes","retryable":true,"retry_after_ms":250,'
    '"recovery":"wait for the writer, then run it again"}\'; exit 75',
    'echo \'{"error":{"code":-32601,"message":"Method not found"},"jsonrpc":"2.0","id":1}\'; exit 1',
    "echo 'starting'; echo '2026-12-01 10:00:00 ERROR {\"type\":\"https://example.com/probs/out-of-credit\","
    "\"title\":\"You do not have enough credit.\",\"status\":403}' >&2; exit 1",
    "python3 -c 'import json; json.loads(\"{\")'",
    "kill -9 $$",
    "echo 'auth failed for token ghp_0123456789abcdefghijABCDEFGHIJabcd' >&2; exit 1",
    "printf 'no newline at the end' >&2; exit 4",
]


@pytest.mark.parametrize("script", SCRIPTS)
def test_classify_agrees_with_run(script, cli):
    argv = ["sh", "-c", script]
    ran = cli.run(["run", "--", *argv])
    alone = subprocess.run(argv, capture_output=True, env=cli.env, timeout=60, check=False)
    printed = ran.stdout.decode().splitlines()[-1]
    envelope = failwise.classify(argv, alone.returncode, alone.stdout, alone.stderr)
    assert envelope is not None
    assert envelope.to_json() == printed
    assert ran.returncode == envelope.exit
    assert json.loads(printed)["exit"] == envelope.exit


def test_a_timeout_agrees_with_run(cli):
    argv = ["sleep", "30"]
    ran = cli.run(["run", "--timeout", "500ms", "--", *argv])
    printed = ran.stdout.decode().splitlines()[-1]
    # `run` stops it with SIGTERM at the limit.
    envelope = failwise.classify(argv, -15, b"", b"", timeout=0.5)
    assert (envelope.code, envelope.exit) == ("TIMEOUT", 124)
    assert envelope.to_json() == printed


def test_a_success_is_no_failure_and_a_bad_status_is_refused():
    assert failwise.classify(["true"], 0) is None
    with pytest.raises(ValueError):
        failwise.classify(["x"], 300)


def test_secrets_are_masked_and_counted():
    stderr = b"login failed: password hunter2-very-long-secret rejected\n"
    e = failwise.classify(["deploy"], 1, stderr=stderr, secrets=["hunter2-very-long-secret"])
    assert "hunter2-very-long-secret" not in e.to_json()
    assert e.params["redacted"] == 1
