// Plain JavaScript: `npm start` (scripts/start.mjs) calls this under plain
// Node before it loads the server; types in compile-cache.d.mts.
import module from "node:module";
import path from "node:path";

/**
 * Keeps V8's compiled code of every module loaded from here on (Next, the
 * server, the routes, the pages) beside the build it belongs to, so a
 * restart compiles none of it again: a third of a second of every start
 * (docs/decisions/031-start-up.md). Node.js checks each file's content
 * against its entry; a new build leaves the old entries unused. Node.js 22.1
 * and later; an older one starts without it.
 */
export function keepCompiledCode() {
  module.enableCompileCache?.(path.resolve(process.env.NEXT_DIST_DIR || ".next", "cache", "node-compile-cache"));
}
