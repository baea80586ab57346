// Generated from schemas/envelope.v1.schema.json (urn:failwise:schema:envelope:v1) by `npm run generate`
// (tools/generate.ts); do not edit. test/generated.test.ts fails when it is stale.

/**
 * failwise error envelope v1.
 *
 * One structured failure on one line: what failed, whether to retry, when, and what to do instead. Readers ignore fields they do not know.
 *
 * The schema's conditions beside the class bounds of {@link CLASS_RETRIES}:
 * - retryable is true exactly when retry is "yes"
 * - retry_after_ms appears only with retry "yes"
 * - verify appears only with retry "unknown"
 */
export interface Envelope {
  /** Always `true`: this line is a failure. */
  error: true;
  /** Stable machine code. */
  code: Code;
  /** The exit status the process returns. */
  exit: ExitStatus;
  /** One human line, localized; a lowercase fragment without a trailing period. */
  message: string;
  /** Why it failed; bounds `retry`. */
  error_class: ErrorClass;
  /** May the same request be sent again. */
  retry: Retry;
  /** `retry == "yes"`, for readers that want one bool. */
  retryable: boolean;
  /**
   * One directly executable sentence: names a command, flag, key, or file:line.
   *
   * @minLength 1
   */
  recovery: string;
  /**
   * What was attempted.
   *
   * @minLength 1
   */
  action?: string;
  /**
   * Near-miss regions for a failed match, best first.
   *
   * @minItems 1
   */
  candidates?: [Candidate, ...Candidate[]];
  /**
   * The chain of underlying failures, outermost first.
   *
   * @minItems 1
   */
  causes?: [Cause, ...Cause[]];
  /**
   * Flags the caller passed that could not be applied, as typed.
   *
   * @minItems 1
   */
  discarded_flags?: [string, ...string[]];
  /**
   * A page that explains the code.
   *
   * @minLength 1
   */
  doc_url?: string;
  /** A policy refusal. */
  gate?: Gate;
  /** Per-item results of a batch. */
  items?: Items;
  /**
   * BCP 47 tag of `message` and `recovery`, when not `en`.
   *
   * @pattern `^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$`
   */
  lang?: string;
  /** Where in the input the problem is. */
  location?: Location;
  /**
   * Directly usable alternatives, best first.
   *
   * @minItems 1
   */
  nearby?: [string, ...string[]];
  /** Every variable of `message` as data. */
  params?: { [key: string]: unknown };
  /**
   * The file the error is about.
   *
   * @minLength 1
   */
  path?: string;
  /** The upstream failure. */
  provider?: Provider;
  /**
   * Least wait before the retry, in milliseconds; only with `retry: yes`.
   *
   * @format `uint64`
   * @minimum 0
   */
  retry_after_ms?: number;
  /** The dialect this envelope was normalized from. */
  source?: Source;
  /**
   * What it was attempted on.
   *
   * @minLength 1
   */
  subject?: string;
  /** Fields that were cut: JSON Pointer (RFC 6901) of the field → its original size in bytes. */
  truncated?: { [key: string]: number };
  /** How to find out whether the request landed; only with `retry: unknown`. */
  verify?: Verify;
  /**
   * The workspace root used for jail checks.
   *
   * @minLength 1
   */
  workspace?: string;
}

/** A near-miss region for a failed match (atomwrite's `best_candidate`). */
export interface Candidate {
  /**
   * The region's text, at most 500 characters.
   *
   * @maxLength 500
   */
  text: string;
  /**
   * 1-based line of the region's start.
   *
   * @format `uint64`
   * @minimum 1
   */
  line: number;
  /**
   * 1-based column (in characters) of the region's start.
   *
   * @format `uint64`
   * @minimum 1
   */
  column: number;
  /**
   * Similarity to what was sought, `0.0..=1.0`.
   *
   * @format `double`
   * @minimum 0
   * @maximum 1
   */
  similarity: number;
  /** The strategy that found it, such as `exact`, `whitespace_normalized`, `fuzzy`. */
  strategy: string;
  /** A short unified-diff preview from the sought text to this region. */
  diff_preview?: string;
}

/**
 * One underlying failure of an envelope: an entry of `causes`, which lists them outermost
 * first (the chain of `std::error::Error::source`, the layers of a record found inside
 * another, a Kubernetes `Status`'s `details.causes`).
 *
 * On the wire `{"code"?: string, "message": string, "source"?: string}`; new members may
 * appear.
 */
