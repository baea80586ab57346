//! What a caller may do next: the [`ErrorClass`], the [`Retry`] verdict, and [`Verdict`], the
//! only pairing of the two that the envelope accepts.

use std::fmt;
use std::time::Duration;

use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize};

/// Why the request failed, in five classes: the `transient`, `permanent` and `ambiguous` of
/// sqlite-graphrag's error envelope, with the `conflict` and `precondition_failed` that
/// atomwrite's `ErrorJson` and `ErrorOutput` add.
///
/// The class bounds the [`Retry`] verdict ([`ErrorClass::allows`]): `transient` admits `yes`
/// or `unknown`, `conflict` `yes` or `no`, `precondition_failed` and `permanent` only `no`,
/// `ambiguous` `unknown` or `no`.
///
/// # Examples
///
/// ```
/// use failwise::{Envelope, ErrorClass, Retry};
/// let line = r#"{"error":true,"code":"CONFIG_MISSING","exit":78,"message":"no config at /etc/app.toml","error_class":"precondition_failed","retry":"no","retryable":false,"recovery":"run `app init` to write /etc/app.toml"}"#;
/// let class = Envelope::from_json(line)?.error_class();
/// let next_step = match class {
///     ErrorClass::Transient => "wait, then send the same request again",
///     ErrorClass::Conflict => "re-read the state, then send a changed request",
///     ErrorClass::PreconditionFailed => "do what the recovery says, then send the request again",
///     ErrorClass::Permanent => "change the request",
///     ErrorClass::Ambiguous => "find out whether the effect landed",
/// };
/// assert_eq!(next_step, "do what the recovery says, then send the request again");
/// assert_eq!(class.as_str(), "precondition_failed");
/// assert_eq!(ErrorClass::parse("precondition_failed"), Some(class));
/// assert!(ErrorClass::Transient.allows(Retry::Unknown));
/// assert!(!ErrorClass::Permanent.allows(Retry::Yes));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum ErrorClass {
    /// The same request can succeed later with the same input: a busy lock, an occupied slot,
    /// a rate limit, a server restarting. A consumer waits (`retry_after_ms`, or backs off) and
    /// resends; with `retry: unknown` it verifies first.
    Transient,
    /// The request collided with the current state of a resource: it already exists, or it
    /// changed since it was read. A consumer re-reads the state, then sends a changed request
    /// (or the same one, when `retry: yes` says the collision was with a holder that goes away).
    Conflict,
    /// Something outside the request must change first: a permission, a missing setting, a
    /// disabled service, a file in the wrong place. A consumer does what `recovery` says, then
    /// sends the request again.
    PreconditionFailed,
    /// The request itself is wrong and fails the same way every time: a bad argument, an
    /// unknown name, a missing file it named. A consumer changes the request; never resends it.
    Permanent,
    /// Nobody can tell from here whether the effect landed or why it failed: an I/O error in
    /// the middle of a write, a lost answer, a crash. A consumer verifies first, as `recovery`
    /// says.
    Ambiguous,
}

impl ErrorClass {
    /// Every class, in wire order.
    pub const ALL: [Self; 5] = [
        Self::Transient,
        Self::Conflict,
        Self::PreconditionFailed,
        Self::Permanent,
        Self::Ambiguous,
    ];

    /// The retry verdicts this class admits: `transient` → `yes`/`unknown`;
    /// `conflict` → `yes`/`no`; `precondition_failed`, `permanent` → `no`;
    /// `ambiguous` → `unknown`/`no`.
    pub const fn allows(self, retry: Retry) -> bool {
        matches!(
            (self, retry),
            (Self::Transient, Retry::Yes | Retry::Unknown)
                | (Self::Conflict, Retry::Yes | Retry::No)
                | (Self::PreconditionFailed | Self::Permanent, Retry::No)
                | (Self::Ambiguous, Retry::Unknown | Retry::No)
        )
    }

    /// The verdict a class has when nothing more is said: `transient` → `yes`,
    /// `ambiguous` → `unknown`, every other class → `no`.
    pub const fn default_retry(self) -> Retry {
        match self {
            Self::Transient => Retry::Yes,
            Self::Ambiguous => Retry::Unknown,
            Self::Conflict | Self::PreconditionFailed | Self::Permanent => Retry::No,
        }
    }

