//! npm: the `npm ERR!` (npm ≤ 9) and `npm error` (npm ≥ 10) lines, whose `code X` line names
//! npm's own stable code (`E404`, `ETARGET`, `ERESOLVE`, or an errno name such as `ETIMEDOUT`),
//! and the fixed `Missing script: "X"` message (`NPM_MISSING_SCRIPT`).

use super::{Failure, Finding, ambiguous_no, code, errno, packs};
use crate::phrase::Phrase;
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
        let mut f = Finding::fixed(code("NPM_MISSING_SCRIPT"), Verdict::permanent())
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
        "E404" => (Verdict::permanent(), "npm-not-found-recovery"),
        "ETARGET" => (Verdict::permanent(), "npm-no-target-recovery"),
        "ERESOLVE" => (Verdict::conflict(), "npm-resolve-recovery"),
        "E401" | "E403" | "ENEEDAUTH" => (Verdict::precondition_failed(), "npm-auth-recovery"),
        "EINTEGRITY" => (Verdict::precondition_failed(), "npm-integrity-recovery"),
        "ELIFECYCLE" => (ambiguous_no(), "npm-lifecycle-recovery"),
        "ENOTFOUND" | "EAI_AGAIN" => (Verdict::transient(), "npm-registry-host-recovery"),
        "EUSAGE" => (Verdict::permanent(), "npm-usage-recovery"),
        status
            if status.len() == 4
                && status.starts_with('E')
                && status[1..].parse::<u16>().is_ok() =>
        {
            let v = packs::http_status_verdict(status[1..].parse().unwrap_or(500));
            (v, "npm-http-recovery")
        }
        _ => (ambiguous_no(), "npm-other-recovery"),
    };
    let recovery = Phrase::new(recovery);
    let npm_code_word = super::Code::normalize(npm_code, "NPM");
    let detail = body.iter().find(|l| {
        l.starts_with(npm_code.trim_start_matches('E')) || l.starts_with(&format!("{npm_code} "))
    });
    let finding = match detail {
        // npm's own line is the message (`params.detail`, kept as read).
        Some(line) => Finding::new(npm_code_word, verdict, Phrase::new("npm-message"), recovery)
            .param("detail", *line),
        None => Finding::new(
            npm_code_word,
            verdict,
            Phrase::new("npm-bare-message"),
            recovery,
        ),
    };
    Some(finding.param("npm_code", npm_code))
}
