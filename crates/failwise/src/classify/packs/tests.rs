//! Tests of the rule packs: the built-in packs compile and replay their examples, their texts
//! exist in both languages, a bad pack names its rule and field, SQLSTATEs follow their classes.

use super::format::Unit;
use super::format::Wait;
use super::tables::http_date;
use super::tables::wait_ms;
use super::*;
use crate::verdict::Verdict;
use serde_json::Value;
use std::collections::BTreeMap;

#[test]
fn built_in_packs_compile_and_replay() {
    let packs = Packs::compile(BUILT_IN.iter().copied()).expect("the built-in packs compile");
    assert_eq!(packs.names().len(), BUILT_IN.len());
    let mismatches = packs.replay();
    assert!(mismatches.is_empty(), "{mismatches:#?}");
}

/// Every rule's texts exist in English and Brazilian Portuguese, and read differently, rendered
/// with the variables of the rule's first example (its captures, `program` and the others an
/// envelope gives).
#[test]
fn every_rule_text_is_in_both_languages() {
    let packs = Packs::built_in();
    let en = crate::i18n::Localizer::new("en");
    let pt = crate::i18n::Localizer::new("pt-BR");
    for rule in &packs.rules {
        let example = &rule.examples[0];
        let failure = Failure {
            command: &example.argv,
            termination: Termination::Exited(
                crate::ExitStatus::new(example.exit.unwrap_or(1))
                    .unwrap_or(crate::ExitStatus::FAILURE),
            ),
            stdout: &example.stdout,
            stderr: &example.stderr,
            stderr_bytes: example.stderr.len() as u64,
        };
        let envelope = failure.envelope();
        let mut vars = crate::phrase::envelope_args(
            envelope.code().as_str(),
            envelope.exit().get(),
            envelope.nearby(),
            envelope.params(),
        );
        // Every capture, in case the example does not fill it.
        for name in rule
            .regex
            .get()
            .expect("compiles")
            .capture_names()
            .flatten()
        {
            vars.entry(name.to_owned())
                .or_insert_with(|| format!("<{name}>").into());
        }
        for phrase in std::iter::once(&rule.recovery).chain(rule.message.as_ref()) {
            let id = phrase.id();
            let english = en.render(phrase, &vars).map(|(t, _)| t);
            let portuguese = pt.render(phrase, &vars).map(|(t, l)| (t, l.to_string()));
            assert!(english.is_some(), "{id} has no English text");
            let (text, lang) = portuguese.expect("a Portuguese text");
            assert_eq!(lang, "pt-BR", "{id} has no Portuguese text");
            assert_ne!(Some(text), english, "{id} reads the same in both");
        }
    }
}

#[test]
fn a_bad_pack_names_its_rule_and_field() {
    let bad = "name = 'x'\nsummary = 's'\nsource = 's'\n[[rules]]\ncode = 'X'\nclass = 'permanent'\nretry = 'yes'\nmatch = 'x'\nrecovery = 'r'\n";
    let e = Packs::compile([("x.toml", bad)]).expect_err("permanent and yes");
    assert_eq!((e.rule, e.field.as_str()), (1, "retry"));
    let e = Packs::compile([("y.toml", "name = 1")]).expect_err("not a pack");
    assert_eq!((e.file.as_str(), e.rule), ("y.toml", 0));
}

#[test]
fn sqlstates_follow_their_classes() {
    assert_eq!(sqlstate_verdict("40P01"), Some(Verdict::transient()));
    assert_eq!(sqlstate_verdict("23505"), Some(Verdict::conflict()));
    assert_eq!(
        sqlstate_verdict("08006"),
        Some(Verdict::transient().effect_unknown())
    );
    assert_eq!(sqlstate_verdict("XX000"), None);
}

#[test]
fn sqlstates_have_their_condition_names() {
    assert_eq!(sqlstate_name("40P01"), Some("deadlock_detected"));
    assert_eq!(sqlstate_name("23505"), Some("unique_violation"));
    assert_eq!(sqlstate_name("57p03"), Some("cannot_connect_now"));
    assert_eq!(sqlstate_name("ZZ999"), None);
}

