## The texts of the curl rule pack (packs/curl.toml).
curl-resolve-recovery = check the host name `{ $host }` (for example with `getent hosts { $host }`) and the resolver, then run the command again
curl-resolve-proxy-recovery = check the proxy's name `{ $proxy }` (`-x`, `--proxy` or the `http_proxy`/`https_proxy` variables) and the resolver, then run the command again
curl-connect-recovery = check that a server listens on { $host } port { $port } (for example with `ss -ltn` on that host), then run the command again
curl-connect-timeout-recovery = check that the host is reachable and the port is not filtered, or raise `--connect-timeout`, then run the command again
curl-timeout-recovery = check whether the request landed on the server before sending it again, and raise `--max-time` (or `--speed-limit`/`--speed-time`) if the server is only slow
curl-cut-recovery = verify whether the request landed on the server before sending it again
curl-certificate-recovery = check the server's certificate and the trust setup (`--cacert`, `--cert`, `--crlfile`, `--pinnedpubkey`), then run the command again
curl-http-missing-recovery = check the URL's path with `curl -i`; the server has no resource there
curl-http-auth-recovery = supply credentials the server accepts (`-u`, an `Authorization` header with `-H`, or `--proxy-user` for 407), then run the command again
curl-http-retry-recovery = wait, then run the command again (curl's `--retry` does this too)
curl-http-other-recovery = run the same `curl` without `--fail` to read the server's answer, then fix the request
curl-option-is-unknown-recovery = check `{ $option }` against `curl --help all`, or install a curl that has it
curl-option-requires-parameter-recovery = give `{ $option }` its value (see `curl --help all`)
curl-default-recovery = run the same `curl` with `-v` to see where the transfer failed, then fix the cause
git-http-status-recovery = read what the server's status means for `{ $url }` (`HTTP_{ $status }` in `code`): wait and fetch again for 429 and 5xx, fix the credentials or the URL for another 4xx
