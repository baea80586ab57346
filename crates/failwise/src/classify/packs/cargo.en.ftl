## The texts of the cargo rule pack (packs/cargo.toml).
cargo-no-matching-package-recovery = check the crate name `{ $package }` with `cargo search`, or run `cargo update` (without `--offline`) to refresh the index
cargo-failed-to-select-a-version-recovery = loosen the requirement `{ $requirement }` in Cargo.toml to a published version (`cargo search` lists them)
cargo-package-id-recovery = name a workspace member with `-p` (`cargo metadata --no-deps` lists them) instead of `{ $spec }`
cargo-no-target-named-recovery = name an existing { $kind } target (`cargo run --bin` with no name lists them) instead of `{ $target }`
rustup-toolchain-not-installed-recovery = install it with `rustup toolchain install { $toolchain }`, or pick an installed one from `rustup toolchain list`
