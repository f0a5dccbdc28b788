import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";

// A local stand-in for the Open Food Facts v2 product API
// (GET /api/v2/product/<code>.json), answering in OFF's real format, so the
// enrich endpoint is tested without the network. Codes:
// - OFF_ANSWERS     real answers saved from OFF (tests/fixtures/off/README.md), with the
//                   HTTP status OFF gave them; like OFF, only the `fields=` asked for
// - 560…            found: { code, status: 1, status_verbose: "product found", product: {…} }
// - OFF_CODES.*     special failures (slow, 429, 503, 500, invalid JSON, 200 with status 0,
//                   a redirect, bodies that are too large, endless or too slow)
// - anything else   404 { status: 0, status_verbose: "product not found" }
// GET /__stats returns how often each code was asked for, the last User-Agent,
// which answers the client hung up on before they ended, and how often the
// redirect's target (/__moved/…) was asked for, so tests can assert that
// cached answers never reach OFF again and that redirects are not followed.

export const OFF_CODES = {
  slow: "9990000000001",
  tooMany: "9990000000002",
  unavailable: "9990000000003",
  invalidJson: "9990000000004",
  statusZero: "9990000000005",
  serverError: "9990000000006",
  /** 302 to /__moved/…, which would answer the product. */
  redirect: "9990000000007",
  /** Declares a 64 MiB body, sends a little of it, then waits for the client to hang up. */
  declaredHuge: "9990000000008",
  /** A 200 whose body never ends (no content-length), written as fast as the client reads. */
  endless: "9990000000009",
  /** A 200 whose body trickles in for OFF_SLOW_MS before it is complete. */
  slowBody: "9990000000010",
} as const;

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/off");

export type OffSavedAnswer = {
  /** The code the stand-in answers it for (the answer's own code when it is free). */
  code: string;
  file: string;
  http_status: number;
  /** What is odd about it, in a few words. */
  shape: string;
  /** The Accept-Language the corpus test asks with. */
  accept_language?: string;
  /** What Labs should store: `found` false for a not-found answer. */
  expect: {
    found: boolean;
    product?: { name: string; brand: string; quantity: string; image_url: string | null; categories: string };
  };
};

/** The saved answers and what they should give (tests/fixtures/off/corpus.json). */
export const OFF_ANSWERS = (
  JSON.parse(readFileSync(path.join(FIXTURES, "corpus.json"), "utf8")) as { answers: OffSavedAnswer[] }
).answers;

/** The length the declaredHuge code announces: far over anything the app should read. */
export const OFF_DECLARED_HUGE_BYTES = 64 * 1024 * 1024;

/** How long the slow code takes; the app under test runs with a shorter OFF_TIMEOUT_MS. */
export const OFF_SLOW_MS = 3000;

export type OffStandIn = { url: string; stop: () => Promise<void> };

export type OffStats = {
  requests: Record<string, number>;
  lastUserAgent: string | null;
  /** Per code: answers the client closed before the stand-in had finished them. */
  hungUp: Record<string, number>;
  /** Requests that reached the redirect's target. */
  redirectTargetHits: number;
};

