"""Checks lines that `failwise normalize` wrote with the MCP Python SDK's own pydantic models.

Usage: python mcp_models.py json-rpc|tool-result < lines.ndjson

Each line is validated as the SDK validates a message it receives: `--to json-rpc` lines as a
JSON-RPC message (`JSONRPCMessage` in 1.x, `jsonrpc_message_adapter` in 2.x), which must come
out as a `JSONRPCError` (an `error` member) or a `JSONRPCResponse` whose `result` is a
`CallToolResult` with `isError` true; `--to mcp-tool-result` lines as a `CallToolResult`. The
values the models hold must be the ones written (the id, the error's code, message and data,
the structured content). A JSON-RPC error whose id is null is counted apart: the 1.x models
refuse it (their `id` is `str | int`), the 2.x ones accept it (`RequestId | None`, as JSON-RPC
2.0 section 5 allows).

Prints one JSON object: {"sdk": version, "checked": n, "null_ids": n, "failures": [...]}.
"""

import importlib.metadata
import json
import sys

import mcp.types as types

VERSION = importlib.metadata.version("mcp")
MAJOR = int(VERSION.split(".")[0])


def message(obj):
    """The SDK's reading of a JSON-RPC message."""
    if MAJOR >= 2:
        return types.jsonrpc_message_adapter.validate_python(obj)
    return types.JSONRPCMessage.model_validate(obj).root


def dumped(model):
    return model.model_dump(mode="json", by_alias=True, exclude_none=True)


def check_json_rpc(obj):
    if "error" in obj:
        parsed = types.JSONRPCError.model_validate(obj)
        assert parsed.id == obj["id"], (parsed.id, obj["id"])
        assert parsed.error.code == obj["error"]["code"]
        assert parsed.error.message == obj["error"]["message"]
        assert parsed.error.data == obj["error"]["data"], "data changed"
        assert isinstance(message(obj), types.JSONRPCError)
    else:
        parsed = types.JSONRPCResponse.model_validate(obj)
        assert parsed.id == obj["id"], (parsed.id, obj["id"])
        assert isinstance(message(obj), types.JSONRPCResponse)
        check_tool_result(parsed.result)


def check_tool_result(obj):
    result = types.CallToolResult.model_validate(obj)
    is_error = getattr(result, "isError", None)
    if is_error is None:
        is_error = result.is_error
    assert is_error is True, "isError is not true"
    structured = getattr(result, "structuredContent", None)
    if structured is None:
        structured = getattr(result, "structured_content", None)
    assert structured == obj["structuredContent"], "structuredContent changed"
    texts = [c.text for c in result.content if c.type == "text"]
    assert texts and json.loads(texts[0]) == obj["structuredContent"], "text is not the JSON"
    assert dumped(result)["isError"] is True


def main():
    mode = sys.argv[1]
    report = {"sdk": VERSION, "checked": 0, "null_ids": 0, "failures": []}
    for number, line in enumerate(sys.stdin, 1):
        if not line.strip():
            continue
        obj = json.loads(line)
        if mode == "json-rpc" and obj.get("id") is None and MAJOR < 2:
            report["null_ids"] += 1
            try:
                types.JSONRPCError.model_validate(obj)
            except Exception:  # noqa: BLE001 - the refusal is what 1.x does with a null id
                continue
            report["failures"].append({"line": number, "error": "1.x accepted a null id"})
            continue
        if obj.get("id", 0) is None:
            report["null_ids"] += 1
        try:
            if mode == "json-rpc":
                check_json_rpc(obj)
            else:
                check_tool_result(obj)
            report["checked"] += 1
        except Exception as error:  # noqa: BLE001 - every refusal is reported with its line
            report["failures"].append({"line": number, "error": repr(error)[:2000]})
    json.dump(report, sys.stdout)


main()
