/**
 * failwise envelopes for TypeScript: the v1 wire format's types, generated from its JSON
 * Schema; {@link parseEnvelope}, which refuses what failwise's own reader refuses, with the
 * same problem code and JSON Pointer; and a type guard per error class and retry verdict.
 * No runtime dependency.
 *
 * @packageDocumentation
 */

export * from "./envelope.generated.js";
export { INVARIANTS, InvalidEnvelope, parseEnvelope, safeParseEnvelope, type Invariant, type ParseResult, type Problem } from "./read.js";
export * from "./guards.js";
