import { readFileSync } from "node:fs";
import { listRouteFiles, urlPatternOf } from "@/lib/labs/route-files";
import { concretePath } from "@/tests/support/route-policy";

export type AppRoute = { file: string; path: string; methods: string[]; source: string };

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** Every route handler under app/, with a concrete URL (dynamic segments filled with `1`). */
export function listAppRoutes(): AppRoute[] {
  return listRouteFiles()
    .map((file) => {
      const source = readFileSync(file, "utf8");
      const methods = METHODS.filter((method) =>
        new RegExp(`export (const ${method}\\b|(async )?function ${method}\\b)`).test(source),
      );
      return { file, path: concretePath(urlPatternOf(file)), methods, source };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}
