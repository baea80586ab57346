//! Throughput of `failwise normalize` on a generated mixed-dialect NDJSON file, against two
//! named baselines in the same run: (a) `jq` doing a comparable field mapping, and (b) a plain
//! single-threaded `serde_json::Value` parse-and-rewrite loop. Run by hand:
//!
//! ```text
//! cargo bench -p failwise-cli --bench normalize_stream            # 200 MB
//! FAILWISE_BENCH_MB=50 FAILWISE_BENCH_ROUNDS=5 cargo bench -p failwise-cli --bench normalize_stream
//! ```
//!
//! Each round runs failwise and both baselines one after the other and reports its own ratios;
//! the summary is the median ratio over the rounds, so a shared machine's changing load does not
//! favour one side.
//!
//! Targets: at least 2x baseline (b) and 20x baseline (a). The data is generated here, at bench
//! time, never in the test suite.
#![allow(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "a hand-run bench reports its timings"
)]

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

const TEMPLATES: [&str; 12] = [
    r#"{"error":true,"code":4,"message":"memory not found: name='m-{i}' in namespace 'global'","error_class":"permanent","retryable":false,"suggestion":"verify the name/id with `list --json`"}"#,
    r#"{"error":true,"code":"FILE_NOT_FOUND","exit":4,"message":"file not found: /srv/app/src/f{i}.rs","path":"/srv/app/src/f{i}.rs","error_class":"permanent","retryable":false,"suggestion":"verify the file path exists"}"#,
    r#"{"error":{"code":"RATE_LIMIT","message":"rate limit exceeded on call {i}","hint":"retry later","location":null}}"#,
    r#"{"code":"E_PROVIDER","action":"call model","subject":"run-{i}","nearby":[],"recovery":"wait, then send the request again","retry":"yes","retry_after_ms":1500}"#,
    r#"{"type":"https://example.com/probs/out-of-credit","title":"You do not have enough credit.","status":403,"detail":"balance {i} is too low","instance":"/account/{i}"}"#,
    r#"{"error":{"code":503,"message":"backend {i} unavailable","status":"UNAVAILABLE","details":[{"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"2s"}]}}"#,
    r#"{"jsonrpc":"2.0","error":{"code":-32601,"message":"Method not found"},"id":{i}}"#,
    r#"{"error":true,"code":"DB_LOCKED","exit":75,"message":"database is locked (writer {i})","error_class":"transient","retry":"yes","retryable":true,"recovery":"run the command again"}"#,
    r#"{"jsonrpc":"2.0","result":{"content":[{"type":"text","text":"42 rows"}]},"id":{i}}"#,
    r#"{"level":"info","msg":"progress","done":{i}}"#,
    r#"{"jsonrpc":"2.0","id":{i},"result":{"content":[{"type":"text","text":"upstream failed"}],"isError":true}}"#,
    r#"{"error":true,"code":9,"message":"duplicate detected: memory 'd-{i}' already exists","error_class":"permanent","retryable":false}"#,
];

fn generate(path: &Path, bytes: u64) -> std::io::Result<u64> {
    let mut out = BufWriter::with_capacity(1 << 20, File::create(path)?);
    let (mut written, mut lines) = (0u64, 0u64);
    while written < bytes {
        let template = TEMPLATES[(lines % TEMPLATES.len() as u64) as usize];
        let line = template.replace("{i}", &lines.to_string());
        out.write_all(line.as_bytes())?;
        out.write_all(b"\n")?;
        written += line.len() as u64 + 1;
        lines += 1;
    }
    out.flush()?;
    Ok(lines)
}

/// Baseline (b): parse each line into a `serde_json::Value`, rewrite the fields a normalizer
/// maps (code, exit, message, class, retry, recovery) into a new `Value`, and serialize it.
fn value_loop(path: &Path) -> std::io::Result<u64> {
    let input = BufReader::with_capacity(1 << 20, File::open(path)?);
    let mut out = BufWriter::with_capacity(1 << 20, File::create("/dev/null")?);
    let mut n = 0;
    for line in input.lines() {
        let line = line?;
        let v: Value = match serde_json::from_str(&line) {
            Ok(v) => v,
            Err(_) => json!({"error": true, "code": "UNREADABLE_RECORD"}),
        };
        let inner = v.get("error").filter(|e| e.is_object()).unwrap_or(&v);
        let code = match inner.get("code") {
            Some(Value::String(s)) => s.to_ascii_uppercase(),
            Some(other) => other.to_string(),
            None => String::from("UNKNOWN"),
        };
        let rewritten = json!({
            "error": true,
            "code": code,
            "exit": v.get("exit").cloned().unwrap_or(json!(1)),
            "message": inner.get("message").or_else(|| v.get("detail")).cloned().unwrap_or(Value::Null),
            "error_class": v.get("error_class").cloned().unwrap_or(json!("ambiguous")),
            "retry": if v.get("retryable") == Some(&Value::Bool(true)) { "yes" } else { "unknown" },
            "recovery": v.get("suggestion").or_else(|| v.get("recovery")).or_else(|| inner.get("hint")).cloned().unwrap_or(json!("see message")),
            "source": {"code": inner.get("code").cloned().unwrap_or(Value::Null)},
        });
        serde_json::to_writer(&mut out, &rewritten)?;
        out.write_all(b"\n")?;
        n += 1;
    }
    out.flush()?;
    Ok(n)
}

