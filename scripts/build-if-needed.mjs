// Builds the app (Next's pages, then the server: scripts/build-server.mjs)
// unless .next (or NEXT_DIST_DIR) already holds a production build of exactly
// this source tree. Used by `npm start` and by the test harnesses. Plain
// JavaScript, as `npm start` runs under plain Node; types in build-if-needed.d.mts.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { copyZxingWasm } from "./copy-zxing-wasm.mjs";

const distDir = process.env.NEXT_DIST_DIR || ".next";
const MARKER = `${distDir}/labs-source-id`;

// Files that cannot change the built app; editing them must not force a rebuild.
const NOT_BUILT = [":!tests", ":!e2e", ":!bench", ":!*.md", ":!.ci"];

/**
 * Commit plus a hash of uncommitted changes, so an edited tree rebuilds.
 * @returns {string | null}
 */
function sourceId() {
  const head = spawnSync("git", ["rev-parse", "HEAD"], { encoding: "utf8" });
  if (head.status !== 0) return null;
  const diff = spawnSync("git", ["status", "--porcelain", "--untracked-files=all", "--", ".", ...NOT_BUILT], {
    encoding: "utf8",
  });
  const changed = spawnSync("git", ["diff", "HEAD", "--", ".", ...NOT_BUILT], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const hash = createHash("sha256")
    .update(diff.stdout ?? "")
    .update(changed.stdout ?? "");
  // New files show in `git status` by name only: hash what they hold too.
  const untracked = spawnSync("git", ["ls-files", "--others", "--exclude-standard", "-z", "--", ".", ...NOT_BUILT], {
    encoding: "utf8",
  });
  for (const file of (untracked.stdout ?? "").split("\0").filter(Boolean)) {
    hash.update(file).update(readFileSync(file));
  }
  const dirty = hash.digest("hex").slice(0, 16);
  return `${head.stdout.trim()}+${dirty}`;
}

export async function buildIfNeeded() {
  // The scanner's .wasm is served from public/, read at run time, not built in:
  // refresh it from node_modules even when the build is current.
  await copyZxingWasm();
  const id = sourceId();
  const built = existsSync(`${distDir}/BUILD_ID`) && existsSync(`${distDir}/labs-server.mjs`) && existsSync(MARKER);
  if (built && id !== null && readFileSync(MARKER, "utf8") === id) return;
  if (built && id === null) return;
  console.log("labs: building the app (next build, then the server)…");
  const result = spawnSync("npx", ["next", "build"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  // Loaded only to build: esbuild is no part of a start that finds the build current.
  const { buildServer } = await import("./build-server.mjs");
  await buildServer(distDir);
  if (id !== null) writeFileSync(MARKER, id);
}

if (import.meta.url === `file://${process.argv[1]}`) await buildIfNeeded();
