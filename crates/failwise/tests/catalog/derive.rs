//! `#[derive(Catalog)]` on enums: envelopes with filled params, defaults, history, export.

use failwise::catalog::Status;
use failwise::{Catalog, ErrorClass, Retired, Retry};

/// Errors of a small tool, covering every attribute.
#[derive(Catalog)]
#[catalog(tool = "demo", doc_url = "https://example.org/errors#{code}")]
#[allow(
    dead_code,
    reason = "a retired variant is never constructed, by design"
)]
enum DemoError {
    /// The file named on the command line does not exist.
    ///
    /// Paths are resolved against the working directory.
    #[catalog(
        code = "FILE_NOT_FOUND",
        exit = 4,
        class = "permanent",
        message = "file {path} not found",
        recovery = "verify that {path} exists, or pass --create",
        since = "0.1.0"
    )]
    FileNotFound { path: String },
    /// Another writer holds the lock.
    #[catalog(
        code = "LOCKED",
        class = "transient",
        message = "lock held by pid {pid} for {held_ms} ms",
        recovery = "wait for pid {pid} to exit, then run `demo write` again"
    )]
    Locked { pid: u32, held_ms: u64 },
    /// The old spelling of LOCKED.
    #[catalog(
        code = "BUSY",
        exit = 75,
        class = "transient",
        retry = "unknown",
        message = "busy",
        recovery = "use `demo write --wait`",
        status = "deprecated",
        replaced_by = "LOCKED"
    )]
    Busy,
    /// Retired in 0.3: the store no longer has shards.
    #[catalog(
        code = "SHARD_MISSING",
        exit = 3,
        message = "shard {shard} missing",
        recovery = "run `demo repair`",
        status = "retired",
        replaced_by = "FILE_NOT_FOUND"
    )]
    ShardMissing { shard: String, retired: Retired },
    /// Configuration is unreadable.
    #[catalog(
        code = "CONFIG_BROKEN",
        exit = 78,
        class = "precondition_failed",
        message = "config {{braces}} broken",
        recovery = "edit /etc/demo.toml"
    )]
    ConfigBroken(),
}

#[test]
fn a_value_becomes_a_finished_envelope_with_every_param() {
    let e = DemoError::Locked {
        pid: 42,
        held_ms: 1500,
    }
    .to_envelope();
    assert_eq!(e.code().as_str(), "LOCKED");
    assert_eq!(e.exit().get(), 75, "transient defaults to EX_TEMPFAIL");
    assert_eq!(
        (e.error_class(), e.retry()),
        (ErrorClass::Transient, Retry::Yes)
    );
    assert_eq!(e.message(), "lock held by pid 42 for 1500 ms");
    assert_eq!(
        e.recovery(),
        "wait for pid 42 to exit, then run `demo write` again"
    );
    assert_eq!(e.params()["pid"], 42);
    assert_eq!(e.params()["held_ms"], 1500);
    assert_eq!(e.doc_url(), Some("https://example.org/errors#LOCKED"));
    let back = failwise::Envelope::from_json(&e.to_json_line()).unwrap();
    assert_eq!(back, e);
}

#[test]
fn defaults_and_escapes() {
    let e = DemoError::FileNotFound {
        path: "a.txt".into(),
    }
    .to_envelope();
    assert_eq!(
        (e.exit().get(), e.error_class(), e.retry()),
        (4, ErrorClass::Permanent, Retry::No)
    );
    assert_eq!(e.message(), "file a.txt not found");
    let c = DemoError::ConfigBroken().to_envelope();
    assert_eq!(c.message(), "config {braces} broken");
    assert!(c.params().is_empty());
}

