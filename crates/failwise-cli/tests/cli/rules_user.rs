//! The user's own rule packs: `failwise run --rules FILE` and `rules.d` read a real failure with
//! them (a user rule wins over a built-in one on an equal standing), a pack that cannot be used
//! is an envelope naming its file, rule and field while the built-in packs still apply, and
//! `rules list`, `rules test` and `rules lint` say what is loaded and what is wrong.

use std::path::{Path, PathBuf};

use crate::support::{Run, envelope, failwise, failwise_with_env};

/// A fixture pack of `tests/cli/packs/`.
fn pack(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cli/packs")
        .join(name)
}

fn text(path: &Path) -> String {
    std::fs::read_to_string(path).expect("a fixture pack")
}

/// The command of `deploy.toml`'s example, as it was captured.
const DEPLOY: [&str; 3] = [
    "python3",
    "-c",
    "import sys; sys.exit(\"deploy: lock held by ci-runner-7\")",
];

/// `failwise ARGS` run in `dir` with `vars`.
fn failwise_in(dir: &Path, args: &[&str], vars: &[(&str, &str)]) -> Run {
    crate::support::failwise_in(Some(dir), args, vars)
}

/// A directory whose Makefile has no `release` target: where `release.toml`'s example was
/// captured (`make release`).
fn makefile_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temp dir");
    std::fs::write(dir.path().join("Makefile"), "all:\n\ttrue\n").expect("a Makefile");
    dir
}

/// The JSON records of `out`, one per line.
fn records(out: &str) -> Vec<serde_json::Value> {
    out.lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str(l).expect("one JSON record per line"))
        .collect()
}

#[test]
fn a_user_pack_changes_the_verdict_of_a_real_failure() {
    let plain = failwise(&[&["run", "--"], &DEPLOY[..]].concat());
    let before = envelope(&plain.stdout);
    assert_eq!(
        (before["code"].as_str(), before["error_class"].as_str()),
        (Some("EXIT_1"), Some("ambiguous"))
    );
    // What the command printed is the fixture's example, byte for byte.
    let stderr = before["params"]["stderr"]
        .as_str()
        .expect("the stderr tail");
    assert!(text(&pack("deploy.toml")).contains(&format!("stderr = {:?}", stderr)));
    let file = pack("deploy.toml");
    let file = file.to_str().expect("UTF-8 path");
    let with = failwise(&[&["run", "--rules", file, "--"], &DEPLOY[..]].concat());
    assert_eq!(with.status, 1, "{}", with.stderr);
    let after = envelope(&with.stdout);
    assert_eq!(after["code"], "DEPLOY_LOCK_HELD");
    assert_eq!(
        (after["error_class"].as_str(), after["retry"].as_str()),
        (Some("transient"), Some("yes"))
    );
    assert_eq!(after["params"]["holder"], "ci-runner-7");
    assert_eq!(
        after["recovery"],
        "wait for ci-runner-7 to finish its deploy, then run it again"
    );
    let pt = failwise(
        &[
            &["--lang", "pt-BR", "run", "--rules", file, "--"],
            &DEPLOY[..],
        ]
        .concat(),
    );
    assert_eq!(
        envelope(&pt.stdout)["recovery"],
        "espere ci-runner-7 terminar o seu deploy e rode de novo"
    );
}