    /// The wire spelling, such as `precondition_failed`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Transient => "transient",
            Self::Conflict => "conflict",
            Self::PreconditionFailed => "precondition_failed",
            Self::Permanent => "permanent",
            Self::Ambiguous => "ambiguous",
        }
    }

    /// Reads a wire spelling.
    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.as_str() == text)
    }
}

impl fmt::Display for ErrorClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// May the *same* request be sent again? The three-valued verdict of the sprawling agent
/// kernel's `AxError`.
///
/// On the wire `"yes"`, `"no"` or `"unknown"`. A legacy boolean (`true`/`false`, from the
/// `retriable` field of older sprawling ledgers) reads as `yes`/`no`.
///
/// # Examples
///
/// ```
/// use failwise::{Envelope, Retry};
/// let line = r#"{"error":true,"code":"UPSTREAM_TIMEOUT","exit":75,"message":"no answer from api.example.com within 30 s","error_class":"transient","retry":"unknown","retryable":false,"recovery":"run `app status 42` to see whether request 42 landed before sending it again"}"#;
/// let envelope = Envelope::from_json(line)?;
/// let resend = match envelope.retry() {
///     Retry::Yes => "after the wait",
///     Retry::No => "never unchanged",
///     Retry::Unknown => "only after verifying, and only an idempotent request",
/// };
/// assert_eq!(resend, "only after verifying, and only an idempotent request");
/// assert!(!envelope.retryable());
///
/// // The legacy boolean reads as `yes` or `no`.
/// assert_eq!(serde_json::from_str::<Retry>("true")?, Retry::Yes);
/// assert_eq!(serde_json::to_string(&Retry::Unknown)?, r#""unknown""#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Retry {
    /// The effect did not land, and the same request may succeed later. A consumer waits
    /// `retry_after_ms` (or backs off with jitter), then resends it unchanged.
    Yes,
    /// The same request fails the same way until something changes. A consumer follows
    /// `recovery` and never resends the request unchanged.
    No,
    /// The request went out and its answer was lost: the effect may have landed. A consumer
    /// verifies first (the `recovery` says how) and resends only an idempotent action.
    Unknown,
}

impl Retry {
    /// The wire spelling.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Yes => "yes",
            Self::No => "no",
            Self::Unknown => "unknown",
        }
    }
}

impl fmt::Display for Retry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Retry {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Spelling {
            Flag(bool),
            Word(String),
        }
        match Spelling::deserialize(deserializer)? {
            Spelling::Flag(true) => Ok(Self::Yes),
            Spelling::Flag(false) => Ok(Self::No),
            Spelling::Word(word) => match word.as_str() {
                "yes" => Ok(Self::Yes),
                "no" => Ok(Self::No),
                "unknown" => Ok(Self::Unknown),
                other => Err(serde::de::Error::unknown_variant(
                    other,
                    &["yes", "no", "unknown"],
                )),
            },
        }
    }
}

/// A class and a retry verdict that agree, with the least wait when the verdict is `yes`.
///
/// Every value is valid on the wire by construction: the class admits the verdict, and a wait
/// exists only with `yes`. The default is fail-closed: `permanent`, `no`.
///
/// # Examples
///
/// ```
/// use failwise::{Code, Envelope, ErrorClass, ExitStatus, Retry, Verdict};
/// let busy = Verdict::transient().after_ms(1_500);
/// assert_eq!((busy.retry(), busy.retry_after_ms()), (Retry::Yes, Some(1_500)));
///
/// // Declaring the effect unknown drops the wait, whatever came before.
/// let lost = busy.effect_unknown();
/// assert_eq!((lost.class(), lost.retry(), lost.retry_after_ms()),
///            (ErrorClass::Transient, Retry::Unknown, None));
///
/// // A pair the class does not admit is refused; one it admits becomes the envelope's verdict.
/// assert!(Verdict::new(ErrorClass::Permanent, Retry::Yes).is_err());
/// let held = Verdict::new(ErrorClass::Conflict, Retry::Yes)?.after_ms(200);
/// let envelope = Envelope::draft(Code::new("LOCK_HELD")?, ExitStatus::TEMPFAIL, "lock held by pid 4242")
///     .verdict(held)
///     .with_recovery("wait for pid 4242 to release the lock, then run the command again")?;
/// assert_eq!(envelope.verdict(), held);
/// assert!(envelope.retryable());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Verdict {
    class: ErrorClass,
    retry: Retry,
    after_ms: Option<u64>,
}