export interface Cause {
  /**
   * The cause's own message, as its source wrote it; never empty.
   *
   * @minLength 1
   */
  message: string;
  /**
   * The cause's code as its source spelled it: an errno name (`ENOENT`), an HTTP status, a
   * foreign record's code.
   *
   * @minLength 1
   */
  code?: string;
  /**
   * Where the cause came from: the dialect of a record it was read from (`json-rpc`), or the
   * type that raised it.
   *
   * @minLength 1
   */
  source?: string;
}

/**
 * Stable machine code, UPPER_SNAKE, optionally with a layer prefix such as E_ or EM_.
 *
 * @pattern `^[A-Z][A-Z0-9_]*$`
 */
export type Code = string;

/** The pattern every {@link Code} matches. */
export const CODE_PATTERN = new RegExp("^[A-Z][A-Z0-9_]*$", "u");

/**
 * Why the request failed, in five classes: the `transient`, `permanent` and `ambiguous` of
 * sqlite-graphrag's error envelope, with the `conflict` and `precondition_failed` that
 * atomwrite's `ErrorJson` and `ErrorOutput` add.
 *
 * The class bounds the `Retry` verdict (`ErrorClass::allows`): `transient` admits `yes`
 * or `unknown`, `conflict` `yes` or `no`, `precondition_failed` and `permanent` only `no`,
 * `ambiguous` `unknown` or `no`.
 */
export type ErrorClass =
  /**
   * The same request can succeed later with the same input: a busy lock, an occupied slot,
   * a rate limit, a server restarting. A consumer waits (`retry_after_ms`, or backs off) and
   * resends; with `retry: unknown` it verifies first.
   */
  | "transient"
  /**
   * The request collided with the current state of a resource: it already exists, or it
   * changed since it was read. A consumer re-reads the state, then sends a changed request
   * (or the same one, when `retry: yes` says the collision was with a holder that goes away).
   */
  | "conflict"
  /**
   * Something outside the request must change first: a permission, a missing setting, a
   * disabled service, a file in the wrong place. A consumer does what `recovery` says, then
   * sends the request again.
   */
  | "precondition_failed"
  /**
   * The request itself is wrong and fails the same way every time: a bad argument, an
   * unknown name, a missing file it named. A consumer changes the request; never resends it.
   */
  | "permanent"
  /**
   * Nobody can tell from here whether the effect landed or why it failed: an I/O error in
   * the middle of a write, a lost answer, a crash. A consumer verifies first, as `recovery`
   * says.
   */
  | "ambiguous";

/** Every {@link ErrorClass}, in the schema's order. */
export const ERROR_CLASS_VALUES = ["transient", "conflict", "precondition_failed", "permanent", "ambiguous"] as const satisfies readonly ErrorClass[];

/**
 * The exit status the process returns, equal to $?.
 *
 * @minimum 1
 * @maximum 255
 */
export type ExitStatus = number;

/**
 * A policy refusal (the sprawling agent kernel's `GateRefusal`): all three parts are required
 * and non-empty, and `alternative` is a directive, not just "no".
 */
export interface Gate {
  /**
   * The rule that refused.
   *
   * @minLength 1
   */
  rule: string;
  /**
   * What about the request broke it.
   *
   * @minLength 1
   */
  violation: string;
  /**
   * What the caller may do instead: a directive, not just "no".
   *
   * @minLength 1
   */
  alternative: string;
}

/** The outcome of one item of a batch. */
export interface ItemResult {
  /**
   * 1-based position of the item in the request.
   *
   * @format `uint64`
   * @minimum 1
   */
  index: number;
  /** Whether the item succeeded (atomwrite's `matched`). */
  ok: boolean;
  /**
   * Similarity of a fuzzy match, `0.0..=1.0`.
   *
   * @format `double`
   * @minimum 0
   * @maximum 1
   */
  similarity?: number;
  /** The strategy that succeeded, when one did. */
  strategy?: string;
}

/**
 * Per-item results of a batch (atomwrite's `pairs_total`, `failed_pair_index` and
 * `pair_results`).
 */
export interface Items {
  /**
   * How many items the request held.
   *
   * @format `uint64`
   * @minimum 0
   */
  total: number;
  /**
   * 1-based index of the item that failed.
   *
   * @format `uint64`
   * @minimum 1
   */
  failed_index?: number;
  /** Results of the items up to and including the failed one; later items were not tried. */
  results?: ItemResult[];
}

/**
 * Where the offending input is (the `file:line:col` of eval-mock's `location`). Lines and
 * columns are 1-based.
 */
