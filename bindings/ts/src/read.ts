/**
 * Reading one line as a v1 envelope: {@link parseEnvelope} refuses what the Rust reader
 * (`Envelope::from_json`, which `failwise validate` runs) refuses, with the same problem code
 * and the same JSON Pointer, checking the same things in the same order so that a line with
 * two problems is named by the same one. That is the schema's types and bounds, and what the
 * schema cannot say: a blank `recovery`, a gate whose alternative only refuses, an item index
 * beyond `items.total`, a member named twice, an integer written as a fraction.
 *
 * Like the Rust reader, it ignores members it does not know and reads the legacy boolean
 * `retriable` of older ledgers as `retry` when `retry` is absent.
 */

import {
  CLASS_RETRIES,
  CODE_PATTERN,
  ERROR_CLASS_VALUES,
  LANG_PATTERN,
  PROVIDER_KIND_VALUES,
  type Envelope,
  type ErrorClass,
  type Retry,
} from "./envelope.generated.js";
import { JsonError, parseJson, pointerSegment } from "./json.js";

/**
 * The envelope's invariants that a well-typed line can still break, by the names of the Rust
 * `Invariant::name` (`failwise validate` reports one as `INVARIANT_` and the name in capitals).
 */
export const INVARIANTS = [
  "recovery_present",
  "retryable_follows_retry",
  "wait_only_with_yes",
  "class_bounds_retry",
  "gate_complete",
  "lists_non_empty",
  "absent_means_omitted",
  "item_index_in_range",
  "verify_only_with_unknown",
] as const;

/** One of {@link INVARIANTS}. */
export type Invariant = (typeof INVARIANTS)[number];

/**
 * Why a line is not a valid v1 envelope: the code `failwise validate` gives the problem
 * (`params.problem` of its `LINE_INVALID` envelope).
 */
export type Problem =
  /** The line is not JSON (or not JSON the reader takes: see the module documentation). */
  | "INVALID_JSON"
  /** An object names the same member twice; the pointer names the second. */
  | "DUPLICATE_KEY"
  /** The line is JSON but not an object. */
  | "NOT_AN_OBJECT"
  /** The object has no `"error": true`: it is not a failure record. */
  | "NOT_AN_ENVELOPE"
  /** A required member is absent. */
  | "MISSING_FIELD"
  /** A member has the wrong JSON type. */
  | "WRONG_TYPE"
  /** A member has the right type and a value v1 does not allow. */
  | "BAD_VALUE"
  /** The line breaks one of the {@link INVARIANTS}. */
  | `INVARIANT_${Uppercase<Invariant>}`;

/** The error {@link parseEnvelope} throws: what is wrong, and where. */
export class InvalidEnvelope extends Error {
  /** The problem, as `failwise validate` names it. */
  readonly code: Problem;
  /** The invariant the line breaks, when the problem is one (`code` is `INVARIANT_…`). */
  readonly invariant: Invariant | undefined;
  /** The JSON Pointer (RFC 6901) of the offending value; `""` for the whole line. */
  readonly pointer: string;

  constructor(code: Problem, pointer: string) {
    super(`${code} at ${JSON.stringify(pointer)}`);
    this.name = "InvalidEnvelope";
    this.code = code;
    this.pointer = pointer;
    this.invariant = INVARIANTS.find((i) => code === `INVARIANT_${i.toUpperCase()}`);
  }
}

/** What {@link safeParseEnvelope} gives: the envelope, or why the line is not one. */
export type ParseResult = { readonly ok: true; readonly envelope: Envelope } | { readonly ok: false; readonly error: InvalidEnvelope };

/**
 * Reads one line (one JSON text; surrounding whitespace is allowed) as a v1 envelope.
 *
 * The envelope returned is the parsed object, with its unknown members, `retry` and
 * `retryable` set from a legacy `retriable`, and a `null` optional member of a part
 * (`location.line`, `causes[].code`, …), which the Rust reader reads as absent, removed.
 * Integers beyond 2^53 are as exact as a JavaScript number can hold them.
 *
 * @throws {InvalidEnvelope} the first problem, with its JSON Pointer.
 *
 * @example
 * ```ts
 * const envelope = parseEnvelope('{"error":true,"code":"LOCKED","exit":75,"message":"database is locked","error_class":"transient","retry":"yes","retryable":true,"recovery":"wait, then run it again"}');
 * envelope.retry; // "yes"
 * ```
 */
