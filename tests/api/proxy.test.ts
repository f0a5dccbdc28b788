import { describe, expect, it } from "vitest";
import { api } from "./client";

const htmlVariant = (html: string) => /<html[^>]* data-ui="([^"]*)"/.exec(html)?.[1];
const links = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((match) => match[1]);

describe("legacy redirects", () => {
  it("GET /legacy-ask/ answers 308 to /base-ask/", async () => {
    const { status, headers } = await api("/legacy-ask/");
    expect(status).toBe(308);
    expect(headers.get("location")).toBe("/base-ask/");
  });

  it.each(["GET", "POST", "PUT", "DELETE"])(
    "%s /api/legacy-ask/log answers 308 to /api/base-ask/log",
    async (method) => {
      const { status, headers } = await api("/api/legacy-ask/log", {
        method,
        ...(method === "GET" ? {} : { json: { text: "hi" } }),
      });
      expect(status).toBe(308);
      expect(headers.get("location")).toBe("/api/base-ask/log");
    },
  );
});

describe("UI variants", () => {
  it.each(["b", "c", "d", "l"])("/%s/base-scan/ renders the page as variant %s", async (letter) => {
    const { status, headers, text } = await api(`/${letter}/base-scan/`);
    expect(status).toBe(200);
    expect(headers.get("x-ui-version")).toBe(letter);
    expect(htmlVariant(text)).toBe(letter);
    expect(links(text)).toContain(`/${letter}/base-ask`);
  });

  it("honours an incoming X-UI-Version header and echoes it", async () => {
    const { headers, text } = await api("/base-scan/", { headers: { "X-UI-Version": "d" } });
    expect(headers.get("x-ui-version")).toBe("d");
    expect(htmlVariant(text)).toBe("d");
  });

  it("renders the default variant without prefix or header", async () => {
    const { headers, text } = await api("/base-scan/");
    expect(headers.get("x-ui-version")).toBeNull();
    expect(htmlVariant(text)).toBe("a");
  });

  it("ignores an unknown X-UI-Version value", async () => {
    const { text } = await api("/base-scan/", { headers: { "X-UI-Version": "zz<script>" } });
    expect(htmlVariant(text)).toBe("a");
  });

  it("is not a variant past l", async () => {
    const { status } = await api("/m/base-scan/");
    expect(status).toBe(404);
  });
});

describe("operator pages without the cookie", () => {
  it.each([
    ["/", "/"],
    ["/admin/operator", "/admin/operator"],
    ["/c/admin/operator", "/c/admin/operator"],
    ["/base-research/", "/base-research/"],
    ["/base-ask/queue", "/base-ask/queue"],
  ])("%s redirects to the login form with next", async (path, next) => {
    const { status, headers } = await api(path);
    expect(status).toBe(303);
    expect(headers.get("location")).toBe(`/admin/login?next=${encodeURIComponent(next)}`);
  });
});

describe("security headers", () => {
  it.each(["/base-scan/", "/labs/healthz", "/admin/login", "/nope", "/legacy-ask/"])("are on %s", async (path) => {
    const { headers } = await api(path);
    const csp = headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });
});

describe("health checks", () => {
  it.each(["/labs/healthz", "/base-scan/healthz", "/core-ask/healthz", "/base-ask/healthz"])(
    "%s skips the page proxy: the API's policy, no page nonce",
    async (path) => {
      const { status, headers } = await api(path);
      expect(status).toBe(200);
      expect(headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    },
  );

  it("a path that only starts like one is still a page, with a nonce", async () => {
    const { status, headers } = await api("/labs/healthzz");
    expect(status).toBe(404);
    expect(headers.get("content-security-policy")).toMatch(/'nonce-[^']+'/);
  });
});

describe("not found", () => {
  it("answers an unknown page with the 404 page", async () => {
    const { status, text } = await api("/no/such/page");
    expect(status).toBe(404);
    expect(/<h1[^>]*>([^<]*)</.exec(text)?.[1]).toBe("Page not found");
  });
});
