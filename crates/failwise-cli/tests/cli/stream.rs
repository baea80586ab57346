//! A deterministic generator of NDJSON envelope lines, valid and invalid, shared by the
//! `validate` differential test and the `validate` benchmark (`benches/validate.rs`,
//! `scripts/bench-validate.sh`). Each invalid kind breaks one rule that both
//! `failwise::Envelope::from_json` and the committed JSON Schema check.

/// A small xorshift generator: the same seed gives the same stream on every machine.
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed` (0 is replaced by a fixed odd constant).
    pub fn new(seed: u64) -> Self {
        Self(seed | 1)
    }
    /// The next value in `0..n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

const CODES: [&str; 6] = [
    "FILE_NOT_FOUND",
    "LOCKED",
    "E_PROVIDER",
    "HTTP_503",
    "DISK_FULL",
    "ENOENT",
];
const VERDICTS: [(&str, &str); 6] = [
    ("permanent", "no"),
    ("transient", "yes"),
    ("transient", "unknown"),
    ("conflict", "yes"),
    ("precondition_failed", "no"),
    ("ambiguous", "unknown"),
];

/// A valid envelope line, varied in code, verdict and optional fields.
pub fn valid(rng: &mut Rng, n: u64) -> String {
    let code = CODES[rng.below(CODES.len() as u64) as usize];
    let (class, retry) = VERDICTS[rng.below(VERDICTS.len() as u64) as usize];
    let retryable = retry == "yes";
    let wait = if retryable && rng.below(2) == 0 {
        format!(",\"retry_after_ms\":{}", rng.below(5000))
    } else {
        String::new()
    };
    let mut line = format!(
        "{{\"error\":true,\"code\":\"{code}\",\"exit\":{},\"message\":\"cannot open /srv/data/file-{n}.txt: no such file or directory\",\"error_class\":\"{class}\",\"retry\":\"{retry}\",\"retryable\":{retryable}{wait},\"recovery\":\"create /srv/data/file-{n}.txt, or pass --config with an existing file\"",
        1 + rng.below(255)
    );
    if rng.below(2) == 0 {
        line.push_str(&format!(",\"params\":{{\"path\":\"/srv/data/file-{n}.txt\",\"attempt\":{},\"tags\":[\"a\",\"b\"]}}", rng.below(9)));
    }
    if rng.below(3) == 0 {
        line.push_str(",\"nearby\":[\"file-1.txt\",\"file-2.txt\"]");
    }
    if rng.below(3) == 0 {
        line.push_str(&format!(
            ",\"location\":{{\"path\":\"src/main.rs\",\"line\":{},\"column\":{}}}",
            1 + rng.below(900),
            1 + rng.below(80)
        ));
    }
    if rng.below(4) == 0 {
        line.push_str(",\"path\":\"/srv/data\",\"doc_url\":\"https://example.org/errors#ENOENT\"");
    }
    line.push('}');
    line
}

/// The kinds of invalid line the generator makes.
pub const INVALID_KINDS: usize = 13;

/// An invalid line of kind `kind % INVALID_KINDS`, made from a valid one.
pub fn invalid(rng: &mut Rng, n: u64, kind: usize) -> String {
    let good = valid(rng, n);
    let cut = |field: &str, with: &str| -> String {
        let at = good.find(&format!("\"{field}\":")).expect("field present");
        let rest = &good[at..];
        let end = rest.find(",\"").map_or(rest.len() - 1, |e| e);
        format!("{}{}{}", &good[..at], with, &rest[end..])
    };
    match kind % INVALID_KINDS {
        0 => good[..good.len() / 2].to_owned(),
        1 => cut("recovery", "\"recovery_text\":\"x\""),
        2 => cut("exit", "\"exit\":\"1\""),
        3 => cut("exit", "\"exit\":0"),
        4 => cut("code", "\"code\":\"file-not-found\""),
        5 => cut("error_class", "\"error_class\":\"permanent\"")
            .replace("\"retry\":\"no\"", "\"retry\":\"yes\"")
            .replace("\"retryable\":false", "\"retryable\":true")
            .replace("\"retry\":\"unknown\"", "\"retry\":\"yes\""),
        6 => cut("retryable", "\"retryable\":\"maybe\""),
        7 => cut("error_class", "\"error_class\":\"fatal\""),
        8 => good.replacen("\"error\":true", "\"error\":false", 1),
        9 => format!("[{good}]"),
        10 => format!("{},\"nearby\":[]}}", &good[..good.len() - 1]),
        11 => format!("{},\"path\":null}}", &good[..good.len() - 1]),
        _ => cut("message", "\"message\":42"),
    }
}

/// Line `n` of the stream from `rng`: one in `invalid_every` lines is invalid (0: none).
pub fn line(rng: &mut Rng, n: u64, invalid_every: u64) -> (String, bool) {
    if invalid_every > 0 && n.is_multiple_of(invalid_every) {
        let kind = rng.below(INVALID_KINDS as u64) as usize;
        (invalid(rng, n, kind), false)
    } else {
        (valid(rng, n), true)
    }
}