/// Baseline (a): jq with a comparable mapping (same fields as baseline (b)).
const JQ_FILTER: &str = r#"(fromjson? // {"unreadable": true}) as $v
| ($v.error | if type == "object" then . else $v end) as $i
| {error: true,
   code: ($i.code | if type == "string" then ascii_upcase else tostring end),
   exit: ($v.exit // 1),
   message: ($i.message // $v.detail),
   error_class: ($v.error_class // "ambiguous"),
   retry: (if $v.retryable == true then "yes" else "unknown" end),
   recovery: ($v.suggestion // $v.recovery // $i.hint // "see message"),
   source: {code: $i.code}}"#;

fn timed(f: impl FnOnce() -> std::io::Result<()>) -> Duration {
    let start = Instant::now();
    f().expect("the measured run succeeds");
    start.elapsed()
}

/// The middle value (the lower of the two middle ones for an even count).
fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values
        .get(values.len().saturating_sub(1) / 2)
        .copied()
        .unwrap_or(f64::NAN)
}

fn to_null(mut command: Command) -> std::io::Result<()> {
    let status = command
        .stdout(File::create("/dev/null")?)
        .stderr(Stdio::null())
        .status()?;
    // normalize exits 65 when a line was rejected; both are finished runs.
    if status.code().is_some() {
        Ok(())
    } else {
        Err(std::io::Error::other(format!("{status}")))
    }
}

fn main() {
    let mb: u64 = std::env::var("FAILWISE_BENCH_MB")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    let dir = std::env::temp_dir().join("failwise-bench-normalize");
    std::fs::create_dir_all(&dir).expect("bench dir");
    let path = dir.join(format!("mixed-{mb}mb.ndjson"));
    let lines = generate(&path, mb << 20).expect("generate");
    let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    println!(
        "input: {} ({:.1} MB, {lines} lines, {} dialects + non-failures)",
        path.display(),
        size as f64 / 1e6,
        8
    );

    let rounds: usize = std::env::var("FAILWISE_BENCH_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3);
    let bin = env!("CARGO_BIN_EXE_failwise");
    let jq_available = Command::new("jq").arg("--version").output().is_ok();
    if !jq_available {
        eprintln!("(a) jq not found on PATH: baseline (a) skipped");
    }
    // The runs are interleaved, round by round, so that a change in the machine's load falls on
    // the baselines and on failwise alike; each round gives its own ratios.
    let (mut ratios_a, mut ratios_b) = (Vec::new(), Vec::new());
    let mbps = |d: Duration| size as f64 / 1e6 / d.as_secs_f64();
    for round in 1..=rounds {
        let normalize = timed(|| {
            let mut c = Command::new(bin);
            c.arg("normalize").arg(&path);
            to_null(c)
        });
        let baseline_b = timed(|| value_loop(&path).map(|_| ()));
        let baseline_a = jq_available.then(|| {
            timed(|| {
                let mut c = Command::new("jq");
                c.args(["-cR", JQ_FILTER]).arg(&path);
                to_null(c)
            })
        });
        let ratio_b = baseline_b.as_secs_f64() / normalize.as_secs_f64();
        ratios_b.push(ratio_b);
        println!("round {round}/{rounds}");
        println!(
            "  failwise normalize FILE      {:>8.2?}  {:>7.1} MB/s",
            normalize,
            mbps(normalize)
        );
        println!(
            "  (b) serde_json::Value loop   {:>8.2?}  {:>7.1} MB/s  -> normalize is {ratio_b:.2}x",
            baseline_b,
            mbps(baseline_b)
        );
        if let Some(a) = baseline_a {
            let ratio_a = a.as_secs_f64() / normalize.as_secs_f64();
            ratios_a.push(ratio_a);
            println!(
                "  (a) jq -cR (comparable map)  {:>8.2?}  {:>7.1} MB/s  -> normalize is {ratio_a:.2}x",
                a,
                mbps(a)
            );
        }
    }
    println!(
        "median over {rounds} rounds: {:.2}x baseline (b) (target 2x)",
        median(ratios_b)
    );
    if !ratios_a.is_empty() {
        println!(
            "median over {rounds} rounds: {:.2}x baseline (a) (target 20x)",
            median(ratios_a)
        );
    }
    let _ = std::fs::remove_file(&path);
}
