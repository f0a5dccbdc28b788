// Builds the app (Next's pages, then the server: scripts/build-server.mjs)
// unless .next (or NEXT_DIST_DIR) already holds a production build of exactly
// this source tree. Used by `npm start` and by the test harnesses. Plain
// JavaScript, as `npm start` runs under plain Node; types in build-if-needed.d.mts.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { copyZxingWasm } from "./copy-zxing-wasm.mjs";

const distDir = process.env.NEXT_DIST_DIR || ".next";
const MARKER = `${distDir}/labs-source-id`;

// Tracked files that cannot change the built app: editing them must not force a rebuild.
const NOT_BUILT = [":!tests", ":!e2e", ":!bench", ":!*.md", ":!*.test.ts", ":!.ci", ":!docs"];
// Where a new, not yet committed file can be part of the build: the app's
// folders and the files that configure the build. Anything else a household
// leaves in the checkout (`npm start > labs.log`, a backup, an editor's
// swap file) is no part of it.
const BUILD_ROOTS = [
  "app",
  "components",
  "i18n",
  "lib",
  "messages",
  "prisma",
  "public",
  "scripts",
  "server",
  "next.config.ts",
  "package-lock.json",
  "package.json",
  "postcss.config.mjs",
  "proxy.ts",
  "tsconfig.json",
];

/**
 * The commit plus a hash of what differs from it in the files the build
 * reads, so an edited tree rebuilds and an unchanged one never does.
 * @param {string} [root] the checkout (the working directory)
 * @returns {string | null} null outside a git checkout
 */
export function sourceId(root = process.cwd()) {
  const git = (/** @type {string[]} */ args) =>
    spawnSync("git", args, { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const head = git(["rev-parse", "HEAD"]);
  if (head.status !== 0) return null;
  // Staged and unstaged edits of tracked files, deletions included.
  const hash = createHash("sha256").update(git(["diff", "HEAD", "--", ".", ...NOT_BUILT]).stdout ?? "");
  // New files show in neither: hash their names and what they hold.
  const untracked = git(["ls-files", "--others", "--exclude-standard", "-z", "--", ...BUILD_ROOTS, ...NOT_BUILT]);
  for (const file of (untracked.stdout ?? "").split("\0").filter(Boolean)) {
    hash.update(file).update(readFileSync(path.join(root, file)));
  }
  return `${head.stdout.trim()}+${hash.digest("hex").slice(0, 16)}`;
}

export async function buildIfNeeded() {
  // The scanner's .wasm is served from public/, read at run time, not built in:
  // refresh it from node_modules even when the build is current.
  await copyZxingWasm();
  const id = sourceId();
  if (isBuilt(id)) return;
  // Two harnesses (or `npm start` beside `npm test`) finding the build stale
  // at once: the first builds, the others wait and find it current.
  const failed = await oneAtATime(`${distDir}.build-lock`, async () => {
    if (isBuilt(id)) return 0;
    console.log("labs: building the app (next build, then the server)…");
    const result = spawnSync("npx", ["next", "build"], {
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (result.status !== 0) return result.status ?? 1;
    // Loaded only to build: esbuild is no part of a start that finds the build current.
    const { buildServer } = await import("./build-server.mjs");
    await buildServer(distDir);
    if (id !== null) writeFileSync(MARKER, id);
    return 0;
  });
  if (failed) process.exit(failed);
}

/** Whether distDir holds a whole build of the tree `id` names (any whole build, outside git). */
function isBuilt(/** @type {string | null} */ id) {
  const built = existsSync(`${distDir}/BUILD_ID`) && existsSync(`${distDir}/labs-server.mjs`) && existsSync(MARKER);
  return built && (id === null || readFileSync(MARKER, "utf8") === id);
}

/**
 * Runs `work` holding `lock`, a folder made only if absent (one process at a
 * time wins), with the holder's pid inside. A lock whose holder has died, or
 * that has had no holder written for ten seconds, is taken over.
 * @template T
 * @param {string} lock
 * @param {() => Promise<T>} work
 * @returns {Promise<T>}
 */
export async function oneAtATime(lock, work) {
  let said = false;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== "EEXIST") throw error;
    }
    if (isAbandoned(lock)) {
      rmSync(lock, { recursive: true, force: true });
      continue;
    }
    if (!said) console.log(`labs: waiting for the build another process is making (${lock})…`);
    said = true;
    await sleep(500);
  }
  writeFileSync(`${lock}/pid`, String(process.pid));
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function isAbandoned(/** @type {string} */ lock) {
  try {
    const pid = Number(readFileSync(`${lock}/pid`, "utf8"));
    process.kill(pid, 0);
    return false;
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if (code === "ESRCH") return true;
    // No pid yet: its holder is between making the folder and writing it.
    if (code === "ENOENT") return lockAge(lock) > 10_000;
    return false;
  }
}

function lockAge(/** @type {string} */ lock) {
  try {
    return Date.now() - statSync(lock).mtimeMs;
  } catch {
    return 0;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await buildIfNeeded();
