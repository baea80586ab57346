//! `failwise suggest`: JSON results for a word, a needle and a path; unreadable inputs end in
//! an envelope.

use crate::support::{envelope, failwise};

fn write(dir: &std::path::Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write");
    path.display().to_string()
}

#[test]
fn word_against_a_vocabulary_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let vocabulary = write(dir.path(), "tools.txt", "exec\nedit\n\nstatus\nexit\n");
    let run = failwise(&["suggest", "word", "exet", "--vocabulary", &vocabulary]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    let value: serde_json::Value = serde_json::from_str(run.stdout.trim()).expect("JSON");
    assert_eq!(value["nearby"], serde_json::json!(["exec", "exit"]));
    let run = failwise(&[
        "--format",
        "human",
        "suggest",
        "word",
        "stat",
        "--vocabulary",
        &vocabulary,
    ]);
    assert_eq!(run.stdout, "status\n");
}

#[test]
fn needle_against_a_haystack_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let needle = write(
        dir.path(),
        "old.txt",
        "fn save(path: &str, contents: &str) {\n    write(path, contents)\n}\n",
    );
    let hay = write(
        dir.path(),
        "lib.rs",
        "use x;\n\nfn save(path: &str, text: &str) {\n    write(path, text)\n}\n",
    );
    let run = failwise(&["suggest", "lines", "--needle", &needle, "--haystack", &hay]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    let value: serde_json::Value = serde_json::from_str(run.stdout.trim()).expect("JSON");
    let best = &value["candidates"][0];
    assert_eq!(
        (best["line"].as_u64(), best["column"].as_u64()),
        (Some(3), Some(1))
    );
    assert_eq!(best["strategy"], "fuzzy");
    let diff = best["diff_preview"].as_str().expect("a preview");
    assert!(diff.contains("-    write(path, contents)") && diff.contains("+    write(path, text)"));
    assert!(!diff.contains("No newline"), "{diff}");
}

#[test]
fn unreadable_input_is_an_envelope_naming_the_closest_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let real = write(dir.path(), "tools.txt", "exec\n");
    let wrong = real.replace("tools.txt", "tols.txt");
    let run = failwise(&["suggest", "word", "x", "--vocabulary", &wrong]);
    assert_eq!(run.status, 66);
    let value = envelope(&run.stdout);
    assert_eq!(value["code"], "INPUT_UNREADABLE");
    assert_eq!(value["params"]["path"], wrong.as_str());
    assert_eq!(value["nearby"][0], real.as_str());
}

#[test]
fn path_suggestions_respect_the_root() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir(dir.path().join("src")).expect("mkdir");
    write(&dir.path().join("src"), "main.rs", "");
    let root = dir.path().display().to_string();
    let run = failwise(&["suggest", "path", "src/mian.rs", "--root", &root]);
    let value: serde_json::Value = serde_json::from_str(run.stdout.trim()).expect("JSON");
    assert_eq!(value["nearby"], serde_json::json!(["src/main.rs"]));
    assert_eq!(value["complete"], true);
}

/// A root that does not exist is a failure, not "nothing close, complete".
#[test]
fn a_missing_root_is_an_envelope() {
    let run = crate::support::failwise(&["suggest", "path", "x", "--root", "/nonexistent/root"]);
    assert_eq!(run.status, 66);
    assert_eq!(
        crate::support::envelope(&run.stdout)["code"],
        "INPUT_UNREADABLE"
    );
}

/// A file read whole is bounded: `/dev/zero` as a vocabulary or a catalog is refused as too
/// large (it grew until the process was killed), with a recovery about its size.
#[test]
fn a_file_read_whole_is_bounded() {
    for args in [
        &["suggest", "word", "x", "--vocabulary", "/dev/zero"][..],
        &["catalog", "lint", "/dev/zero"][..],
        &["explain", "X", "--catalog", "/dev/zero"][..],
    ] {
        let run = crate::support::failwise(args);
        assert_eq!(run.status, 66, "{args:?}: {}", run.stdout);
        let value = crate::support::envelope(&run.stdout);
        assert_eq!(value["code"], "INPUT_TOO_LARGE", "{args:?}");
        assert!(
            value["recovery"]
                .as_str()
                .unwrap_or_default()
                .contains("at most")
        );
    }
}

