import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_SCOPES } from "@/lib/auth/scopes";
import { makeAccount, type TestAccount } from "@/tests/support/accounts";
import { until } from "@/tests/support/until";
import { api, baseUrl, operatorCookie } from "./client";

// What an account writes and what is written of it (docs/decisions/034-accounts-and-credits.md):
// observations into research sessions of its own (`research:write`), a
// write retried with an Idempotency-Key done and charged once, every action
// on accounts in the usage log, and all of it exported and deleted with the
// account. On the shared server (SIGNUP=approval), on both databases.

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const unique = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

type Observed = { ok: true; obs_id: number; item_id: number; br_id: string };
type Snapshot = {
  sessions: { slug: string; origin: string }[];
  recent: { br_id: string; origin: string; session_slug: string | null }[];
};
type ItemDetail = {
  observations: { br_id: string; origin: string; price: string | null; session_slug: string | null }[];
};
type UsageLine = { key_id: number | null; actor: string | null; method: string; path: string; status: number };

async function operator() {
  return { cookie: await operatorCookie(), origin: baseUrl };
}

const observe = (headers: Record<string, string>, json: Record<string, unknown>) =>
  api<Observed>("/base-research/api/observe", { method: "POST", headers, json });

const creditsOf = async (account: TestAccount) =>
  (
    (await api("/labs/api/account", { headers: { cookie: account.cookie } })).data as {
      account: { credits_remaining: number };
    }
  ).account.credits_remaining;

const itemDetail = async (id: number) =>
  (await api<ItemDetail>(`/base-research/api/items/${id}`, { headers: await operator() })).data;

const usageOf = async (actor: string) =>
  (await api<{ usage: UsageLine[] }>(`/labs/api/usage?actor=${actor}`, { headers: await operator() })).data.usage;

let writer: TestAccount;
let other: TestAccount;
beforeAll(async () => {
  writer = await makeAccount(baseUrl, { scopes: [...ACCOUNT_SCOPES] });
  other = await makeAccount(baseUrl, { scopes: [...ACCOUNT_SCOPES] });
}, 60_000);

describe("an account's observations (research:write)", () => {
  it("go into sessions of its own, and no one else's go into them", async () => {
    const slug = `rita-${randomUUID().slice(0, 8)}`;
    const item_name = unique("Moinho de café");
    const mine = await observe(bearer(writer.key), {
      item_name,
      source: "Worten",
      price: 74.99,
      session_slug: slug,
      session_title: "Moinhos manuais",
    });
    expect(mine.status, mine.text).toBe(200);

    // A slug is each party's own: another account and the household naming the same one each get a session
    // of their own, so no one takes the household agent's slugs or learns which exist.
    const theirs = await observe(bearer(other.key), { item_name, source: "Fnac", price: 79, session_slug: slug });
    const household = await observe(await operator(), { item_name, source: "Fnac", price: 78, session_slug: slug });
    expect([theirs.status, household.status]).toEqual([200, 200]);
    const slugs = Object.fromEntries(
      (await itemDetail(mine.data.item_id)).observations.map((row) => [row.br_id, row.session_slug]),
    );
    expect(slugs).toEqual({
      [mine.data.br_id]: `${slug}@account-${writer.id}`,
      [theirs.data.br_id]: `${slug}@account-${other.id}`,
      [household.data.br_id]: slug,
    });

    // Its session, as stored, takes none of the household's observations, and the refusal writes nothing.
    const refused = await observe(await operator(), {
      item_id: mine.data.item_id,
      source: "Fnac",
      price: 1,
      session_slug: `${slug}@account-${writer.id}`,
    });
    expect(refused.status).toBe(403);
    expect(refused.data).toMatchObject({ ok: false, error: { code: "forbidden" } });
    expect((await itemDetail(mine.data.item_id)).observations.map((row) => row.price).sort()).toEqual([
      "74.99",
      "78.00",
      "79.00",
    ]);

    // It reads its own session and rows as its own; another account reads them as an account's, without the session.
    const own = (await api<Snapshot>("/base-research/api/state", { headers: bearer(writer.key) })).data;
    expect(own.sessions).toContainEqual(expect.objectContaining({ slug, origin: `account:${writer.id}` }));
    const ownRows = (
      await api<ItemDetail>(`/base-research/api/items/${mine.data.item_id}`, { headers: bearer(writer.key) })
    ).data.observations;
    expect(ownRows).toContainEqual(
      expect.objectContaining({ br_id: mine.data.br_id, origin: `account:${writer.id}`, session_slug: slug }),
    );
    expect(ownRows).toContainEqual(
      expect.objectContaining({ br_id: household.data.br_id, origin: "household", session_slug: null }),
    );
    const seen = (await api<Snapshot>("/base-research/api/state", { headers: bearer(other.key) })).data;
    expect(seen.sessions.map((session) => session.origin)).toEqual([`account:${other.id}`]);
    const seenRows = (
      await api<ItemDetail>(`/base-research/api/items/${mine.data.item_id}`, { headers: bearer(other.key) })
    ).data.observations;
    expect(seenRows).toContainEqual(
      expect.objectContaining({ br_id: mine.data.br_id, origin: "account", session_slug: null }),
    );
  });
});