#[test]
fn a_user_rule_wins_over_a_built_in_one_on_the_same_line() {
    let dir = makefile_dir();
    let plain = failwise_in(dir.path(), &["run", "--", "make", "release"], &[]);
    let before = envelope(&plain.stdout);
    assert_eq!(before["code"], "MAKE_NO_RULE_TO_MAKE_TARGET");
    assert!(text(&pack("release.toml")).contains(&format!(
        "stderr = {:?}",
        before["params"]["stderr"].as_str().expect("stderr")
    )));
    let file = pack("release.toml");
    let file = file.to_str().expect("UTF-8 path");
    let with = failwise_in(
        dir.path(),
        &["run", "--rules", file, "--", "make", "release"],
        &[],
    );
    let after = envelope(&with.stdout);
    assert_eq!(after["code"], "RELEASE_NOT_PREPARED");
    // The text comes from release.en.ftl, and from release.pt-BR.ftl in Portuguese.
    assert_eq!(
        after["recovery"],
        "run `./scripts/prepare-release` first: it writes the release target that make could not find"
    );
    let pt = failwise_in(
        dir.path(),
        &[
            "--lang", "pt-BR", "run", "--rules", file, "--", "make", "release",
        ],
        &[],
    );
    assert!(
        envelope(&pt.stdout)["recovery"]
            .as_str()
            .is_some_and(|r| r.starts_with("rode `./scripts/prepare-release`"))
    );
}

#[test]
fn the_packs_of_rules_d_are_loaded_in_file_name_order() {
    let config = tempfile::tempdir().expect("a temp dir");
    let dir = config.path().join("failwise/rules.d");
    std::fs::create_dir_all(&dir).expect("rules.d");
    std::fs::write(dir.join("b-deploy.toml"), text(&pack("deploy.toml"))).expect("a pack");
    for name in ["a-release.toml", "a-release.en.ftl", "a-release.pt-BR.ftl"] {
        let from = pack(&name.replacen("a-", "", 1));
        std::fs::copy(from, dir.join(name)).expect("a pack");
    }
    std::fs::write(dir.join("notes.txt"), "not a pack").expect("a note");
    let xdg = config.path().to_str().expect("UTF-8 path");
    let vars = [("XDG_CONFIG_HOME", xdg)];
    let list = failwise_with_env(&["rules", "list", "--json"], &vars);
    assert_eq!(list.status, 0, "{}", list.stderr);
    let user: Vec<serde_json::Value> = records(&list.stdout)
        .into_iter()
        .filter(|p| p["origin"] != "built-in")
        .collect();
    let names: Vec<&str> = user.iter().filter_map(|p| p["pack"].as_str()).collect();
    assert_eq!(names, ["release", "deploy"]);
    assert!(user.iter().all(|p| p["origin"] == "rules.d"));
    assert_eq!(
        user[1]["file"],
        dir.join("b-deploy.toml").to_str().expect("UTF-8")
    );
    let run = failwise_with_env(&[&["run", "--"], &DEPLOY[..]].concat(), &vars);
    assert_eq!(envelope(&run.stdout)["code"], "DEPLOY_LOCK_HELD");
    let human = failwise_with_env(&["rules", "list", "--format", "human"], &vars);
    assert!(
        human
            .stdout
            .lines()
            .any(|l| l.starts_with("deploy: 1 rule(s), 1 example(s), from ")
                && l.ends_with("b-deploy.toml (rules.d)")),
        "{}",
        human.stdout
    );
}

