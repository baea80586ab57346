"""Checks problem details that `failwise normalize --to problem+json` wrote with fastapi-rfc9457's
client-side parser (`parse_problem`, over its `ProblemDetail` model).

Usage: python problem_details.py < lines.ndjson

The parser requires `status` (an integer) and `title`, so it is given the lines that carry a
status; the others are counted. For each, the parsed problem must hold the values written:
type, title, status, detail, and every extension member (the model keeps unknown members).

Prints one JSON object: {"checked": n, "without_status": n, "failures": [...]}.
"""

import json
import sys

from fastapi_rfc9457 import ProblemDetail, parse_problem


def check(obj):
    detail = ProblemDetail.model_validate(obj)
    parsed = parse_problem(json.dumps(obj))
    for model in (detail, parsed):
        assert model.type == obj["type"], ("type", model.type)
        assert model.status == obj["status"], ("status", model.status)
        assert model.detail == obj["detail"], "detail changed"
    assert detail.title == obj["title"], "title changed"
    extensions = detail.model_extra or {}
    for name, value in obj.items():
        if name in ("type", "title", "status", "detail", "instance"):
            continue
        assert extensions.get(name) == value, ("extension changed", name)


def main():
    report = {"checked": 0, "without_status": 0, "failures": []}
    for number, line in enumerate(sys.stdin, 1):
        if not line.strip():
            continue
        obj = json.loads(line)
        if "status" not in obj:
            report["without_status"] += 1
            continue
        try:
            check(obj)
            report["checked"] += 1
        except Exception as error:  # noqa: BLE001 - every refusal is reported with its line
            report["failures"].append({"line": number, "error": repr(error)[:2000]})
    json.dump(report, sys.stdout)


main()