export async function startOffStandIn(): Promise<OffStandIn> {
  const stats: OffStats = { requests: {}, lastUserAgent: null, hungUp: {}, redirectTargetHits: 0 };
  const timers = new Set<NodeJS.Timeout>();

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    if (url.pathname === "/__stats") return json(response, 200, stats);
    if (url.pathname.startsWith("/__moved/")) {
      stats.redirectTargetHits += 1;
      return json(response, 200, found("moved"));
    }
    const match = /^\/api\/v2\/product\/([^/]+)\.json$/.exec(url.pathname);
    if (!match || request.method !== "GET") return json(response, 404, { error: "no such endpoint" });
    const code = decodeURIComponent(match[1] ?? "");
    stats.requests[code] = (stats.requests[code] ?? 0) + 1;
    stats.lastUserAgent = request.headers["user-agent"] ?? null;
    response.once("close", () => {
      if (!response.writableFinished) stats.hungUp[code] = (stats.hungUp[code] ?? 0) + 1;
    });

    const saved = OFF_ANSWERS.find((answer) => answer.code === code);
    if (saved) return savedAnswer(response, saved, url.searchParams.get("fields"));

    switch (code) {
      case OFF_CODES.slow: {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!response.destroyed) json(response, 200, found(code));
        }, OFF_SLOW_MS);
        timers.add(timer);
        return;
      }
      case OFF_CODES.tooMany:
        return json(response, 429, { status: 0, status_verbose: "too many requests" });
      case OFF_CODES.unavailable:
        response.writeHead(503, { "content-type": "text/html" });
        return response.end("<html><body>Service Unavailable</body></html>");
      case OFF_CODES.serverError:
        return json(response, 500, { error: "internal" });
      case OFF_CODES.invalidJson:
        response.writeHead(200, { "content-type": "application/json" });
        return response.end('{"code":"9990000000004","status":1,"product":{');
      case OFF_CODES.statusZero:
        return json(response, 200, { code, status: 0, status_verbose: "product not found" });
      case OFF_CODES.redirect:
        response.writeHead(302, { location: `http://${request.headers.host}/__moved${url.pathname}${url.search}` });
        return response.end();
      case OFF_CODES.declaredHuge:
        response.writeHead(200, { "content-type": "application/json", "content-length": OFF_DECLARED_HUGE_BYTES });
        return void response.write(`{"code":"${code}","status":1,"product":{"product_name":"${"a".repeat(16 * 1024)}`);
      case OFF_CODES.endless:
        response.writeHead(200, { "content-type": "application/json" });
        response.write(`{"code":"${code}","status":1,"product":{"product_name":"`);
        return writeUntilClosed(response, Buffer.alloc(64 * 1024, "a"));
      case OFF_CODES.slowBody: {
        // The whole answer, valid once complete, in 30 pieces spread over OFF_SLOW_MS.
        response.writeHead(200, { "content-type": "application/json" });
        const body = JSON.stringify(found(code));
        const piece = Math.ceil(body.length / 30);
        let sent = 0;
        let open = true;
        response.once("close", () => (open = false));
        const timer = setInterval(() => {
          if (open && sent < body.length) {
            response.write(body.slice(sent, (sent += piece)));
            return;
          }
          clearInterval(timer);
          timers.delete(timer);
          if (open) response.end();
        }, OFF_SLOW_MS / 30);
        timers.add(timer);
        return;
      }
    }
    if (code.startsWith("560")) return json(response, 200, found(code));
    return json(response, 404, { code, status: 0, status_verbose: "product not found" });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("OFF stand-in has no port");
  return {
    url: `http://127.0.0.1:${address.port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The product OFF would return for a "found" code; the name carries the code. */
export function offProduct(code: string) {
  return {
    product_name: `Bolachas Maria ${code}`,
    brands: "Cuétara",
    quantity: "200 g",
    image_front_url: `https://images.openfoodfacts.org/images/products/${code}/front_pt.jpg`,
    categories: "Snacks, Biscuits",
  };
}

function found(code: string) {
  return { code, status: 1, status_verbose: "product found", product: offProduct(code) };
}

/** A saved answer as OFF would send it for this request: its product cut down to the fields asked for. */
function savedAnswer(response: ServerResponse, saved: OffSavedAnswer, fields: string | null) {
  const text = readFileSync(path.join(FIXTURES, saved.file), "utf8");
  const answer = JSON.parse(text) as { product?: Record<string, unknown> };
  if (!fields || !answer.product) {
    response.writeHead(saved.http_status, { "content-type": "application/json" });
    return response.end(text);
  }
  const wanted = new Set(fields.split(","));
  const product = Object.fromEntries(Object.entries(answer.product).filter(([key]) => wanted.has(key)));
  return json(response, saved.http_status, { ...answer, product });
}

/** Writes `chunk` again and again, as fast as the client reads, until the connection closes. */
function writeUntilClosed(response: ServerResponse, chunk: Buffer) {
  let open = true;
  response.once("close", () => (open = false));
  const pump = () => {
    while (open && response.write(chunk));
    if (open) response.once("drain", pump);
  };
  pump();
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}
