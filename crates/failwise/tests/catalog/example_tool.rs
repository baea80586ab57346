//! The example tool `examples/filetool.rs`, run as its users run it: each failure is one
//! envelope with its catalog's exit status, pinned by a snapshot, valid against the committed
//! schema and the tool's own catalog (its usage codes included).

#[path = "../../examples/filetool.rs"]
#[allow(dead_code, reason = "the example's main is not called here")]
mod filetool;

use failwise::{Catalog, Envelope};
use filetool::FiletoolError;

/// The envelope the tool prints for `args`, checked against the schema and the catalog.
fn envelope(args: &[&str]) -> Envelope {
    let envelope = filetool::outcome(args)
        .expect("a catalog failure, not an unexpected error")
        .expect("a failure");
    let line = envelope.to_json_line();
    assert_eq!(Envelope::from_json(&line).as_ref(), Ok(&envelope));
    let catalog = FiletoolError::catalog().with_usage_codes();
    let entry = catalog
        .entry(envelope.code().as_str())
        .expect("a code of the catalog");
    assert_eq!(entry.exit, envelope.exit());
    assert_eq!(entry.error_class, envelope.error_class());
    envelope
}

#[test]
fn a_missing_file_carries_its_io_error_in_causes() {
    let e = envelope(&["filetool", "upload", "/no/such/file"]);
    assert_eq!(e.causes()[0].code.as_deref(), Some("ENOENT"));
    insta::assert_snapshot!(e.to_json_line());
}

#[test]
fn a_rate_limit_carries_its_wait_at_the_top_level() {
    let e = envelope(&["filetool", "upload", "Cargo.toml", "--chunk-kib", "0"]);
    assert_eq!(e.retry_after_ms(), Some(1500));
    insta::assert_snapshot!(e.to_json_line());
}

#[test]
fn a_bad_value_names_the_subcommand_and_is_in_the_catalog() {
    let e = envelope(&["filetool", "upload", "x", "--chunk-kib", "lots"]);
    assert_eq!(e.params()["command"], "filetool upload");
    insta::assert_snapshot!(e.to_json_line());
}

#[test]
fn the_error_displays_its_message_and_chains_its_source() {
    let io = std::io::Error::from_raw_os_error(13);
    let error = FiletoolError::ReadFailed {
        path: "/etc/shadow".into(),
        error: io,
    };
    assert_eq!(error.to_string(), "cannot read /etc/shadow");
    let source = std::error::Error::source(&error).expect("the io error");
    assert!(
        source.to_string().starts_with("Permission denied"),
        "{source}"
    );
    let envelope: Envelope = error.into();
    assert_eq!(
        envelope.to_string(),
        "cannot read /etc/shadow [READ_FAILED]"
    );
    let boxed: Box<dyn std::error::Error + Send + Sync> = Box::new(envelope.clone());
    assert_eq!(boxed.downcast_ref::<Envelope>(), Some(&envelope));
}
