import { randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WebhookDeliveryJson } from "@/lib/webhooks/schemas";
import { sealOperatorSession } from "@/tests/support/operator-seal";
import { OWN_SERVER_TIMEOUT_MS, startServer, type RunningServer } from "@/tests/support/server";

// Webhooks against a real receiver on loopback (docs/contract.md,
// "Webhooks"): signed deliveries it verifies with the Standard Webhooks
// library, and receivers that fail, redirect, hang or answer without end.
// A server of its own, with a short receiver timeout, so a hanging receiver
// costs a second and a half, not ten.

const TIMEOUT_MS = 1500;

type Received = { path: string; headers: IncomingHttpHeaders; body: string };
const received: Received[] = [];
let receiver: Server;
let receiverUrl: string;
let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks).toString() });
      // Each webhook has a path of its own (`/ok?hook=…`); what it gets is told by the path alone.
      const path = new URL(request.url ?? "/", "http://receiver").pathname;
      if (path === "/ok") response.end("thanks");
      else if (path === "/fail") response.writeHead(500).end("broken today");
      else if (path === "/redirect") response.writeHead(302, { location: "/ok" }).end();
      else if (path === "/endless") {
        // A gibibyte, as fast as it is taken: the sender must stop reading on its own.
        const chunk = Buffer.alloc(64 * 1024, 0x61);
        let sent = 0;
        const more = () => {
          while (sent < 1024 ** 3) {
            sent += chunk.byteLength;
            if (!response.write(chunk)) return void response.once("drain", more);
          }
          response.end();
        };
        response.on("close", () => (sent = Infinity));
        more();
      }
      // "/hang": never answered.
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  server = await startServer({ WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS) });
  cookie = `labs_op=${await sealOperatorSession()}`;
}, OWN_SERVER_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

