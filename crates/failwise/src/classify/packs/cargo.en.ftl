## The texts of the cargo rule pack (packs/cargo.toml).
cargo-no-matching-package-recovery = check the crate name `{ $package }` with `cargo search`, or run `cargo update` (without `--offline`) to refresh the index
cargo-failed-to-select-a-version-recovery = loosen the requirement `{ $requirement }` in Cargo.toml to a published version (`cargo search` lists them)
cargo-package-id-recovery = name a workspace member with `-p` (`cargo metadata --no-deps` lists them) instead of `{ $spec }`
cargo-no-target-named-recovery = name an existing { $kind } target (`cargo run --bin` with no name lists them) instead of `{ $target }`
rustup-toolchain-not-installed-recovery = install it with `rustup toolchain install { $toolchain }`, or pick an installed one from `rustup toolchain list`
cargo-destination-already-exists-recovery = pick another name for the new package, or run `cargo init` in `{ $path }` to make a package of that directory
cargo-init-existing-package-recovery = use the package that is there, or run `cargo new NAME` to create another one in a new subdirectory
cargo-blocking-waiting-for-file-lock-recovery = wait for the other cargo that holds the lock on the { $lock } to finish (`pgrep -a cargo`), then run the command again
cargo-crate-could-not-be-found-in-registry-index-recovery = check the crate's name with `cargo search { $package }` (or drop `--offline` to refresh the index), then add it again
cargo-failed-to-parse-manifest-recovery = fix `{ $path }` where cargo points, then build again
cargo-rustc-not-supported-recovery = update the toolchain with `rustup update`, or pick an older version of the package with `cargo update --precise`
cargo-package-does-not-contain-feature-recovery = list `{ $package }`'s features in its Cargo.toml `[features]` table and pass one that exists instead of `{ $feature }`
