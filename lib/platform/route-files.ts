// The route and page files under app/, as Next maps them to URLs. Read at
// build time (scripts/write-route-manifest.ts) and by the tests; never at run
// time of the server, whose app/ folder is compiled away.
import { readdirSync } from "node:fs";
import path from "node:path";

const ROUTE_FILE = /^route\.(ts|tsx|js|mjs)$/;
const PAGE_FILE = /^page\.(ts|tsx|js|jsx|mdx)$/;

function walk(dir: string, match: RegExp, found: string[]): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, match, found);
    else if (match.test(entry.name)) found.push(full);
  }
  return found;
}

/** Route handler files, relative to `root` with forward slashes, sorted. */
export function listRouteFiles(root = process.cwd()): string[] {
  return relativeSorted(root, walk(path.join(root, "app"), ROUTE_FILE, []));
}

/** Page files, relative to `root` with forward slashes, sorted. */
export function listPageFiles(root = process.cwd()): string[] {
  return relativeSorted(root, walk(path.join(root, "app"), PAGE_FILE, []));
}

function relativeSorted(root: string, files: string[]): string[] {
  return files.map((file) => path.relative(root, file).split(path.sep).join("/")).sort();
}

/**
 * The URL pattern of a file under app/, OpenAPI style: `app/cards/[id]/route.ts`
 * → `/cards/{id}`. Route groups `(x)` and parallel slots `@x` are not part of it.
 */
export function urlPatternOf(file: string): string {
  const segments = path.posix
    .dirname(file)
    .split("/")
    .slice(1)
    .filter((segment) => segment && !/^\(.*\)$/.test(segment) && !segment.startsWith("@"))
    .map((segment) => {
      const dynamic = /^\[{1,2}(?:\.\.\.)?([^\]]+)\]{1,2}$/.exec(segment);
      return dynamic ? `{${dynamic[1]}}` : segment;
    });
  return `/${segments.join("/")}`;
}