/// A driver's name for a SQLSTATE reads as the state: the condition name in any spelling,
/// psycopg's and asyncpg's classes, and the classes `packs/sqlstate-classes.tsv` lists.
#[test]
fn sqlstates_are_read_from_condition_names_and_driver_classes() {
    assert_eq!(sqlstate_of("40p01"), Some("40P01"));
    assert_eq!(sqlstate_of("UniqueViolation"), Some("23505"));
    assert_eq!(sqlstate_of("unique_violation"), Some("23505"));
    assert_eq!(sqlstate_of("UNIQUE_VIOLATION"), Some("23505"));
    assert_eq!(sqlstate_of("UniqueViolationError"), Some("23505"));
    assert_eq!(sqlstate_of("InFailedSQLTransactionError"), Some("25P02"));
    assert_eq!(sqlstate_of("InFailedSqlTransaction"), Some("25P02"));
    assert_eq!(sqlstate_of("SerializationError"), Some("40001"));
    assert_eq!(sqlstate_of("PostgresSyntaxError"), Some("42601"));
    assert_eq!(sqlstate_of("SyntaxError"), Some("42601"));
    assert_eq!(sqlstate_of("InternalError_"), Some("XX000"));
    assert_eq!(sqlstate_of("OperationalError"), None);
    assert_eq!(sqlstate_of("IntegrityError"), None);
    assert_eq!(sqlstate_of(""), None);
    assert_eq!(sqlstate_of("ZZ999"), None);
    // Every class of the table names a state the SQLSTATE table defines.
    for line in include_str!("sqlstate-classes.tsv").lines() {
        if let Some((class, _)) = line.split_once('\t').filter(|_| !line.starts_with('#')) {
            assert!(sqlstate_of(class).is_some(), "{class}");
        }
    }
}

/// MySQL's table reads numbers and symbols; SQLite's reads its extended codes as their primary
/// code unless they have a row, and its primary rows agree with classify/sqlite.rs.
#[test]
fn the_mysql_and_sqlite_tables_read_numbers_and_names() {
    use NumberedTable::{Mysql, Sqlite};
    assert_eq!(
        Mysql.get("1062"),
        Some(("ER_DUP_ENTRY", Verdict::conflict()))
    );
    assert_eq!(
        Mysql.get("ER_LOCK_DEADLOCK"),
        Some(("ER_LOCK_DEADLOCK", Verdict::transient()))
    );
    assert_eq!(Mysql.get("1226"), None);
    assert_eq!(Mysql.get("ER_DUP"), None);
    assert_eq!(Sqlite.get("5"), Some(("SQLITE_BUSY", Verdict::transient())));
    assert_eq!(
        Sqlite.get("2067"),
        Some(("SQLITE_CONSTRAINT", Verdict::conflict()))
    );
    assert_eq!(
        Sqlite.get("1299"),
        Some(("SQLITE_CONSTRAINT_NOTNULL", Verdict::permanent()))
    );
    assert_eq!(
        Sqlite.get("SQLITE_CONSTRAINT_UNIQUE"),
        Some(("SQLITE_CONSTRAINT", Verdict::conflict()))
    );
    assert_eq!(
        Sqlite.get("SQLITE_BUSY_SNAPSHOT"),
        Some(("SQLITE_BUSY", Verdict::transient()))
    );
    assert_eq!(Sqlite.get("SQLITE"), None);
    assert_eq!(Sqlite.get("SQLITE_NOPE"), None);
    for (n, name, text, verdict) in crate::classify::sqlite::CODES {
        assert_eq!(
            Sqlite.get(&n.to_string()),
            Some((*name, *verdict)),
            "{text}"
        );
    }
}

