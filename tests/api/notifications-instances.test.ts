import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { ChannelJson } from "@/lib/notify/schemas";
import { startNtfyServer, type NtfyMessage, type NtfyServer } from "@/tests/support/ntfy-server";
import { sealOperatorSession } from "@/tests/support/operator-seal";
import { freshPgliteDir } from "@/tests/support/pglite-template";
import { createTestDatabase } from "@/tests/support/postgres";
import { OWN_SERVER_TIMEOUT_MS, startServer, type RunningServer } from "@/tests/support/server";
import { until } from "@/tests/support/until";

// Notifications are sent at least once whatever happens to the server, and
// once however many servers share the database (docs/decisions/024-notifications.md),
// as the webhooks are (events-crash.test.ts): a kill -9 with a message owed,
// and two instances sending from one PostgreSQL. Against ntfy's publishing
// protocol on loopback (tests/support/ntfy-server.ts).

const SETTINGS = {
  WEB_PUSH_ALLOW_PRIVATE: "1",
  NOTIFY_BATCH_SECONDS: "0",
  NOTIFY_QUIET_HOURS: "",
  NOTIFY_TIMEOUT_MS: "1500",
};

let ntfy: NtfyServer;
beforeAll(async () => {
  ntfy = await startNtfyServer();
});
afterAll(() => ntfy.stop());

async function call<T = Record<string, unknown>>(url: string, path: string, json?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method: json === undefined ? "GET" : "POST",
    headers: {
      "accept-language": "en",
      cookie: `labs_op=${await sealOperatorSession()}`,
      "content-type": "application/json",
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: response.status, data: (await response.json()) as T };
}

// Retries are 5–10 s apart after a refusal, and a restarted server takes a while on a busy machine.
const WAIT_MS = 45_000;

/** How many requests a message tells of: one named in its body, or as many as a gathered message's title says. */
function requestsIn(message: NtfyMessage): number {
  return Number(/^(\d+) new requests$/.exec(message.title ?? "")?.[1] ?? 1);
}

describe("a notification owed and a kill -9", () => {
  const database = freshPgliteDir();
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
    database.remove();
  });

  it(
    "is sent after the restart, once ntfy takes it",
    async () => {
      const topic = `crash_${randomUUID().slice(0, 8)}`;
      ntfy.unavailable(topic, true);
      server = await startServer({ ...SETTINGS, PGLITE_DIR: database.dir });
      const channel = await call<{ id: string }>(server.url, "/labs/api/ntfy", {
        server: ntfy.url,
        topic,
        types: ["todo.created"],
      });
      expect(channel.status).toBe(201);
      const text = `Owed before the crash ${randomUUID()}`;
      expect((await call(server.url, "/api/core-ask/log", { text })).status).toBe(200);
      // Tried and refused: the message is owed, recorded in the database.
      const url = server.url;
      await until(
        () => call<{ channel: ChannelJson }>(url, `/labs/api/notify/channels/${channel.data.id}`),
        (answer) => answer.data.channel.last_error !== null && answer.data.channel.pending === 1,
        "the refusal",
        WAIT_MS,
      );

      process.kill(server.pid, "SIGKILL");
      await server.stop();
      ntfy.unavailable(topic, false);
      server = await startServer({ ...SETTINGS, PGLITE_DIR: database.dir });
      const sent = await until(
        () => ntfy.messages(topic),
        (messages) => messages.length > 0,
        "the message",
        WAIT_MS,
      );
      expect(sent.map((message) => message.message)).toEqual([text]);
    },
    OWN_SERVER_TIMEOUT_MS * 2,
  );
});

describe.runIf(inject("postgresBase"))("two instances on one PostgreSQL", () => {
  it(
    "send each request to an ntfy topic once, whichever takes it",
    async () => {
      const database = await createTestDatabase(inject("postgresBase")!, "notify_pair");
      const servers = await Promise.all([
        startServer({ ...SETTINGS, DATABASE_URL: database.url }),
        startServer({ ...SETTINGS, DATABASE_URL: database.url }),
      ]);
      try {
        const topic = `pair_${randomUUID().slice(0, 8)}`;
        const made = await call(servers[0]!.url, "/labs/api/ntfy", {
          server: ntfy.url,
          topic,
          types: ["todo.created"],
        });
        expect(made.status).toBe(201);
        // Logged on one instance, then the other, each while both workers watch the channel.
        const texts: string[] = [];
        for (let i = 0; i < 8; i++) {
          const text = `Request ${i} ${randomUUID().slice(0, 8)}`;
          texts.push(text);
          expect((await call(servers[i % 2]!.url, "/api/core-ask/log", { text })).status).toBe(200);
          await until(
            () => ntfy.messages(topic),
            (messages) => messages.reduce((sum, message) => sum + requestsIn(message), 0) >= i + 1,
            `request ${i}`,
            WAIT_MS,
          );
        }
        // Time for a second copy to arrive, were one coming: both workers poll within a second.
        await new Promise((resolve) => setTimeout(resolve, 3000));
        const messages = ntfy.messages(topic);
        expect(messages.reduce((sum, message) => sum + requestsIn(message), 0)).toBe(texts.length);
        for (const text of texts)
          expect(messages.filter((message) => message.message.includes(text)).length).toBeLessThanOrEqual(1);
      } finally {
        await Promise.all(servers.map((server) => server.stop()));
        await database.drop();
      }
    },
    OWN_SERVER_TIMEOUT_MS * 2,
  );
});
