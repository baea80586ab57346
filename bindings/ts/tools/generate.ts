/**
 * The generator of `src/envelope.generated.ts`: the envelope's TypeScript types, with their
 * documentation, from the committed JSON Schema (`schemas/envelope.v1.schema.json`, which
 * `failwise schema` prints), and the tables the reader takes from the same schema (each
 * enumeration's values, the patterns, and the verdicts each class admits, read off the
 * schema's `allOf` conditions).
 *
 * `npm run generate` writes the file; `test/generated.test.ts` runs {@link generate} in memory
 * and fails when the committed file differs. A schema keyword this generator does not know is
 * an error, not a type left out.
 */

import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** A JSON Schema node, as read from the committed file. */
type Schema = { readonly [keyword: string]: unknown };

/** Keywords that shape a type. */
const TYPE_KEYWORDS = new Set([
  "type",
  "properties",
  "required",
  "items",
  "prefixItems",
  "additionalProperties",
  "const",
  "enum",
  "oneOf",
  "anyOf",
  "$ref",
]);

/** Keywords that bound a value without changing its type: said in the documentation. */
const BOUND_KEYWORDS = ["format", "minimum", "maximum", "minLength", "maxLength", "minItems", "pattern"];

/** Keywords of the root or of a definition that carry no type. */
const NOTE_KEYWORDS = new Set(["description", "title", "$id", "$schema", "$defs", "allOf", "$comment"]);

/** The committed schema's path, relative to this package. */
export const SCHEMA_PATH = "../../schemas/envelope.v1.schema.json";

/** The generated file's path, relative to this package. */
export const OUTPUT_PATH = "src/envelope.generated.ts";

function isSchema(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function schemaAt(value: unknown, where: string): Schema {
  if (!isSchema(value)) {
    throw new Error(`${where}: a schema must be an object`);
  }
  return value;
}

function checkKeywords(node: Schema, where: string): void {
  for (const keyword of Object.keys(node)) {
    if (!TYPE_KEYWORDS.has(keyword) && !BOUND_KEYWORDS.includes(keyword) && !NOTE_KEYWORDS.has(keyword)) {
      throw new Error(`${where}: the generator does not know the keyword ${JSON.stringify(keyword)}`);
    }
  }
}

/** A JSDoc comment of `text` and `tags`, indented by `indent`; empty when both are. */
function doc(text: unknown, tags: readonly string[], indent: string): string {
  const lines = typeof text === "string" && text !== "" ? text.split("\n") : [];
  if (tags.length > 0) {
    if (lines.length > 0) lines.push("");
    lines.push(...tags);
  }
  if (lines.length === 0) return "";
  if (lines.length === 1) return `${indent}/** ${(lines[0] ?? "").replaceAll("*/", "*\\/")} */\n`;
  const body = lines.map((line) => `${indent} *${line === "" ? "" : " " + line.replaceAll("*/", "*\\/")}`);
  return `${indent}/**\n${body.join("\n")}\n${indent} */\n`;
}

/** The bounds of `node` as `@keyword value` tags. */
function bounds(node: Schema): string[] {
  return BOUND_KEYWORDS.filter((k) => k in node).map((k) => {
    const value = node[k];
    return `@${k} ${typeof value === "string" ? "`" + value + "`" : JSON.stringify(value)}`;
  });
}

function refName(ref: unknown, where: string): string {
  if (typeof ref !== "string" || !ref.startsWith("#/$defs/")) {
    throw new Error(`${where}: only references into #/$defs are known, not ${JSON.stringify(ref)}`);
  }
  return ref.slice("#/$defs/".length);
}

function literal(value: unknown, where: string): string {
  if (typeof value === "string" || typeof value === "boolean" || typeof value === "number") {
    return JSON.stringify(value);
  }
  throw new Error(`${where}: a constant must be a string, number or boolean`);
}

function propertyName(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);
}

