/**
 * Every envelope the Rust snapshot tests hold reads, and exactly one class guard and one
 * verdict guard hold for each, as the class bounds of the schema say.
 */

import assert from "node:assert/strict";
import { test } from "node:test";

import { CLASS_GUARDS, CLASS_RETRIES, RETRY_GUARDS, parseEnvelope } from "failwise";

import { snapshotEnvelopes } from "./support.js";

test("every envelope in the Rust snapshots reads", () => {
  const found = snapshotEnvelopes();
  // The snapshots held 71 envelopes when this was written; far fewer means the search broke.
  assert.ok(found.length >= 60, `only ${found.length} envelopes found in the snapshots`);
  const failures: string[] = [];
  for (const { file, line } of found) {
    try {
      parseEnvelope(line);
    } catch (err) {
      failures.push(`${file}: ${String(err)}: ${line}`);
    }
  }
  assert.deepEqual(failures, []);
});

test("one class guard and one verdict guard hold for each envelope", () => {
  const seen = { classes: new Set<string>(), verdicts: new Set<string>() };
  for (const { file, line } of snapshotEnvelopes()) {
    const envelope = parseEnvelope(line);
    const classes = Object.entries(CLASS_GUARDS).filter(([, guard]) => guard(envelope));
    const verdicts = Object.entries(RETRY_GUARDS).filter(([, guard]) => guard(envelope));
    assert.deepEqual(classes.map(([c]) => c), [envelope.error_class], file);
    assert.deepEqual(verdicts.map(([r]) => r), [envelope.retry], file);
    assert.ok((CLASS_RETRIES[envelope.error_class] as readonly string[]).includes(envelope.retry), file);
    seen.classes.add(envelope.error_class);
    seen.verdicts.add(envelope.retry);
  }
  // The snapshots hold every verdict, so each guard was seen to hold somewhere.
  assert.deepEqual([...seen.verdicts].sort(), ["no", "unknown", "yes"]);
});
