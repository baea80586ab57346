## The texts of the cargo-net rule pack (packs/cargo-net.toml).
cargo-net-curl-recovery = check the network path to the registry or git host (proxy, DNS, `http.timeout` and `net.retry` in `.cargo/config.toml`), then run `{ $program } fetch` again
cargo-net-http-recovery = check the dependency's `git` URL and the credentials the server needs, then run `{ $program } fetch` again
cargo-net-libgit2-recovery = fix the dependency's `branch`, `tag` or `rev` in `Cargo.toml` (`git ls-remote URL` lists what the repository has), then run `{ $program } fetch` again
