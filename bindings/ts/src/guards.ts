/**
 * Type guards, one per error class and one per retry verdict, on an envelope that
 * `parseEnvelope` read (so its invariants hold). Each narrows what the invariants
 * then say: a class narrows `retry` to the verdicts it admits ({@link CLASS_RETRIES}), a
 * verdict narrows `retryable`, the classes that admit it, and whether a wait or a verify
 * command can be present.
 *
 * @example
 * ```ts
 * const envelope = parseEnvelope(line);
 * if (isRetryYes(envelope)) setTimeout(resend, envelope.retry_after_ms ?? 1000);
 * else if (isRetryUnknown(envelope)) console.log(envelope.verify?.command ?? envelope.recovery);
 * ```
 */

import { CLASS_RETRIES, type Envelope, type ErrorClass, type Retry, type Verify } from "./envelope.generated.js";

/** The verdicts class `C` admits. */
export type RetriesOf<C extends ErrorClass> = (typeof CLASS_RETRIES)[C][number];

/** The classes that admit verdict `R`. */
export type ClassesAllowing<R extends Retry> = { [C in ErrorClass]: R extends RetriesOf<C> ? C : never }[ErrorClass];

/** An envelope of class `C`: its `retry` is one the class admits. */
export type OfClass<C extends ErrorClass> = Envelope & { readonly error_class: C; readonly retry: RetriesOf<C> };

/** An envelope whose verdict is `yes`: `retryable` is true, it may carry a wait, never a verify command. */
export type RetryYes = Envelope & {
  readonly retry: "yes";
  readonly retryable: true;
  readonly error_class: ClassesAllowing<"yes">;
  readonly verify?: never;
};

/** An envelope whose verdict is `no`: never resent unchanged; no wait, no verify command. */
export type RetryNo = Envelope & {
  readonly retry: "no";
  readonly retryable: false;
  readonly error_class: ClassesAllowing<"no">;
  readonly retry_after_ms?: never;
  readonly verify?: never;
};

/** An envelope whose verdict is `unknown`: the effect may have landed; no wait, maybe a verify command. */
export type RetryUnknown = Envelope & {
  readonly retry: "unknown";
  readonly retryable: false;
  readonly error_class: ClassesAllowing<"unknown">;
  readonly retry_after_ms?: never;
  readonly verify?: Verify;
};

/** `transient`: the same request can succeed later; `retry` is `yes` or `unknown`. */
export function isTransient(e: Envelope): e is OfClass<"transient"> {
  return e.error_class === "transient";
}

/** `conflict`: the request collided with the current state; `retry` is `yes` or `no`. */
export function isConflict(e: Envelope): e is OfClass<"conflict"> {
  return e.error_class === "conflict";
}

/** `precondition_failed`: something outside the request must change first; `retry` is `no`. */
export function isPreconditionFailed(e: Envelope): e is OfClass<"precondition_failed"> {
  return e.error_class === "precondition_failed";
}

/** `permanent`: the request itself is wrong; `retry` is `no`. */
export function isPermanent(e: Envelope): e is OfClass<"permanent"> {
  return e.error_class === "permanent";
}

/** `ambiguous`: nobody can tell from here what happened; `retry` is `unknown` or `no`. */
export function isAmbiguous(e: Envelope): e is OfClass<"ambiguous"> {
  return e.error_class === "ambiguous";
}

/** `retry: yes`: wait `retry_after_ms` (or back off), then resend the same request. */
export function isRetryYes(e: Envelope): e is RetryYes {
  return e.retry === "yes";
}

/** `retry: no`: follow `recovery`; never resend the request unchanged. */
export function isRetryNo(e: Envelope): e is RetryNo {
  return e.retry === "no";
}

/** `retry: unknown`: verify first (`verify`, or as `recovery` says); resend only an idempotent request. */
export function isRetryUnknown(e: Envelope): e is RetryUnknown {
  return e.retry === "unknown";
}

/** The class guards by class, for code that dispatches on data. */
export const CLASS_GUARDS = {
  transient: isTransient,
  conflict: isConflict,
  precondition_failed: isPreconditionFailed,
  permanent: isPermanent,
  ambiguous: isAmbiguous,
} as const satisfies { readonly [C in ErrorClass]: (e: Envelope) => e is OfClass<C> };

/** The verdict guards by verdict. */
export const RETRY_GUARDS = {
  yes: isRetryYes,
  no: isRetryNo,
  unknown: isRetryUnknown,
} as const satisfies { readonly [R in Retry]: (e: Envelope) => boolean };
