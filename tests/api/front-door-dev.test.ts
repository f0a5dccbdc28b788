import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OWN_SERVER_TIMEOUT_MS, startServer, type RunningServer } from "@/tests/support/server";

// The front door answers the API under `npm run dev` as under `npm start`
// (docs/decisions/021-one-server.md): the same requests to a built server and
// to one running from source get the same answers. Run once, on PGlite
// (vitest.config.ts): Next allows one development server per checkout, and
// what is compared is the server's code, not the database's.

type Answer = { status: number; headers: Record<string, string>; body: string };

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

let server: RunningServer;
let dev: RunningServer;
beforeAll(async () => {
  [server, dev] = await Promise.all([startServer(), startServer({}, { dev: true })]);
}, OWN_SERVER_TIMEOUT_MS * 2);
afterAll(async () => {
  await Promise.all([server?.stop(), dev?.stop()]);
});

describe("npm run dev", () => {
  /** Headers that differ between any two answers, or between a development and a production build by design. */
  const UNCOMPARED = new Set(["date", "keep-alive", "connection", "set-cookie", "content-length", "transfer-encoding"]);
  const compared = (answer: Answer) => ({
    status: answer.status,
    headers: Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !UNCOMPARED.has(name))),
    body: answer.body.replace(/S-\d{6}-\d+-[\w-]+/g, "S-<session>").replace(/"\d{4}-\d{2}-\d{2}T[\d:.]+Z"/g, "<time>"),
  });
  async function both(pathname: string, init: RequestInit = {}) {
    const ask = async (target: RunningServer): Promise<Answer> => {
      const response = await fetch(`${target.url}${pathname}`, init);
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => (headers[name] = value));
      return { status: response.status, headers, body: await response.text() };
    };
    const [built, fromSource] = [await ask(server), await ask(dev)];
    expect(compared(fromSource)).toEqual(compared(built));
    return built;
  }

  it("answers the API as npm start does, through the same front door", async () => {
    expect((await both("/labs/healthz")).status).toBe(200);
    expect((await both("/base-scan/api/nope")).status).toBe(404);
    expect((await both("/base-scan/api/scan", { method: "PUT" })).status).toBe(405);
    expect((await both("/base-scan/api/scan", json({ value: "" }))).status).toBe(400);
    expect((await both("/api/core-ask/pending")).status).toBe(401);
    const crossSite = await both(
      "/base-scan/api/scan",
      json({ value: "5601312000018" }, { origin: "https://evil.example" }),
    );
    expect(crossSite.status).toBe(403);
    const scan = await both(
      "/base-scan/api/scan",
      json({ value: "5601312000018", client_id: "1b4e28ba-2fa1-41d2-883f-0016d3cca427" }),
    );
    expect(scan.status).toBe(200);
  });
});