/// `code_from` names the code after the capture's value, and keeps `code` for a value the table
/// does not know.
#[test]
fn a_code_from_a_table_names_the_capture() {
    let pack = r#"
name = "t"
summary = "s"
source = "s"
[[rules]]
code = "PG_ERROR"
verdict_from = { capture = "state", table = "sqlstate" }
code_from = { capture = "state", table = "sqlstate" }
match = '^ERROR:  (?P<state>[0-9A-Z]{5}): '
recovery = "r"
[[rules.examples]]
source = "s"
argv = ["psql"]
stderr = "ERROR:  40P01: deadlock detected\n"
"#;
    let packs = Packs::compile([("t.toml", pack)]).expect("the pack compiles");
    let finding = |stderr: &str| {
        let failure = Failure {
            command: &[],
            termination: Termination::Exited(crate::ExitStatus::FAILURE),
            stdout: "",
            stderr,
            stderr_bytes: stderr.len() as u64,
        };
        packs.finding(&failure).expect("the rule matches")
    };
    assert_eq!(
        finding("ERROR:  40P01: deadlock detected\n").code.as_str(),
        "DEADLOCK_DETECTED"
    );
    assert_eq!(
        finding("ERROR:  42P99: no such state\n").code.as_str(),
        "PG_ERROR"
    );
}

/// A `fallback` rule is left out of `finding` and is all `fallback_finding` reads.
#[test]
fn a_fallback_rule_answers_only_when_asked_last() {
    let pack = "name = 'w'\nsummary = 's'\nsource = 's'\n[[rules]]\ncode = 'W_FAILED'\nclass = 'ambiguous'\nretry = 'unknown'\nmatch = '^w: failed'\nfallback = true\nrecovery = 'r'\n[[rules.examples]]\nsource = 's'\nargv = ['w']\nstderr = 'w: failed'\n";
    let packs = Packs::compile([("w.toml", pack)]).expect("compiles");
    let command = [String::from("w")];
    let failure = Failure {
        command: &command,
        termination: Termination::Exited(crate::ExitStatus::FAILURE),
        stdout: "",
        stderr: "w: failed\n",
        stderr_bytes: 10,
    };
    assert!(packs.finding(&failure).is_none());
    let found = packs.fallback_finding(&failure).expect("the fallback rule");
    assert_eq!(found.code.as_str(), "W_FAILED");
}

#[test]
fn a_retry_after_is_seconds_or_an_http_date_from_the_date_header() {
    assert_eq!(
        http_date("Tue, 01 Dec 2026 10:03:42 GMT"),
        Some(1_796_119_422)
    );
    assert_eq!(http_date("Thu, 01 Jan 1970 00:00:00 GMT"), Some(0));
    assert_eq!(http_date("Tuesday, 01-Dec-26 10:03:42 GMT"), None);
    let wait = |text: &str, date: Option<&str>| {
        let mut params = BTreeMap::new();
        params.insert("retry_after".to_owned(), Value::from(text));
        if let Some(d) = date {
            params.insert("date".to_owned(), Value::from(d));
        }
        let wait = Wait {
            capture: "retry_after".to_owned(),
            unit: Unit::RetryAfter,
            since: Some("date".to_owned()),
        };
        wait_ms(&wait, &params)
    };
    assert_eq!(wait("30", None), Some(30_000.0));
    let date = Some("Tue, 01 Dec 2026 10:02:12 GMT");
    assert_eq!(wait("Tue, 01 Dec 2026 10:03:42 GMT", date), Some(90_000.0));
    assert_eq!(wait("Tue, 01 Dec 2026 10:03:42 GMT", None), None);
    assert_eq!(wait("Tue, 01 Dec 2026 10:00:00 GMT", date), None);
}

#[test]
fn a_wait_is_a_go_duration() {
    use super::tables::go_duration_ms;
    assert_eq!(go_duration_ms("5m52s"), Some(352_000.0));
    assert_eq!(go_duration_ms("1h2m0s"), Some(3_720_000.0));
    assert_eq!(go_duration_ms("1.5s"), Some(1500.0));
    assert_eq!(go_duration_ms("300ms"), Some(300.0));
    assert_eq!(go_duration_ms("10m"), Some(600_000.0));
    for bad in ["", "5", "s", "2s1m", "5m5m", "5x", "1ms2s"] {
        assert_eq!(go_duration_ms(bad), None, "{bad}");
    }
}

