"""The least an MCP server can be, for the proxy's latency bench: it answers every request
with an empty successful result (a tools/call result with isError false) at once, so the
time the proxy adds is not hidden in a real server's own work."""

import json
import sys


def main() -> None:
    for line in sys.stdin:
        try:
            message = json.loads(line)
        except ValueError:
            continue
        if isinstance(message, dict) and "id" in message and "method" in message:
            answer = {
                "jsonrpc": "2.0",
                "id": message["id"],
                "result": {"content": [{"type": "text", "text": "x"}], "isError": False},
            }
            sys.stdout.write(json.dumps(answer, separators=(",", ":")) + "\n")
            sys.stdout.flush()


main()
