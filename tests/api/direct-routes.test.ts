import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config as proxyConfig } from "@/proxy";
import { isProxyFreePath } from "@/lib/http/proxy-free-paths";
import { listRouteFiles, urlPatternOf } from "@/lib/labs/route-files";
import { operatorCookie } from "@/tests/api/client";
import {
  freePort,
  OWN_SERVER_TIMEOUT_MS,
  startServer,
  TEST_OPERATOR_PASSWORD,
  TEST_SESSION_SECRET,
  type RunningServer,
} from "@/tests/support/server";

// The JSON APIs are answered in front of Next's router
// (docs/decisions/017-direct-json-routes.md). Two servers on fresh copies of
// one database, one answering them directly and one sending everything
// through Next (LABS_DIRECT_ROUTES=0), are asked the same things, strangers'
// requests included: the answers must be the same but for Next's RSC `Vary`,
// which tells which of the two paths served.

let direct: RunningServer;
let throughNext: RunningServer;
beforeAll(async () => {
  [direct, throughNext] = await Promise.all([startServer(), startServer({ LABS_DIRECT_ROUTES: "0" })]);
}, OWN_SERVER_TIMEOUT_MS);
afterAll(async () => {
  await Promise.all([direct?.stop(), throughNext?.stop()]);
});

type Answer = { status: number; headers: Record<string, string>; body: string };

/**
 * Headers that differ between any two answers (dates, connection upkeep), or
 * by design: Vary, and the framing of small bodies (see the compression test).
 */
const UNCOMPARED = new Set(["date", "keep-alive", "connection", "transfer-encoding", "content-length", "vary"]);

async function ask(server: RunningServer, path: string, init: RequestInit = {}): Promise<Answer & { vary: string }> {
  const response = await fetch(`${server.url}${path}`, { redirect: "manual", ...init });
  const raw = new Uint8Array(await response.arrayBuffer());
  // fetch hands over the decoded body only when it asked for the encoding itself.
  const gzipped = response.headers.get("content-encoding") === "gzip" && raw[0] === 0x1f && raw[1] === 0x8b;
  const body = new TextDecoder()
    .decode(gzipped ? gunzipSync(raw) : raw)
    // What two databases write differently: session secrets and clock times.
    .replace(/S-\d{6}-\d+-[\w-]+/g, "S-<session>")
    .replace(/\d{4}-\d{2}-\d{2}T[\d:.]+Z/g, "<time>");
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value.replace(/S-\d{6}-\d+-[\w-]+/g, "S-<session>");
  });
  return { status: response.status, headers, body, vary: response.headers.get("vary") ?? "" };
}

/** Asks both servers, in turn, and expects the same answer; returns the direct server's. */
async function same(path: string, init: () => RequestInit = () => ({})) {
  const fromDirect = await ask(direct, path, init());
  const fromNext = await ask(throughNext, path, init());
  const compared = (answer: Answer) => ({
    ...answer,
    vary: undefined,
    headers: Object.fromEntries(
      Object.entries(answer.headers).filter(([name]) => !UNCOMPARED.has(name) && name !== "content-encoding"),
    ),
  });
  expect(compared(fromDirect)).toEqual(compared(fromNext));
  // Both compress what reaches the threshold; only Next compresses less.
  if (new TextEncoder().encode(fromDirect.body).byteLength >= 1024) {
    expect(fromDirect.headers["content-encoding"]).toBe(fromNext.headers["content-encoding"]);
  }
  expect(fromNext.vary).toMatch(/rsc/);
  return fromDirect;
}

function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