#[test]
fn a_code_made_from_a_capture_is_spelled_in_upper_snake() {
    let pack = "name = 'x'\nsummary = 's'\nsource = 's'\n[[rules]]\ncode = 'AWS_{code}'\nclass = 'permanent'\nretry = 'no'\nmatch = 'error \\((?<code>\\w+)\\)'\nscope = 'any'\nrecovery = 'r'\n[[rules.examples]]\nsource = 's'\nargv = ['x']\nstderr = 'error (SlowDown)'\n";
    let packs = Packs::compile([("x.toml", pack)]).expect("compiles");
    let finding = packs.rules[0]
        .finding("error (SlowDown)", Some(1), None)
        .expect("matches");
    assert_eq!(finding.code.as_str(), "AWS_SLOW_DOWN");
}

#[test]
fn the_grpc_table_reads_each_spelling_of_a_code() {
    use super::tables::grpc_name;
    assert_eq!(grpc_name("UNAVAILABLE"), Some("UNAVAILABLE"));
    assert_eq!(grpc_name("DeadlineExceeded"), Some("DEADLINE_EXCEEDED"));
    assert_eq!(grpc_name("Canceled"), Some("CANCELLED"));
    assert_eq!(grpc_name("8"), Some("RESOURCE_EXHAUSTED"));
    assert_eq!(grpc_name("OK"), None);
    assert_eq!(grpc_name("Code(17)"), None);
    assert_eq!(grpc_name("17"), None);
    let pack = "name = 'x'\nsummary = 's'\nsource = 's'\n[[rules]]\ncode = '{table}'\nverdict_from = { capture = 'status', table = 'grpc' }\nmatch = 'code = (?<status>\\w+) desc'\nscope = 'any'\nrecovery = 'r'\n[[rules.examples]]\nsource = 's'\nargv = ['x']\nstderr = 'code = DeadlineExceeded desc'\n";
    let packs = Packs::compile([("x.toml", pack)]).expect("compiles");
    let finding = |text: &str| packs.rules[0].finding(text, Some(1), None);
    let deadline = finding("rpc error: code = DeadlineExceeded desc = x").expect("matches");
    assert_eq!(deadline.code.as_str(), "DEADLINE_EXCEEDED");
    assert_eq!(deadline.verdict, Verdict::transient().effect_unknown());
    let unavailable = finding("rpc error: code = Unavailable desc = x").expect("matches");
    assert_eq!(unavailable.verdict, Verdict::transient());
    assert!(finding("rpc error: code = OK desc = x").is_none());
}

#[test]
fn the_http_table_reads_errors_only() {
    assert_eq!(http_verdict(404), Some(Verdict::permanent()));
    assert_eq!(http_verdict(403), Some(Verdict::precondition_failed()));
    assert_eq!(
        http_verdict(504),
        Some(Verdict::transient().effect_unknown())
    );
    assert_eq!(http_verdict(429), Some(Verdict::transient()));
    assert_eq!(http_verdict(302), None);
}

#[test]
fn colour_sequences_are_not_read() {
    use super::plain::plain;
    use std::borrow::Cow;
    let coloured = "\x1b[31m│\x1b[0m \x1b[0m\x1b[1m\x1b[31mError: \x1b[0m\x1b[0m\x1b[1mNo configuration files\x1b[0m\n";
    assert_eq!(plain(coloured), "│ Error: No configuration files\n");
    assert!(matches!(plain("no escapes"), Cow::Borrowed(_)));
    // A lone or unfinished escape is dropped, the text around it kept.
    assert_eq!(plain("a\x1bb\x1b[12"), "ab[12");
}

