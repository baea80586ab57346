"""The wheel puts the `failwise` binary on the environment's PATH: `pip install failwise` is
the whole set-up."""

from __future__ import annotations

import os
import sys

import failwise


def test_the_binary_is_in_the_environment_that_installed_the_package(binary):
    assert os.path.dirname(binary) == os.path.dirname(os.path.abspath(sys.executable)) or binary.startswith(sys.prefix)
    assert os.access(binary, os.X_OK)


def test_failwise_run_from_the_wheel_reads_a_failed_ls(cli):
    ran = cli.run(["run", "--", "ls", "/no/such"])
    assert ran.returncode == 2
    assert b"No such file or directory" in ran.stderr
    last = ran.stdout.decode().splitlines()[-1]
    e = failwise.Envelope.from_json(last)
    assert (e.code, e.exit, e.error_class, e.retry) == ("ENOENT", 2, "permanent", "no")
    assert e.params["path"] == "/no/such"
    assert failwise.validate(last) == []


def test_the_binary_and_the_package_are_one_version(cli):
    ran = cli.run(["--version"])
    assert ran.returncode == 0
    from importlib.metadata import version

    assert version("failwise") in ran.stdout.decode()
