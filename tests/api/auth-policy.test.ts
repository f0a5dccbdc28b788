import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HTTP_METHODS } from "@/lib/labs/openapi";
import { listPageFiles, listRouteFiles, urlPatternOf } from "@/lib/labs/route-files";
import { concretePath, isListedPublic, pagePolicy } from "@/tests/support/route-policy";
import { api } from "./client";

// Every route in app/, found on disk, has a declared auth policy (STYLE
// "Habits" 10): handlers carry `.auth` (route(), declareAuth(), or any wrapper
// exposing it), public ones are listed in tests/support/route-policy.ts, pages
// are listed there too. Operator routes are then called anonymously over HTTP.

type Handler = { method: string; path: string; file: string; auth: unknown };

const handlers: Handler[] = [];
for (const file of listRouteFiles()) {
  const routeModule = (await import(path.resolve(file))) as Record<string, unknown>;
  for (const method of HTTP_METHODS) {
    const handler = routeModule[method];
    if (handler === undefined) continue;
    handlers.push({ method, path: urlPatternOf(file), file, auth: (handler as { auth?: unknown }).auth });
  }
}
const pages = listPageFiles().map((file) => ({
  file,
  path: urlPatternOf(file),
  policy: pagePolicy(urlPatternOf(file)),
}));
const label = (handler: Handler) => `${handler.method} ${handler.path}`;

describe("route handlers", () => {
  it("are found on disk", () => {
    expect(handlers.map(label)).toContain("POST /labs/api/keys");
    expect(handlers.length).toBeGreaterThan(20);
  });

  it.each(handlers.map((handler) => [label(handler), handler] as const))("%s declares its policy", (_, handler) => {
    expect(["public", "operator"], `${handler.file} ${handler.method}: wrap it in route() or declareAuth()`).toContain(
      handler.auth,
    );
  });

  const publicOnes = handlers.filter((handler) => handler.auth === "public");
  it.each(publicOnes.map((handler) => [label(handler), handler] as const))(
    "%s is public, and listed as such",
    (_, handler) => {
      expect(isListedPublic(handler.method, handler.path), "add it to PUBLIC_ROUTES with the reason").toBe(true);
    },
  );

  const operatorOnes = handlers.filter((handler) => handler.auth === "operator");
  it.each(operatorOnes.map((handler) => [label(handler), handler] as const))(
    "%s refuses an anonymous caller",
    async (_, handler) => {
      const result = await api(concretePath(handler.path), {
        method: handler.method,
        ...(handler.method === "GET" ? {} : { json: {} }),
      });
      const toLogin = result.status === 303 && result.headers.get("location")?.startsWith("/admin/login");
      if (!toLogin) {
        expect(result.status).toBe(401);
        if (result.headers.get("content-type")?.includes("json")) {
          expect(result.data).toMatchObject({ ok: false, error: { code: "unauthorized" } });
        }
      }
    },
  );
});

describe("pages", () => {
  it("are found on disk", () => {
    expect(pages.map((page) => page.path)).toContain("/admin/operator");
  });

  it.each(pages.map((page) => [page.path, page] as const))("%s has a declared policy", (_, page) => {
    expect(page.policy, `${page.file}: add its pattern to PAGE_POLICIES`).not.toBeNull();
  });

  const operatorPages = pages.filter((page) => page.policy === "operator");
  it.each(operatorPages.map((page) => [page.path, page] as const))(
    "%s sends an anonymous visitor to the login form, and checks the session itself",
    async (_, page) => {
      const url = concretePath(page.path);
      const { status, headers } = await api(url);
      expect(status).toBe(303);
      expect(headers.get("location")).toBe(`/admin/login?next=${encodeURIComponent(url)}`);
      // The proxy's redirect is a convenience; the page must not rely on it.
      expect(readFileSync(page.file, "utf8")).toContain("requireOperatorPage(");
    },
  );

  const publicPages = pages.filter((page) => page.policy === "public");
  it.each(publicPages.map((page) => [page.path, page] as const))("%s opens without a login", async (_, page) => {
    const { status } = await api(concretePath(page.path));
    expect([200, 404]).toContain(status);
  });
});
