import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { oneAtATime, sourceId } from "./build-if-needed.mjs";

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A checkout of its own: a few of the app's files, committed. */
function checkout(): string {
  const root = mkdtempSync(path.join(tmpdir(), "labs-checkout-"));
  folders.push(root);
  mkdirSync(path.join(root, "lib"));
  writeFileSync(path.join(root, "lib", "prices.ts"), "export const euro = 100;\n");
  writeFileSync(path.join(root, "package.json"), "{}\n");
  const git = (...args: string[]) =>
    spawnSync("git", ["-c", "user.name=Labs", "-c", "user.email=labs@example.org", ...args], { cwd: root });
  git("init", "-q");
  git("add", ".");
  git("commit", "-qm", "A household's checkout");
  return root;
}

function write(root: string, file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

describe("the source id a build is kept under", () => {
  it("stays the same when files the build does not read appear or change", () => {
    const root = checkout();
    const built = sourceId(root);
    expect(built).toMatch(/^[0-9a-f]{40}\+[0-9a-f]{16}$/);
    // `npm start > labs.log` in the checkout, written to as the server runs.
    write(root, "labs.log", "labs: listening on http://localhost:3000\n");
    expect(sourceId(root)).toBe(built);
    write(root, "labs.log", "labs: listening on http://localhost:3000\nlabs: SIGTERM\n");
    write(root, "notes/shopping.txt", "leite\n");
    write(root, "tests/api/new.test.ts", "// a test being written\n");
    write(root, "lib/prices.test.ts", "// a test beside the code\n");
    write(root, "notes/recipe.md", "# a recipe\n");
    expect(sourceId(root)).toBe(built);
  });

  it("changes when a file the build reads is added or edited, and comes back when undone", () => {
    const root = checkout();
    const built = sourceId(root);
    write(root, "lib/stores.ts", "export const store = 'Pingo Doce';\n");
    const added = sourceId(root);
    expect(added).not.toBe(built);
    write(root, "lib/stores.ts", "export const store = 'Continente';\n");
    expect(sourceId(root)).not.toBe(added);
    rmSync(path.join(root, "lib", "stores.ts"));
    expect(sourceId(root)).toBe(built);
    write(root, "lib/prices.ts", "export const euro = 101;\n");
    expect(sourceId(root)).not.toBe(built);
  });

  it("is null outside a git checkout", () => {
    const root = mkdtempSync(path.join(tmpdir(), "labs-no-git-"));
    folders.push(root);
    expect(sourceId(root)).toBeNull();
  });
});

describe("one build at a time", () => {
  it("lets a second builder wait for the first instead of building beside it", async () => {
    const lock = path.join(checkout(), ".next.build-lock");
    const steps: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = oneAtATime(lock, async () => {
      steps.push("first begins");
      await held;
      steps.push("first ends");
    });
    const second = oneAtATime(lock, async () => {
      steps.push("second begins");
    });
    // The second has tried the lock and is waiting: nothing of it has run.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(steps).toEqual(["first begins"]);
    release();
    await Promise.all([first, second]);
    expect(steps).toEqual(["first begins", "first ends", "second begins"]);
  });

  it("takes over a lock whose holder has died", async () => {
    const lock = path.join(checkout(), ".next.build-lock");
    const dead = spawnSync(process.execPath, ["-e", ""]).pid;
    mkdirSync(lock);
    writeFileSync(path.join(lock, "pid"), String(dead));
    expect(await oneAtATime(lock, async () => "built")).toBe("built");
  });
});