/// The line of `text` that starts with `start`, replaced by `with`.
fn line_replaced(text: &str, start: &str, with: &str) -> String {
    text.lines()
        .map(|l| if l.starts_with(start) { with } else { l })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A bad pack made from `deploy.toml`, with the field its envelope names and the rule (0 for
/// the pack itself).
type Bad = (&'static str, fn(&str) -> String, &'static str, u64);

const BAD: &[Bad] = &[
    (
        "toml syntax",
        |t| t.replacen("name = \"deploy\"", "name = \"deploy", 1),
        "name",
        0,
    ),
    (
        "unknown field",
        |t| t.replacen("exit = [1]", "exits = [1]", 1),
        "exits",
        1,
    ),
    (
        "bad regex",
        |t| t.replacen("(?P<holder>\\S+)$", "(?P<holder>\\S+$", 1),
        "match",
        1,
    ),
    (
        "unknown capture in wait",
        |t| {
            t.replacen(
                "exit = [1]",
                "exit = [1]\nwait = { capture = \"seconds\", unit = \"s\" }",
                1,
            )
        },
        "wait",
        1,
    ),
    (
        "unknown capture in code_from",
        |t| {
            t.replacen(
                "exit = [1]",
                "exit = [1]\ncode_from = { capture = \"state\", table = \"sqlstate\" }",
                1,
            )
        },
        "code_from",
        1,
    ),
    (
        "invalid code",
        |t| t.replacen("DEPLOY_LOCK_HELD", "deploy lock held", 1),
        "code",
        1,
    ),
    (
        "class outside its bounds",
        |t| t.replacen("class = \"transient\"", "class = \"permanent\"", 1),
        "retry",
        1,
    ),
    (
        "unknown text id",
        |t| line_replaced(t, "recovery = ", "recovery = \"deploy-lock-recovery\""),
        "recovery",
        1,
    ),
    (
        "a template that does not parse",
        |t| t.replacen("wait for {holder}", "wait for {holder", 1),
        "recovery",
        1,
    ),
    (
        "no English template",
        |t| t.replacen("recovery = { en = ", "recovery = { fr = ", 1),
        "recovery",
        1,
    ),
    (
        "no example",
        |t| t[..t.find("[[rules.examples]]").unwrap_or(t.len())].to_owned(),
        "examples",
        1,
    ),
    (
        "an empty example source",
        |t| line_replaced(t, "source = \"ran `python3", "source = \" \""),
        "examples.source",
        1,
    ),
    (
        "no pack source",
        |t| line_replaced(t, "source = \"the team's", ""),
        "source",
        0,
    ),
];

#[test]
fn each_bad_pack_is_an_envelope_naming_file_rule_and_field_and_the_built_ins_still_apply() {
    let good = text(&pack("deploy.toml"));
    let dir = makefile_dir();
    for (what, make, field, rule) in BAD {
        let bad = make(&good);
        assert_ne!(bad, good, "{what}: deploy.toml is unchanged");
        let path = dir.path().join("bad.toml");
        std::fs::write(&path, bad).expect("a pack");
        let file = path.to_str().expect("UTF-8 path");
        let lint = failwise(&["rules", "lint", file]);
        assert_eq!(lint.status, 1, "{what}: {}{}", lint.stdout, lint.stderr);
        let found = records(&lint.stdout);
        assert_eq!(found.len(), 1, "{what}: {}", lint.stdout);
        let e = &found[0];
        let expected = if *rule == 0 {
            "RULE_PACK_INVALID"
        } else {
            "RULE_INVALID"
        };
        assert_eq!(e["code"], expected, "{what}: {e}");
        assert_eq!(e["params"]["path"], file, "{what}");
        assert_eq!(e["params"]["field"], *field, "{what}: {e}");
        if *rule > 0 {
            assert_eq!(e["params"]["rule"], *rule, "{what}: {e}");
            assert!(
                e["params"]["code"].as_str().is_some_and(|c| !c.is_empty()),
                "{what}: {e}"
            );
        }
        assert!(
            e["message"].as_str().is_some_and(|m| m.contains(file)),
            "{what}: {e}"
        );
        // `run` reports it on stderr as an envelope line and reads the failure with the rest.
        let run = failwise_in(
            dir.path(),
            &["run", "--rules", file, "--", "make", "release"],
            &[],
        );
        assert_eq!(run.status, 2, "{what}");
        assert_eq!(
            envelope(&run.stdout)["code"],
            "MAKE_NO_RULE_TO_MAKE_TARGET",
            "{what}"
        );
        let reported = records(&run.stderr);
        assert_eq!(reported.len(), 1, "{what}: {}", run.stderr);
        assert_eq!(reported[0]["code"], expected, "{what}");
        let test = failwise(&["rules", "test", file]);
        assert_eq!(test.status, 1, "{what}");
    }
}

#[test]
fn a_toml_error_names_its_line_and_column() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("bad.toml");
    let good = text(&pack("deploy.toml"));
    std::fs::write(&path, good.replacen("exit = [1]", "exits = [1]", 1)).expect("a pack");
    let file = path.to_str().expect("UTF-8 path");
    let line = good
        .lines()
        .position(|l| l == "exit = [1]")
        .expect("the line")
        + 1;
    let lint = failwise(&["rules", "lint", file]);
    let e = &records(&lint.stdout)[0];
    assert_eq!(e["params"]["at"], format!("{file}:{line}:1"));
    assert_eq!(e["params"]["code"], "DEPLOY_LOCK_HELD");
}

#[test]
fn a_text_file_beside_a_pack_that_does_not_parse_is_named() {
    let dir = tempfile::tempdir().expect("a temp dir");
    for name in ["release.toml", "release.en.ftl"] {
        std::fs::copy(pack(name), dir.path().join(name)).expect("a pack");
    }
    std::fs::write(
        dir.path().join("release.pt-BR.ftl"),
        "release-not-prepared-recovery = { $program\n",
    )
    .expect("a text");
    let file = dir.path().join("release.toml");
    let lint = failwise(&["rules", "lint", file.to_str().expect("UTF-8")]);
    assert_eq!(lint.status, 1);
    let e = &records(&lint.stdout)[0];
    assert_eq!(e["code"], "RULE_PACK_INVALID");
    assert!(
        e["params"]["path"]
            .as_str()
            .is_some_and(|p| p.ends_with("release.pt-BR.ftl")),
        "{e}"
    );
}

#[test]
fn rules_test_replays_the_packs_named_and_fails_on_a_mismatch() {
    let deploy = pack("deploy.toml");
    let release = pack("release.toml");
    let files = [
        deploy.to_str().expect("UTF-8"),
        release.to_str().expect("UTF-8"),
    ];
    let good = failwise(&["rules", "test", "--json", files[0], files[1]]);
    assert_eq!(good.status, 0, "{}{}", good.stdout, good.stderr);
    let summary: serde_json::Value = serde_json::from_str(good.stderr.trim()).expect("a summary");
    assert_eq!(
        (summary["packs"].as_u64(), summary["examples"].as_u64()),
        (Some(2), Some(2))
    );
    // An example the rule does not read as it says: the built-in reading answers instead.
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("off.toml");
    let off = text(&deploy).replace(
        "stderr = \"deploy: lock held by",
        "stderr = \"deploy: lock taken by",
    );
    std::fs::write(&path, off).expect("a pack");
    let bad = failwise(&["rules", "test", path.to_str().expect("UTF-8")]);
    assert_eq!(bad.status, 1);
    let found = records(&bad.stdout);
    assert_eq!(found.len(), 1, "{}", bad.stdout);
    assert_eq!(found[0]["code"], "RULE_EXAMPLE_MISMATCH");
    assert_eq!(found[0]["params"]["got"], "EXIT_1 ambiguous/unknown");
}

#[test]
fn rules_lint_passes_a_good_pack_and_fails_on_an_error_level_finding() {
    let deploy = pack("deploy.toml");
    let good = failwise(&["rules", "lint", deploy.to_str().expect("UTF-8")]);
    assert_eq!(good.status, 0, "{}{}", good.stdout, good.stderr);
    assert!(good.stdout.is_empty(), "{}", good.stdout);
    let base = text(&deploy);
    let rule = &base[base.find("[[rules]]").expect("a rule")..];
    let cases: &[(&str, String, &[&str], i32)] = &[
        (
            "a text with a variable the pattern does not capture",
            base.replace("wait for {holder}", "wait for {holder} in {stage}"),
            &["RULE_TEXT_UNKNOWN_VARIABLE"],
            1,
        ),
        (
            "a pattern that misses its own example",
            base.replace("lock held by (?P", "lock kept by (?P"),
            &["RULE_PATTERN_MISSES_EXAMPLE", "RULE_EXAMPLE_MISMATCH"],
            1,
        ),
        (
            "the same rule twice: an overlap, and the second one shadowed",
            format!("{base}\n{rule}"),
            &["RULE_OVERLAP", "RULE_SHADOWED"],
            0,
        ),
        (
            "a second rule that reads the first one's line otherwise never answers",
            format!(
                "{base}\n{}",
                rule.replace("DEPLOY_LOCK_HELD", "DEPLOY_BUSY")
            ),
            &["RULE_OVERLAP", "RULE_NEVER_WINS"],
            1,
        ),
    ];
    let dir = tempfile::tempdir().expect("a temp dir");
    for (what, pack_text, codes, status) in cases {
        let path = dir.path().join("lint.toml");
        std::fs::write(&path, pack_text).expect("a pack");
        let file = path.to_str().expect("UTF-8");
        let mut run = failwise(&["rules", "lint", file]);
        if codes.contains(&"RULE_EXAMPLE_MISMATCH") {
            run = failwise(&["rules", "test", file]);
            assert_eq!(run.status, 1, "{what}");
            run = failwise(&["rules", "lint", file]);
        }
        assert_eq!(run.status, *status, "{what}: {}{}", run.stdout, run.stderr);
        let found: Vec<String> = records(&run.stdout)
            .iter()
            .filter_map(|e| e["code"].as_str().map(str::to_owned))
            .collect();
        let expected: Vec<&str> = codes
            .iter()
            .copied()
            .filter(|c| *c != "RULE_EXAMPLE_MISMATCH")
            .collect();
        assert_eq!(found, expected, "{what}: {}", run.stdout);
        for e in records(&run.stdout) {
            assert_eq!(e["params"]["path"], file, "{what}: {e}");
            assert!(
                e["recovery"]
                    .as_str()
                    .is_some_and(|r| r.contains("failwise rules lint")),
                "{e}"
            );
        }
    }
}

#[test]
fn rules_schema_prints_the_committed_schema() {
    let run = failwise(&["rules", "schema"]);
    assert_eq!(run.status, 0);
    let committed = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../schemas/rule-pack.v1.schema.json"
    ))
    .expect("the committed schema");
    assert_eq!(run.stdout, committed);
}

