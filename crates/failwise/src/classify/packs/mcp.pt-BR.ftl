## Os textos do pacote de regras de MCP (packs/mcp.toml).
mcp-jsonrpc-error-recovery = altere a chamada da ferramenta como o erro diz (os argumentos ou o método) e chame de novo
mcp-fs-access-denied-recovery = use um caminho dentro de { $allowed }, ou inicie o servidor de arquivos com o diretório que contém { $path }
mcp-validation-error-recovery = passe à ferramenta argumentos dos tipos que o esquema de entrada dela indica (`tools/list` mostra), e chame de novo
mcp-request-timeout-recovery = confira se o efeito da ferramenta aconteceu (leia de volta o que ela devia mudar) antes de chamá-la de novo; se o servidor é lento, aumente o tempo limite de requisição do cliente
