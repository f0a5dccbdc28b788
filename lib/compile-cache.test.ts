import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** Runs a Node.js process that keeps compiled code, then loads `file`; says where Node put the cache. */
function startKeeping(distDir: string, file: string): { cacheDir: string } {
  const keeper = pathToFileURL(path.resolve("lib/compile-cache.mjs")).href;
  const script = `
    import module from "node:module";
    const { keepCompiledCode } = await import(${JSON.stringify(keeper)});
    keepCompiledCode();
    await import(${JSON.stringify(pathToFileURL(file).href)});
    console.log(JSON.stringify({ cacheDir: module.getCompileCacheDir() }));`;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    env: { ...process.env, NEXT_DIST_DIR: distDir, NODE_COMPILE_CACHE: "" },
    encoding: "utf8",
  });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

describe("keepCompiledCode", () => {
  it("keeps the compiled code of what a start loads beside the build, for the next start", () => {
    const root = mkdtempSync(path.join(tmpdir(), "labs-compile-cache-"));
    folders.push(root);
    const distDir = path.join(root, ".next");
    const prices = path.join(root, "prices.mjs");
    writeFileSync(prices, `export const euros = (cents) => (cents / 100).toFixed(2);\n`);

    const { cacheDir } = startKeeping(distDir, prices);
    expect(cacheDir.startsWith(path.join(distDir, "cache", "node-compile-cache"))).toBe(true);
    // Node writes the cache as the process ends: the next start finds it.
    const kept = filesUnder(path.join(distDir, "cache", "node-compile-cache"));
    expect(kept.length).toBeGreaterThan(0);
    startKeeping(distDir, prices);
    expect(filesUnder(path.join(distDir, "cache", "node-compile-cache")).sort()).toEqual(kept.sort());
  });
});
