"""A FastMCP server (the MCP Python SDK's) whose tools fail in the ways `failwise mcp` reads.

Every call is counted per tool in the file named by MCP_TEST_COUNTS (one line per call: the
tool's name), so a test can tell which calls reached the server, across restarts too.
"""

import os
import sys

import anyio

from mcp.server.fastmcp import Context, FastMCP
from mcp.types import CallToolResult, SamplingMessage, TextContent

mcp = FastMCP("failwise-test")


def count(tool: str) -> None:
    path = os.environ.get("MCP_TEST_COUNTS")
    if path:
        with open(path, "a", encoding="utf-8") as f:
            f.write(tool + "\n")


@mcp.tool()
def echo(text: str) -> str:
    """Answers its text."""
    count("echo")
    return text


@mcp.tool()
def add(a: int, b: int) -> int:
    """Adds two integers."""
    count("add")
    return a + b


@mcp.tool()
def boom(reason: str) -> str:
    """Raises, so the SDK answers an isError result with the exception's text."""
    count("boom")
    raise ValueError(f"kaboom: {reason}")


@mcp.tool()
def rate() -> CallToolResult:
    """Fails with an HTTP 429 body and Retry-After, as a tool that calls an API shows it."""
    count("rate")
    body = '{"error": {"message": "Rate limit reached for requests", "type": "requests"}}'
    text = f"HTTP/1.1 429 Too Many Requests\nRetry-After: 1\n\n{body}"
    return CallToolResult(content=[TextContent(type="text", text=text)], isError=True)


@mcp.tool()
async def slow(seconds: float) -> str:
    """Sleeps (the server goes on answering other calls), then answers."""
    count("slow")
    await anyio.sleep(seconds)
    return f"slept {seconds}"


@mcp.tool()
def die(status: int) -> str:
    """Ends the server's process in the middle of the call."""
    count("die")
    sys.stderr.write("server: exiting mid-call\n")
    sys.stderr.flush()
    os._exit(status)


@mcp.tool()
async def ask(question: str, ctx: Context) -> str:
    """Logs and asks the client's model (sampling): messages from the server
    to the client in the middle of a call."""
    count("ask")
    await ctx.info(f"asking: {question}")
    answer = await ctx.session.create_message(
        messages=[SamplingMessage(role="user", content=TextContent(type="text", text=question))],
        max_tokens=20,
    )
    return f"the model said: {answer.content.text}"


if __name__ == "__main__":
    mcp.run("stdio")
