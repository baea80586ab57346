"""The README's first Python example (section "From Python") runs as written. The second one
sends a request to a public host, which a test never does; its calls are the ones
test_exception.py and test_guard.py make against a local server."""

from __future__ import annotations

import contextlib
import io
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[3]


def test_the_readme_example_runs():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## From Python", 1)[1].split("\n## ", 1)[0]
    example = re.findall(r"```python\n(.*?)```", section, re.S)[0]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(example, "README.md", "exec"), {})
    assert out.getvalue().startswith("METHOD_NOT_FOUND no ")