const json =
  (body: unknown, headers: Record<string, string> = {}) =>
  () => ({
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

describe("JSON APIs answered in front of Next", () => {
  it("answers a health check, a scan and a price list as Next does, compressed when asked", async () => {
    for (const area of ["labs", "base-scan", "core-ask", "base-ask"]) {
      const health = await same(`/${area}/healthz`);
      expect(health.status).toBe(200);
      expect(health.vary).toBe("Accept-Encoding");
    }
    const scan = await same(
      "/base-scan/api/scan",
      json({ value: "5601312000018", client_id: "1b4e28ba-2fa1-41d2-883f-0016d3cca427" }),
    );
    expect(scan.status).toBe(200);
    expect(scan.headers["set-cookie"]).toMatch(/^scan_sid=S-<session>; Path=\/; HttpOnly/);
    expect(scan.vary).toBe("Accept-Encoding");
    // The same client id again: answered, not recorded twice.
    expect(
      JSON.parse(
        (
          await same(
            "/base-scan/api/scan",
            json({ value: "5601312000018", client_id: "1b4e28ba-2fa1-41d2-883f-0016d3cca427" }),
          )
        ).body,
      ),
    ).toMatchObject({ replayed: true });
    const gzip = () => ({ headers: { "accept-encoding": "gzip" } });
    // Under Next's threshold of 1 KiB a body is sent as it is, with its length
    // (Next itself compresses every answer it streams, however small).
    const prices = await ask(direct, "/base-scan/api/prices?limit=5", gzip());
    expect(prices.headers["content-encoding"]).toBeUndefined();
    expect(prices.headers["content-length"]).toBe(String(new TextEncoder().encode(prices.body).byteLength));
    expect(prices.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(JSON.parse(prices.body)).toEqual(JSON.parse((await ask(throughNext, "/base-scan/api/prices?limit=5")).body));
    // Over it, compressed as Next compresses.
    const note = { content: `Preços da semana: ${"leite, pão, ovos; ".repeat(100)}` };
    for (const server of [direct, throughNext]) {
      expect((await ask(server, "/base-research/api/note", json(note)())).status).toBe(201);
    }
    const notes = await same("/base-research/api/notes", gzip);
    expect(notes.headers["content-encoding"]).toBe("gzip");
    expect(notes.body).toContain("leite, pão, ovos");
  });

  it("refuses strangers exactly as Next does: bad input, wrong host, another site, no operator", async () => {
    expect((await same("/base-scan/api/scan", json({ value: "" }))).status).toBe(400);
    expect(
      (
        await same("/base-scan/api/scan", () => ({
          method: "POST",
          body: "{",
          headers: { "content-type": "application/json" },
        }))
      ).status,
    ).toBe(400);
    // fetch always sends the URL's own Host; a stranger's name needs a plain request.
    const [wrongHost, wrongHostViaNext] = await Promise.all(
      [direct, throughNext].map((server) => rawGet(`${server.url}/labs/healthz`, { host: "evil.example" })),
    );
    expect(wrongHost).toEqual({ status: 421, body: wrongHostViaNext!.body });
    const crossSite = await same(
      "/base-scan/api/scan",
      json({ value: "5601312000018" }, { origin: "https://evil.example" }),
    );
    expect(crossSite.status).toBe(403);
    expect((await same("/api/core-ask/pending")).status).toBe(401);
    expect((await same("/labs/api/keys", json({ name: "mine", plan: "pro", scopes: ["ask"] }))).status).toBe(401);
    expect((await same("/api/core-ask/999999")).status).toBe(401);
    // Params parsed by the route's own schema.
    const cookie = await operatorCookie();
    expect((await same("/api/core-ask/not-a-number", () => ({ headers: { cookie } }))).status).toBe(400);
    expect((await same("/api/core-ask/999999", () => ({ headers: { cookie } }))).status).toBe(404);
    expect((await same("/api/core-ask/attachments/999999", () => ({ headers: { cookie } }))).status).toBe(404);
    // A fixed segment wins over a parameter, as in Next: /pending is not todo "pending".
    const pending = await same("/api/core-ask/pending", () => ({ headers: { cookie } }));
    expect(pending.status).toBe(200);
    expect(pending.vary).toBe("Accept-Encoding");
    expect((await same("/api/core-ask/tips", () => ({ headers: { cookie } }))).status).toBe(200);
  });

  it("leaves to Next what only Next answers: other methods, HEAD, odd paths, pages, MCP", async () => {
    const leftToNext = [
      await ask(direct, "/base-scan/api/scan", { method: "DELETE" }),
      await ask(direct, "/labs/healthz", { method: "HEAD" }),
      await ask(direct, "/labs/healthz/"),
      await ask(direct, "/base-scan/api/%70rices"),
      await ask(direct, "/b/base-scan/api/prices"),
      await ask(direct, "/api/mcp", { method: "GET" }),
    ];
    for (const answer of leftToNext) expect(answer.vary).toMatch(/rsc/);
    expect(leftToNext[0]!.status).toBe(405);
    // Next's own answer to a doubled slash: a redirect to the plain path.
    expect((await ask(direct, "/base-scan/api//prices")).status).toBe(308);
  });

  it("lets a refused upload's connection carry the next request", async () => {
    // 16 MiB announced and sent, refused from its length: the body is never
    // read, yet the next request on the same keep-alive connection is answered.
    const big = new FormData();
    big.set("text", "too big");
    big.append("attachments", new Blob([new Uint8Array(16 * 1024 * 1024)], { type: "image/png" }), "big.png");
    const refused = await fetch(`${direct.url}/api/core-ask/log`, { method: "POST", body: big });
    expect(refused.status).toBe(413);
    await refused.arrayBuffer();
    const next = await fetch(`${direct.url}/labs/healthz`, { signal: AbortSignal.timeout(10_000) });
    expect(next.status).toBe(200);
  });
});

describe("a server starting on a new database", () => {
  it(
    "answers no JSON API before the schema is migrated: requests sent from the moment the port opens all succeed",
    async () => {
      // A new PGlite directory, not the migrated template: the migrations run
      // at start, while requests are already arriving.
      const dir = mkdtempSync(path.join(tmpdir(), "labs-early-"));
      const port = await freePort();
      const child = spawn(process.execPath, [path.resolve("scripts/server.mjs"), "--port", String(port)], {
        env: {
          ...process.env,
          PGLITE_DIR: path.join(dir, "pglite"),
          DATA_DIR: dir,
          DATABASE_URL: undefined,
          SESSION_SECRET: TEST_SESSION_SECRET,
          OPERATOR_PASSWORD: TEST_OPERATOR_PASSWORD,
        },
        stdio: "ignore",
      });
      try {
        const answers: Promise<number | null>[] = [];
        const observe = () =>
          fetch(`http://127.0.0.1:${port}/base-research/api/observe`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ item_name: "Leite meio-gordo", source: "continente.pt", price: "0,89" }),
          }).then(
            (response) => response.status,
            () => null, // not listening yet
          );
        // Until one is answered: every 20 ms, each without waiting for the last.
        let answered = false;
        while (!answered) {
          const answer = observe();
          answers.push(answer);
          void answer.then((status) => (answered ||= status !== null));
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        const statuses = (await Promise.all(answers)).filter((status) => status !== null);
        expect(statuses.length).toBeGreaterThan(0);
        expect(new Set(statuses)).toEqual(new Set([200]));
      } finally {
        await new Promise((resolve) => {
          child.once("exit", resolve);
          child.kill("SIGTERM");
        });
        rmSync(dir, { recursive: true, force: true });
      }
    },
    OWN_SERVER_TIMEOUT_MS,
  );
});

describe("the paths the proxy is kept off", () => {
  const apiMatcher = new RegExp(`^${proxyConfig.matcher[0]}$`);

  it("are the JSON APIs and health checks, and the proxy's matcher leaves them alone", () => {
    const routes = listRouteFiles().map(urlPatternOf);
    const proxyFree = routes.filter(isProxyFreePath);
    expect(proxyFree).toContain("/base-scan/api/scan");
    expect(proxyFree).toContain("/labs/healthz");
    for (const path of proxyFree) expect(apiMatcher.test(path.replace(/\{\w+\}/g, "1"))).toBe(false);
    for (const path of routes.filter((path) => !isProxyFreePath(path))) {
      expect(apiMatcher.test(path.replace(/\{\w+\}/g, "1"))).toBe(true);
    }
    for (const page of ["/", "/base-scan/", "/admin/operator", "/b/base-scan/"])
      expect(isProxyFreePath(page)).toBe(false);
  });
});
