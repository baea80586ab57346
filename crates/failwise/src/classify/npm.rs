//! npm: the `npm ERR!` (npm ≤ 9) and `npm error` (npm ≥ 10) lines, whose `code X` line names
//! npm's own stable code (`E404`, `ETARGET`, `ERESOLVE`, or an errno name such as `ETIMEDOUT`),
//! and the fixed `Missing script: "X"` message (`NPM_MISSING_SCRIPT`).

use super::{Failure, Finding, ambiguous_no, code, curl, errno};
use crate::verdict::Verdict;

/// The npm rule.
pub(super) fn finding(failure: &Failure<'_>) -> Option<Finding> {
    let body: Vec<&str> = failure
        .stderr
        .lines()
        .filter_map(|l| {
            l.strip_prefix("npm ERR! ")
                .or_else(|| l.strip_prefix("npm error "))
        })
        .map(str::trim)
        .collect();
    if body.is_empty() {
        return None;
    }
    if let Some(script) = body.iter().find_map(|l| l.strip_prefix("Missing script: ")) {
        let script = script.trim_matches('"');
        // npm ≥ 10 lists near misses as `npm run NAME # run the "NAME" package script`.
        let nearby: Vec<String> = body
            .iter()
            .filter_map(|l| l.strip_prefix("npm run ")?.split(" #").next())
            .map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty())
            .collect();
        let mut f = Finding::new(
            code("NPM_MISSING_SCRIPT"),
            Verdict::permanent(),
            format!("missing script: {script}"),
            "run `npm run` to list the scripts in package.json, then run one of them",
        )
        .param("script", script);
        f.nearby = nearby;
        return Some(f);
    }
    let npm_code = body.iter().find_map(|l| l.strip_prefix("code "))?.trim();
    if let Some(e) = errno::by_name(npm_code) {
        // npm prints the failing syscall and address: `network connect ETIMEDOUT 1.2.3.4:80`.
        let line = body
            .iter()
            .find(|l| l.contains(npm_code) && !l.starts_with("code ") && !l.starts_with("errno "))
            .copied()
            .unwrap_or(npm_code);
        let connect = body.contains(&"syscall connect");
        let line = if connect && !line.contains("connect") {
            format!("connect {line}")
        } else {
            line.to_owned()
        };
        return Some(e.finding(&line).param("npm_code", npm_code));
    }
    let (verdict, recovery) = match npm_code {
        "E404" => (
            Verdict::permanent(),
            "check the package name and version on the registry with `npm view NAME versions`",
        ),
        "ETARGET" => (
            Verdict::permanent(),
            "pick a published version (list them with `npm view NAME versions`)",
        ),
        "ERESOLVE" => (
            Verdict::conflict(),
            "resolve the conflicting peer dependencies named above, or run with `--legacy-peer-deps`",
        ),
        "E401" | "E403" | "ENEEDAUTH" => (
            Verdict::precondition_failed(),
            "log in with `npm login` (or fix the token in `.npmrc`), then run the command again",
        ),
        "EINTEGRITY" => (
            Verdict::precondition_failed(),
            "clear the cache with `npm cache verify`, then run the command again",
        ),
        "ELIFECYCLE" => (
            ambiguous_no(),
            "read the failing script's output in `params.stderr`; run it alone with `npm run SCRIPT`",
        ),
        "ENOTFOUND" | "EAI_AGAIN" => (
            Verdict::transient(),
            "check the registry host name and the resolver (`npm config get registry`), then run the command again",
        ),
        "EUSAGE" => (
            Verdict::permanent(),
            "run `npm help COMMAND` and fix the command line",
        ),
        status
            if status.len() == 4
                && status.starts_with('E')
                && status[1..].parse::<u16>().is_ok() =>
        {
            let v = curl::http_verdict(status[1..].parse().unwrap_or(500));
            (
                v,
                "read the registry's answer in `params.stderr`, then run the command again once it is fixed",
            )
        }
        _ => (
            ambiguous_no(),
            "read `params.stderr` and the log npm names to find out why it failed",
        ),
    };
    let npm_code_word = super::Code::normalize(npm_code, "NPM");
    let detail = body.iter().find(|l| {
        l.starts_with(npm_code.trim_start_matches('E')) || l.starts_with(&format!("{npm_code} "))
    });
    let finding = match detail {
        // npm's own line is the message, and a param so a translation can quote it.
        Some(line) => Finding::new(npm_code_word, verdict, *line, recovery).param("detail", *line),
        None => Finding::new(
            npm_code_word,
            verdict,
            format!("npm failed with {npm_code}"),
            recovery,
        ),
    };
    Some(finding.param("npm_code", npm_code))
}