/// Every row of the named tables reads (a name whose upper case is a code, a verdict), and no
/// name is given twice; a name the table lacks is not guessed.
#[test]
fn every_row_of_the_named_tables_reads() {
    for table in [
        NamedTable::Redis,
        NamedTable::Elasticsearch,
        NamedTable::Kafka,
        NamedTable::Amqp,
        NamedTable::Aws,
        NamedTable::Google,
        NamedTable::Aadsts,
    ] {
        let lines = table.text().lines().filter(|l| !l.starts_with('#')).count();
        let rows: Vec<_> = table.rows().collect();
        assert_eq!(rows.len(), lines, "{table:?}: a row does not read");
        for (i, (name, _, _)) in rows.iter().enumerate() {
            let spelled = failwise_spelling::upper_snake(name, "");
            assert!(crate::code::Code::new(spelled).is_ok(), "{name}");
            assert!(
                rows[..i].iter().all(|r| r.0 != *name),
                "{table:?}: {name} twice"
            );
        }
    }
    assert_eq!(
        NamedTable::Redis.get("LOADING"),
        Some(("LOADING", Verdict::transient()))
    );
    assert_eq!(NamedTable::Redis.get("ERR"), None);
    assert_eq!(
        NamedTable::Elasticsearch.get("version_conflict_engine_exception"),
        Some(("version_conflict_engine_exception", Verdict::conflict()))
    );
    assert_eq!(
        NamedTable::Elasticsearch.get("search_phase_execution_exception"),
        None
    );
    assert_eq!(
        NamedTable::Kafka.get("TimeoutException"),
        Some(("TimeoutException", Verdict::transient().effect_unknown()))
    );
    assert_eq!(NamedTable::Kafka.get("ApiException"), None);
    // amqplib spells the reply's name with `-`.
    assert_eq!(
        NamedTable::Amqp.get("CONNECTION-FORCED"),
        Some(("CONNECTION_FORCED", Verdict::transient()))
    );
    // A rate reason is retried, a calendar quota is not (DESIGN §3, Quotas).
    assert_eq!(
        NamedTable::Google.get("userRateLimitExceeded"),
        Some(("userRateLimitExceeded", Verdict::transient()))
    );
    assert_eq!(
        NamedTable::Google.get("dailyLimitExceeded"),
        Some(("dailyLimitExceeded", Verdict::precondition_failed()))
    );
    assert_eq!(
        NamedTable::Aadsts.get("AADSTS700082"),
        Some(("AADSTS700082", Verdict::precondition_failed()))
    );
    assert_eq!(
        NamedTable::Aws.get("BucketAlreadyExists"),
        Some(("BucketAlreadyExists", Verdict::conflict()))
    );
    // The aws dialect reads the same table, a dotted name by its last part.
    assert_eq!(
        crate::dialect::http_api::aws::code_verdict("AWS.SimpleQueueService.NonExistentQueue"),
        Some(Verdict::permanent())
    );
}

/// Every row of the numbered tables reads (number, a code-shaped name, a verdict), and no number
/// is given twice.
#[test]
fn every_row_of_the_numbered_tables_reads() {
    for (table, prefix) in [
        (NumberedTable::Curl, "CURLE_"),
        (NumberedTable::Rsync, "RSYNC_"),
        (NumberedTable::X509, "X509_V_ERR_"),
        (NumberedTable::Mysql, ""),
        (NumberedTable::Sqlite, "SQLITE_"),
        (NumberedTable::Libgit2, "GIT_"),
    ] {
        let lines = table.text().lines().filter(|l| !l.starts_with('#')).count();
        let rows: Vec<_> = table.rows().collect();
        assert_eq!(rows.len(), lines, "{table:?}: a row does not read");
        for (i, (n, name, _, _)) in rows.iter().enumerate() {
            assert!(
                name.starts_with(prefix) && crate::code::Code::new(*name).is_ok(),
                "{name}"
            );
            assert!(rows[..i].iter().all(|r| r.0 != *n), "{table:?}: {n} twice");
        }
    }
    assert_eq!(
        NumberedTable::Curl.get("28"),
        Some((
            "CURLE_OPERATION_TIMEDOUT",
            Verdict::transient().effect_unknown()
        ))
    );
    assert_eq!(NumberedTable::Curl.get("20"), None);
    // libgit2's codes are negative; the table holds their absolute value.
    assert_eq!(
        NumberedTable::Libgit2.get("-3"),
        Some(("GIT_ENOTFOUND", Verdict::precondition_failed()))
    );
    assert_eq!(NumberedTable::Libgit2.get("-1"), None);
    assert_eq!(curl_codes().count(), NumberedTable::Curl.rows().count());
}

