import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Which side a module runs on is written in it (docs/decisions/035-server-only.md):
// a module that reaches the database says `import "server-only"`, so Next's
// build refuses it in a page's browser bundle; a module of lib/*/client/ says
// `import "client-only"`, so the build refuses it on the server.

const ROOT = path.resolve(import.meta.dirname, "..");
const SOURCE = /\.tsx?$/;
const NOT_A_MODULE = /\.(test|db\.test)\.tsx?$|\.d\.ts$/;
const REACHES_DATABASE = /from "@\/lib\/db(\/[a-z-]+)?"/;

function modulesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !NOT_A_MODULE.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
}

const lib = modulesUnder("lib").filter((file) => !file.startsWith("lib/generated/"));
const source = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

describe("module sides", () => {
  it("marks every module that reaches the database server-only", () => {
    const database = lib.filter((file) => file === "lib/db.ts" || REACHES_DATABASE.test(source(file)));
    expect(database.length).toBeGreaterThan(50);
    const unmarked = database.filter((file) => !/(^|\n)import "server-only";/.test(source(file)));
    expect(unmarked).toEqual([]);
  });

  it("marks every module of lib/*/client/ client-only, and none of them reaches the database", () => {
    const client = lib.filter((file) => /^lib\/[a-z-]+\/client\//.test(file));
    expect(client.length).toBeGreaterThan(5);
    expect(client.filter((file) => !/(^|\n)import "client-only";/.test(source(file)))).toEqual([]);
    expect(client.filter((file) => source(file).includes('"server-only"'))).toEqual([]);
  });
});
