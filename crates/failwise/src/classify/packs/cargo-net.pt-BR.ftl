## Os textos do pacote de regras cargo-net (packs/cargo-net.toml).
cargo-net-curl-recovery = verifique o caminho de rede até o registro ou o servidor git (proxy, DNS, `http.timeout` e `net.retry` em `.cargo/config.toml`) e rode `{ $program } fetch` de novo
cargo-net-http-recovery = confira a URL `git` da dependência e as credenciais que o servidor pede, e rode `{ $program } fetch` de novo
cargo-net-libgit2-recovery = corrija `branch`, `tag` ou `rev` da dependência em `Cargo.toml` (`git ls-remote URL` lista o que o repositório tem) e rode `{ $program } fetch` de novo