async function call<T = Record<string, unknown>>(path: string, init: RequestInit & { json?: unknown } = {}) {
  const { json, ...rest } = init;
  const response = await fetch(`${server.url}${path}`, {
    ...rest,
    headers: {
      cookie,
      "accept-language": "en",
      ...(json !== undefined ? { "content-type": "application/json" } : {}),
      ...rest.headers,
    },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  return { status: response.status, data: (await response.json()) as T };
}

type Made = { webhook: { id: number; secret: string; url: string } };

async function makeWebhook(path: string, types = ["todo.created"]) {
  const { status, data } = await call<Made>("/labs/api/webhooks", {
    method: "POST",
    json: { url: `${receiverUrl}${path}?hook=${randomUUID()}`, types, description: `webhooks test ${path}` },
  });
  expect(status).toBe(201);
  return data.webhook;
}

/** Reads a webhook's deliveries until `ready` holds for them (they are sent in the background). */
async function deliveriesOnce(id: number, ready: (deliveries: WebhookDeliveryJson[]) => boolean) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { data } = await call<{ deliveries: WebhookDeliveryJson[] }>(`/labs/api/webhooks/${id}/deliveries`);
    if (ready(data.deliveries)) return data.deliveries;
    if (Date.now() > deadline) throw new Error(`deliveries never got there: ${JSON.stringify(data.deliveries)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("webhooks", () => {
  it("are the operator's alone, take only http(s) addresses and never show the secret again", async () => {
    const stranger = await fetch(`${server.url}/labs/api/webhooks`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: `${receiverUrl}/ok`, types: ["todo.created"] }),
    });
    expect(stranger.status).toBe(401);
    expect((await fetch(`${server.url}/labs/api/webhooks`)).status).toBe(401);
    for (const url of ["ftp://example.com/hook", "javascript:alert(1)", "http://user:pw@example.com/", "not a url"]) {
      const { status, data } = await call("/labs/api/webhooks", {
        method: "POST",
        json: { url, types: ["todo.created"] },
      });
      expect([url, status]).toEqual([url, 400]);
      expect(JSON.stringify(data)).toContain("url");
    }
    const noTypes = await call("/labs/api/webhooks", { method: "POST", json: { url: `${receiverUrl}/ok`, types: [] } });
    expect(noTypes.status).toBe(400);

    const made = await makeWebhook("/ok");
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const { data } = await call<{ webhooks: Record<string, unknown>[] }>("/labs/api/webhooks");
    const listed = data.webhooks.find((webhook) => webhook.id === made.id);
    expect(listed).toMatchObject({ url: made.url, types: ["todo.created"], enabled: true });
    expect(listed).not.toHaveProperty("secret");
    expect(JSON.stringify(data)).not.toContain(made.secret);
  });

  it("deliver each event of their types, signed: webhook-id is the event's id and the signature checks", async () => {
    const made = await makeWebhook("/ok", ["todo.created"]);
    const text = `Trocar a lâmpada da cozinha ${randomUUID()}`;
    const logged = await call<{ todo: { id: number } }>("/api/core-ask/log", { method: "POST", json: { text } });
    expect(logged.status).toBe(200);
    // A note is not of its types: it is not sent.
    await call("/base-research/api/note", { method: "POST", json: { content: `not sent ${randomUUID()}` } });

    const [delivery] = await deliveriesOnce(made.id, (list) => list.some((d) => d.status === "delivered"));
    expect(delivery).toMatchObject({ type: "todo.created", status: "delivered", attempts: 1, last_status: 200 });
    expect(delivery!.response).toBe("thanks");
    expect(delivery!.latency_ms).toBeGreaterThanOrEqual(0);
    const arrival = received.find((r) => made.url.endsWith(r.path) && r.body.includes(text))!;
    expect(arrival.headers["webhook-id"]).toBe(String(delivery!.event_id));
    const verified = new Webhook(made.secret).verify(arrival.body, {
      "webhook-id": String(arrival.headers["webhook-id"]),
      "webhook-timestamp": String(arrival.headers["webhook-timestamp"]),
      "webhook-signature": String(arrival.headers["webhook-signature"]),
    }) as { type: string; data: { id: number; subject: { id: number }; data: { text: string } } };
    expect(verified).toMatchObject({
      type: "todo.created",
      data: { id: delivery!.event_id, subject: { id: logged.data.todo.id } },
    });
    // Signed with another secret, it does not check.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 7).toString("base64")}`).verify(arrival.body, {
        "webhook-id": String(arrival.headers["webhook-id"]),
        "webhook-timestamp": String(arrival.headers["webhook-timestamp"]),
        "webhook-signature": String(arrival.headers["webhook-signature"]),
      }),
    ).toThrow();
    expect((await deliveriesOnce(made.id, () => true)).filter((d) => d.type !== "todo.created")).toEqual([]);
  });

  it("record a receiver that fails, redirects or hangs as a failed attempt, retried later or on demand", async () => {
    const failing = await makeWebhook("/fail");
    const redirecting = await makeWebhook("/redirect");
    const hanging = await makeWebhook("/hang");
    for (const webhook of [failing, redirecting, hanging]) {
      expect((await call(`/labs/api/webhooks/${webhook.id}/test`, { method: "POST" })).status).toBe(202);
    }
    const attempted = (d: WebhookDeliveryJson[]) => d.length > 0 && d[0]!.attempts >= 1 && d[0]!.last_error !== null;
    const [failed] = await deliveriesOnce(failing.id, attempted);
    expect(failed).toMatchObject({
      type: "webhook.test",
      status: "pending",
      last_status: 500,
      response: "broken today",
    });
    expect(failed!.last_error).toBe("answered 500");
    expect(Date.parse(failed!.next_attempt_at!)).toBeGreaterThan(Date.now());
    const [redirected] = await deliveriesOnce(redirecting.id, attempted);
    expect(redirected).toMatchObject({ status: "pending", last_status: 302 });
    expect(redirected!.last_error).toMatch(/redirect, which is not followed/);
    const [hung] = await deliveriesOnce(hanging.id, attempted);
    expect(hung).toMatchObject({ status: "pending", last_status: null });
    expect(hung!.last_error).toBe(`no answer within ${TIMEOUT_MS} ms`);

    // Retried on demand: a second attempt now, not at its scheduled time.
    const retried = await call(`/labs/api/webhooks/${failing.id}/deliveries/${failed!.id}/retry`, { method: "POST" });
    expect(retried.status).toBe(200);
    await deliveriesOnce(failing.id, (d) => d[0]!.attempts === 2);
    const { data: listed } = await call<{ webhooks: { id: number; failing_since: string | null }[] }>(
      "/labs/api/webhooks",
    );
    expect(listed.webhooks.find((w) => w.id === failing.id)!.failing_since).not.toBeNull();
    // Another webhook's delivery is not this one's to retry.
    expect(
      (await call(`/labs/api/webhooks/${redirecting.id}/deliveries/${failed!.id}/retry`, { method: "POST" })).status,
    ).toBe(404);
  });

  it("read at most 64 KiB of an endless answer, keep its first 1 KiB, and the server answers meanwhile", async () => {
    const endless = await makeWebhook("/endless");
    await call(`/labs/api/webhooks/${endless.id}/test`, { method: "POST" });
    expect((await fetch(`${server.url}/labs/healthz`)).status).toBe(200);
    const [delivery] = await deliveriesOnce(endless.id, (d) => d[0]?.status === "delivered");
    expect(delivery!.response).toBe("a".repeat(1024));
  });

  it("stop when deleted, deliveries and all", async () => {
    const made = await makeWebhook("/ok");
    expect((await call(`/labs/api/webhooks/${made.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await call(`/labs/api/webhooks/${made.id}/deliveries`)).status).toBe(404);
    expect((await call(`/labs/api/webhooks/${made.id}`, { method: "DELETE" })).status).toBe(404);
  });
});