#[test]
fn the_catalog_lists_every_code_with_its_history() {
    let file = DemoError::catalog();
    assert_eq!(file.tool, "demo");
    let codes: Vec<&str> = file.codes.iter().map(|e| e.code.as_str()).collect();
    assert_eq!(
        codes,
        [
            "FILE_NOT_FOUND",
            "LOCKED",
            "BUSY",
            "SHARD_MISSING",
            "CONFIG_BROKEN"
        ]
    );
    let nf = &file.codes[0];
    assert_eq!(
        nf.doc,
        "The file named on the command line does not exist.\n\nPaths are resolved against the working directory."
    );
    assert_eq!(nf.since.as_deref(), Some("0.1.0"));
    assert_eq!(nf.params, ["path"]);
    let busy = &file.codes[2];
    assert_eq!(busy.status, Status::Deprecated);
    assert_eq!(
        busy.replaced_by.as_ref().map(|c| c.as_str()),
        Some("LOCKED")
    );
    let shard = &file.codes[3];
    assert_eq!(shard.status, Status::Retired);
    assert_eq!(shard.params, ["shard"], "the Retired marker is not a param");
    assert!(file.problems().is_empty(), "{:?}", file.problems());
    let json = file.to_json_pretty();
    assert_eq!(failwise::CatalogFile::from_json(&json).unwrap(), file);
}

#[test]
fn deprecated_codes_still_print() {
    let e = DemoError::Busy.to_envelope();
    assert_eq!((e.retry(), e.retryable()), (Retry::Unknown, false));
}

/// `DemoError` again, its texts read from a Fluent file: the same codes, the same envelopes.
#[derive(Catalog)]
#[catalog(
    tool = "demo",
    doc_url = "https://example.org/errors#{code}",
    ftl = "tests/fixtures/i18n/demo.en.ftl"
)]
#[allow(
    dead_code,
    reason = "a retired variant is never constructed, by design"
)]
enum DemoFromFtl {
    /// The file named on the command line does not exist.
    ///
    /// Paths are resolved against the working directory.
    #[catalog(
        code = "FILE_NOT_FOUND",
        exit = 4,
        class = "permanent",
        since = "0.1.0"
    )]
    FileNotFound { path: String },
    /// Another writer holds the lock.
    #[catalog(code = "LOCKED", class = "transient")]
    Locked { pid: u32, held_ms: u64 },
    /// The old spelling of LOCKED.
    #[catalog(
        code = "BUSY",
        exit = 75,
        class = "transient",
        retry = "unknown",
        message = "busy",
        status = "deprecated",
        replaced_by = "LOCKED"
    )]
    Busy,
    /// Retired in 0.3: the store no longer has shards.
    #[catalog(
        code = "SHARD_MISSING",
        exit = 3,
        status = "retired",
        replaced_by = "FILE_NOT_FOUND"
    )]
    ShardMissing { shard: String, retired: Retired },
    /// Configuration is unreadable.
    #[catalog(code = "CONFIG_BROKEN", exit = 78, class = "precondition_failed")]
    ConfigBroken(),
}

#[test]
fn texts_read_from_a_fluent_file_make_the_same_catalog_as_attributes() {
    assert_eq!(DemoFromFtl::CODES, DemoError::CODES);
    assert_eq!(DemoFromFtl::catalog(), DemoError::catalog());
    let pairs = [
        (
            DemoFromFtl::FileNotFound {
                path: "a.txt".into(),
            }
            .to_envelope(),
            DemoError::FileNotFound {
                path: "a.txt".into(),
            }
            .to_envelope(),
        ),
        (
            DemoFromFtl::Locked {
                pid: 42,
                held_ms: 1500,
            }
            .to_envelope(),
            DemoError::Locked {
                pid: 42,
                held_ms: 1500,
            }
            .to_envelope(),
        ),
        (
            DemoFromFtl::Busy.to_envelope(),
            DemoError::Busy.to_envelope(),
        ),
        (
            DemoFromFtl::ConfigBroken().to_envelope(),
            DemoError::ConfigBroken().to_envelope(),
        ),
    ];
    for (from_ftl, from_attributes) in pairs {
        assert_eq!(from_ftl, from_attributes);
    }
    assert_eq!(
        DemoFromFtl::ConfigBroken().to_envelope().message(),
        "config {braces} broken"
    );
}

/// The pt-BR texts `DemoError` ships, as a tool embeds them.
const DEMO_PT_BR: &str = include_str!("../fixtures/i18n/demo.pt-BR.ftl");

