"""Benchmark: `failwise.normalize` over many NDJSON lines against the same work in pure Python
(`json.loads` and a field mapping like a jq program's), in the same run, on the same lines.

    python crates/failwise-py/bench/normalize.py [--lines 100000] [--repeat 3]

The lines are generated here (a mix of failure records in four dialects and progress lines that
are no failure), to measure throughput, not recognition. The pure Python side maps each record
with a fixed rule per shape, as a jq filter would; failwise also detects the dialect of every
line, checks every invariant, and prepares every envelope (redaction, bounds), so the ratio is
a floor on what failwise saves. Prints each side's best time and the ratio.
"""

from __future__ import annotations

import argparse
import json
import time

import failwise

RECORDS = [
    # canonical envelopes
    '{"error":true,"code":"DB_LOCKED","exit":75,"message":"database is locked","error_class":"transient",'
    '"retry":"yes","retryable":true,"retry_after_ms":250,"recovery":"wait for the writer, then run it again",'
    '"params":{"path":"/var/db/app.sqlite","attempt":N}}',
    # sqlite-graphrag: integer code = exit
    '{"error":true,"code":4,"message":"memory not found: design-auth-N"}',
    # JSON-RPC 2.0
    '{"jsonrpc":"2.0","id":N,"error":{"code":-32601,"message":"Method not found"}}',
    # RFC 9457 problem+json
    '{"type":"https://example.com/probs/out-of-credit","title":"You do not have enough credit.",'
    '"status":403,"detail":"your current balance is N, but that costs 50","instance":"/account/12345/msgs/abc"}',
    # progress lines, no failure
    '{"event":"progress","done":N,"total":100000}',
    '{"ok":true,"id":N}',
]


def lines(count: int) -> str:
    out = []
    for i in range(count):
        out.append(RECORDS[i % len(RECORDS)].replace("N", str(i)))
    return "\n".join(out) + "\n"


def pure_python(text: str) -> list[dict]:
    """The jq-like mapping: each shape to code, exit, message, class, retry, recovery."""
    found = []
    for line in text.splitlines():
        if not line:
            continue
        obj = json.loads(line)
        if obj.get("error") is True and isinstance(obj.get("code"), str):
            found.append({k: obj.get(k) for k in ("code", "exit", "message", "error_class", "retry", "recovery")})
        elif obj.get("error") is True:
            found.append({"code": "EXIT_%d" % obj["code"], "exit": obj["code"], "message": obj.get("message"),
                          "error_class": "permanent", "retry": "no", "recovery": "see the message"})
        elif isinstance(obj.get("error"), dict):
            err = obj["error"]
            found.append({"code": "JSONRPC_%d" % -err.get("code", 0), "exit": 1, "message": err.get("message"),
                          "error_class": "permanent", "retry": "no", "recovery": "fix the request"})
        elif "type" in obj and "status" in obj:
            status = obj["status"]
            found.append({"code": "HTTP_%d" % status, "exit": 1, "message": obj.get("detail") or obj.get("title"),
                          "error_class": "transient" if status in (408, 429) or status >= 500 else "permanent",
                          "retry": "yes" if status in (408, 429) or status >= 500 else "no",
                          "recovery": "see the problem's type"})
    return found


def best(repeat: int, work) -> tuple[float, object]:
    times = []
    result = None
    for _ in range(repeat):
        start = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - start)
    return min(times), result


def main(argv=None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    text = lines(args.lines)
    fw_time, fw = best(args.repeat, lambda: failwise.normalize(text))
    py_time, py = best(args.repeat, lambda: pure_python(text))
    assert len(fw) == len(py), (len(fw), len(py))
    report = {
        "lines": args.lines,
        "failures": len(fw),
        "failwise_s": round(fw_time, 4),
        "pure_python_s": round(py_time, 4),
        "ratio": round(py_time / fw_time, 2) if fw_time else None,
    }
    print(
        f"{args.lines} lines, {len(fw)} failures: failwise.normalize {fw_time:.3f} s, "
        f"json.loads + mapping {py_time:.3f} s, ratio {report['ratio']} (pure Python time / failwise time)"
    )
    return report


if __name__ == "__main__":
    main()
