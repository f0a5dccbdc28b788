import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export type AppRoute = { file: string; path: string; methods: string[]; source: string };

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** Every route handler under app/, with a concrete URL (dynamic segments filled with `1`). */
export function listAppRoutes(root = "app"): AppRoute[] {
  const routes: AppRoute[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "route.ts") {
        const source = readFileSync(full, "utf8");
        const methods = METHODS.filter((method) =>
          new RegExp(`export (const ${method}\\b|(async )?function ${method}\\b)`).test(source),
        );
        const segments = path
          .relative(root, path.dirname(full))
          .split(path.sep)
          .filter((segment) => segment && !/^\(.*\)$/.test(segment))
          .map((segment) => (/^\[.*\]$/.test(segment) ? "1" : segment));
        routes.push({ file: full, path: `/${segments.join("/")}`, methods, source });
      }
    }
  };
  walk(root);
  return routes.sort((a, b) => a.path.localeCompare(b.path));
}
