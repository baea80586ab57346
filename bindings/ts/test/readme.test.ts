/**
 * The README's TypeScript example is `test/readme-example.ts`, compiled with the tests and run
 * here on real envelopes from the Rust snapshots.
 */

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { parseEnvelope } from "failwise";

import { nextStep } from "./readme-example.js";
import { pkg, repo, snapshotEnvelopes } from "./support.js";

test("the README shows the example as it is compiled", () => {
  const readme = readFileSync(repo("README.md"), "utf8");
  const section = readme.split(/^## /m).find((s) => s.startsWith("TypeScript\n")) ?? "";
  const example = readFileSync(pkg("test/readme-example.ts"), "utf8");
  assert.ok(section.includes("```ts\n" + example + "```\n"), "README.md's TypeScript section does not show test/readme-example.ts as it is");
});

test("the example says what to do with real envelopes", () => {
  const envelopes = snapshotEnvelopes().map((f) => ({ line: f.line, envelope: parseEnvelope(f.line) }));
  const waited = envelopes.find((e) => e.envelope.retry === "yes" && e.envelope.retry_after_ms !== undefined);
  const refused = envelopes.find((e) => e.envelope.retry === "no");
  assert.ok(waited !== undefined && refused !== undefined, "the snapshots hold a `yes` with a wait and a `no`");
  assert.equal(nextStep(waited.line), `resend after ${waited.envelope.retry_after_ms} ms`);
  assert.equal(nextStep(refused.line), `do not resend: ${refused.envelope.recovery}`);
  assert.equal(nextStep('{"error":true}'), "no envelope: MISSING_FIELD at /code");
  assert.equal(nextStep("permission denied"), "no envelope: INVALID_JSON at ");
});