describe("a write retried with an Idempotency-Key", () => {
  it("is answered from the first answer, written once and charged once", async () => {
    const token = randomUUID();
    const body = { item_name: unique("Chaleira"), source: "Worten", price: 39.9 };
    const headers = { ...bearer(writer.key), "idempotency-key": token };
    const first = await observe(headers, body);
    expect(first.status, first.text).toBe(200);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const left = await creditsOf(writer);

    const retried = await observe(headers, body);
    expect(retried.status).toBe(200);
    expect(retried.data).toEqual(first.data);
    expect(retried.headers.get("idempotent-replayed")).toBe("true");
    expect(await creditsOf(writer)).toBe(left);
    expect((await itemDetail(first.data.item_id)).observations).toHaveLength(1);

    // The same key with another write is refused, and writes nothing.
    const reused = await observe(headers, { ...body, price: 35 });
    expect(reused.status).toBe(422);
    expect(reused.data).toMatchObject({ ok: false, error: { code: "idempotency_key_reused" } });
    expect((await itemDetail(first.data.item_id)).observations).toHaveLength(1);
    // Without the key, the same write is a new one.
    expect((await observe(bearer(writer.key), body)).status).toBe(200);
    expect((await itemDetail(first.data.item_id)).observations).toHaveLength(2);
  });

  it("runs once when sent many times at once", async () => {
    const headers = { ...bearer(writer.key), "idempotency-key": randomUUID() };
    const body = { item_name: unique("Torradeira"), source: "Fnac", price: 24.5 };
    const left = await creditsOf(writer);
    const answers = await Promise.all(Array.from({ length: 8 }, () => observe(headers, body)));
    const statuses = answers.map((answer) => answer.status);
    expect(
      statuses.every((status) => status === 200 || status === 409),
      statuses.join(),
    ).toBe(true);
    const written = answers.filter((answer) => answer.status === 200);
    expect(new Set(written.map((answer) => answer.data.br_id)).size).toBe(1);
    expect(await creditsOf(writer)).toBe(left - 1);
    expect((await itemDetail(written[0]!.data.item_id)).observations).toHaveLength(1);
  });

  it("keeps no failed answer: its retry runs again", async () => {
    const headers = { ...bearer(writer.key), "idempotency-key": randomUUID() };
    const unknownItem = { item_id: 2_000_000_000, source: "Fnac", price: 1 };
    expect((await observe(headers, unknownItem)).status).toBe(404);
    const again = await observe(headers, unknownItem);
    expect(again.status).toBe(404);
    expect(again.headers.get("idempotent-replayed")).toBeNull();
  });

  it("refuses an empty or overlong key before anything is written", async () => {
    const left = await creditsOf(writer);
    for (const token of [" ", "k".repeat(256)]) {
      const refused = await observe(
        { ...bearer(writer.key), "idempotency-key": token },
        { item_name: unique("Nada"), source: "A", price: 1 },
      );
      expect(refused.status).toBe(400);
      expect(refused.data).toMatchObject({ ok: false, error: { code: "validation_failed" } });
    }
    expect(await creditsOf(writer)).toBe(left);
  });
});

