//! The same failures in English and Brazilian Portuguese, as JSON and as human text: the
//! language comes from `--lang`, the config file, or `LANG`, and only `message`, `recovery`,
//! `lang` and the human labels change.

use crate::support::{Run, envelope, failwise_with_env};

/// The failing command lines shown in every language.
const FAILURES: &[(&str, &[&str])] = &[
    ("unknown_flag", &["--jsn", "schema"]),
    ("unknown_subcommand", &["shcema"]),
    ("invalid_value", &["completions", "fsh"]),
    (
        "value_validation",
        &["run", "--retries", "abc", "--", "true"],
    ),
];

fn transcript(args: &[&str], vars: &[(&str, &str)], run: &Run) -> String {
    let env: Vec<String> = vars.iter().map(|(k, v)| format!("{k}={v} ")).collect();
    format!(
        "$ {}failwise {}\nexit {}\n{}",
        env.concat(),
        args.join(" "),
        run.status,
        run.stdout
    )
}

#[test]
fn the_same_failures_in_english_and_portuguese_as_json() {
    for (name, args) in FAILURES {
        let en = failwise_with_env(args, &[]);
        let mut pt_args = vec!["--lang", "pt-BR"];
        pt_args.extend_from_slice(args);
        let pt = failwise_with_env(&pt_args, &[]);
        let from_lang = failwise_with_env(args, &[("LANG", "pt_BR.UTF-8")]);
        assert_eq!(en.status, 2);
        assert_eq!(pt.status, 2);
        let (en_v, pt_v) = (envelope(&en.stdout), envelope(&pt.stdout));
        let lang_v = envelope(&from_lang.stdout);
        for text in ["message", "recovery", "lang"] {
            assert_eq!(
                pt_v[text], lang_v[text],
                "--lang pt-BR and LANG=pt_BR.UTF-8 agree on {text}"
            );
        }
        assert_eq!(pt_v["lang"], "pt-BR");
        assert!(en_v.get("lang").is_none(), "English is not marked");
        for machine in ["code", "exit", "params", "nearby", "error_class", "retry"] {
            assert_eq!(
                en_v[machine], lang_v[machine],
                "{name}: {machine} is never localized"
            );
        }
        assert_ne!(en_v["message"], pt_v["message"], "{name}");
        assert_ne!(en_v["recovery"], pt_v["recovery"], "{name}");
        insta::assert_snapshot!(format!("{name}_json_en"), transcript(args, &[], &en));
        insta::assert_snapshot!(
            format!("{name}_json_pt_br"),
            transcript(args, &[("LANG", "pt_BR.UTF-8")], &from_lang)
        );
    }
}

#[test]
fn the_same_failures_in_english_and_portuguese_as_human_text() {
    for (name, args) in FAILURES {
        let mut human = vec!["--format", "human"];
        human.extend_from_slice(args);
        let en = failwise_with_env(&human, &[]);
        let mut pt_args = vec!["--lang", "pt-BR"];
        pt_args.extend_from_slice(&human);
        let pt = failwise_with_env(&pt_args, &[]);
        assert_eq!((en.status, pt.status), (2, 2));
        assert!(!en.stdout.contains('\u{1b}'), "no colour off a terminal");
        assert!(pt.stdout.starts_with("erro["), "{}", pt.stdout);
        assert!(pt.stdout.lines().last().unwrap().starts_with("ajuda: "));
        insta::assert_snapshot!(format!("{name}_human_en"), transcript(&human, &[], &en));
        insta::assert_snapshot!(
            format!("{name}_human_pt_br"),
            transcript(&pt_args, &[], &pt)
        );
    }
}