/// A `verdict_from` on the capture `exit` the pattern lacks reads the exit status; a status the
/// table does not know gives no finding.
#[test]
fn the_capture_exit_is_the_exit_status() {
    let pack = r#"
name = "t"
summary = "s"
source = "s"
programs = ["curl"]
[[rules]]
code = "{table}"
verdict_from = { capture = "exit", table = "curl" }
match = '\A'
recovery = "r"
[[rules.examples]]
source = "s"
argv = ["curl"]
exit = 7
"#;
    let packs = Packs::compile([("t.toml", pack)]).expect("the pack compiles");
    let finding = |status: u8| {
        let command = ["curl".to_owned()];
        let failure = Failure {
            command: &command,
            termination: Termination::Exited(crate::ExitStatus::new(status).expect("a status")),
            stdout: "",
            stderr: "",
            stderr_bytes: 0,
        };
        packs.finding(&failure)
    };
    let seven = finding(7).expect("curl's 7");
    assert_eq!(seven.code.as_str(), "CURLE_COULDNT_CONNECT");
    assert_eq!(seven.verdict, Verdict::transient());
    assert!(finding(20).is_none());
}

/// A user pack from `toml`, with no `.ftl` files.
fn user(toml: &str) -> PackSource {
    PackSource {
        origin: Origin::Flag,
        file: "mine.toml".to_owned(),
        toml: toml.to_owned(),
        texts: Vec::new(),
    }
}

fn failed<'a>(command: &'a [String], exit: u8, stderr: &'a str) -> Failure<'a> {
    Failure {
        command,
        termination: Termination::Exited(
            crate::ExitStatus::new(exit).unwrap_or(crate::ExitStatus::FAILURE),
        ),
        stdout: "",
        stderr,
        stderr_bytes: stderr.len() as u64,
    }
}

const MAKE_OVERRIDE: &str = r#"
name = "release"
summary = "s"
source = "s"
programs = ["make"]
[[rules]]
code = "RELEASE_NOT_PREPARED"
class = "precondition_failed"
retry = "no"
match = "^make: \\*\\*\\* No rule to make target 'release'"
stream = "stderr"
recovery = { en = "run the prepare step before {program}", pt-BR = "rode o passo de preparo antes de {program}" }
[[rules.examples]]
source = "ran `make release` with a Makefile holding only `all: ; true` (GNU Make 4.3)"
argv = ["make", "release"]
exit = 2
stderr = "make: *** No rule to make target 'release'.  Stop.\n"
"#;

/// On the line a built-in rule reads, the user's rule answers; on an earlier line it does not.
#[test]
fn a_user_rule_wins_on_an_equal_standing_only() {
    let (packs, errors) = Packs::with_user(&[user(MAKE_OVERRIDE)]);
    assert!(errors.is_empty(), "{errors:?}");
    let command = [String::from("make"), String::from("release")];
    let line = "make: *** No rule to make target 'release'.  Stop.\n";
    let found = packs.finding(&failed(&command, 2, line)).expect("a rule");
    assert_eq!(found.code.as_str(), "RELEASE_NOT_PREPARED");
    let built_in = Packs::built_in().finding(&failed(&command, 2, line));
    assert_eq!(
        built_in.map(|f| f.code.as_str().to_owned()).as_deref(),
        Some("MAKE_NO_RULE_TO_MAKE_TARGET")
    );
    let later = format!("{line}make: *** No rule to make target 'docs'.  Stop.\n");
    let found = packs.finding(&failed(&command, 2, &later)).expect("a rule");
    assert_eq!(found.code.as_str(), "MAKE_NO_RULE_TO_MAKE_TARGET");
    assert!(packs.replay().is_empty(), "{:#?}", packs.replay());
}

/// A template's texts travel with its phrase: English when the envelope is written, Portuguese
/// through a localizer, and English (no `lang`) in a language the pack does not write.
#[test]
fn a_user_template_renders_in_each_language_it_gives() {
    let (packs, _) = Packs::with_user(&[user(MAKE_OVERRIDE)]);
    let command = [String::from("make"), String::from("release")];
    let line = "make: *** No rule to make target 'release'.  Stop.\n";
    let context = Context {
        packs: Some(&packs),
        ..Context::default()
    };
    let envelope =
        super::super::meaning(&Ended::Failed(failed(&command, 2, line)), &context).envelope;
    assert_eq!(envelope.recovery(), "run the prepare step before make");
    let pt = crate::i18n::Localizer::new("pt-BR").localize(envelope.clone());
    assert_eq!(pt.recovery(), "rode o passo de preparo antes de make");
    let de = crate::i18n::Localizer::new("de").localize(envelope.clone());
    assert_eq!(de.recovery(), "run the prepare step before make");
}

