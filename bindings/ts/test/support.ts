/**
 * What the tests share: paths in the repository, the shared fixture of lines
 * (`fixtures/envelopes/lines.tsv`, which the Rust reader's tests also read), the envelopes the
 * Rust snapshot tests hold, and the Rust reader itself through `failwise validate`.
 */

import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** A path in the repository (the tests run from `bindings/ts/build/test`). */
export function repo(path: string): string {
  return fileURLToPath(new URL(`../../../../${path}`, import.meta.url));
}

/** A path in this package. */
export function pkg(path: string): string {
  return fileURLToPath(new URL(`../../${path}`, import.meta.url));
}

/** One row of the shared fixture. */
export interface Case {
  readonly name: string;
  /** The problem the Rust reader names, or `valid`. */
  readonly problem: string;
  /** Its JSON Pointer; `""` for the whole line. */
  readonly pointer: string;
  readonly line: string;
}

export const FIXTURE = "fixtures/envelopes/lines.tsv";

/** The rows of the shared fixture, as the Rust test reads them. */
export function fixtureCases(): Case[] {
  const rows = readFileSync(repo(FIXTURE), "utf8")
    .split("\n")
    .filter((l) => l !== "" && !l.startsWith("#"));
  const [header, ...cases] = rows;
  if (header !== "name\tproblem\tpointer\tschema\tline") throw new Error(`${FIXTURE}: the header row is ${JSON.stringify(header)}`);
  return cases.map((row) => {
    const cols = row.split("\t");
    if (cols.length < 5) throw new Error(`${FIXTURE}: a row of five columns, not ${JSON.stringify(row)}`);
    const [name = "", problem = "", pointer = "", , ...line] = cols;
    return { name, problem, pointer: pointer === "-" ? "" : pointer, line: line.join("\t") };
  });
}

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/** The end of the JSON object or array that starts at `start`, or -1. */
function valueEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
    } else if (c === "{" || c === "[") {
      depth++;
    } else if (c === "}" || c === "]") {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** An envelope found in a snapshot: the file, and the envelope as one line. */
export interface Found {
  readonly file: string;
  readonly line: string;
}

/**
 * Every envelope the insta snapshots of the crates hold (`crates/*\/tests/**\/snapshots` and
 * `crates/*\/src/**\/snapshots`): each JSON object on a line of a `.snap` file (an output line,
 * or one quoted in a command line) whose `error` is `true`, and each such object inside
 * another (an envelope inside an MCP message). An envelope at the top of a line is kept as
 * written; one inside another as `JSON.stringify` writes it.
 */
export function snapshotEnvelopes(): Found[] {
  const found: Found[] = [];
  const crates = repo("crates");
  for (const path of files(crates)) {
    if (!path.endsWith(".snap") || !path.split(sep).includes("snapshots")) continue;
    const file = relative(repo(""), path);
    for (const text of readFileSync(path, "utf8").split("\n")) {
      for (let i = text.indexOf("{"); i >= 0; i = text.indexOf("{", i + 1)) {
        const end = valueEnd(text, i);
        if (end < 0) continue;
        let value: unknown;
        try {
          value = JSON.parse(text.slice(i, end));
        } catch {
          continue;
        }
        const visit = (v: unknown, raw: string | undefined): void => {
          if (Array.isArray(v)) v.forEach((x) => visit(x, undefined));
          else if (typeof v === "object" && v !== null) {
            if ((v as { error?: unknown }).error === true) found.push({ file, line: raw ?? JSON.stringify(v) });
            Object.values(v).forEach((x) => visit(x, undefined));
          }
        };
        visit(value, text.slice(i, end));
        i = end - 1;
      }
    }
  }
  return found;
}

/** What the Rust reader says of a line: `valid`, or the problem and its pointer. */
export interface Verdict {
  readonly problem: string;
  readonly pointer: string;
}

/**
 * The `failwise` binary named by `FAILWISE_BIN`, or why there is none. `scripts/test` sets it
 * (and `FAILWISE_REAL_PARSERS=required`, which makes a missing binary a failure, not a skip).
 */
export function failwiseBinary(): { path: string } | { skip: string } {
  const path = process.env.FAILWISE_BIN;
  if (path === undefined || path === "") {
    if (process.env.FAILWISE_REAL_PARSERS === "required") throw new Error("FAILWISE_REAL_PARSERS=required, and FAILWISE_BIN names no failwise binary");
    return { skip: "FAILWISE_BIN names no failwise binary (scripts/test sets it)" };
  }
  if (!existsSync(path)) throw new Error(`FAILWISE_BIN=${path} does not exist`);
  return { path };
}

/** The Rust reader's verdict on each line, through `failwise validate --json` (one process). */
export function rustVerdicts(binary: string, lines: readonly string[]): Verdict[] {
  const run = spawnSync(binary, ["validate", "--json"], { input: lines.join("\n") + "\n", encoding: "utf8", maxBuffer: 64 << 20 });
  if (run.error !== undefined) throw run.error;
  const verdicts: Verdict[] = lines.map(() => ({ problem: "valid", pointer: "" }));
  for (const out of run.stdout.split("\n").filter((l) => l !== "")) {
    const report = JSON.parse(out) as { code: string; params: { line: number; problem: string; pointer: string } };
    if (report.code !== "LINE_INVALID") throw new Error(`failwise validate wrote ${out}`);
    verdicts[report.params.line - 1] = { problem: report.params.problem, pointer: report.params.pointer };
  }
  return verdicts;
}
