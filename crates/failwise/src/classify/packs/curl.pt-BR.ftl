## Os textos do pacote de regras do curl (packs/curl.toml).
curl-resolve-recovery = verifique o nome do host `{ $host }` (por exemplo com `getent hosts { $host }`) e o resolvedor, depois rode o comando de novo
curl-resolve-proxy-recovery = verifique o nome do proxy `{ $proxy }` (`-x`, `--proxy` ou as variáveis `http_proxy`/`https_proxy`) e o resolvedor, depois rode o comando de novo
curl-connect-recovery = verifique se há um servidor escutando em { $host } porta { $port } (por exemplo com `ss -ltn` nesse host), depois rode o comando de novo
curl-connect-timeout-recovery = verifique se o host é alcançável e a porta não está filtrada, ou aumente `--connect-timeout`, depois rode o comando de novo
curl-timeout-recovery = verifique se o pedido chegou ao servidor antes de enviá-lo de novo, e aumente `--max-time` (ou `--speed-limit`/`--speed-time`) se o servidor só está lento
curl-cut-recovery = verifique se o pedido chegou ao servidor antes de enviá-lo de novo
curl-certificate-recovery = verifique o certificado do servidor e a configuração de confiança (`--cacert`, `--cert`, `--crlfile`, `--pinnedpubkey`), depois rode o comando de novo
curl-http-missing-recovery = verifique o caminho da URL com `curl -i`; o servidor não tem recurso ali
curl-http-auth-recovery = forneça credenciais que o servidor aceite (`-u`, um cabeçalho `Authorization` com `-H`, ou `--proxy-user` para 407), depois rode o comando de novo
curl-http-retry-recovery = espere e rode o comando de novo (o `--retry` do curl também faz isso)
curl-http-other-recovery = rode o mesmo `curl` sem `--fail` para ler a resposta do servidor, depois corrija o pedido
curl-option-is-unknown-recovery = confira `{ $option }` em `curl --help all`, ou instale um curl que a tenha
curl-option-requires-parameter-recovery = dê a `{ $option }` o seu valor (veja `curl --help all`)
curl-default-recovery = rode o mesmo `curl` com `-v` para ver onde a transferência falhou, depois corrija a causa
git-http-status-recovery = leia o que o status do servidor significa para `{ $url }` (`HTTP_{ $status }` em `code`): espere e busque de novo para 429 e 5xx, corrija as credenciais ou a URL para outro 4xx