/// A class and retry pair that the envelope forbids (see [`ErrorClass::allows`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{}", crate::phrase::english_text(&self.phrase()))]
pub struct InvalidVerdict {
    /// The class given.
    pub class: ErrorClass,
    /// The verdict given.
    pub retry: Retry,
}

impl InvalidVerdict {
    /// The error as a phrase (`verdict-invalid`, with `$class` and `$retry` as the wire spells
    /// them), for [`Localizer::render`](crate::i18n::Localizer::render) in another language;
    /// its `Display` is this phrase in English.
    pub fn phrase(&self) -> crate::Phrase {
        crate::Phrase::new("verdict-invalid")
            .arg("class", self.class.as_str())
            .arg("retry", self.retry.as_str())
    }
}

impl Default for Verdict {
    fn default() -> Self {
        Self::permanent()
    }
}

impl Verdict {
    /// Pairs `class` with `retry`.
    ///
    /// # Errors
    ///
    /// [`InvalidVerdict`] when [`ErrorClass::allows`] rejects the pair.
    pub const fn new(class: ErrorClass, retry: Retry) -> Result<Self, InvalidVerdict> {
        if class.allows(retry) {
            Ok(Self {
                class,
                retry,
                after_ms: None,
            })
        } else {
            Err(InvalidVerdict { class, retry })
        }
    }

    /// `class` with its [`ErrorClass::default_retry`].
    pub const fn of_class(class: ErrorClass) -> Self {
        Self {
            class,
            retry: class.default_retry(),
            after_ms: None,
        }
    }

    /// `transient`, `yes`.
    pub const fn transient() -> Self {
        Self::of_class(ErrorClass::Transient)
    }

    /// `conflict`, `no`: re-read the state and send a changed request.
    pub const fn conflict() -> Self {
        Self::of_class(ErrorClass::Conflict)
    }

    /// `precondition_failed`, `no`.
    pub const fn precondition_failed() -> Self {
        Self::of_class(ErrorClass::PreconditionFailed)
    }

    /// `permanent`, `no`: the fail-closed default.
    pub const fn permanent() -> Self {
        Self::of_class(ErrorClass::Permanent)
    }

    /// `ambiguous`, `unknown`.
    pub const fn ambiguous() -> Self {
        Self::of_class(ErrorClass::Ambiguous)
    }

    /// Adds the least wait before a retry, in milliseconds. Only a `yes` verdict carries a
    /// wait: on `no` or `unknown` this returns the verdict unchanged.
    #[must_use]
    pub const fn after_ms(mut self, wait_ms: u64) -> Self {
        if matches!(self.retry, Retry::Yes) {
            self.after_ms = Some(wait_ms);
        }
        self
    }

    /// [`Verdict::after_ms`] from a [`Duration`], saturating at `u64::MAX` milliseconds.
    #[must_use]
    pub fn after(self, wait: Duration) -> Self {
        self.after_ms(u64::try_from(wait.as_millis()).unwrap_or(u64::MAX))
    }

    /// Declares that the request went out and its answer was lost. The verdict becomes
    /// `unknown` and any wait is dropped; a class that does not admit `unknown` (`conflict`,
    /// `precondition_failed`, `permanent`) becomes `ambiguous`.
    #[must_use]
    pub const fn effect_unknown(self) -> Self {
        let class = match self.class {
            ErrorClass::Transient => ErrorClass::Transient,
            _ => ErrorClass::Ambiguous,
        };
        Self {
            class,
            retry: Retry::Unknown,
            after_ms: None,
        }
    }

    /// The class.
    pub const fn class(self) -> ErrorClass {
        self.class
    }

    /// The retry verdict.
    pub const fn retry(self) -> Retry {
        self.retry
    }

    /// `retry == yes`: one bool, for readers that know only `retryable` (as sqlite-graphrag's
    /// and atomwrite's envelopes do).
    pub const fn retryable(self) -> bool {
        matches!(self.retry, Retry::Yes)
    }

    /// The least wait before the retry, in milliseconds; `Some` only with `yes`.
    pub const fn retry_after_ms(self) -> Option<u64> {
        self.after_ms
    }
}
