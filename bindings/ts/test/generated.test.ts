/**
 * `src/envelope.generated.ts` is what the generator makes of the committed schema, and the
 * generator refuses a schema it cannot say in types rather than leaving a part out.
 */

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { OUTPUT_PATH, generate, generateFromCommittedSchema } from "../tools/generate.js";
import { pkg, repo } from "./support.js";

test("the committed types are not stale", () => {
  const committed = readFileSync(pkg(OUTPUT_PATH), "utf8");
  assert.ok(
    committed === generateFromCommittedSchema(),
    `${OUTPUT_PATH} differs from what schemas/envelope.v1.schema.json gives: run \`npm run generate\` in bindings/ts`,
  );
});

test("the class bounds are read off the schema's conditions", () => {
  const text = generateFromCommittedSchema();
  assert.match(text, /transient: \["yes", "unknown"\],/);
  assert.match(text, /ambiguous: \["no", "unknown"\],/);
  const schema = JSON.parse(readFileSync(repo("schemas/envelope.v1.schema.json"), "utf8")) as { allOf: unknown[] };
  const moved = { ...schema, allOf: schema.allOf.map((c) => JSON.parse(JSON.stringify(c).replace('"enum":["yes","unknown"]', '"enum":["unknown"]'))) };
  assert.match(generate(moved), /transient: \["unknown"\],/);
});

test("a keyword the generator does not know is an error", () => {
  const schema = JSON.parse(readFileSync(repo("schemas/envelope.v1.schema.json"), "utf8")) as Record<string, unknown>;
  const withUnknown = { ...schema, properties: { ...(schema.properties as object), extra: { type: "object", patternProperties: {} } } };
  assert.throws(() => generate(withUnknown), /#\/properties\/extra: the generator does not know the keyword "patternProperties"/);
  const unreadable = { ...schema, allOf: [{ if: { required: ["x"] } }] };
  assert.throws(() => generate(unreadable), /#\/allOf\/0: a condition the generator cannot read/);
});
