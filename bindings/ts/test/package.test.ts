/**
 * The package's metadata: the workspace's version and license, the entry points the build
 * makes, what `npm pack` ships, and no runtime dependency.
 */

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { test } from "node:test";

import { pkg, repo } from "./support.js";

interface Manifest {
  name: string;
  version: string;
  license: string;
  types: string;
  exports: { ".": { types: string; default: string } };
  files: string[];
  dependencies?: Record<string, string>;
}

const manifest = JSON.parse(readFileSync(pkg("package.json"), "utf8")) as Manifest;

/** A key of the root Cargo.toml's `[workspace.package]` table. */
function workspacePackage(key: string): string | undefined {
  const toml = readFileSync(repo("Cargo.toml"), "utf8");
  const table = toml.split(/^\[/m).find((t) => t.startsWith("workspace.package]")) ?? "";
  return new RegExp(`^${key} = "([^"]*)"`, "m").exec(table)?.[1];
}

test("the name, version and license are the workspace's", () => {
  assert.equal(manifest.name, "failwise");
  assert.equal(manifest.version, workspacePackage("version"));
  assert.equal(manifest.license, workspacePackage("license"));
});

test("the entry points are the build's, and the package resolves to them by name", () => {
  assert.equal(manifest.types, manifest.exports["."].types);
  for (const file of [manifest.types, manifest.exports["."].default]) {
    assert.ok(existsSync(pkg(file)), `${file} is not built`);
  }
  assert.equal(fileURLToPath(import.meta.resolve("failwise")), pkg(manifest.exports["."].default));
});

test("no runtime dependency", () => {
  assert.deepEqual(Object.keys(manifest.dependencies ?? {}), []);
});

test("npm pack ships the build and the manifest alone", () => {
  const run = spawnSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: pkg(""), encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  const [packed] = JSON.parse(run.stdout) as [{ files: { path: string }[] }];
  const paths = packed.files.map((f) => f.path).sort();
  for (const needed of ["package.json", "dist/index.js", "dist/index.d.ts", "dist/envelope.generated.d.ts"]) {
    assert.ok(paths.includes(needed), `${needed} is not packed: ${paths.join(", ")}`);
  }
  assert.deepEqual(
    paths.filter((p) => p !== "package.json" && !p.startsWith("dist/")),
    [],
  );
});