#[test]
fn a_toml_error_is_placed_at_its_line_column_rule_and_key() {
    let bad = MAKE_OVERRIDE.replacen("stream = \"stderr\"", "streams = \"stderr\"", 1);
    let (packs, errors) = Packs::with_user(&[user(&bad)]);
    assert_eq!(
        packs.names().len(),
        BUILT_IN.len(),
        "the built-in packs still load"
    );
    let e = &errors[0];
    let line = bad
        .lines()
        .position(|l| l.starts_with("streams"))
        .and_then(|i| u32::try_from(i + 1).ok());
    assert_eq!(
        (e.file.as_str(), e.rule, e.code.as_str(), e.field.as_str()),
        ("mine.toml", 1, "RELEASE_NOT_PREPARED", "streams")
    );
    assert_eq!((e.line, e.column), (line, Some(1)));
    assert!(
        e.to_string().starts_with(&format!(
            "mine.toml:{}:1: rule 1 (RELEASE_NOT_PREPARED): streams:",
            line.unwrap_or(0)
        )),
        "{e}"
    );
}

/// A pack of more rules than a pack may hold is refused, named by its file, and the user's
/// other packs still apply.
#[test]
fn an_oversized_user_pack_is_refused_alone() {
    let rule = |i: usize| {
        format!(
            "[[rules]]\ncode = \"HUGE_{i}\"\nclass = \"permanent\"\nretry = \"no\"\nmatch = '^huge{i}: (?P<v>\\w+) failed$'\nrecovery = \"fix it\"\n[[rules.examples]]\nsource = \"s\"\nargv = [\"x\"]\nexit = 1\nstderr = \"huge{i}: a failed\\n\"\n"
        )
    };
    let huge = format!(
        "name = \"huge\"\nsummary = \"s\"\nsource = \"s\"\n{}",
        (0..=super::compile::MAX_RULES)
            .map(rule)
            .collect::<String>()
    );
    let mut big = user(&huge);
    big.file = "huge.toml".to_owned();
    let (packs, errors) = Packs::with_user(&[user(MAKE_OVERRIDE), big]);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(
        (errors[0].file.as_str(), errors[0].field.as_str()),
        ("huge.toml", "rules")
    );
    let command = [String::from("make"), String::from("release")];
    let line = "make: *** No rule to make target 'release'.  Stop.\n";
    let found = packs.finding(&failed(&command, 2, line)).expect("a rule");
    assert_eq!(found.code.as_str(), "RELEASE_NOT_PREPARED");
}

/// A missing field is placed at the rule that lacks it, whose `[[rules]]` header is where the
/// TOML reader puts the error, in the first rule and in a later one.
#[test]
fn a_missing_field_names_the_rule_that_lacks_it() {
    let second = MAKE_OVERRIDE
        .split_once("[[rules]]")
        .map(|(_, rule)| rule.replacen("RELEASE_NOT_PREPARED", "SECOND_RULE", 1))
        .expect("a rule");
    let two = format!("{MAKE_OVERRIDE}[[rules]]{second}");
    let lacking = |text: &str, nth: usize| {
        let mut seen = 0;
        text.lines()
            .filter(|l| {
                if l.starts_with("recovery") {
                    seen += 1;
                    seen != nth
                } else {
                    true
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    for (nth, code) in [(1, "RELEASE_NOT_PREPARED"), (2, "SECOND_RULE")] {
        let bad = lacking(&two, nth);
        let (_, errors) = Packs::with_user(&[user(&bad)]);
        let e = &errors[0];
        assert_eq!(
            (e.rule, e.code.as_str(), e.field.as_str()),
            (nth, code, "recovery"),
            "{e}"
        );
    }
}