#[test]
fn a_derived_catalog_ships_its_translation_as_an_ftl_file() {
    use failwise::catalog::missing_translations;
    use failwise::i18n::Localizer;
    assert_eq!(
        missing_translations(&DemoError::catalog(), DEMO_PT_BR),
        Vec::<String>::new(),
        "every code still printed has both texts"
    );
    let partial = DEMO_PT_BR.replace("LOCKED-recovery", "# LOCKED-recovery");
    assert_eq!(
        missing_translations(&DemoError::catalog(), &partial),
        ["LOCKED-recovery"]
    );

    let mut localizer = Localizer::new("pt-BR");
    localizer.add_resource("pt-BR", DEMO_PT_BR).unwrap();
    let english = DemoError::Locked {
        pid: 4242,
        held_ms: 1500,
    }
    .to_envelope();
    let pt = localizer.localize(english.clone());
    assert_eq!(pt.message(), "trava mantida pelo pid 4242 há 1500 ms");
    assert_eq!(
        pt.recovery(),
        "espere o pid 4242 terminar e rode `demo write` de novo"
    );
    assert_eq!(pt.lang(), Some("pt-BR"));
    assert_eq!(
        (pt.code(), pt.exit(), pt.params()),
        (english.code(), english.exit(), english.params())
    );
    let braces = localizer.localize(DemoError::ConfigBroken().to_envelope());
    assert_eq!(braces.message(), "configuração {chaves} corrompida");
    // English stays as the enum wrote it.
    let en = Localizer::english();
    assert_eq!(en.localize(english.clone()), english);
}

/// Fields whose serde form is not how people write them, a `Duration` wait, and a boxed
/// source error.
#[derive(Debug, Catalog)]
#[catalog(tool = "kinds", error)]
enum KindsError {
    /// A lock held too long.
    #[catalog(
        code = "LOCK_HELD",
        class = "transient",
        retry = "yes",
        message = "{path} locked for {held}",
        recovery = "wait {backoff}, then run `kinds sync` again"
    )]
    LockHeld {
        path: std::path::PathBuf,
        held: std::time::Duration,
        #[catalog(retry_after)]
        backoff: std::time::Duration,
    },
    /// Any failure of the store, with its cause.
    #[catalog(
        code = "STORE_FAILED",
        message = "the store at {dir} failed",
        recovery = "run `kinds check {dir}`"
    )]
    StoreFailed {
        dir: std::ffi::OsString,
        source: Box<dyn std::error::Error + Send + Sync>,
    },
}

#[test]
fn durations_and_paths_read_as_people_write_them_and_a_duration_is_the_wait() {
    use std::os::unix::ffi::OsStringExt;
    let e = KindsError::LockHeld {
        path: std::path::PathBuf::from(std::ffi::OsString::from_vec(b"/var/l\xffck".to_vec())),
        held: std::time::Duration::from_millis(1500),
        backoff: std::time::Duration::from_micros(2_000_500),
    }
    .to_envelope();
    assert_eq!(e.params()["held"], "1.5s");
    assert_eq!(e.params()["path"], "/var/l\u{fffd}ck");
    assert_eq!(e.params()["backoff"], "2.0005s");
    assert_eq!(e.message(), "/var/l\u{fffd}ck locked for 1.5s");
    // 2.0005 s rounds up to whole milliseconds: never shorter than asked.
    assert_eq!(e.retry_after_ms(), Some(2001));
}

#[test]
fn a_boxed_source_and_its_chain_become_causes_outermost_first() {
    #[derive(Debug)]
    struct Outer(std::io::Error);
    impl std::fmt::Display for Outer {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("cannot open the index")
        }
    }
    impl std::error::Error for Outer {
        fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
            Some(&self.0)
        }
    }
    let e = KindsError::StoreFailed {
        dir: "/srv/store".into(),
        source: Box::new(Outer(std::io::Error::from_raw_os_error(28))),
    };
    assert_eq!(e.to_string(), "the store at /srv/store failed");
    let envelope = e.to_envelope();
    let causes: Vec<(Option<&str>, &str)> = envelope
        .causes()
        .iter()
        .map(|c| (c.code.as_deref(), c.message.as_str()))
        .collect();
    assert_eq!(causes[0], (None, "cannot open the index"));
    assert_eq!(causes[1].0, Some("ENOSPC"));
    assert_eq!(causes.len(), 2);
    assert!(!envelope.params().contains_key("source"));
}
