/**
 * A strict JSON parser for one line, refusing what the Rust reader (`serde_json` with
 * failwise's check for repeated names) refuses where `JSON.parse` would not: a member named
 * twice in one object (I-JSON, RFC 7493 §2.3), a `\u` escape that leaves a lone surrogate, a
 * number beyond the range of a double, more than 127 nested arrays and objects. The first
 * problem in the text wins, as it does for the Rust reader.
 *
 * It also keeps the text of every number that is not a plain integer a double holds exactly
 * (`75.0`, `1e2`, `-0`, `18446744073709551615`), by its JSON Pointer, so that the reader can
 * tell an integer from a fraction with the same value as the Rust reader does.
 */

/** Why a line is not JSON the reader takes. */
export type JsonProblem = { readonly kind: "syntax" } | { readonly kind: "duplicate"; readonly pointer: string };

/** The error {@link parseJson} throws. */
export class JsonError extends Error {
  constructor(readonly problem: JsonProblem) {
    super(problem.kind === "syntax" ? "not JSON" : `${problem.pointer} is named twice`);
    this.name = "JsonError";
  }
}

/** A parsed line: its value, and the text of each number that is not a plain integer. */
export interface Parsed {
  readonly value: unknown;
  /** JSON Pointer → the number as written, for numbers a double does not hold as written. */
  readonly numbers: ReadonlyMap<string, string>;
}

/** The most arrays and objects open at once that `serde_json` reads (its recursion limit). */
const MAX_DEPTH = 127;

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const PLAIN_INTEGER = /^-?(?:0|[1-9][0-9]*)$/;
/** A surrogate code unit that is not half of a pair. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** One segment of an RFC 6901 pointer: `~` as `~0`, `/` as `~1`. */
export function pointerSegment(name: string): string {
  return name.replaceAll("~", "~0").replaceAll("/", "~1");
}

/**
 * Parses `text` as one JSON value.
 *
 * @throws {JsonError} the first problem in the text: a syntax error (as `JSON.parse` finds them,
 *   and the three of the module's documentation), or a repeated name with its pointer.
 */
export function parseJson(text: string): Parsed {
  if (LONE_SURROGATE.test(text)) {
    // A lone surrogate cannot be written in UTF-8, the only encoding of a line.
    throw new JsonError({ kind: "syntax" });
  }
  const parser = new Parser(text);
  parser.space();
  const value = parser.value(0);
  parser.space();
  if (parser.pos !== text.length) parser.fail();
  return { value, numbers: parser.numbers };
}

class Parser {
  pos = 0;
  readonly numbers = new Map<string, string>();
  private readonly path: string[] = [];

  constructor(private readonly text: string) {}

  fail(): never {
    throw new JsonError({ kind: "syntax" });
  }

  space(): void {
    while (this.pos < this.text.length) {
      const c = this.text.charCodeAt(this.pos);
      if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return;
      this.pos++;
    }
  }

  private pointer(): string {
    return this.path.map((s) => "/" + pointerSegment(s)).join("");
  }

  value(depth: number): unknown {
    switch (this.text[this.pos]) {
      case "{":
        return this.object(depth + 1);
      case "[":
        return this.array(depth + 1);
      case '"':
        return this.string();
      case "t":
        return this.word("true", true);
      case "f":
        return this.word("false", false);
      case "n":
        return this.word("null", null);
      default:
        return this.number();
    }
  }

  private word<T>(word: string, value: T): T {
    if (!this.text.startsWith(word, this.pos)) this.fail();
    this.pos += word.length;
    return value;
  }

  private number(): number {
    NUMBER.lastIndex = this.pos;
    const match = NUMBER.exec(this.text);
    if (match === null) this.fail();
    const written = match[0];
    this.pos += written.length;
    const value = Number(written);
    if (!Number.isFinite(value)) this.fail();
    if (!PLAIN_INTEGER.test(written) || written === "-0" || !Number.isSafeInteger(value)) {
      this.numbers.set(this.pointer(), written);
    }
    return value;
  }

  private string(): string {
    const start = this.pos;
    this.pos++;
    for (;;) {
      const c = this.text.charCodeAt(this.pos);
      if (Number.isNaN(c) || c < 0x20) this.fail();
      this.pos++;
      if (c === 0x22) break;
      if (c === 0x5c) {
        const escape = this.text[this.pos];
        if (escape === "u") {
          if (!/^[0-9A-Fa-f]{4}$/.test(this.text.slice(this.pos + 1, this.pos + 5))) this.fail();
          this.pos += 5;
        } else if (escape !== undefined && '"\\/bfnrt'.includes(escape)) {
          this.pos++;
        } else {
          this.fail();
        }
      }
    }
    // The token is valid JSON now: JSON.parse decodes its escapes.
    const decoded = JSON.parse(this.text.slice(start, this.pos)) as string;
    if (LONE_SURROGATE.test(decoded)) this.fail();
    return decoded;
  }

  private array(depth: number): unknown[] {
    if (depth > MAX_DEPTH) this.fail();
    this.pos++;
    const items: unknown[] = [];
    this.space();
    if (this.text[this.pos] === "]") {
      this.pos++;
      return items;
    }
    for (;;) {
      this.path.push(String(items.length));
      this.space();
      items.push(this.value(depth));
      this.path.pop();
      this.space();
      const c = this.text[this.pos++];
      if (c === "]") return items;
      if (c !== ",") this.fail();
    }
  }

  private object(depth: number): Record<string, unknown> {
    if (depth > MAX_DEPTH) this.fail();
    this.pos++;
    const members: Record<string, unknown> = {};
    const seen = new Set<string>();
    this.space();
    if (this.text[this.pos] === "}") {
      this.pos++;
      return members;
    }
    for (;;) {
      this.space();
      if (this.text[this.pos] !== '"') this.fail();
      const name = this.string();
      this.space();
      if (this.text[this.pos++] !== ":") this.fail();
      this.space();
      this.path.push(name);
      const value = this.value(depth);
      if (seen.has(name)) {
        // Named by the second occurrence, after its value was read (as the Rust reader does).
        throw new JsonError({ kind: "duplicate", pointer: this.pointer() });
      }
      this.path.pop();
      seen.add(name);
      // defineProperty, so that a member named `__proto__` is a member, as JSON.parse makes it.
      Object.defineProperty(members, name, { value, writable: true, enumerable: true, configurable: true });
      this.space();
      const c = this.text[this.pos++];
      if (c === "}") return members;
      if (c !== ",") this.fail();
    }
  }
}
