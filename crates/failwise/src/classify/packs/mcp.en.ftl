## The texts of the MCP rule pack (packs/mcp.toml).
mcp-jsonrpc-error-recovery = change the tool call as the error says (its arguments or the method), then call it again
mcp-fs-access-denied-recovery = use a path inside { $allowed }, or start the filesystem server with the directory that holds { $path }
mcp-validation-error-recovery = give the tool arguments of the types its input schema names (`tools/list` shows it), then call it again
mcp-request-timeout-recovery = check whether the tool's effect landed (read back what it was to change) before calling it again; if the server is slow, raise the client's request timeout
