//! Compile-time checks of `#[derive(Catalog)]`: one ui case per misuse, with the compiler's
//! output checked in beside it (`tests/ui/*.stderr`; regenerate with `TRYBUILD=overwrite`).

#[test]
fn misuses_are_compile_errors() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("tests/ui/*.rs");
}
