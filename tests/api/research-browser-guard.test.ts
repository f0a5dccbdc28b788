import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "@/tests/support/server";
import { baseUrl } from "./client";

// RESEARCH_BROWSER_UA_ONLY=1 (docs/contract.md, "Research"): outside callers need a
// browser's User-Agent, callers on this machine do not. The test client is
// always on loopback; requests "from outside" are what a reverse proxy or CDN
// on this host sends for an outside client: the client's address in a
// forwarding header (lib/research/browser-guard.ts explains the rule).
let guarded: RunningServer;

beforeAll(async () => {
  guarded = await startServer({ RESEARCH_BROWSER_UA_ONLY: "1" });
});

afterAll(async () => {
  await guarded?.stop();
});

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const OUTSIDE = { "x-forwarded-for": "203.0.113.9" };

async function call(
  server: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; data: { ok: boolean; error?: { code: string; message: string } } }> {
  const response = await fetch(`${server}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      "accept-language": "en",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body,
  });
  return { status: response.status, data: (await response.json()) as never };
}

describe("research API with RESEARCH_BROWSER_UA_ONLY=1", () => {
  it("still serves the agent: JSON over plain HTTP from loopback with any User-Agent", async () => {
    const agent = { "user-agent": "curl/8.5.0" };
    const observed = await call(
      guarded.url,
      "/base-research/api/observe",
      agent,
      JSON.stringify({ item_name: "Guarded item", source: "agent", price: "3,50", session_slug: "guarded" }),
    );
    expect(observed.status).toBe(200);
    const itemId = (observed.data as unknown as { item_id: number }).item_id;
    for (const path of [
      "/base-research/api/state",
      "/base-research/api/notes?session_slug=guarded",
      `/base-research/api/items/${itemId}`,
    ]) {
      expect((await call(guarded.url, path, agent)).status, path).toBe(200);
    }
    const noted = await call(guarded.url, "/base-research/api/note", {}, JSON.stringify({ content: "no UA at all" }));
    expect(noted.status).toBe(201);
  });

  it("does not count a forwarded request as local, even one naming loopback", async () => {
    // Only the host itself, unforwarded, is "this machine": a proxy on this
    // host forwarding anyone says so, and the header is the client's to write.
    const { status } = await call(guarded.url, "/base-research/api/state", {
      "user-agent": "python-requests/2.32",
      "x-forwarded-for": "127.0.0.1, ::1",
    });
    expect(status).toBe(403);
  });

  it("cannot be fooled by a client sending the peer-address header itself", async () => {
    // The recorder overwrites it with the real socket address (loopback here):
    // were it kept, this request would count as outside and be refused.
    const { status } = await call(guarded.url, "/base-research/api/state", {
      "user-agent": "curl/8.5.0",
      "x-labs-peer-address": "203.0.113.50",
    });
    expect(status).toBe(200);
  });

  it.each([
    ["X-Forwarded-For", { "x-forwarded-for": "203.0.113.9" }],
    ["X-Forwarded-For with a forged loopback entry first", { "x-forwarded-for": "127.0.0.1, 203.0.113.9" }],
    ["X-Real-IP", { "x-real-ip": "198.51.100.2" }],
    ["Forwarded (RFC 7239)", { forwarded: 'for="[2001:db8:cafe::17]:4711";proto=https' }],
    ["an unreadable forwarded address", { "x-forwarded-for": "unknown" }],
  ])("refuses a non-browser from outside (%s) with 403 forbidden", async (_name, forwarding) => {
    const { status, data } = await call(guarded.url, "/base-research/api/state", {
      "user-agent": "curl/8.5.0",
      ...forwarding,
    });
    expect(status).toBe(403);
    expect(data).toEqual({
      ok: false,
      error: {
        code: "forbidden",
        message: "The research API answers browsers, and other clients only on this machine (http://127.0.0.1).",
      },
    });
  });

  it.each([
    ["curl", "curl/8.5.0"],
    ["python-requests", "python-requests/2.32.3"],
    ["Googlebot", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"],
    [
      "headless Chrome",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
    ],
    ["a bare Mozilla/5.0", "Mozilla/5.0"],
    ["no User-Agent", ""],
  ])("refuses %s from outside on every research route", async (_name, userAgent) => {
    const headers = { ...OUTSIDE, "user-agent": userAgent };
    const body = JSON.stringify({ item_name: "x", source: "y" });
    for (const [path, payload] of [
      ["/base-research/api/state", undefined],
      ["/base-research/api/notes", undefined],
      ["/base-research/api/items/1", undefined],
      ["/base-research/api/observe", body],
      ["/base-research/api/note", JSON.stringify({ content: "x" })],
    ] as const) {
      const { status, data } = await call(guarded.url, path, headers, payload);
      expect(status, path).toBe(403);
      expect(data.error?.code, path).toBe("forbidden");
    }
  });

  it("answers the refusal before reading the body: no validation details leak", async () => {
    const { status, data } = await call(
      guarded.url,
      "/base-research/api/observe",
      { ...OUTSIDE, "user-agent": "curl/8.5.0" },
      '{"broken',
    );
    expect(status).toBe(403);
    expect(data.error?.code).toBe("forbidden");
  });

  it.each([
    ["Chrome", CHROME],
    ["Firefox", FIREFOX],
  ])("lets %s through from outside", async (_name, userAgent) => {
    const headers = { ...OUTSIDE, "user-agent": userAgent };
    expect((await call(guarded.url, "/base-research/api/state", headers)).status).toBe(200);
    const noted = await call(
      guarded.url,
      "/base-research/api/note",
      headers,
      JSON.stringify({ content: "from a browser" }),
    );
    expect(noted.status).toBe(201);
  });
});

describe("research API with RESEARCH_BROWSER_UA_ONLY off (the default)", () => {
  it("answers any User-Agent from anywhere", async () => {
    for (const userAgent of ["curl/8.5.0", "python-requests/2.32.3", ""]) {
      const { status } = await call(baseUrl, "/base-research/api/state", { ...OUTSIDE, "user-agent": userAgent });
      expect(status, userAgent).toBe(200);
    }
  });
});
