import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { operatorCookie, pairPhone, uniqueClientAddress, uniqueIpv6Network } from "@/tests/api/client";
import { pngOfSize } from "@/tests/support/ask-files";
import { createTestDatabase } from "@/tests/support/postgres";
import { OWN_SERVER_TIMEOUT_MS, startServer, type RunningServer } from "@/tests/support/server";

// Public must not mean defenceless (docs/decisions/005-origins-and-anonymous-limits.md):
// anonymous writes are limited per client in the database, anonymous uploads
// have a daily quota per client and a total cap, and the household (this
// machine, the operator, keys) is never counted. Each server here trusts a
// proxy on loopback, so X-Forwarded-For names the client.

const LIMIT = 3;

function post(server: RunningServer, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

/** A card's person is created by name: the write a stranger could repeat to fill the people list. */
const newPerson = (server: RunningServer, client: string, name: string) =>
  post(
    server,
    "/base-scan/api/preferences/set",
    { code: "5601234567890", person_name: name, sentiment: "like" },
    { "x-forwarded-for": client },
  );

describe("the anonymous write limit", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ TRUSTED_PROXIES: "loopback", ANON_RATE_LIMIT: String(LIMIT) });
  });
  afterAll(() => server.stop());

  it("lets a client's burst through, then answers 429 rate_limited with Retry-After, and writes nothing more", async () => {
    const client = uniqueClientAddress();
    const answers = await Promise.all(
      Array.from({ length: LIMIT + 4 }, (_, i) => newPerson(server, client, `Stranger ${client} ${i}`)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
    const refused = answers.find((answer) => answer.status === 429)!;
    // One token back takes a minute / LIMIT.
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60 / LIMIT);
    expect(await refused.json()).toMatchObject({ ok: false, error: { code: "rate_limited" } });

    const people = (await (await fetch(`${server.url}/base-scan/api/preferences/5601234567890`)).json()) as {
      preferences: { person_name: string }[];
    };
    expect(people.preferences.filter((row) => row.person_name.includes(client))).toHaveLength(LIMIT);
  });

  it("counts each client on its own, and an IPv6 client by its /64", async () => {
    const flooder = uniqueClientAddress();
    for (let i = 0; i < LIMIT; i++)
      expect((await newPerson(server, flooder, `Flood ${flooder} ${i}`)).status).toBe(200);
    expect((await newPerson(server, flooder, `Flood ${flooder} more`)).status).toBe(429);
    expect((await newPerson(server, uniqueClientAddress(), "Neighbour")).status).toBe(200);

    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:1`;
    for (let i = 0; i < LIMIT; i++)
      expect((await newPerson(server, `${prefix}::${i + 1}`, `V6 ${i}`)).status).toBe(200);
    expect((await newPerson(server, `${prefix}::abcd`, "V6 fresh address")).status).toBe(429);
  });

  it("does not count reads, this machine, the operator or an API key", async () => {
    const client = uniqueClientAddress();
    for (let i = 0; i < LIMIT; i++) await newPerson(server, client, `Used up ${client} ${i}`);
    expect((await newPerson(server, client, "one more")).status).toBe(429);

    const read = await fetch(`${server.url}/base-scan/api/stores`, { headers: { "x-forwarded-for": client } });
    expect(read.status).toBe(200);

    // The research agent on this machine: loopback and no forwarding header.
    for (let i = 0; i < LIMIT * 3; i++) {
      const answer = await post(server, "/base-scan/api/preferences/set", {
        code: "5601234567890",
        person_name: `Agent person ${client} ${i}`,
        sentiment: "dislike",
      });
      expect(answer.status).toBe(200);
    }

    const cookie = await operatorCookie();
    for (let i = 0; i < LIMIT * 2; i++) {
      const answer = await post(
        server,
        "/base-scan/api/preferences/set",
        { code: "5601234567890", person_name: `Operator person ${client} ${i}`, sentiment: "like" },
        { cookie, "x-forwarded-for": client },
      );
      expect(answer.status).toBe(200);
    }

    const minted = await post(
      server,
      "/labs/api/keys",
      { name: "scan helper", plan: "pro", scopes: ["scan"] },
      { cookie },
    );
    const { key } = (await minted.json()) as { key: string };
    for (let i = 0; i < LIMIT * 2; i++) {
      const answer = await post(
        server,
        "/base-scan/api/preferences/set",
        { code: "5601234567890", person_name: `Key person ${client} ${i}`, sentiment: "like" },
        { authorization: `Bearer ${key}`, "x-forwarded-for": client },
      );
      expect(answer.status).toBe(200);
      expect(answer.headers.get("x-ratelimit-limit")).not.toBeNull();
    }
  });

  it(
    "is off with ANON_RATE_LIMIT=0",
    async () => {
      const unlimited = await startServer({ TRUSTED_PROXIES: "loopback", ANON_RATE_LIMIT: "0" });
      try {
        const client = uniqueClientAddress();
        for (let i = 0; i < LIMIT * 3; i++) expect((await newPerson(unlimited, client, `Free ${i}`)).status).toBe(200);
      } finally {
        await unlimited.stop();
      }
    },
    OWN_SERVER_TIMEOUT_MS,
  );
});

describe("a paired phone in household mode", () => {
  it(
    "is the household: not counted, and its captures carry its name",
    async () => {
      const household = await startServer({
        LABS_ACCESS: "household",
        TRUSTED_PROXIES: "loopback",
        ANON_RATE_LIMIT: "1",
      });
      try {
        const { cookie } = await pairPhone(household.url, "Ana's phone");
        const client = uniqueClientAddress();
        for (let i = 0; i < 4; i++) {
          const answer = await post(
            household,
            "/api/core-ask/log",
            { text: `From Ana ${i}`, priority: 4 },
            { cookie, "x-forwarded-for": client },
          );
          expect(answer.status).toBe(200);
          const { todo } = (await answer.json()) as { todo: { origin: string; priority: number } };
          expect(todo).toMatchObject({ origin: "device:Ana's phone", priority: 4 });
        }
      } finally {
        await household.stop();
      }
    },
    OWN_SERVER_TIMEOUT_MS,
  );
});

describe.runIf(inject("postgresBase"))("the anonymous write limit on two instances", () => {
  it(
    "is one count per client across both, even when requests race on both at once",
    async () => {
      const database = await createTestDatabase(inject("postgresBase")!, "anonlimit");
      const env = { DATABASE_URL: database.url, TRUSTED_PROXIES: "loopback", ANON_RATE_LIMIT: "10" };
      const [a, b] = await Promise.all([startServer(env), startServer(env)]);
      try {
        const client = uniqueClientAddress();
        const answers = await Promise.all(
          Array.from({ length: 24 }, (_, i) => newPerson(i % 2 ? a : b, client, `Racer ${i}`)),
        );
        const statuses = answers.map((answer) => answer.status);
        expect(statuses.filter((status) => status === 200)).toHaveLength(10);
        expect(statuses.filter((status) => status === 429)).toHaveLength(14);
      } finally {
        await Promise.all([a.stop(), b.stop()]);
        await database.drop();
      }
    },
    OWN_SERVER_TIMEOUT_MS,
  );
});

describe("anonymous attachment quotas", () => {
  const KIB = 1024;
  let server: RunningServer;
  beforeAll(async () => {
    // 1 MiB a client a day, 2 MiB for all anonymous attachments together.
    server = await startServer({
      TRUSTED_PROXIES: "loopback",
      ASK_ANON_UPLOAD_MB_PER_DAY: "1",
      ASK_UPLOAD_TOTAL_MB: "2",
    });
  });
  afterAll(() => server.stop());

  function capture(text: string, bytes: number, headers: Record<string, string> = {}) {
    const form = new FormData();
    form.set("text", text);
    form.append("attachments", new Blob([new Uint8Array(pngOfSize(bytes))]), "photo.png");
    return fetch(`${server.url}/api/core-ask/log`, { method: "POST", body: form, headers });
  }

  async function capturedTexts(): Promise<string[]> {
    const cookie = await operatorCookie();
    const answer = await fetch(`${server.url}/api/core-ask/pending?limit=100`, { headers: { cookie } });
    const { todos } = (await answer.json()) as { todos: { text: string }[] };
    return todos.map((todo) => todo.text);
  }

  it("refuses a client's upload past its day's quota with 429 and stores nothing of it; others still upload", async () => {
    const client = uniqueClientAddress();
    const first = await capture("first photo", 600 * KIB, { "x-forwarded-for": client });
    expect(first.status).toBe(200);
    const second = await capture("second photo over the quota", 600 * KIB, { "x-forwarded-for": client });
    expect(second.status).toBe(429);
    expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(second.headers.get("retry-after"))).toBeLessThanOrEqual(86_400);
    expect(await second.json()).toMatchObject({ ok: false, error: { code: "rate_limited" } });
    // A capture without files is not an upload.
    const plain = await fetch(`${server.url}/api/core-ask/log`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": client },
      body: JSON.stringify({ text: "just text" }),
    });
    expect(plain.status).toBe(200);

    const texts = await capturedTexts();
    expect(texts).toContain("first photo");
    expect(texts).not.toContain("second photo over the quota");

    // The household is not counted: this machine uploads past any quota.
    for (let i = 0; i < 3; i++) expect((await capture(`from this machine ${i}`, 900 * KIB)).status).toBe(200);
  });

  it("refuses anonymous uploads with 413 once all of them together reach the total cap", async () => {
    // The first test stored 600 KiB from strangers; these bring it near 2 MiB.
    expect((await capture("neighbour one", 700 * KIB, { "x-forwarded-for": uniqueClientAddress() })).status).toBe(200);
    expect((await capture("neighbour two", 600 * KIB, { "x-forwarded-for": uniqueClientAddress() })).status).toBe(200);
    const over = await capture("one too many", 300 * KIB, { "x-forwarded-for": uniqueClientAddress() });
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject({ ok: false, error: { code: "payload_too_large" } });
    expect(await capturedTexts()).not.toContain("one too many");

    // The operator's own uploads are not anonymous and still go in.
    const cookie = await operatorCookie();
    expect((await capture("operator photo", 300 * KIB, { cookie })).status).toBe(200);
  });
});

describe("the anonymous text cap", () => {
  const KIB = 1024;
  let server: RunningServer;
  beforeAll(async () => {
    // 0.01 MiB, some 10 KiB of text a client a day.
    server = await startServer({ TRUSTED_PROXIES: "loopback", ANON_TEXT_MB_PER_DAY: "0.01" });
  });
  afterAll(() => server.stop());

  const text = (label: string, kib: number) => `${label} ${"texto ".repeat((kib * KIB) / 6)}`;
  const capture = (label: string, kib: number, headers: Record<string, string>) =>
    post(server, "/api/core-ask/log", { text: text(label, kib) }, headers);
  const note = (label: string, kib: number, headers: Record<string, string>) =>
    post(server, "/base-research/api/note", { content: text(label, kib) }, headers);

  it("refuses a client's text past its day's cap with 429, whatever it writes; others still write", async () => {
    const network = uniqueIpv6Network();
    const tag = network.replaceAll(":", "-");
    expect((await capture(`first ${tag}`, 4, { "x-forwarded-for": `${network}::1` })).status).toBe(200);
    expect((await note(`second ${tag}`, 4, { "x-forwarded-for": `${network}::2` })).status).toBe(201);

    // Another address of the same /64 is the same client, and a note counts as a capture does.
    const over = await capture(`over ${tag}`, 4, { "x-forwarded-for": `${network}::3`, "accept-language": "en" });
    expect(over.status).toBe(429);
    const retryAfter = Number(over.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect(await over.json()).toMatchObject({
      ok: false,
      error: { code: "rate_limited", message: expect.stringMatching(/MiB of text a day/) },
    });
    expect((await note(`over too ${tag}`, 4, { "x-forwarded-for": `${network}:ffff::1` })).status).toBe(429);

    const cookie = await operatorCookie();
    const pending = await fetch(`${server.url}/api/core-ask/pending?limit=1000`, { headers: { cookie } });
    const { todos } = (await pending.json()) as { todos: { text: string }[] };
    expect(todos.filter((todo) => todo.text.includes(tag)).map((todo) => todo.text.split(" ")[0])).toEqual(["first"]);

    // Another client has a day of its own; the household is never counted.
    expect((await capture(`neighbour ${tag}`, 4, { "x-forwarded-for": uniqueClientAddress() })).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      expect((await capture(`operator ${i} ${tag}`, 8, { cookie, "x-forwarded-for": `${network}::1` })).status).toBe(
        200,
      );
    }
  });

  it("counts a stranger's card photos against the same day, and never the household's", async () => {
    const cookie = await operatorCookie();
    const store = (await (await post(server, "/base-scan/api/stores", { name: "Papelaria" }, { cookie })).json()) as {
      store_id: number;
    };
    const added = await post(
      server,
      `/base-scan/api/stores/${store.store_id}/cards`,
      {
        person_name: "Ana",
        card_value: `P${Date.now()}`,
      },
      { cookie },
    );
    const { card } = (await added.json()) as { card: { id: number } };
    const putPhoto = (kib: number, headers: Record<string, string>) =>
      fetch(`${server.url}/base-scan/api/cards/${card.id}/photos/front`, {
        method: "PUT",
        headers: { "content-type": "image/png", ...headers },
        body: new Uint8Array(pngOfSize(kib * KIB)),
      });
    const stranger = { "x-forwarded-for": uniqueClientAddress(), "accept-language": "en" };
    expect((await putPhoto(6, stranger)).status).toBe(200);
    const over = await putPhoto(6, stranger);
    expect(over.status).toBe(429);
    expect(await over.json()).toMatchObject({ error: { code: "rate_limited" } });
    // What was refused was not kept: the photo is still the first one, 6 KiB.
    const { card: kept } = (await (await fetch(`${server.url}/base-scan/api/cards/${card.id}`)).json()) as {
      card: { photos: { front: string } };
    };
    expect((await (await fetch(`${server.url}${kept.photos.front}`)).arrayBuffer()).byteLength).toBe(6 * KIB);
    expect((await putPhoto(20, { ...stranger, cookie })).status).toBe(200);
  });
});
