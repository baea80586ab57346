"""Parses what `failwise normalize --to google-rpc` (FORM `http`) or `--to google-rpc-status`
(FORM `status`) wrote, one record a line in FILE, with protobuf's own JSON parser into
google.rpc.Status, and checks the rules the comments of google/rpc/error_details.proto and
google/rpc/code.proto state, which the parser does not enforce.

Usage: python google_rpc.py FORM FILE

Prints one line per problem ("line N: ...") and, last, a JSON summary
{"records": N, "problems": K, "details": {type: count}}; exits 1 when there is a problem.
"""

import collections
import json
import re
import sys

from google.protobuf import json_format
from google.rpc import code_pb2, error_details_pb2, status_pb2

# The "HTTP Mapping" line of each code's comment in google/rpc/code.proto.
HTTP_MAPPING = {
    "OK": 200,
    "CANCELLED": 499,
    "UNKNOWN": 500,
    "INVALID_ARGUMENT": 400,
    "DEADLINE_EXCEEDED": 504,
    "NOT_FOUND": 404,
    "ALREADY_EXISTS": 409,
    "PERMISSION_DENIED": 403,
    "UNAUTHENTICATED": 401,
    "RESOURCE_EXHAUSTED": 429,
    "FAILED_PRECONDITION": 400,
    "ABORTED": 409,
    "OUT_OF_RANGE": 400,
    "UNIMPLEMENTED": 501,
    "INTERNAL": 500,
    "UNAVAILABLE": 503,
    "DATA_LOSS": 500,
}

# error_details.proto: ErrorInfo.reason (and FieldViolation.reason) "should be at most 63
# characters and match a regular expression of `[A-Z][A-Z0-9_]+[A-Z0-9]`"; metadata keys "must
# match a regular expression of `[a-z][a-zA-Z0-9-_]+` ... limited to 64 characters in length".
REASON = re.compile(r"[A-Z][A-Z0-9_]+[A-Z0-9]")
REASON_MAX = 63
METADATA_KEY = re.compile(r"[a-z][a-zA-Z0-9-_]+")
METADATA_KEY_MAX = 64
# google/protobuf/duration.proto: seconds "Must be from -315,576,000,000 to +315,576,000,000".
DURATION_MAX_SECONDS = 315_576_000_000

DETAIL_TYPES = {
    "type.googleapis.com/google.rpc." + name: getattr(error_details_pb2, name)
    for name in [
        "ErrorInfo",
        "RetryInfo",
        "DebugInfo",
        "QuotaFailure",
        "PreconditionFailure",
        "BadRequest",
        "RequestInfo",
        "ResourceInfo",
        "Help",
        "LocalizedMessage",
    ]
}


def check_reason(reason, where, problems):
    if not REASON.fullmatch(reason) or len(reason) > REASON_MAX:
        problems.append(f"{where} {reason!r} breaks the reason rule")


def check_record(form, text, problems, seen):
    record = json.loads(text)
    if form == "http":
        if set(record) != {"error"}:
            problems.append(f"members {sorted(record)} beside `error`")
            return
        error = dict(record["error"])
        name = error.pop("status", None)
        status = json_format.Parse(json.dumps(error), status_pb2.Status())
        if name not in code_pb2.Code.keys() or name == "OK":
            problems.append(f"status {name!r} is no google.rpc.Code of a failure")
        elif HTTP_MAPPING[name] != status.code:
            problems.append(
                f"code {status.code} is not the HTTP status of {name} ({HTTP_MAPPING[name]})"
            )
    else:
        status = json_format.Parse(text, status_pb2.Status())
        if status.code == 0 or status.code not in code_pb2.Code.values():
            problems.append(f"code {status.code} is no google.rpc.Code of a failure")
    infos = 0
    for i, any_detail in enumerate(status.details):
        kind = DETAIL_TYPES.get(any_detail.type_url)
        if kind is None:
            problems.append(f"details[{i}] has type {any_detail.type_url}")
            continue
        detail = kind()
        if not any_detail.Unpack(detail):
            problems.append(f"details[{i}] does not unpack as {kind.__name__}")
            continue
        seen[kind.__name__] += 1
        if kind is error_details_pb2.ErrorInfo:
            infos += 1
            if i != 0:
                problems.append(f"ErrorInfo is details[{i}], not the first")
            check_reason(detail.reason, "ErrorInfo.reason", problems)
            if not detail.domain:
                problems.append("ErrorInfo.domain is empty")
            for key in detail.metadata:
                if not METADATA_KEY.fullmatch(key) or len(key) > METADATA_KEY_MAX:
                    problems.append(f"metadata key {key!r} breaks the key rule")
        elif kind is error_details_pb2.RetryInfo:
            seconds = detail.retry_delay.seconds
            if not 0 <= seconds <= DURATION_MAX_SECONDS:
                problems.append(f"retry_delay of {seconds} s is out of range")
        elif kind is error_details_pb2.BadRequest:
            for violation in detail.field_violations:
                if violation.reason:
                    check_reason(violation.reason, "FieldViolation.reason", problems)
    if infos != 1:
        problems.append(f"{infos} ErrorInfo details, not one")


def main():
    form, path = sys.argv[1], sys.argv[2]
    if form not in ("http", "status"):
        sys.exit(f"unknown form {form!r}")
    records = 0
    failed = 0
    seen = collections.Counter()
    with open(path, encoding="utf-8") as lines:
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            records += 1
            problems = []
            try:
                check_record(form, line, problems, seen)
            except (json_format.ParseError, ValueError, KeyError, TypeError) as e:
                problems.append(f"{type(e).__name__}: {e}")
            for problem in problems:
                print(f"line {number}: {problem}")
            failed += len(problems)
    print(json.dumps({"records": records, "problems": failed, "details": dict(seen)}))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
