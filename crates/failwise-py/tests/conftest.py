"""Shared fixtures of the package's test suite, run against the installed wheel (scripts/test
builds it, installs it into a fresh virtual environment and runs pytest there)."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
from typing import Optional, Sequence

import pytest

import failwise

ROOT = pathlib.Path(__file__).resolve().parents[3]


@pytest.fixture(scope="session")
def root() -> pathlib.Path:
    return ROOT


@pytest.fixture(scope="session")
def binary() -> str:
    """The `failwise` binary the wheel installed."""
    return failwise.find_binary()


class Binary:
    """Runs the wheel's `failwise` in a neutral environment: English, no config file, no
    secret-named variables, so what it prints depends only on its arguments."""

    def __init__(self, path: str, home: pathlib.Path) -> None:
        self.path = path
        self.env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": str(home),
            "XDG_CONFIG_HOME": str(home / "config"),
            "XDG_STATE_HOME": str(home / "state"),
        }

    def run(
        self, args: Sequence[str], *, input: Optional[bytes] = None, cwd: Optional[str] = None
    ) -> subprocess.CompletedProcess[bytes]:
        return subprocess.run(
            [self.path, *args],
            input=input,
            capture_output=True,
            env=self.env,
            cwd=cwd,
            timeout=120,
            check=False,
        )

    def envelopes(self, stdout: bytes) -> list[dict]:
        """Every line of `stdout` that is an envelope, as a dict."""
        out = []
        for line in stdout.decode("utf-8").splitlines():
            if line.startswith('{"error":true'):
                out.append(json.loads(line))
        return out


@pytest.fixture()
def cli(binary: str, tmp_path: pathlib.Path) -> Binary:
    return Binary(binary, tmp_path)
