import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { ChannelJson } from "@/lib/notify/schemas";
import { startNtfyServer, type NtfyServer } from "@/tests/support/ntfy-server";
import { sealOperatorSession } from "@/tests/support/operator-seal";
import { createTestDatabase } from "@/tests/support/postgres";
import { startPushService, type PushService } from "@/tests/support/push-service";
import { OWN_SERVER_TIMEOUT_MS, startServer, type RunningServer } from "@/tests/support/server";
import { until } from "@/tests/support/until";

// Pushes and ntfy messages against their real counterparts on loopback
// (docs/contract.md, "Notifications"): web-push-testing, a push service that
// checks each push's VAPID signature and decrypts it, and a server speaking
// ntfy's publishing protocol. A server of its own that takes loopback
// addresses (WEB_PUSH_ALLOW_PRIVATE), with a batch window of a few seconds
// instead of ten minutes, on a database of its own: another server's worker
// must not send these channels.

const BATCH_SECONDS = 6;

let push: PushService;
let ntfy: NtfyServer;
let server: RunningServer;
let cookie: string;
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  push = await startPushService();
  ntfy = await startNtfyServer();
  const postgresBase = inject("postgresBase");
  const database = postgresBase ? await createTestDatabase(postgresBase, "notify") : null;
  dropDatabase = database?.drop;
  server = await startServer({
    ...(database ? { DATABASE_URL: database.url } : {}),
    WEB_PUSH_ALLOW_PRIVATE: "1",
    NOTIFY_BATCH_SECONDS: String(BATCH_SECONDS),
    NOTIFY_TIMEOUT_MS: "1500",
    NOTIFY_QUIET_HOURS: "",
  });
  cookie = `labs_op=${await sealOperatorSession()}`;
}, OWN_SERVER_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
  await push?.stop();
  await ntfy?.stop();
  await dropDatabase?.();
});

