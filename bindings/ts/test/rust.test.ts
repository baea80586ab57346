/**
 * The TypeScript reader and the Rust one (`failwise validate`, the binary `FAILWISE_BIN` names)
 * agree on every line of the shared fixture and every envelope of the Rust snapshots: the
 * same lines valid, the others refused with the same problem at the same JSON Pointer.
 */

import assert from "node:assert/strict";
import { test } from "node:test";

import { safeParseEnvelope } from "failwise";

import { failwiseBinary, fixtureCases, rustVerdicts, snapshotEnvelopes } from "./support.js";

test("failwise validate and parseEnvelope agree line for line", (t) => {
  const binary = failwiseBinary();
  if ("skip" in binary) {
    t.skip(binary.skip);
    return;
  }
  // failwise validate counts an empty line as blank, not as a line to check.
  const named = [
    ...fixtureCases().filter((c) => c.line !== "").map((c) => ({ name: c.name, line: c.line })),
    ...snapshotEnvelopes().map((f) => ({ name: f.file, line: f.line })),
  ];
  const rust = rustVerdicts(binary.path, named.map((n) => n.line));
  const failures: string[] = [];
  named.forEach(({ name, line }, i) => {
    const result = safeParseEnvelope(line);
    const ours = result.ok ? { problem: "valid", pointer: "" } : { problem: result.error.code, pointer: result.error.pointer };
    if (ours.problem !== rust[i]?.problem || ours.pointer !== rust[i]?.pointer) {
      failures.push(`${name}: TypeScript ${JSON.stringify(ours)}, Rust ${JSON.stringify(rust[i])}`);
    }
  });
  assert.deepEqual(failures, []);
});
