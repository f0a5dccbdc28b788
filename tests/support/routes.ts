import { existsSync, readFileSync } from "node:fs";
import { listRouteFiles, urlPatternOf } from "@/lib/platform/route-files";
import { concretePath } from "@/tests/support/route-policy";
import { API_ROUTES } from "@/server/api-routes";

export type RouteFile = { file: string; path: string };
export type AppRoute = RouteFile & { methods: string[]; source: string };

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** Where a front-door route's module lives: `/api/core-ask/{id}/claim` → `server/routes/api/core-ask/[id]/claim.ts`. */
export function serverRouteFile(path: string): string {
  return `server/routes${path.replace(/\{([^}]+)\}/g, "[$1]").replace(/\./g, "-")}.ts`;
}

/**
 * Every route: the front door's (server/api-routes.ts) and the ones Next
 * still answers under app/, each with its file and URL pattern (`/cards/{id}`).
 */
export function listRoutes(): RouteFile[] {
  const served = API_ROUTES.map(({ path }) => ({ file: serverRouteFile(path), path }));
  for (const { file } of served) if (!existsSync(file)) throw new Error(`${file}: no such route file`);
  const next = listRouteFiles().map((file) => ({ file, path: urlPatternOf(file) }));
  return [...served, ...next].sort((a, b) => a.path.localeCompare(b.path));
}

/** Every route, with a concrete URL (dynamic segments filled with `1`). */
export function listAppRoutes(): AppRoute[] {
  return listRoutes().map(({ file, path }) => {
    const source = readFileSync(file, "utf8");
    const methods = METHODS.filter((method) =>
      new RegExp(`export (const ${method}\\b|(async )?function ${method}\\b)`).test(source),
    );
    return { file, path: concretePath(path), methods, source };
  });
}
