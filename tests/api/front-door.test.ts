import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config as proxyConfig } from "@/proxy";
import { listPageFiles, listRouteFiles, urlPatternOf } from "@/lib/platform/route-files";
import { isApiPath, proxyRunsOn } from "@/server/api-areas";
import { API_ROUTES } from "@/server/api-routes";
import { operatorCookie } from "@/tests/api/client";
import { listRoutes, serverRouteFile } from "@/tests/support/routes";
import {
  builtServer,
  freePort,
  OWN_SERVER_TIMEOUT_MS,
  startServer,
  TEST_OPERATOR_PASSWORD,
  TEST_SESSION_SECRET,
  type RunningServer,
} from "@/tests/support/server";

// The server's front door (server/front-door.ts, docs/decisions/021-one-server.md):
// one table of API paths (server/api-routes.ts) from which the others derive,
// answered by the same code under `npm start` and `npm run dev`
// (front-door-dev.test.ts).

const concrete = (pattern: string) => pattern.replace(/\{[^}]+\}/g, "1");

describe("one table of API paths", () => {
  it("holds every route file under server/routes, and each of its paths is in the front door's areas", () => {
    const onDisk = readdirSync("server/routes", { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".ts") && !file.endsWith("-catalogue.ts"))
      .map((file) => `server/routes/${file.split(path.sep).join("/")}`)
      .sort();
    expect(API_ROUTES.map(({ path: pattern }) => serverRouteFile(pattern)).sort()).toEqual(onDisk);
    for (const { path: pattern } of API_ROUTES)
      expect([pattern, isApiPath(concrete(pattern))]).toEqual([pattern, true]);
  });

  it("leaves Next only routes and pages outside those areas", () => {
    for (const file of [...listRouteFiles(), ...listPageFiles()]) {
      const pattern = concrete(urlPatternOf(file));
      expect([file, isApiPath(pattern)]).toEqual([file, false]);
    }
  });

  it("and the proxy's matcher agree on where the proxy runs", () => {
    const matcher = new RegExp(`^${proxyConfig.matcher[0]}$`);
    const paths = [
      ...listRoutes().map(({ path: pattern }) => concrete(pattern)),
      ...listPageFiles().map((file) => concrete(urlPatternOf(file))),
      ...["/", "/nope", "/b/base-scan/", "/c/admin/login", "/b/api/core-ask/log", "/l/base-scan/api/scan"],
      ...["/_next/static/chunks/a.js", "/_next/image", "/favicon.ico", "/b/labs/healthz", "/m/api/core-ask/log"],
      ...["/api/mcp/x", "/api/mcpx", "/b/api/mcp", "/api/openapi.json", "/api/docs", "/labs/healthz/x"],
    ];
    for (const pathname of paths) expect([pathname, proxyRunsOn(pathname)]).toEqual([pathname, matcher.test(pathname)]);
  });
});

type Answer = { status: number; headers: Record<string, string>; body: string };

/** A request as a client writes it, Host and all, and its answer. */
function raw(url: string, init: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: init.method ?? "GET", headers: init.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const bytes = Buffer.concat(chunks);
        const gzipped = response.headers["content-encoding"] === "gzip";
        resolve({
          status: response.statusCode ?? 0,
          headers: Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name, String(value)])),
          body: (gzipped ? gunzipSync(bytes) : bytes).toString("utf8"),
        });
      });
    });
    request.on("error", reject);
    request.end();
  });
}

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
}, OWN_SERVER_TIMEOUT_MS);
afterAll(async () => {
  await server?.stop();
});

