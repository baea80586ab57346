## Os textos do pacote de regras do cargo (packs/cargo.toml).
cargo-no-matching-package-recovery = confira o nome do crate `{ $package }` com `cargo search`, ou rode `cargo update` (sem `--offline`) para atualizar o índice
cargo-failed-to-select-a-version-recovery = afrouxe o requisito `{ $requirement }` no Cargo.toml para uma versão publicada (`cargo search` as lista)
cargo-package-id-recovery = indique um membro do workspace com `-p` (`cargo metadata --no-deps` os lista) em vez de `{ $spec }`
cargo-no-target-named-recovery = indique um alvo { $kind } que exista (`cargo run --bin` sem nome os lista) em vez de `{ $target }`
rustup-toolchain-not-installed-recovery = instale com `rustup toolchain install { $toolchain }`, ou escolha um instalado em `rustup toolchain list`
cargo-destination-already-exists-recovery = escolha outro nome para o pacote novo, ou rode `cargo init` em `{ $path }` para fazer desse diretório um pacote
cargo-init-existing-package-recovery = use o pacote que já está lá, ou rode `cargo new NOME` para criar outro num subdiretório novo
cargo-blocking-waiting-for-file-lock-recovery = espere terminar o outro cargo que segura a trava de { $lock } (`pgrep -a cargo`) e rode o comando de novo
cargo-crate-could-not-be-found-in-registry-index-recovery = confira o nome do crate com `cargo search { $package }` (ou tire o `--offline` para atualizar o índice) e adicione de novo
cargo-failed-to-parse-manifest-recovery = corrija `{ $path }` onde o cargo aponta e compile de novo
cargo-rustc-not-supported-recovery = atualize o toolchain com `rustup update`, ou escolha uma versão mais antiga do pacote com `cargo update --precise`
cargo-package-does-not-contain-feature-recovery = veja as features de `{ $package }` na tabela `[features]` do Cargo.toml dele e passe uma que exista no lugar de `{ $feature }`
