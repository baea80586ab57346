/**
 * The guards narrow as the invariants say. Most of these checks are the compiler's: a
 * `@ts-expect-error` line that compiles fails `tsc`, and an assignment that the narrowing does
 * not allow fails it too.
 */

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  isAmbiguous,
  isConflict,
  isPermanent,
  isPreconditionFailed,
  isRetryNo,
  isRetryUnknown,
  isRetryYes,
  isTransient,
  parseEnvelope,
  type Envelope,
  type Verify,
} from "failwise";

/** What the narrowed types allow; compiled, and run on real lines below. */
function narrowed(e: Envelope): string[] {
  const said: string[] = [];
  if (isPermanent(e) || isPreconditionFailed(e)) {
    const retry: "no" = e.retry;
    said.push(retry);
  }
  if (isTransient(e)) {
    const retry: "yes" | "unknown" = e.retry;
    // @ts-expect-error a transient failure is never `no`
    const no: "no" = e.retry;
    said.push(retry, String(no));
  }
  if (isConflict(e)) {
    const retry: "yes" | "no" = e.retry;
    said.push(retry);
  }
  if (isAmbiguous(e)) {
    const retry: "unknown" | "no" = e.retry;
    said.push(retry);
  }
  if (isRetryYes(e)) {
    const retryable: true = e.retryable;
    const cls: "transient" | "conflict" = e.error_class;
    const wait: number | undefined = e.retry_after_ms;
    // @ts-expect-error a `yes` never carries a verify command
    const verify: Verify = e.verify;
    said.push(String(retryable), cls, String(wait), String(verify));
  }
  if (isRetryNo(e)) {
    const retryable: false = e.retryable;
    // @ts-expect-error a `no` never carries a wait
    const wait: number = e.retry_after_ms;
    said.push(String(retryable), String(wait));
  }
  if (isRetryUnknown(e)) {
    const cls: "transient" | "ambiguous" = e.error_class;
    const verify: Verify | undefined = e.verify;
    // @ts-expect-error an `unknown` never carries a wait
    const wait: number = e.retry_after_ms;
    said.push(cls, String(verify?.command[0]), String(wait));
  }
  return said;
}

const BASE = { error: true, code: "X", exit: 75, message: "m", recovery: "r" };

test("a guard holds for its class or verdict alone", () => {
  const line = (cls: string, retry: string, extra: object = {}) =>
    JSON.stringify({ ...BASE, error_class: cls, retry, retryable: retry === "yes", ...extra });
  assert.deepEqual(narrowed(parseEnvelope(line("transient", "yes", { retry_after_ms: 5 }))), ["yes", "yes", "true", "transient", "5", "undefined"]);
  assert.deepEqual(narrowed(parseEnvelope(line("ambiguous", "unknown", { verify: { command: ["app", "status"] } }))), [
    "unknown",
    "ambiguous",
    "app",
    "undefined",
  ]);
  assert.deepEqual(narrowed(parseEnvelope(line("conflict", "no"))), ["no", "false", "undefined"]);
  assert.deepEqual(narrowed(parseEnvelope(line("permanent", "no"))), ["no", "false", "undefined"]);
});