/** The TypeScript type of `node`, written at `indent` (for an inline object's members). */
function typeOf(node: Schema, where: string, indent: string): string {
  checkKeywords(node, where);
  if ("$ref" in node) return refName(node.$ref, where);
  if ("const" in node) return literal(node.const, where);
  if (Array.isArray(node.enum)) return node.enum.map((v) => literal(v, where)).join(" | ");
  for (const keyword of ["oneOf", "anyOf"] as const) {
    const options = node[keyword];
    if (Array.isArray(options)) {
      return options.map((o, i) => typeOf(schemaAt(o, `${where}/${keyword}/${i}`), `${where}/${keyword}/${i}`, indent)).join(" | ");
    }
  }
  switch (node.type) {
    case "string":
      return "string";
    case "integer":
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    case "array":
      return arrayType(node, where, indent);
    case "object":
      return objectType(node, where, indent);
    default:
      throw new Error(`${where}: the generator does not know the type ${JSON.stringify(node.type)}`);
  }
}

/** An array: `T[]`, or `[First, ...T[]]` when it holds at least one element. */
function arrayType(node: Schema, where: string, indent: string): string {
  const items = typeOf(schemaAt(node.items, `${where}/items`), `${where}/items`, indent);
  const rest = /^[A-Za-z0-9_]+$/.test(items) ? `${items}[]` : `(${items})[]`;
  const prefix = Array.isArray(node.prefixItems)
    ? node.prefixItems.map((p, i) => typeOf(schemaAt(p, `${where}/prefixItems/${i}`), `${where}/prefixItems/${i}`, indent))
    : [];
  const atLeast = typeof node.minItems === "number" ? node.minItems : 0;
  while (prefix.length < atLeast) prefix.push(items);
  return prefix.length === 0 ? rest : `[${prefix.join(", ")}, ...${rest}]`;
}

/** An object: its properties as members, or a map when it has only `additionalProperties`. */
function objectType(node: Schema, where: string, indent: string): string {
  if (!isSchema(node.properties)) {
    const extra = node.additionalProperties;
    const value = extra === true || extra === undefined ? "unknown" : typeOf(schemaAt(extra, `${where}/additionalProperties`), `${where}/additionalProperties`, indent);
    return `{ [key: string]: ${value} }`;
  }
  return `{\n${members(node, where, indent + "  ")}${indent}}`;
}

/**
 * The members of an object schema, each with its documentation: the required ones in the order
 * of `required` (for the envelope, the order they are written in), then the others in the
 * schema's order.
 */
function members(node: Schema, where: string, indent: string): string {
  const properties = schemaAt(node.properties, `${where}/properties`);
  const required = new Set(Array.isArray(node.required) ? node.required.filter((r) => typeof r === "string") : []);
  const names = [...[...required].filter((r) => r in properties), ...Object.keys(properties).filter((p) => !required.has(p))];
  let out = "";
  for (const name of names) {
    const value = properties[name];
    const property = schemaAt(value, `${where}/properties/${name}`);
    out += doc(property.description, bounds(property), indent);
    out += `${indent}${propertyName(name)}${required.has(name) ? "" : "?"}: ${typeOf(property, `${where}/properties/${name}`, indent)};\n`;
  }
  return out;
}

/** `ErrorClass` → `ERROR_CLASS`. */
function constantName(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase();
}

/** A definition whose values are string constants (`oneOf` of `const`, each documented). */
function constants(node: Schema): Schema[] | undefined {
  const options = node.oneOf;
  if (!Array.isArray(options) || !options.every((o) => isSchema(o) && typeof o.const === "string")) return undefined;
  return options as Schema[];
}

/** One definition of `$defs`: a union of documented constants, an interface or an alias. */
function definition(name: string, node: Schema): string {
  const where = `#/$defs/${name}`;
  checkKeywords(node, where);
  const options = constants(node);
  if (options !== undefined) {
    const union = options.map((o) => `${doc(o.description, [], "  ")}  | ${literal(o.const, where)}`).join("\n");
    const values = options.map((o) => literal(o.const, where)).join(", ");
    return (
      doc(node.description, bounds(node), "") +
      `export type ${name} =\n${union};\n\n` +
      `/** Every {@link ${name}}, in the schema's order. */\n` +
      `export const ${constantName(name)}_VALUES = [${values}] as const satisfies readonly ${name}[];\n`
    );
  }
  if (node.type === "object" && isSchema(node.properties)) {
    return doc(node.description, bounds(node), "") + `export interface ${name} {\n${members(node, where, "  ")}}\n`;
  }
  let out = doc(node.description, bounds(node), "") + `export type ${name} = ${typeOf(node, where, "")};\n`;
  if (typeof node.pattern === "string") {
    out += `\n/** The pattern every {@link ${name}} matches. */\nexport const ${constantName(name)}_PATTERN = new RegExp(${JSON.stringify(node.pattern)}, "u");\n`;
  }
  return out;
}