/// The human form of `suggest` shows a control or bidirectional formatting character of a
/// path, a word or a region as its escape, as the envelope's human form does: a file named
/// with `ESC ] 0 ; x BEL` must not set the reader's terminal title.
#[test]
fn the_human_form_shows_control_characters_as_escapes() {
    let dir = tempfile::tempdir().expect("temp dir");
    let pd = dir.path().join("pd");
    std::fs::create_dir(&pd).expect("mkdir");
    std::fs::write(pd.join("abcdefgh\u{1b}]0;x\u{7}"), "").expect("a file");
    std::fs::write(pd.join("abcdefgh\u{202e}txt"), "").expect("a file");
    let root = dir.path().display().to_string();
    let vocabulary = write(
        dir.path(),
        "words.txt",
        "deploy\u{1b}]0;x\u{7}\ndeploy\u{202e}\n",
    );
    let needle = write(
        dir.path(),
        "needle.txt",
        "fn save() {\n    write(path)\n}\n",
    );
    let hay = write(
        dir.path(),
        "hay.txt",
        "fn save() {\n    write(pa\u{1b}[2Jth)\n}\n",
    );
    let runs = [
        failwise(&[
            "--format",
            "human",
            "suggest",
            "path",
            "pd/abcdefgh",
            "--root",
            &root,
        ]),
        failwise(&[
            "--format",
            "human",
            "suggest",
            "word",
            "deploy",
            "--vocabulary",
            &vocabulary,
        ]),
        failwise(&[
            "--format",
            "human",
            "suggest",
            "lines",
            "--needle",
            &needle,
            "--haystack",
            &hay,
        ]),
    ];
    for run in &runs {
        assert_eq!(run.status, 0, "{}{}", run.stdout, run.stderr);
        for c in ['\u{1b}', '\u{7}', '\u{202e}'] {
            assert!(!run.stdout.contains(c), "{c:?} in {:?}", run.stdout);
        }
    }
    assert!(
        runs[0].stdout.contains(r"pd/abcdefgh\u{1b}]0;x\u{7}"),
        "{}",
        runs[0].stdout
    );
    assert!(
        runs[0].stdout.contains(r"pd/abcdefgh\u{202e}txt"),
        "{}",
        runs[0].stdout
    );
    assert!(
        runs[1].stdout.contains(r"deploy\u{1b}]0;x\u{7}"),
        "{}",
        runs[1].stdout
    );
    assert!(
        runs[1].stdout.contains(r"deploy\u{202e}"),
        "{}",
        runs[1].stdout
    );
    assert!(
        runs[2].stdout.contains(r"pa\u{1b}[2Jth"),
        "{}",
        runs[2].stdout
    );
}

/// Path suggestions stay under the root: a missing path that climbs out of it with `..` is
/// looked for as if `..` stopped at the root, and nothing outside is offered.
#[test]
fn path_suggestions_never_leave_the_root() {
    let dir = tempfile::tempdir().expect("temp dir");
    let outside = dir.path().join("etc");
    std::fs::create_dir(&outside).expect("mkdir");
    write(&outside, "passwd", "");
    let root = dir.path().join("root");
    std::fs::create_dir_all(root.join("etc")).expect("mkdir");
    write(&root.join("etc"), "passwd", "");
    let root = root.display().to_string();
    for missing in ["../etc/paswd", "../../etc/paswd", "etc/../../etc/paswd"] {
        let run = failwise(&["suggest", "path", missing, "--root", &root]);
        assert_eq!(run.status, 0, "{}", run.stderr);
        let value: serde_json::Value = serde_json::from_str(run.stdout.trim()).expect("JSON");
        let nearby: Vec<&str> = value["nearby"]
            .as_array()
            .expect("a list")
            .iter()
            .filter_map(serde_json::Value::as_str)
            .collect();
        assert!(
            nearby.iter().all(|p| !p.contains("..")),
            "{missing}: {nearby:?}"
        );
        assert_eq!(nearby, ["etc/passwd"], "{missing}");
    }
    let absolute = format!("{root}/../etc/paswd");
    let run = failwise(&["suggest", "path", &absolute, "--root", &root]);
    let value: serde_json::Value = serde_json::from_str(run.stdout.trim()).expect("JSON");
    assert_eq!(
        value["nearby"],
        serde_json::json!([format!("{root}/etc/passwd")])
    );
}
