"""The examples in the docstrings (the native classes and functions, and the Python modules)
run as written."""

from __future__ import annotations

import doctest

import pytest

import failwise
import failwise._exception
import failwise.guard
from failwise import _native

OBJECTS = [
    failwise,
    failwise._exception.from_exception,
    failwise.guard,
    _native.Envelope,
    _native.Envelope.from_json,
    _native.Envelope.draft,
    _native.normalize,
    _native.write,
    _native.explain,
    _native.classify,
    _native.Guard,
    _native.Call,
    failwise.validate,
    failwise.explain,
]


@pytest.mark.parametrize("obj", OBJECTS, ids=lambda o: getattr(o, "__qualname__", getattr(o, "__name__", repr(o))))
def test_the_docstring_examples_run(obj):
    finder = doctest.DocTestFinder(recurse=False)
    name = getattr(obj, "__qualname__", getattr(obj, "__name__", "doc"))
    tests = [t for t in finder.find(obj, name, module=False, globs={"failwise": failwise}) if t.examples]
    assert tests, f"{name} has no example"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in tests:
        runner.run(test)
    assert runner.failures == 0, f"{runner.failures} example(s) of {name} failed"