export function parseEnvelope(line: string): Envelope {
  let parsed;
  try {
    parsed = parseJson(line);
  } catch (err) {
    if (err instanceof JsonError) {
      throw err.problem.kind === "syntax" ? new InvalidEnvelope("INVALID_JSON", "") : new InvalidEnvelope("DUPLICATE_KEY", err.problem.pointer);
    }
    throw err;
  }
  if (!isObject(parsed.value)) throw new InvalidEnvelope("NOT_AN_OBJECT", "");
  return new Reader(parsed.value, parsed.numbers).read();
}

/** {@link parseEnvelope} as a result instead of an exception. */
export function safeParseEnvelope(line: string): ParseResult {
  try {
    return { ok: true, envelope: parseEnvelope(line) };
  } catch (err) {
    if (err instanceof InvalidEnvelope) return { ok: false, error: err };
    throw err;
  }
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function member(obj: Json, name: string): unknown {
  return Object.hasOwn(obj, name) ? obj[name] : undefined;
}

/** The characters Rust's `str::trim` removes (Unicode `White_Space`; not U+FEFF). */
const BLANK = /^[\t\n\v\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*$/u;
const EDGE_SPACE = /^[\t\n\v\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+|[\t\n\v\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+$/gu;

/** Alternatives that only refuse (the Rust `Gate::check`, after trim, dots and ASCII case). */
const REFUSALS = new Set(["no", "none", "n/a", "-", "nothing"]);

const U64_MAX = 2n ** 64n - 1n;
const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;

/** The most characters of a candidate's `text` (the Rust `CANDIDATE_TEXT_MAX_CHARS`). */
const CANDIDATE_TEXT_MAX_CHARS = 500;

/** The JSON types of serde's fields, as the Rust reader deserializes a part. */
type Kind = "string" | "u64" | "u16" | "f64" | "bool" | "provider-kind" | "source-code" | "item-results";

/** A part's fields: the kind, and whether serde takes it absent (an `Option` takes `null` too). */
type Fields = Readonly<Record<string, readonly [Kind, "required" | "optional" | "default"]>>;

const CANDIDATE: Fields = {
  text: ["string", "required"],
  line: ["u64", "required"],
  column: ["u64", "required"],
  similarity: ["f64", "required"],
  strategy: ["string", "required"],
  diff_preview: ["string", "optional"],
};
const LOCATION: Fields = { path: ["string", "optional"], line: ["u64", "optional"], column: ["u64", "optional"] };
const ITEMS: Fields = { total: ["u64", "required"], failed_index: ["u64", "optional"], results: ["item-results", "default"] };
const ITEM_RESULT: Fields = { index: ["u64", "required"], ok: ["bool", "required"], strategy: ["string", "optional"], similarity: ["f64", "optional"] };
const GATE: Fields = { rule: ["string", "required"], violation: ["string", "required"], alternative: ["string", "required"] };
const PROVIDER: Fields = { kind: ["provider-kind", "required"], status: ["u16", "optional"] };
const SOURCE: Fields = { dialect: ["string", "required"], code: ["source-code", "optional"] };
const CAUSE: Fields = { code: ["string", "optional"], message: ["string", "required"], source: ["string", "optional"] };

class Reader {
  constructor(
    private readonly obj: Json,
    private readonly numbers: ReadonlyMap<string, string>,
  ) {}

  /** The integer a number is, when it is written as one (`75`, not `75.0` or `-0`). */
  private integer(value: unknown, pointer: string): bigint | undefined {
    if (typeof value !== "number") return undefined;
    const written = this.numbers.get(pointer);
    if (written === undefined) return BigInt(value);
    return /^-?(?:0|[1-9][0-9]*)$/.test(written) && written !== "-0" ? BigInt(written) : undefined;
  }

  private unsigned(value: unknown, pointer: string, max: bigint): bigint | undefined {
    const n = this.integer(value, pointer);
    return n !== undefined && n >= 0n && n <= max ? n : undefined;
  }

  /** A present member; `null` breaks `absent_means_omitted`. */
  private optional(name: string): unknown {
    const value = member(this.obj, name);
    if (value === null) throw broken(name, "absent_means_omitted");
    return value;
  }

  private required(name: string): unknown {
    const value = this.optional(name);
    if (value === undefined) throw new InvalidEnvelope("MISSING_FIELD", `/${name}`);
    return value;
  }

  private requiredString(name: string): string {
    const value = this.required(name);
    if (typeof value !== "string") throw new InvalidEnvelope("WRONG_TYPE", `/${name}`);
    return value;
  }

  private optionalString(name: string): void {
    const value = this.optional(name);
    if (value === "") throw broken(name, "absent_means_omitted");
    if (value !== undefined && typeof value !== "string") throw new InvalidEnvelope("WRONG_TYPE", `/${name}`);
  }

  private stringList(name: string): void {
    const value = this.optional(name);
    if (value === undefined) return;
    if (!Array.isArray(value)) throw new InvalidEnvelope("WRONG_TYPE", `/${name}`);
    if (value.length === 0) throw broken(name, "lists_non_empty");
    value.forEach((item, i) => {
      if (typeof item !== "string") throw new InvalidEnvelope("WRONG_TYPE", `/${name}/${i}`);
    });
  }

  read(): Envelope {
    if (member(this.obj, "error") !== true) throw new InvalidEnvelope("NOT_AN_ENVELOPE", "");
    if (!CODE_PATTERN.test(this.requiredString("code"))) throw new InvalidEnvelope("BAD_VALUE", "/code");
    const exit = this.required("exit");
    if (typeof exit !== "number") throw new InvalidEnvelope("WRONG_TYPE", "/exit");
    const status = this.unsigned(exit, "/exit", U64_MAX);
    if (status === undefined || status < 1n || status > 255n) throw new InvalidEnvelope("BAD_VALUE", "/exit");
    this.requiredString("message");
    const errorClass = this.requiredString("error_class");
    if (!(ERROR_CLASS_VALUES as readonly string[]).includes(errorClass)) throw new InvalidEnvelope("BAD_VALUE", "/error_class");
    const [retry, legacy] = this.retry();
    const retryable = this.optional("retryable");
    if (retryable === undefined) {
      if (!legacy) throw new InvalidEnvelope("MISSING_FIELD", "/retryable");
    } else if (typeof retryable !== "boolean") {
      throw new InvalidEnvelope("WRONG_TYPE", "/retryable");
    } else if (retryable !== (retry === "yes")) {
      throw broken("retryable", "retryable_follows_retry");
    }
    const wait = this.optional("retry_after_ms");
    if (wait !== undefined && this.unsigned(wait, "/retry_after_ms", U64_MAX) === undefined) {
      throw new InvalidEnvelope("WRONG_TYPE", "/retry_after_ms");
    }
    if (wait !== undefined && retry !== "yes") throw broken("retry_after_ms", "wait_only_with_yes");
    if (!(CLASS_RETRIES[errorClass as ErrorClass] as readonly Retry[]).includes(retry)) throw broken("retry", "class_bounds_retry");
    if (BLANK.test(this.requiredString("recovery"))) throw broken("recovery", "recovery_present");

    this.optionalString("action");
    this.optionalString("subject");
    const params = this.optional("params");
    if (params !== undefined && !isObject(params)) throw new InvalidEnvelope("WRONG_TYPE", "/params");
    this.stringList("nearby");
    this.candidates();
    this.part("location", LOCATION, (location) => {
      if (this.integer(location.line, "/location/line") === 0n || this.integer(location.column, "/location/column") === 0n) {
        throw new InvalidEnvelope("BAD_VALUE", "/location");
      }
    });
    this.optionalString("path");
    this.optionalString("workspace");
    this.stringList("discarded_flags");
    this.part("items", ITEMS, (items) => this.itemIndexes(items));
    this.part("gate", GATE, (gate) => {
      if (!complete(gate)) throw broken("gate", "gate_complete");
    });
    this.part("provider", PROVIDER, (provider) => {
      const status = this.integer(provider.status, "/provider/status");
      if (status !== undefined && (status < 100n || status > 599n)) throw new InvalidEnvelope("BAD_VALUE", "/provider/status");
    });
    this.truncated();
    this.optionalString("doc_url");
    this.optionalString("lang");
    const lang = member(this.obj, "lang");
    if (typeof lang === "string" && !LANG_PATTERN.test(lang)) throw new InvalidEnvelope("BAD_VALUE", "/lang");
    this.part("source", SOURCE, () => {});
    this.causes();
    this.verify(retry);

    if (legacy) {
      this.obj.retry = retry;
      this.obj.retryable = retry === "yes";
    }
    return this.obj as unknown as Envelope;
  }

  /** `retry`, or the legacy boolean `retriable`; the flag says the legacy spelling was used. */
  private retry(): [Retry, boolean] {
    const retry = this.optional("retry");
    if (retry !== undefined) {
      if (typeof retry !== "string") throw new InvalidEnvelope("WRONG_TYPE", "/retry");
      if (retry !== "yes" && retry !== "no" && retry !== "unknown") throw new InvalidEnvelope("BAD_VALUE", "/retry");
      return [retry, false];
    }
    const legacy = this.optional("retriable");
    if (legacy === undefined) throw new InvalidEnvelope("MISSING_FIELD", "/retry");
    if (typeof legacy !== "boolean") throw new InvalidEnvelope("WRONG_TYPE", "/retriable");
    return [legacy ? "yes" : "no", true];
  }

  /**
   * Whether `value` has serde's shape of `fields` (an object; unknown members ignored); a
   * `null` optional field is removed, as serde reads it as absent.
   */
  private shaped(value: unknown, pointer: string, fields: Fields): value is Json {
    if (!isObject(value)) return false;
    for (const [name, [kind, presence]] of Object.entries(fields)) {
      const field = member(value, name);
      if (field === undefined || (field === null && presence === "optional")) {
        if (field === null) delete value[name];
        if (presence === "required") return false;
        continue;
      }
      if (!this.kind(field, `${pointer}/${pointerSegment(name)}`, kind)) return false;
    }
    return true;
  }

  private kind(value: unknown, pointer: string, kind: Kind): boolean {
    switch (kind) {
      case "string":
        return typeof value === "string";
      case "bool":
        return typeof value === "boolean";
      case "f64":
        return typeof value === "number";
      case "u64":
        return this.unsigned(value, pointer, U64_MAX) !== undefined;
      case "u16":
        return this.unsigned(value, pointer, 0xffffn) !== undefined;
      case "provider-kind":
        return typeof value === "string" && (PROVIDER_KIND_VALUES as readonly string[]).includes(value);
      case "source-code": {
        if (typeof value === "string") return true;
        const n = this.integer(value, pointer);
        return n !== undefined && n >= I64_MIN && n <= I64_MAX;
      }
      case "item-results":
        return Array.isArray(value) && value.every((r, i) => this.shaped(r, `${pointer}/${i}`, ITEM_RESULT));
    }
  }

  /** A structured member: its shape (else `BAD_VALUE` at the member), then `check`. */
  private part(name: string, fields: Fields, check: (value: Json) => void): void {
    const value = this.optional(name);
    if (value === undefined) return;
    if (!this.shaped(value, `/${name}`, fields)) throw new InvalidEnvelope("BAD_VALUE", `/${name}`);
    check(value);
  }

  /** A list of structured members, each of `fields` (else `BAD_VALUE` at the list), not empty. */
  private list(name: string, fields: Fields): Json[] | undefined {
    const value = this.optional(name);
    if (value === undefined) return undefined;
    if (!Array.isArray(value) || !value.every((v, i) => this.shaped(v, `/${name}/${i}`, fields))) {
      throw new InvalidEnvelope("BAD_VALUE", `/${name}`);
    }
    if (value.length === 0) throw broken(name, "lists_non_empty");
    return value as Json[];
  }

  private candidates(): void {
    this.list("candidates", CANDIDATE)?.forEach((c, i) => {
      const at = `/candidates/${i}`;
      const similarity = c.similarity as number;
      if (this.integer(c.line, `${at}/line`) === 0n || this.integer(c.column, `${at}/column`) === 0n) {
        throw new InvalidEnvelope("BAD_VALUE", at);
      }
      if (!(similarity >= 0 && similarity <= 1)) throw new InvalidEnvelope("BAD_VALUE", at);
      if ([...(c.text as string)].length > CANDIDATE_TEXT_MAX_CHARS) throw new InvalidEnvelope("BAD_VALUE", at);
    });
  }

  /** `failed_index` and each `results[].index` a 1-based position within `total`. */
  private itemIndexes(items: Json): void {
    const total = this.integer(items.total, "/items/total") ?? 0n;
    const within = (i: bigint | undefined) => i !== undefined && i >= 1n && i <= total;
    if (items.failed_index !== undefined && !within(this.integer(items.failed_index, "/items/failed_index"))) {
      throw broken("items/failed_index", "item_index_in_range");
    }
    const results = Array.isArray(items.results) ? (items.results as Json[]) : [];
    results.forEach((r, n) => {
      if (!within(this.integer(r.index, `/items/results/${n}/index`))) throw broken(`items/results/${n}/index`, "item_index_in_range");
      const similarity = r.similarity;
      if (typeof similarity === "number" && !(similarity >= 0 && similarity <= 1)) {
        throw new InvalidEnvelope("BAD_VALUE", `/items/results/${n}/similarity`);
      }
    });
  }

  /** `truncated`: JSON Pointer → original size in bytes. */
  private truncated(): void {
    const value = this.optional("truncated");
    if (value === undefined) return;
    const sizes = isObject(value) && Object.entries(value).every(([k, v]) => this.unsigned(v, `/truncated/${pointerSegment(k)}`, U64_MAX) !== undefined);
    if (!sizes) throw new InvalidEnvelope("BAD_VALUE", "/truncated");
  }

  /** `causes`: each with a message that is not blank, `code` and `source` omitted rather than empty. */
  private causes(): void {
    this.list("causes", CAUSE)?.forEach((c, i) => {
      if (BLANK.test(c.message as string)) throw new InvalidEnvelope("BAD_VALUE", `/causes/${i}/message`);
      for (const name of ["code", "source"]) {
        if (c[name] === "") throw broken(`causes/${i}/${name}`, "absent_means_omitted");
      }
    });
  }

  /** `verify`: a `command` of strings whose first (the program) is not empty; only with `unknown`. */
  private verify(retry: Retry): void {
    const value = this.optional("verify");
    if (value === undefined) return;
    if (!isObject(value)) throw new InvalidEnvelope("WRONG_TYPE", "/verify");
    const command = member(value, "command");
    if (command === undefined) throw new InvalidEnvelope("MISSING_FIELD", "/verify/command");
    if (!Array.isArray(command)) throw new InvalidEnvelope("WRONG_TYPE", "/verify/command");
    if (command.length === 0) throw broken("verify/command", "lists_non_empty");
    command.forEach((word, i) => {
      if (typeof word !== "string") throw new InvalidEnvelope("WRONG_TYPE", `/verify/command/${i}`);
    });
    if (command[0] === "") throw new InvalidEnvelope("BAD_VALUE", "/verify/command/0");
    if (retry !== "unknown") throw broken("verify", "verify_only_with_unknown");
  }
}

function broken(path: string, invariant: Invariant): InvalidEnvelope {
  return new InvalidEnvelope(`INVARIANT_${invariant.toUpperCase() as Uppercase<Invariant>}`, `/${path}`);
}

/** The Rust `Gate::check`: no part blank, and an alternative that is more than a refusal. */
function complete(gate: Json): boolean {
  const parts = [gate.rule, gate.violation, gate.alternative] as string[];
  if (parts.some((p) => BLANK.test(p))) return false;
  const alternative = (gate.alternative as string)
    .replace(EDGE_SPACE, "")
    .replace(/\.+$/u, "")
    .replace(/[A-Z]/g, (c) => c.toLowerCase());
  return !REFUSALS.has(alternative);
}
