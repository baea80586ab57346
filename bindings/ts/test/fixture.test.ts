/**
 * The shared fixture (`fixtures/envelopes/lines.tsv`): every line reads, or is refused with
 * the problem and JSON Pointer the Rust reader gives (its test reads the same rows).
 */

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { INVARIANTS, InvalidEnvelope, parseEnvelope, safeParseEnvelope } from "failwise";

import { FIXTURE, fixtureCases, repo } from "./support.js";

function verdict(line: string): { problem: string; pointer: string } {
  try {
    parseEnvelope(line);
    return { problem: "valid", pointer: "" };
  } catch (err) {
    if (!(err instanceof InvalidEnvelope)) throw err;
    return { problem: err.code, pointer: err.pointer };
  }
}

test("each line of the fixture reads as it says", () => {
  const cases = fixtureCases();
  assert.ok(cases.length > 100, `${cases.length} rows in ${FIXTURE}`);
  const failures = cases
    .map((c) => ({ c, got: verdict(c.line) }))
    .filter(({ c, got }) => got.problem !== c.problem || got.pointer !== c.pointer)
    .map(({ c, got }) => `${c.name}: got ${got.problem} at ${JSON.stringify(got.pointer)}, want ${c.problem} at ${JSON.stringify(c.pointer)}`);
  assert.deepEqual(failures, []);
});

test("the invariants are the Rust reader's, and the fixture breaks each", () => {
  // Each Rust `Invariant` has its rule sentence in the library's en.ftl as `invariant-<name>`.
  const ftl = readFileSync(repo("crates/failwise/src/i18n/en.ftl"), "utf8");
  const rust = [...ftl.matchAll(/^invariant-([a-z_]+) =/gm)].map((m) => m[1]);
  assert.deepEqual([...INVARIANTS].sort(), rust.sort());
  const problems = new Set(fixtureCases().map((c) => c.problem));
  for (const invariant of INVARIANTS) {
    assert.ok(problems.has(`INVARIANT_${invariant.toUpperCase()}`), `no row of ${FIXTURE} breaks ${invariant}`);
  }
});

test("an error names its invariant only when one is broken", () => {
  for (const c of fixtureCases().filter((c) => c.problem !== "valid")) {
    const result = safeParseEnvelope(c.line);
    assert.equal(result.ok, false, c.name);
    if (result.ok) continue;
    const { error } = result;
    assert.ok(error instanceof Error && error.name === "InvalidEnvelope");
    const expected = c.problem.startsWith("INVARIANT_") ? c.problem.slice("INVARIANT_".length).toLowerCase() : undefined;
    assert.equal(error.invariant, expected, c.name);
    assert.equal(error.message, `${c.problem} at ${JSON.stringify(c.pointer)}`);
  }
});

test("a legacy retriable reads as retry and retryable", () => {
  for (const [flag, retry] of [
    [true, "yes"],
    [false, "no"],
  ] as const) {
    const envelope = parseEnvelope(
      `{"error":true,"code":"E_PROVIDER","exit":1,"message":"m","error_class":"${flag ? "transient" : "permanent"}","retriable":${flag},"recovery":"r"}`,
    );
    assert.equal(envelope.retry, retry);
    assert.equal(envelope.retryable, flag);
  }
});

test("unknown members are kept, and a null optional member of a part is removed", () => {
  const envelope = parseEnvelope(
    '{"error":true,"code":"X","exit":1,"message":"m","error_class":"permanent","retry":"no","retryable":false,"recovery":"r","location":{"path":"a.rs","line":null},"future":{"a":1}}',
  );
  assert.deepEqual(envelope.location, { path: "a.rs" });
  assert.deepEqual((envelope as unknown as { future: unknown }).future, { a: 1 });
});

test("a member named __proto__ is a member, as JSON.parse makes it", () => {
  const envelope = parseEnvelope(
    '{"error":true,"code":"X","exit":1,"message":"m","error_class":"permanent","retry":"no","retryable":false,"recovery":"r","params":{"__proto__":{"polluted":true}}}',
  );
  assert.deepEqual(Object.keys(envelope.params ?? {}), ["__proto__"]);
  assert.equal(({} as { polluted?: boolean }).polluted, undefined);
  assert.equal(Object.getPrototypeOf(envelope.params), Object.prototype);
});
