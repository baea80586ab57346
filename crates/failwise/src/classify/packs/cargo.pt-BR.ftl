## Os textos do pacote de regras do cargo (packs/cargo.toml).
cargo-no-matching-package-recovery = confira o nome do crate `{ $package }` com `cargo search`, ou rode `cargo update` (sem `--offline`) para atualizar o índice
cargo-failed-to-select-a-version-recovery = afrouxe o requisito `{ $requirement }` no Cargo.toml para uma versão publicada (`cargo search` as lista)
cargo-package-id-recovery = indique um membro do workspace com `-p` (`cargo metadata --no-deps` os lista) em vez de `{ $spec }`
cargo-no-target-named-recovery = indique um alvo { $kind } que exista (`cargo run --bin` sem nome os lista) em vez de `{ $target }`
rustup-toolchain-not-installed-recovery = instale com `rustup toolchain install { $toolchain }`, ou escolha um instalado em `rustup toolchain list`