#[test]
fn the_language_order_is_flag_config_lc_all_lc_messages_lang() {
    let dir = std::env::temp_dir().join(format!("failwise-lang-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("failwise")).unwrap();
    std::fs::write(dir.join("failwise/config.toml"), "lang = \"pt-BR\"\n").unwrap();
    let xdg = dir.to_str().unwrap();
    let lang_of = |args: &[&str], vars: &[(&str, &str)]| {
        let run = failwise_with_env(args, vars);
        envelope(&run.stdout)["lang"]
            .as_str()
            .unwrap_or("en")
            .to_owned()
    };
    let bad = ["shcema"];
    assert_eq!(
        lang_of(&bad, &[("XDG_CONFIG_HOME", xdg)]),
        "pt-BR",
        "config file"
    );
    assert_eq!(
        lang_of(&["--lang", "en", "shcema"], &[("XDG_CONFIG_HOME", xdg)]),
        "en",
        "--lang over the config file"
    );
    assert_eq!(
        lang_of(&bad, &[("LC_ALL", "C"), ("LANG", "pt_BR.UTF-8")]),
        "en",
        "LC_ALL=C"
    );
    assert_eq!(
        lang_of(
            &bad,
            &[("LC_MESSAGES", "pt_BR.UTF-8"), ("LANG", "en_US.UTF-8")]
        ),
        "pt-BR",
        "LC_MESSAGES over LANG"
    );
    assert_eq!(lang_of(&bad, &[("LANG", "POSIX")]), "en");
    std::fs::write(dir.join("failwise/config.toml"), "lang = [1]\n").unwrap();
    let run = failwise_with_env(&bad, &[("XDG_CONFIG_HOME", xdg), ("LANG", "pt_BR")]);
    assert_eq!(
        envelope(&run.stdout)["lang"],
        "pt-BR",
        "a bad config file is skipped"
    );
    assert!(
        run.stderr.starts_with("failwise: aviso: ")
            && run.stderr.contains("`lang` deve ser uma string"),
        "the warning follows the language chosen: {}",
        run.stderr
    );
    std::fs::write(dir.join("failwise/config.toml"), "lang = \n").unwrap();
    let pt = failwise_with_env(&bad, &[("XDG_CONFIG_HOME", xdg), ("LANG", "pt_BR")]);
    assert!(pt.stderr.contains(": não é TOML: "), "{}", pt.stderr);
    let en = failwise_with_env(&bad, &[("XDG_CONFIG_HOME", xdg), ("LANG", "C")]);
    assert!(
        en.stderr.starts_with("failwise: warning: ") && en.stderr.contains(": not TOML: "),
        "{}",
        en.stderr
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn run_failures_in_portuguese() {
    let cases: &[(&str, &[&str], &str)] = &[
        (
            "run_enoent",
            &["run", "--", "ls", "/no/such/dir"],
            "ls: arquivo ou diretório inexistente: /no/such/dir",
        ),
        (
            "run_sigkill",
            &["run", "--", "sh", "-c", "kill -9 $$"],
            "sh: encerrado por SIGKILL: parou sem aviso, talvez pelo mecanismo de falta de memória do kernel",
        ),
        (
            "run_exit_unknown",
            &["run", "--", "sh", "-c", "echo odd >&2; exit 3"],
            "sh: saiu com 3 por um motivo que a saída dele não informa de forma conhecida",
        ),
        (
            "run_command_not_found",
            &["run", "--", "sh", "-c", "no-such-tool-qx7"],
            "sh: comando não encontrado: no-such-tool-qx7",
        ),
        (
            "run_sysexit_tempfail",
            &["run", "--", "sh", "-c", "exit 75"],
            "sh: uma falha temporária",
        ),
        (
            "run_decoded_sigsegv",
            &["run", "--", "sh", "-c", "exit 139"],
            "sh: saiu com 139 (128 + SIGSEGV): o programa travou",
        ),
        (
            "run_git_not_a_repository",
            &[
                "run",
                "--",
                "sh",
                "-c",
                "echo 'fatal: not a git repository (or any of the parent directories): .git' >&2; exit 128",
            ],
            "sh: não é um repositório git (nem algum dos diretórios acima)",
        ),
        (
            "run_curl_refused",
            &[
                "run",
                "--",
                "sh",
                "-c",
                "echo 'curl: (7) Failed to connect to 127.0.0.1 port 9 after 0 ms: Could not connect to server' >&2; exit 7",
            ],
            "sh: curl: (7) Failed to connect to 127.0.0.1 port 9 after 0 ms: Could not connect to server",
        ),
        (
            "run_timeout",
            &["run", "--timeout", "200ms", "--", "sleep", "5"],
            "sleep: ainda rodando após o limite de tempo de 200 ms e foi interrompido",
        ),
    ];
    for (name, args, message) in cases {
        let en = failwise_with_env(args, &[]);
        let mut pt_args = vec!["--lang", "pt-BR"];
        pt_args.extend_from_slice(args);
        let pt = failwise_with_env(&pt_args, &[]);
        let (en_v, pt_v) = (envelope(&en.stdout), envelope(&pt.stdout));
        assert_eq!(pt_v["message"], *message);
        assert_eq!(pt_v["lang"], "pt-BR");
        assert_eq!(en_v["code"], pt_v["code"]);
        assert_eq!(en_v["exit"], pt_v["exit"]);
        assert_eq!(
            en_v["params"], pt_v["params"],
            "params are never translated"
        );
        assert_ne!(en_v["recovery"], pt_v["recovery"]);
        let mut human = pt_args.clone();
        human.splice(2..2, ["--format", "human"]);
        let pt_human = failwise_with_env(&human, &[]);
        insta::assert_snapshot!(format!("{name}_json_pt_br"), transcript(&pt_args, &[], &pt));
        insta::assert_snapshot!(
            format!("{name}_human_pt_br"),
            transcript(&human, &[], &pt_human)
        );
        // The same failure in English, both forms, beside its translation.
        let mut en_human: Vec<&str> = vec!["--format", "human"];
        en_human.extend_from_slice(args);
        let en_human_run = failwise_with_env(&en_human, &[]);
        insta::assert_snapshot!(format!("{name}_json_en"), transcript(args, &[], &en));
        insta::assert_snapshot!(
            format!("{name}_human_en"),
            transcript(&en_human, &[], &en_human_run)
        );
    }
}

/// A BCP 47 tag with an extension, or a grandfathered one, names its language: `pt-BR-u-nu-latn`
/// is Brazilian Portuguese; `i-klingon` is a valid tag (Klingon, `tlh`, which failwise does not
/// ship, so English) and no warning.
#[test]
fn tags_with_extensions_and_grandfathered_tags_are_read() {
    let run = failwise_with_env(
        &[
            "--json",
            "--lang",
            "pt-BR-u-nu-latn",
            "run",
            "--",
            "sh",
            "-c",
            "exit 3",
        ],
        &[],
    );
    assert_eq!(envelope(&run.stdout)["lang"], "pt-BR");
    let klingon = failwise_with_env(
        &[
            "--json",
            "--lang",
            "i-klingon",
            "run",
            "--",
            "sh",
            "-c",
            "exit 3",
        ],
        &[],
    );
    assert!(klingon.stderr.is_empty(), "{}", klingon.stderr);
    assert!(envelope(&klingon.stdout).get("lang").is_none());
}

/// A private-use tag is a BCP 47 tag (RFC 5646 §2.2.7): `--lang x-private` is accepted
/// without a warning and, naming no shipped language, means English.
#[test]
fn a_private_use_tag_is_accepted_and_means_english() {
    let run = failwise_with_env(&["--lang", "x-private", "explain", "TIMEOUT"], &[]);
    assert_eq!(run.status, 0, "{}", run.stdout);
    assert!(run.stderr.is_empty(), "{}", run.stderr);
    let english = failwise_with_env(&["explain", "TIMEOUT"], &[]);
    assert_eq!(run.stdout, english.stdout);
    let bad = failwise_with_env(&["--lang", "x-toolongsubtag", "explain", "TIMEOUT"], &[]);
    assert_eq!(bad.status, 2, "{}", bad.stdout);
    assert_eq!(envelope(&bad.stdout)["code"], "VALUE_VALIDATION");
}
