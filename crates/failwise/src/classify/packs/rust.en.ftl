## The texts of the rust rule pack (packs/rust.toml).
rust-panic-recovery = fix the code at the place the panic names (`RUST_BACKTRACE=1` shows the frames); running it again on the same input panics the same way
rust-parse-recovery = fix the number the program reads (its { $error } is `{ $kind }`), or make the program check it before unwrapping
rust-env-recovery = set the environment variable the program reads (the panic message or the code at the place it names says which), then run it again
