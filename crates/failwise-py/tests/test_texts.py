"""The package's own sentences live in its Fluent files, and every id is in both languages."""

from __future__ import annotations

import re

from failwise import _native

ID = re.compile(r"^([a-zA-Z][a-zA-Z0-9_-]*)\s*=", re.MULTILINE)


def test_every_id_is_in_both_languages():
    english = set(ID.findall(_native.EN_FTL))
    portuguese = set(ID.findall(_native.PT_BR_FTL))
    assert english
    assert english == portuguese
