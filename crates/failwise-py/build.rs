//! Refuses to build the extension module for a wheel (maturin sets
//! `PYO3_BUILD_EXTENSION_MODULE`) when the `failwise` binary is not in the wheel's scripts
//! (`data/scripts/failwise`, put there by `scripts/wheel`): a wheel without it would install a
//! package whose binary is missing from `PATH`. Other builds (`cargo test`, `cargo clippy`)
//! need no binary.

use std::path::Path;

fn main() {
    println!("cargo::rerun-if-env-changed=PYO3_BUILD_EXTENSION_MODULE");
    if std::env::var_os("PYO3_BUILD_EXTENSION_MODULE").is_none() {
        println!("cargo::rerun-if-changed=build.rs");
        return;
    }
    let binary = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/scripts/failwise");
    println!("cargo::rerun-if-changed={}", binary.display());
    if !binary.is_file() {
        println!(
            "cargo::error={} is missing: build the wheel with scripts/wheel, which puts the failwise binary there first",
            binary.display()
        );
    }
}