/**
 * The verdicts each class admits, from the root's `allOf` conditions of the form
 * `if error_class is C then retry is one of [...]`; every other condition is listed by its
 * `$comment` in the envelope's documentation.
 */
function classBounds(root: Schema): { table: Map<string, string[]>; notes: string[] } {
  const table = new Map<string, string[]>();
  const notes: string[] = [];
  const conditions = Array.isArray(root.allOf) ? root.allOf : [];
  conditions.forEach((value, i) => {
    const condition = schemaAt(value, `#/allOf/${i}`);
    const ifClass = (condition.if as { properties?: { error_class?: { const?: unknown } } } | undefined)?.properties?.error_class?.const;
    const thenRetry = (condition.then as { properties?: { retry?: { enum?: unknown } } } | undefined)?.properties?.retry?.enum;
    if (typeof ifClass === "string" && Array.isArray(thenRetry) && thenRetry.every((r) => typeof r === "string")) {
      table.set(ifClass, thenRetry);
    } else if (typeof condition.$comment === "string") {
      notes.push(condition.$comment);
    } else {
      throw new Error(`#/allOf/${i}: a condition the generator cannot read has no $comment to say it`);
    }
  });
  return { table, notes };
}

/** The patterns of the root's own string properties, such as `lang`'s. */
function propertyPatterns(root: Schema): string {
  const properties = schemaAt(root.properties, "#/properties");
  let out = "";
  for (const [name, value] of Object.entries(properties)) {
    const property = schemaAt(value, `#/properties/${name}`);
    if (typeof property.pattern === "string") {
      out += `\n/** The pattern of the envelope's \`${name}\`. */\nexport const ${constantName(name)}_PATTERN = new RegExp(${JSON.stringify(property.pattern)}, "u");\n`;
    }
  }
  return out;
}

/** The text of `src/envelope.generated.ts` for the schema `root` (the parsed JSON). */
export function generate(root: unknown): string {
  const schema = schemaAt(root, "#");
  checkKeywords(schema, "#");
  if (schema.type !== "object") throw new Error("#: the envelope's schema must describe an object");
  const defs = schemaAt(schema.$defs ?? {}, "#/$defs");
  const { table, notes } = classBounds(schema);

  let out =
    `// Generated from schemas/envelope.v1.schema.json (${String(schema.$id)}) by \`npm run generate\`\n` +
    "// (tools/generate.ts); do not edit. test/generated.test.ts fails when it is stale.\n\n";
  const conditions = notes.length === 0 ? [] : ["The schema's conditions beside the class bounds of {@link CLASS_RETRIES}:", ...notes.map((n) => `- ${n}`)];
  const title = typeof schema.title === "string" ? `${schema.title}.\n\n` : "";
  out += doc(`${title}${String(schema.description ?? "")}`, conditions, "");
  out += `export interface Envelope {\n${members(schema, "#", "  ")}}\n`;
  for (const [name, value] of Object.entries(defs)) {
    out += "\n" + definition(name, schemaAt(value, `#/$defs/${name}`));
  }
  out += propertyPatterns(schema);
  if (table.size > 0) {
    const rows = [...table].map(([cls, retries]) => `  ${propertyName(cls)}: [${retries.map((r) => JSON.stringify(r)).join(", ")}],`);
    out +=
      "\n/** The `retry` verdicts each `error_class` admits, read off the schema's `allOf` conditions. */\n" +
      `export const CLASS_RETRIES = {\n${rows.join("\n")}\n} as const satisfies { readonly [C in ErrorClass]: readonly Retry[] };\n`;
  }
  return out;
}

/** Paths resolved against this package's folder (the generator runs from `build/tools`). */
export function packagePath(relative: string): string {
  return fileURLToPath(new URL(`../../${relative}`, import.meta.url));
}

/** The generated text of the committed schema, as `npm run generate` writes it. */
export function generateFromCommittedSchema(): string {
  return generate(JSON.parse(readFileSync(packagePath(SCHEMA_PATH), "utf8")));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(packagePath(OUTPUT_PATH), generateFromCommittedSchema());
}