async function call<T = Record<string, unknown>>(
  path: string,
  init: RequestInit & { json?: unknown; language?: string; operator?: boolean } = {},
) {
  const { json, language = "en", operator = false, ...rest } = init;
  const response = await fetch(`${server.url}${path}`, {
    ...rest,
    headers: {
      "accept-language": language,
      ...(operator ? { cookie } : {}),
      ...(json !== undefined ? { "content-type": "application/json" } : {}),
      ...rest.headers,
    },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  return { status: response.status, data: (await response.json()) as T };
}

/** Polls `read` until `done` holds of what it gives, for up to 15 s. */
type Pushed = { title: string; body: string; url: string; tag: string; count: number; lang: string };

async function subscribePhone(types: string[], extra: Record<string, unknown> = {}, language = "pt-PT") {
  const { data: key } = await call<{ key: string }>("/labs/api/push/public-key");
  const phone = await push.subscribe(key.key);
  const { endpoint, keys } = phone;
  const made = await call<{ ok: boolean; id: string }>("/labs/api/push/subscriptions", {
    method: "POST",
    language,
    json: { subscription: { endpoint, keys }, types, ...extra },
  });
  expect(made.status).toBe(201);
  return {
    id: made.data.id,
    phone,
    pushed: async () => (await push.messages(phone.clientHash)).map((m) => JSON.parse(m) as Pushed),
  };
}

async function logTodo(text: string): Promise<number> {
  const made = await call<{ id: number }>("/api/core-ask/log", { method: "POST", json: { text } });
  expect(made.status).toBe(200);
  return made.data.id;
}

describe("web push", () => {
  it("gives the VAPID public key a phone subscribes with, the same at every ask", async () => {
    const first = await call<{ ok: boolean; key: string }>("/labs/api/push/public-key");
    const second = await call<{ ok: boolean; key: string }>("/labs/api/push/public-key");
    expect(first.status).toBe(200);
    // An uncompressed P-256 point, base64url: 65 bytes.
    expect(Buffer.from(first.data.key, "base64url")).toHaveLength(65);
    expect(second.data.key).toBe(first.data.key);
  });

  it("pushes a new todo to a phone at once, signed and encrypted, in the phone's language, opening the todo", async () => {
    const phone = await subscribePhone(["todo.created"]);
    const id = await logTodo("Comprar pão de centeio para o jantar");
    const [message] = await until(phone.pushed, (messages) => messages.length === 1, "the push");
    expect(message).toMatchObject({
      title: "Novo pedido",
      body: "Comprar pão de centeio para o jantar",
      url: `/base-ask/queue/${id}`,
      count: 1,
      lang: "pt-PT",
    });
  });

  it("gathers what follows within the batch window into one message that opens the list", async () => {
    const phone = await subscribePhone(["todo.created"], {}, "en");
    await logTodo("first of a burst");
    await until(phone.pushed, (messages) => messages.length === 1, "the first push");
    const { data: first } = await call<{ channel: ChannelJson }>(`/labs/api/notify/channels/${phone.id}`);
    const firstSentAt = Date.parse(first.channel.last_sent_at!);
    for (let n = 1; n <= 5; n++) await logTodo(`burst ${n}`);
    const messages = await until(phone.pushed, (all) => all.length >= 2, "the gathered push");
    // The six todos made two messages, not six; the second waited out the window.
    expect(messages).toHaveLength(2);
    expect(messages[1]).toMatchObject({ title: "5 new requests", url: "/base-ask/queue", count: 5 });
    expect(messages[1]!.body).toMatch(/^burst 1, burst 2, burst 3 and 2 more$/);
    // The push service has it before the server writes that it was sent: wait for the write.
    const { data: after } = await until(
      () => call<{ channel: ChannelJson }>(`/labs/api/notify/channels/${phone.id}`),
      (answer) => answer.data.channel.pending === 0 && answer.data.channel.last_sent_at !== first.channel.last_sent_at,
      "the second message to be recorded",
    );
    expect(Date.parse(after.channel.last_sent_at!) - firstSentAt).toBeGreaterThanOrEqual(BATCH_SECONDS * 1000);
  });

  it("sends only the types a phone chose", async () => {
    const phone = await subscribePhone(["note.created"], {}, "en");
    await logTodo("not a note");
    const note = await call("/base-research/api/note", {
      method: "POST",
      json: { content: "Leite mais barato no Lidl" },
    });
    expect(note.status).toBe(201);
    const messages = await until(phone.pushed, (all) => all.length === 1, "the note's push");
    expect(messages[0]).toMatchObject({ title: "New research note", body: "Leite mais barato no Lidl" });
  });

  it("removes a subscription whose test the push service says is gone", async () => {
    const phone = await subscribePhone(["todo.created"]);
    await push.expire(phone.phone.clientHash);
    const tested = await call<{ delivered: boolean; status: number }>(`/labs/api/notify/channels/${phone.id}/test`, {
      method: "POST",
    });
    expect(tested.data).toMatchObject({ delivered: false, status: 410 });
    expect((await call(`/labs/api/notify/channels/${phone.id}`)).status).toBe(404);
  });

  it("removes a subscription the push service says is gone", async () => {
    const phone = await subscribePhone(["todo.created"]);
    await push.expire(phone.phone.clientHash);
    await logTodo("to a phone that left");
    await until(
      () => call(`/labs/api/notify/channels/${phone.id}`).then((answer) => answer.status),
      (status) => status === 404,
      "the channel to go",
    );
  });

  it("the same endpoint subscribed again updates its channel and keeps its id", async () => {
    const phone = await subscribePhone(["todo.created"]);
    const again = await call<{ id: string }>("/labs/api/push/subscriptions", {
      method: "POST",
      json: { subscription: { endpoint: phone.phone.endpoint, keys: phone.phone.keys }, types: ["decision.ready"] },
    });
    expect(again).toEqual({ status: 201, data: { ok: true, id: phone.id } });
    const { data } = await call<{ channel: ChannelJson }>(`/labs/api/notify/channels/${phone.id}`);
    expect(data.channel.types).toEqual(["decision.ready"]);
  });

  it("sends a test at once, past the batch window, and says it was delivered", async () => {
    const phone = await subscribePhone(["todo.created"], {}, "en");
    await logTodo("something to open the window");
    await until(phone.pushed, (all) => all.length === 1, "the first push");
    const tested = await call(`/labs/api/notify/channels/${phone.id}/test`, { method: "POST" });
    expect(tested).toEqual({ status: 200, data: { ok: true, delivered: true, status: 201, error: null } });
    const messages = await phone.pushed();
    expect(messages.at(-1)).toMatchObject({ title: "Labs notifications work" });
  });

  it("deletes a subscription by its id; an id nobody holds is a 404, one that cannot be an id a 400", async () => {
    const phone = await subscribePhone(["todo.created"]);
    expect((await call(`/labs/api/push/subscriptions/${phone.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await call(`/labs/api/push/subscriptions/${phone.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await call(`/labs/api/notify/channels/${phone.id}`)).status).toBe(404);
    expect((await call("/labs/api/push/subscriptions/1", { method: "DELETE" })).status).toBe(404);
    expect((await call("/labs/api/push/subscriptions/..%2Fx", { method: "DELETE" })).status).toBe(400);
  });
});

describe("quiet hours", () => {
  /** HH:MM in Lisbon, `minutes` from now. */
  const lisbon = (minutes: number) =>
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Lisbon",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(Date.now() + minutes * 60_000);

  it("hold a person's pushes until they end, and let them go when they are lifted", { timeout: 90_000 }, async () => {
    const person = `Quiet ${Date.now()}`;
    const window = `${lisbon(-60)}-${lisbon(60)}`;
    const set = await call("/labs/api/notify/quiet-hours", { method: "PUT", json: { person, quiet_hours: window } });
    expect(set).toEqual({ status: 200, data: { ok: true, person, quiet_hours: window } });
    const phone = await subscribePhone(["todo.created"], { person }, "en");
    await logTodo("in the night");
    const held = await until(
      () => call<{ channel: ChannelJson }>(`/labs/api/notify/channels/${phone.id}`),
      (answer) => answer.data.channel.pending === 1,
      "the notification to wait",
    );
    expect(held.data.channel.person).toBe(person);
    // Held to the end of the window, about an hour on.
    const heldFor = Date.parse(held.data.channel.held_until!) - Date.now();
    expect(heldFor).toBeGreaterThan(55 * 60_000);
    expect(heldFor).toBeLessThanOrEqual(61 * 60_000);
    expect(await phone.pushed()).toEqual([]);
    await call("/labs/api/notify/quiet-hours", { method: "PUT", json: { person, quiet_hours: "" } });
    // The suites share this server: while other files' receivers hang (up to WEBHOOK_TIMEOUT_MS, 10 s, each)
    // they hold places of the delivery worker's window, and a released push waits for one.
    const [message] = await until(phone.pushed, (all) => all.length === 1, "the push after the quiet hours", 40_000);
    expect(message).toMatchObject({ title: "New request", body: "in the night" });
  });

  it("are refused unless they read HH:MM-HH:MM", async () => {
    for (const quiet_hours of ["22:00", "25:00-08:00", "22-08", "22:00-08:00-09:00"]) {
      const refused = await call<{ error: { issues: { path: string }[] } }>("/labs/api/notify/quiet-hours", {
        method: "PUT",
        json: { person: "Ana", quiet_hours },
      });
      expect(refused.status, quiet_hours).toBe(400);
      expect(refused.data.error.issues[0]!.path).toBe("quiet_hours");
    }
  });
});

describe("ntfy", () => {
  it("publishes to a topic with Title, Tags, Priority, a Click link and the token", async () => {
    const topic = `labs_${Date.now()}`;
    ntfy.protect(topic, "tk_secret");
    const made = await call<{ ok: boolean; id: string }>("/labs/api/ntfy", {
      method: "POST",
      language: "pt-PT",
      json: { server: ntfy.url, topic, token: "tk_secret", types: ["note.created"] },
    });
    expect(made.status).toBe(201);
    await call("/base-research/api/note", { method: "POST", json: { content: "Azeite em promoção — 4,99 €" } });
    const [message] = await until(
      async () => ntfy.messages(topic),
      (all) => all.length === 1,
      "the ntfy message",
    );
    expect(message).toMatchObject({
      title: "Nova nota de pesquisa",
      message: "Azeite em promoção — 4,99 €",
      tags: ["memo"],
      priority: 3,
      click: `${server.url}/base-research/`,
      token: "tk_secret",
    });
  });

  it("never shows the topic back in full", async () => {
    const topic = `secret_topic_${Date.now()}`;
    const made = await call<{ id: string }>("/labs/api/ntfy", {
      method: "POST",
      json: { server: ntfy.url, topic, types: ["todo.created"] },
    });
    const listed = await call<{ channels: ChannelJson[] }>("/labs/api/notify/channels", { operator: true });
    const channel = listed.data.channels.find((each) => each.id === made.data.id)!;
    expect(channel.target).toBe(`${new URL(ntfy.url).host}/sec…`);
    expect(JSON.stringify(listed.data)).not.toContain(topic);
    expect(JSON.stringify(await call(`/labs/api/notify/channels/${made.data.id}`))).not.toContain(topic);
  });

  it("records a refusal and tries again later, with nothing lost", async () => {
    const topic = `refused_${Date.now()}`;
    ntfy.protect(topic, "the-right-token");
    const made = await call<{ id: string }>("/labs/api/ntfy", {
      method: "POST",
      json: { server: ntfy.url, topic, token: "a-wrong-token", types: ["todo.created"] },
    });
    await logTodo("to a topic that refuses");
    const failing = await until(
      () => call<{ channel: ChannelJson }>(`/labs/api/notify/channels/${made.data.id}`),
      (answer) => answer.data.channel.last_error !== null,
      "the refusal",
    );
    expect(failing.data.channel.last_error).toMatch(/^answered 403/);
    expect(failing.data.channel.pending).toBe(1);
    expect(ntfy.messages(topic)).toEqual([]);
  });

  it("is operator-listed only; a stranger gets 401", async () => {
    expect((await call("/labs/api/notify/channels")).status).toBe(401);
    expect((await call("/labs/api/notify/channels", { operator: true })).status).toBe(200);
  });
});