describe("the front door", () => {
  it("answers an unknown API path, a method a route does not take and OPTIONS in JSON, never with a page", async () => {
    const unknown = await fetch(`${server.url}/base-scan/api/nope`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ ok: false, error: { code: "not_found" } });
    expect(unknown.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");

    const wrongMethod = await fetch(`${server.url}/base-scan/api/scan`, {
      method: "DELETE",
      headers: { "accept-language": "pt-PT" },
    });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("POST, OPTIONS");
    const refusal = (await wrongMethod.json()) as { error: { code: string; message: string } };
    expect(refusal.error.code).toBe("method_not_allowed");
    expect(refusal.error.message).toContain("não aceita DELETE");

    const options = await fetch(`${server.url}/base-scan/api/cards`, { method: "OPTIONS" });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, HEAD, OPTIONS");

    const head = await raw(`${server.url}/labs/healthz`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.body).toBe("");

    // A fixed segment wins over a parameter: /pending is not todo "pending".
    const cookie = await operatorCookie();
    expect((await fetch(`${server.url}/api/core-ask/pending`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${server.url}/api/core-ask/not-a-number`, { headers: { cookie } })).status).toBe(400);
  });

  it("refuses what it cannot read with the envelope: a path that does not decode, a Host it cannot parse", async () => {
    const badPath = await raw(`${server.url}/base-scan/api/preferences/%FF`);
    expect(badPath.status).toBe(400);
    expect(JSON.parse(badPath.body)).toMatchObject({ ok: false, error: { code: "validation_failed" } });
    const unreadable = await raw(`${server.url}/labs/healthz`, { headers: { host: "x@127.0.0.1" } });
    expect(unreadable.status).toBe(421);
    expect(JSON.parse(unreadable.body)).toMatchObject({ ok: false, error: { code: "misdirected_request" } });
    const stranger = await raw(`${server.url}/labs/healthz`, { headers: { host: "evil.example" } });
    expect(stranger.status).toBe(421);
  });

  it("compresses from 1 KiB when asked and sends smaller answers whole, with their length", async () => {
    const small = await raw(`${server.url}/labs/healthz`, { headers: { "accept-encoding": "gzip" } });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.headers["content-length"]).toBe(String(Buffer.byteLength(small.body)));
    expect(small.headers["x-content-type-options"]).toBe("nosniff");
    const note = { content: `Preços da semana: ${"leite, pão, ovos; ".repeat(100)}` };
    expect((await fetch(`${server.url}/base-research/api/note`, json(note))).status).toBe(201);
    const cookie = await operatorCookie();
    const notes = await raw(`${server.url}/base-research/api/notes`, {
      headers: { "accept-encoding": "gzip", cookie },
    });
    expect(notes.status).toBe(200);
    expect(notes.headers["content-encoding"]).toBe("gzip");
    expect(notes.headers.vary).toBe("Accept-Encoding");
    expect(notes.body).toContain("leite, pão, ovos");
  });

  it("leaves pages to Next, with the page policy the proxy gives them", async () => {
    const page = await fetch(`${server.url}/base-scan/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
    // An API path under a variant prefix is no route at all.
    expect((await fetch(`${server.url}/b/base-scan/api/prices`)).status).toBe(404);
  });

  it("lets a refused upload's connection carry the next request", async () => {
    // 16 MiB announced and sent, refused from its length: the body is never
    // read, yet the next request on the same keep-alive connection is answered.
    const big = new FormData();
    big.set("text", "too big");
    big.append("attachments", new Blob([new Uint8Array(16 * 1024 * 1024)], { type: "image/png" }), "big.png");
    const refused = await fetch(`${server.url}/api/core-ask/log`, { method: "POST", body: big });
    expect(refused.status).toBe(413);
    await refused.arrayBuffer();
    const next = await fetch(`${server.url}/labs/healthz`, { signal: AbortSignal.timeout(10_000) });
    expect(next.status).toBe(200);
  });

  it("hears a slow upload out after refusing it from what it read, and the connection carries the next request", async () => {
    // Multipart without a boundary: the handler begins to read the body,
    // refuses it, and what is still coming is read away after the answer.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const sent = await slowUpload(agent, "multipart/form-data", { chunkBytes: 64 * 1024, chunks: 24, gapMs: 50 });
      expect(sent).toEqual({ status: 400, written: 24 });
      expect(await nextOnConnection(agent)).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });

  it("hears a slow upload out after refusing it, and answers the next request on its connection", async () => {
    // A phone on a slow line: 17 MiB announced, sent over some 1.7 s, refused
    // from its length at once. The server keeps reading (and discarding) until
    // the last byte, so every write lands and the connection stays usable.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const sent = await slowUpload(agent, "multipart/form-data; boundary=x", {
        chunkBytes: 1024 * 1024,
        chunks: 17,
        gapMs: 100,
      });
      expect(sent).toEqual({ status: 413, written: 17 });
      expect(await nextOnConnection(agent)).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
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
      const child = spawn(process.execPath, [builtServer(), "--port", String(port)], {
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

/**
 * A Request log upload of `chunks` pieces, its length declared, sent one piece
 * every `gapMs` on `agent`'s one connection: the answer's status, and how
 * many pieces were written before the request closed.
 */
function slowUpload(
  agent: Agent,
  contentType: string,
  { chunkBytes, chunks, gapMs }: { chunkBytes: number; chunks: number; gapMs: number },
): Promise<{ status: number; written: number }> {
  const chunk = Buffer.alloc(chunkBytes, 0x61);
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${server.url}/api/core-ask/log`, {
      method: "POST",
      agent,
      headers: { "content-type": contentType, "content-length": chunkBytes * chunks },
    });
    let written = 0;
    let status = 0;
    request.on("error", reject);
    request.on("response", (response) => {
      status = response.statusCode ?? 0;
      response.resume();
    });
    const send = () => {
      if (written === chunks) return void request.end();
      request.write(chunk, (error) => {
        if (error) return reject(error);
        written += 1;
        setTimeout(send, gapMs);
      });
    };
    send();
    request.on("close", () => resolve({ status, written }));
  });
}

/** A health check on `agent`'s connection: its status, and whether the connection was the one used before. */
function nextOnConnection(agent: Agent): Promise<{ status: number; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${server.url}/labs/healthz`, { agent, timeout: 10_000 }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0, reused: request.reusedSocket }));
    });
    request.on("error", reject);
    request.on("timeout", () => request.destroy(new Error("the connection carried no answer")));
    request.end();
  });
}