describe("an account's minute", () => {
  it("is its plan's, counted for the account whichever of its keys calls", async () => {
    const account = await makeAccount(baseUrl);
    const plan = `minute-${randomUUID().slice(0, 8)}`;
    const write = await operator();
    await api(`/labs/api/plans/${plan}`, {
      method: "PUT",
      headers: write,
      json: { requests_per_minute: 3, credits_per_month: 100, scopes: ["products:read"] },
    });
    await api(`/labs/api/accounts/${account.id}`, { method: "PATCH", headers: write, json: { plan } });
    const second = await api<{ key: string }>("/labs/api/account/keys", {
      method: "POST",
      headers: { cookie: account.cookie, origin: baseUrl },
      json: { name: "second agent", scopes: ["products:read"] },
    });
    expect(second.status).toBe(201);
    const search = (key: string) => api("/base-scan/api/products/search?q=a", { headers: bearer(key) });
    const statuses = [];
    for (const key of [account.key, second.data.key, account.key, second.data.key])
      statuses.push((await search(key)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe("the usage log", () => {
  it("keeps what the operator and accounts do to accounts with their cookies, and no stranger's attempt", async () => {
    const account = await makeAccount(baseUrl);
    const path = `/labs/api/accounts/${account.id}`;
    const strangers = await api(path, { method: "PATCH", headers: { origin: baseUrl }, json: { plan: "free" } });
    expect(strangers.status).toBe(401);
    expect((await api(path, { method: "PATCH", headers: await operator(), json: { plan: "free" } })).status).toBe(200);

    const byOperator = await until(
      () => usageOf("operator"),
      (found) => found.some((line) => line.path === path),
      "the operator's line",
    );
    expect(byOperator.filter((line) => line.path === path)).toEqual([
      expect.objectContaining({ key_id: null, actor: "operator", method: "PATCH", status: 200 }),
    ]);
    const byAccount = await until(
      () => usageOf(`account:${account.id}`),
      (found) => found.length > 0,
      "the account's line",
    );
    expect(byAccount).toEqual([
      expect.objectContaining({ key_id: null, method: "POST", path: "/labs/api/account/keys", status: 201 }),
    ]);
  });

  it("takes no more of an account's signed-in actions than of a stranger's writes", async () => {
    const account = await makeAccount(baseUrl);
    const actor = `account:${account.id}`;
    // ANON_RATE_LIMIT (60) a minute, refilled as they come: of 80 at once, some are refused.
    const statuses = (
      await Promise.all(
        Array.from({ length: 80 }, () =>
          api("/labs/api/account/keys", {
            method: "POST",
            headers: { cookie: account.cookie, origin: baseUrl },
            json: {},
          }),
        ),
      )
    ).map((answer) => answer.status);
    const taken = statuses.filter((status) => status === 400).length;
    expect(taken).toBeGreaterThanOrEqual(55);
    expect(taken + statuses.filter((status) => status === 429).length).toBe(80);
    expect(taken).toBeLessThan(80);
    // Its key's minting, and each action taken; none refused.
    const lines = await until(
      () => usageOf(actor),
      (found) => found.length >= taken + 1,
      "the account's lines",
    );
    expect(lines).toHaveLength(taken + 1);
    expect(lines.filter((line) => line.status === 429)).toEqual([]);
  });
});

describe("an account's data", () => {
  it("is exported with its sessions and observations, and deleted with the account", async () => {
    const account = await makeAccount(baseUrl, { scopes: [...ACCOUNT_SCOPES] });
    const slug = `saida-${randomUUID().slice(0, 8)}`;
    // An item only it named, and one the household observes too.
    const onlyTheirs = await observe(bearer(account.key), {
      item_name: unique("Frigideira"),
      source: "Worten",
      price: 30,
      notes: "a de 28 cm",
      session_slug: slug,
    });
    const shared = unique("Panela");
    const household = await observe(await operator(), { item_name: shared, source: "Worten", price: 45 });
    const alsoTheirs = await observe(bearer(account.key), { item_name: shared, source: "Fnac", price: 43 });

    const exported = await api(`/labs/api/accounts/${account.id}/export`, { headers: { cookie: account.cookie } });
    expect(exported.status).toBe(200);
    expect(exported.data).toMatchObject({
      sessions: [{ slug }],
      observations: [
        { br_id: onlyTheirs.data.br_id, session_slug: slug, price: "30.00", notes: "a de 28 cm" },
        { br_id: alsoTheirs.data.br_id, item_name: shared, session_slug: null },
      ],
    });

    const deleted = await api(`/labs/api/accounts/${account.id}`, {
      method: "DELETE",
      headers: { cookie: account.cookie, origin: baseUrl },
    });
    expect(deleted.status).toBe(200);
    expect(
      (await api(`/base-research/api/items/${onlyTheirs.data.item_id}`, { headers: await operator() })).status,
    ).toBe(404);
    expect((await itemDetail(household.data.item_id)).observations.map((row) => row.br_id)).toEqual([
      household.data.br_id,
    ]);
    const state = (await api<Snapshot>("/base-research/api/state", { headers: await operator() })).data;
    expect(state.sessions.map((session) => session.slug)).not.toContain(slug);
    // Of what it did signed in, only its own deletion is left in the log.
    const lines = await until(
      () => usageOf(`account:${account.id}`),
      (found) => found.some((line) => line.method === "DELETE"),
      "the line of the account's deletion",
    );
    expect(lines).toEqual([expect.objectContaining({ method: "DELETE", path: `/labs/api/accounts/${account.id}` })]);
  });
});
