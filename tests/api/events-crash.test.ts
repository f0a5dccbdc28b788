import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshPgliteDir } from "@/tests/support/pglite-template";
import { sealOperatorSession } from "@/tests/support/operator-seal";
import { OWN_SERVER_TIMEOUT_MS, startServer, type RunningServer } from "@/tests/support/server";

// An event committed before the server is killed (SIGKILL: no shutdown of
// any kind) is delivered after it starts again on the same data
// (docs/decisions/022-event-log.md, 023-webhooks.md). The receiver refuses
// everything until the kill, so nothing can have been delivered before it.

let receiverUp = false;
const arrivals: { id: string; body: string }[] = [];
let receiver: Server;
let receiverUrl: string;
const database = freshPgliteDir();
let server: RunningServer | undefined;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (!receiverUp) return void response.writeHead(503).end();
      arrivals.push({ id: String(request.headers["webhook-id"]), body: Buffer.concat(chunks).toString() });
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});

afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => receiver.close(resolve));
  database.remove();
});

async function call(url: string, path: string, json?: unknown): Promise<{ status: number; data: unknown }> {
  const response = await fetch(`${url}${path}`, {
    method: json === undefined ? "GET" : "POST",
    headers: { cookie: `labs_op=${await sealOperatorSession()}`, "content-type": "application/json" },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: response.status, data: await response.json() };
}

describe("a committed event and a kill -9", () => {
  it(
    "is delivered after the restart, once the receiver takes it",
    async () => {
      server = await startServer({ PGLITE_DIR: database.dir });
      const webhook = await call(server.url, "/labs/api/webhooks", { url: receiverUrl, types: ["todo.created"] });
      expect(webhook.status).toBe(201);
      const text = `Committed before the crash ${randomUUID()}`;
      const logged = await call(server.url, "/api/core-ask/log", { text });
      expect(logged.status).toBe(200);
      // The event is in the log: committed.
      const events = await call(server.url, "/labs/api/events?types=todo.created&limit=1000");
      expect(JSON.stringify(events.data)).toContain(text);

      process.kill(server.pid, "SIGKILL");
      await server.stop();
      receiverUp = true;
      server = await startServer({ PGLITE_DIR: database.dir });
      // Its delivery was made before the kill or is made now, and is sent until it lands.
      const id = (webhook.data as { webhook: { id: number } }).webhook.id;
      const deadline = Date.now() + 30_000;
      while (!arrivals.some(({ body }) => body.includes(text))) {
        if (Date.now() > deadline) throw new Error(`never delivered; arrivals: ${arrivals.length}`);
        // A delivery made before the kill waits for its next attempt; ask for it again meanwhile.
        const { data } = await call(server.url, `/labs/api/webhooks/${id}/deliveries`);
        for (const delivery of (data as { deliveries: { id: number; status: string }[] }).deliveries) {
          if (delivery.status === "pending") {
            await call(server.url, `/labs/api/webhooks/${id}/deliveries/${delivery.id}/retry`, {});
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      // At least once, and every copy under the event's id, the receiver's key for dropping repeats.
      const eventId = JSON.parse(arrivals.find(({ body }) => body.includes(text))!.body).data.id;
      for (const arrival of arrivals.filter(({ body }) => body.includes(text)))
        expect(arrival.id).toBe(String(eventId));
    },
    OWN_SERVER_TIMEOUT_MS * 2,
  );
});