/// The README's pack is the fixture (its comments aside), and its transcript of `rules test`
/// and `rules list` is what the binary prints for it.
#[test]
fn the_readme_section_on_a_pack_of_your_own_is_current() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md"))
        .expect("README.md");
    let fixture = text(&pack("deploy.toml"));
    let uncommented: String = fixture
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(
        readme.contains(&format!("```toml\n{}```", uncommented.trim_start())),
        "README's pack"
    );
    let after = |prompt: &str| {
        readme
            .lines()
            .skip_while(|l| *l != prompt)
            .nth(1)
            .unwrap_or_else(|| panic!("the README shows `{prompt}`"))
            .to_owned()
    };
    let dir = pack("");
    let test = failwise_in(
        &dir,
        &["rules", "test", "deploy.toml", "--format", "human"],
        &[],
    );
    assert_eq!(
        test.stderr.trim_end(),
        after("$ failwise rules test deploy.toml --format human")
    );
    let list = failwise_in(
        &dir,
        &[
            "rules",
            "list",
            "--rules",
            "deploy.toml",
            "--format",
            "human",
        ],
        &[],
    );
    assert_eq!(
        list.stdout.lines().last().unwrap_or_default(),
        after("$ failwise rules list --rules deploy.toml --format human | tail -1")
    );
    let run_line = after(
        "$ failwise run --rules deploy.toml -- python3 -c 'import sys; sys.exit(\"deploy: lock held by ci-runner-7\")'",
    );
    let run = failwise_in(
        &dir,
        &[&["run", "--rules", "deploy.toml", "--"], &DEPLOY[..]].concat(),
        &[],
    );
    assert_eq!(run.stderr.trim_end(), run_line);
    let shown = readme
        .lines()
        .find(|l| l.starts_with("{\"error\":true,\"code\":\"DEPLOY_LOCK_HELD\""))
        .expect("the README shows the envelope");
    for part in shown.split('…').map(|p| p.trim_matches(',')) {
        assert!(run.stdout.contains(part), "{part} is not in {}", run.stdout);
    }
}
