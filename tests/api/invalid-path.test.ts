import { describe, expect, it } from "vitest";
import { HTTP_METHODS } from "@/lib/platform/openapi";
import { listPageFiles, urlPatternOf } from "@/lib/platform/route-files";
import { listRoutes } from "@/tests/support/routes";
import { concretePath } from "@/tests/support/route-policy";
import { readFileSync } from "node:fs";
import { api, operatorCookie } from "./client";

// A dynamic path segment that is not valid UTF-8 once percent-decoded used to
// get Next's own plain-text 500 before any handler ran (vercel/next.js#92557).
// The front door and proxy.ts now answer it with the envelope; every dynamic route is tried.
const dynamicRoutes = listRoutes()
  .filter(({ path }) => path.includes("{"))
  .flatMap(({ file, path }) => {
    const source = readFileSync(file, "utf8");
    return HTTP_METHODS.filter((method) =>
      new RegExp(`export (const|async function|function) ${method}\\b`).test(source),
    ).map((method) => ({ method, path }));
  });
const dynamicPages = listPageFiles()
  .filter((file) => file.includes("["))
  .map((file) => urlPatternOf(file));

const BAD_ESCAPES = ["%FF", "%E0%A4", "%zz", "%"];

describe("a path segment that does not decode", () => {
  it("exists among the routes", () => {
    expect(dynamicRoutes.map((route) => route.path)).toContain("/base-scan/api/preferences/{code}");
  });

  for (const { method, path } of dynamicRoutes) {
    it.each(BAD_ESCAPES)(`${method} ${path} with %s answers 400 with the envelope`, async (escape) => {
      const { status, data } = await api(concretePath(path, escape), {
        method,
        cookie: await operatorCookie(),
        ...(method === "GET" ? {} : { json: {} }),
      });
      expect(status).toBe(400);
      expect(data).toMatchObject({ ok: false, error: { code: "validation_failed", issues: [{ path: "path" }] } });
    });
  }

  const pages = [...dynamicPages.map((pattern) => concretePath(pattern, "%FF")), "/base-scan/%FF", "/admin/%E0%A4"];
  it.each(pages)("page %s answers 400, not 500", async (url) => {
    const { status } = await api(url, { cookie: await operatorCookie() });
    expect(status).toBe(400);
  });

  it("still lets a valid non-ASCII segment through to its handler", async () => {
    const { status, data } = await api("/base-scan/api/preferences/P%C3%A3o");
    expect(status).toBe(200);
    expect(data).toMatchObject({ ok: true, code: "Pão" });
  });
});
