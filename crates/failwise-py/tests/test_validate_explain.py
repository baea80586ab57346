"""`validate` and `explain` as `failwise validate` and `failwise explain` answer."""

from __future__ import annotations

import pytest

import failwise

GOOD = (
    '{"error":true,"code":"FILE_NOT_FOUND","exit":4,"message":"file not found: a.rs",'
    '"error_class":"permanent","retry":"no","retryable":false,"recovery":"verify that a.rs exists",'
    '"params":{"path":"a.rs"}}'
)
CATALOG = {
    "tool": "app",
    "version": "1.0.0",
    "codes": [
        {"code": "FILE_NOT_FOUND", "exit": 4, "error_class": "permanent", "retry": "no",
         "message": "file not found: {path}", "recovery": "verify that {path} exists",
         "params": ["path"], "doc": "The file named does not exist."}
    ],
}


def test_validate_names_each_bad_line_as_the_binary_does(cli, tmp_path):
    lines = "\n".join([GOOD, "", "not json", GOOD.replace('"exit":4', '"exit":5')]) + "\n"
    problems = failwise.validate(lines, catalog=CATALOG)
    assert [(p.line, p.code, p.pointer) for p in problems] == [
        (3, "INVALID_JSON", ""),
        (4, "CATALOG_EXIT_MISMATCH", "/exit"),
    ]
    assert problems[1].detail == "exit 5 but the catalog gives FILE_NOT_FOUND exit 4"
    catalog = tmp_path / "catalog.json"
    import json

    catalog.write_text(json.dumps(CATALOG))
    ran = cli.run(["validate", "--catalog", str(catalog), "-"], input=lines.encode())
    reported = [(e["params"]["line"], e["params"]["problem"], e["params"]["pointer"]) for e in cli.envelopes(ran.stdout)]
    assert reported == [(p.line, p.code, p.pointer) for p in problems]
    assert failwise.validate(GOOD, catalog=str(catalog)) == []


def test_explain_a_builtin_code_and_a_catalog_code(cli):
    import json

    ran = cli.run(["explain", "ENOENT", "--json"])
    assert failwise.explain("ENOENT") == json.loads(ran.stdout)
    entry = failwise.explain("FILE_NOT_FOUND", catalog=CATALOG)
    assert (entry["origin"], entry["tool"], entry["exit"]) == ("catalog", "app", 4)


def test_an_unknown_code_raises_with_the_nearest_codes():
    with pytest.raises(failwise.UnknownCode) as caught:
        failwise.explain("ENOENTT")
    assert isinstance(caught.value, LookupError)
    assert caught.value.nearby[0] == "ENOENT"
