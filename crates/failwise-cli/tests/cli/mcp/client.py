"""The MCP Python SDK's own client (ClientSession over stdio) driving a server through
`failwise mcp`: runs one scenario and prints one JSON line per call, as the client received it.

Usage: client.py SCENARIO -- COMMAND ARGS...  (COMMAND starts the server, through the proxy)
"""

import json
import os
import sys
import time
from datetime import timedelta

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.shared.exceptions import McpError
from mcp.types import CreateMessageResult, TextContent


def outcome(result):
    """A call's result, or the JSON-RPC error the SDK raised for it, as data."""
    if isinstance(result, McpError):
        error = result.error
        return {"error": {"code": error.code, "message": error.message, "data": error.data}}
    return {
        "isError": result.isError,
        "content": [c.model_dump(mode="json", exclude_none=True) for c in result.content],
        "meta": result.meta,
    }


async def call(session, name, arguments, meta=None, timeout=None):
    try:
        read_timeout = timedelta(seconds=timeout) if timeout else None
        return outcome(await session.call_tool(name, arguments, read_timeout, meta=meta))
    except McpError as error:
        return outcome(error)


def emit(label, value):
    print(json.dumps({"label": label, **value}), flush=True)


async def sampling(context, params):
    return CreateMessageResult(
        role="assistant", content=TextContent(type="text", text="forty-two"), model="test-model"
    )


async def scenario(name, session):
    if name == "failures":
        emit("boom", await call(session, "boom", {"reason": "disk"}))
        emit("rate", await call(session, "rate", {}))
        emit("unknown_tool", await call(session, "no_such_tool", {}))
        emit("invalid_params", await call(session, "add", {"a": "one", "b": 2}))
        emit("echo", await call(session, "echo", {"text": "fine"}))
    elif name == "guard":
        for i in range(4):
            emit(f"boom{i + 1}", await call(session, "boom", {"reason": "same"}))
        emit("changed", await call(session, "boom", {"reason": "other"}))
        emit("forced", await call(session, "boom", {"reason": "same"}, meta={"failwise/force": True}))
    elif name == "crash":
        emit("echo", await call(session, "echo", {"text": "before"}))
        emit("die", await call(session, "die", {"status": 3}))
    elif name == "timeout":
        emit("slow", await call(session, "slow", {"seconds": 1.5}))
        emit("echo", await call(session, "echo", {"text": "after"}))
        await anyio.sleep(1.5)  # the server's late answer to slow arrives meanwhile
    elif name == "passthrough":
        await session.list_tools()
        emit("echo", await call(session, "echo", {"text": "héllo \u2603"}))
        emit("add", await call(session, "add", {"a": 2, "b": 3}))
        emit("ask", await call(session, "ask", {"question": "what is six times seven?"}))
        await session.send_ping()
    elif name == "inject":
        for i in range(int(sys.argv[2])):
            emit(f"call{i}", await call(session, "echo", {"text": f"n{i}"}, timeout=10))
    elif name == "bench":
        rounds = int(sys.argv[2])
        for _ in range(20):
            await session.call_tool("echo", {"text": "warm"})
        times = []
        for _ in range(rounds):
            start = time.perf_counter_ns()
            await session.call_tool("echo", {"text": "x"})
            times.append(time.perf_counter_ns() - start)
        emit("bench", {"ns": times})
    else:
        raise SystemExit(f"unknown scenario {name}")


async def main():
    name = sys.argv[1]
    command = sys.argv[sys.argv.index("--") + 1 :]
    # The whole environment: the SDK passes only a few variables by default.
    params = StdioServerParameters(command=command[0], args=command[1:], env=dict(os.environ))
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write, sampling_callback=sampling) as session:
            await session.initialize()
            await scenario(name, session)


if __name__ == "__main__":
    anyio.run(main)