export interface Location {
  /**
   * 1-based column.
   *
   * @format `uint64`
   * @minimum 1
   */
  column?: number;
  /**
   * 1-based line.
   *
   * @format `uint64`
   * @minimum 1
   */
  line?: number;
  /** The file, or another named input. */
  path?: string;
}

/**
 * How an upstream call failed (the sprawling agent kernel's `ProviderFailureKind`), with its
 * HTTP status.
 */
export interface Provider {
  /** The kind of failure. */
  kind: ProviderKind;
  /**
   * The HTTP status the upstream answered with, when it answered.
   *
   * @format `uint16`
   * @minimum 100
   * @maximum 599
   */
  status?: number;
}

/** The kinds of upstream failure (those of the sprawling agent kernel's `ProviderFailureKind`). */
export type ProviderKind =
  /** The exchange failed before an answer began (connection reset while sending). */
  | "exchange"
  /** The answer began and was cut off: the effect may have landed. */
  | "cut"
  /** No answer within the time allowed after the request went out. */
  | "silence"
  /** The upstream refused the request before acting (connection refused, 4xx). */
  | "refused"
  /** A quota or rate limit. */
  | "quota"
  /** The request or the context was too large. */
  | "overflow"
  /** The answer came but could not be read. */
  | "unreadable"
  /** The upstream reported an error of its own. */
  | "reported";

/** Every {@link ProviderKind}, in the schema's order. */
export const PROVIDER_KIND_VALUES = ["exchange", "cut", "silence", "refused", "quota", "overflow", "unreadable", "reported"] as const satisfies readonly ProviderKind[];

/**
 * May the *same* request be sent again? The three-valued verdict of the sprawling agent
 * kernel's `AxError`.
 *
 * On the wire `"yes"`, `"no"` or `"unknown"`. A legacy boolean (`true`/`false`, from the
 * `retriable` field of older sprawling ledgers) reads as `yes`/`no`.
 */
export type Retry =
  /**
   * The effect did not land, and the same request may succeed later. A consumer waits
   * `retry_after_ms` (or backs off with jitter), then resends it unchanged.
   */
  | "yes"
  /**
   * The same request fails the same way until something changes. A consumer follows
   * `recovery` and never resends the request unchanged.
   */
  | "no"
  /**
   * The request went out and its answer was lost: the effect may have landed. A consumer
   * verifies first (the `recovery` says how) and resends only an idempotent action.
   */
  | "unknown";

/** Every {@link Retry}, in the schema's order. */
export const RETRY_VALUES = ["yes", "no", "unknown"] as const satisfies readonly Retry[];

/** Where a normalized envelope came from. */
export interface Source {
  /** The dialect's name, such as `problem+json` or `sqlite-graphrag`. */
  dialect: string;
  /**
   * The code as the source spelled it: a string, or an integer (an exit status, a gRPC or
   * JSON-RPC code).
   */
  code?: SourceCode;
}

/**
 * An original code, as the source wrote it.
 *
 * On the wire a JSON string or an integer in the range of `i64`; anything else (a fraction,
 * `true`, an object) is refused with an error that says so.
 */
export type SourceCode = number | string;

/**
 * How to find out whether a request whose effect is unknown landed: a command to run, as an
 * argv (the program, then its arguments, each one word; no shell reads it). An envelope
 * carries it only with `retry: unknown`.
 *
 * On the wire `{"command": ["argv0", "arg", ...]}`, the envelope's last member; new members
 * may appear. `command` has at least one element, and the first (the program) is not empty.
 * The command's exit status answers:
 *
 * | exit status | meaning | a caller |
 * |---|---|---|
 * | `0` | the request landed | does not send it again |
 * | `1` | it did not land | may send it again |
 * | anything else, or death by a signal | the command cannot tell | treats the effect as still unknown |
 */
export interface Verify {
  /**
   * The argv: the program first, then its arguments; at least one element, the first not
   * empty.
   *
   * @minItems 1
   */
  command: [string, ...string[]];
}

/** The pattern of the envelope's `lang`. */
export const LANG_PATTERN = new RegExp("^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$", "u");

/** The `retry` verdicts each `error_class` admits, read off the schema's `allOf` conditions. */
export const CLASS_RETRIES = {
  transient: ["yes", "unknown"],
  conflict: ["yes", "no"],
  precondition_failed: ["no"],
  permanent: ["no"],
  ambiguous: ["no", "unknown"],
} as const satisfies { readonly [C in ErrorClass]: readonly Retry[] };
