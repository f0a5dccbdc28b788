import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { OWN_SERVER_TIMEOUT_MS, startServer } from "@/tests/support/server";

// The log of a server left alone for months (docs/running-unattended.md,
// "Logs"): answers and refusals write nothing; a failure writes one line
// (lib/http/log-line.ts), a client refused over and over one a minute.

type Sent = { method?: string; headers?: Record<string, string>; body?: string };

/** One request as any client sends it (fetch would not send another Host). */
function send(port: number, path: string, { method = "GET", headers = {}, body }: Sent = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request({ host: "127.0.0.1", port, path, method, headers }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    sent.on("error", reject);
    sent.end(body);
  });
}

describe("the log", () => {
  it(
    "gets no line from answers and refusals of every kind",
    async () => {
      const server = await startServer();
      try {
        const startedWith = server.output().split("\n").length;
        const requests: [string, Sent?][] = [
          ["/labs/healthz"],
          ["/base-scan/"],
          ["/base-scan/api/stores?limit=0"],
          ["/base-scan/api/nothing-here"],
          ["/api/core-ask/pending"],
          ["/base-scan/api/stores", { method: "POST", headers: { "content-type": "application/json" }, body: "{" }],
          ["/labs/healthz", { headers: { host: "evil.example" } }],
          ["/base-scan/api/cards/%FF"],
        ];
        const statuses: number[] = [];
        for (let round = 0; round < 5; round++) {
          for (const [route, init] of requests) {
            statuses.push(await send(server.port, route, init));
          }
        }
        expect(new Set(statuses)).toEqual(new Set([200, 400, 401, 404, 421]));
        const lines = server
          .output()
          .split("\n")
          .slice(startedWith - 1)
          .filter(Boolean);
        expect(lines).toEqual([]);
      } finally {
        await server.stop();
      }
    },
    OWN_SERVER_TIMEOUT_MS,
  );
});
