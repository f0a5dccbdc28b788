import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { makeAccount, signInWith, uniqueEmail } from "@/tests/support/accounts";
import { sealOperatorSession } from "@/tests/support/operator-seal";
import { createTestDatabase } from "@/tests/support/postgres";
import { OWN_SERVER_TIMEOUT_MS, startServer, type RunningServer } from "@/tests/support/server";
import { signInLinkOf, startMailServer, type MailServer } from "@/tests/support/smtp-server";
import { connectMcp, toolJson } from "@/tests/support/mcp-client";
import { until } from "@/tests/support/until";
import { api, baseUrl, uniqueClientAddress } from "./client";

// Phase 2 (docs/decisions/034-accounts-and-credits.md): people outside the
// household sign up by email, sign in by link, mint keys of their own within
// their plan, and pay for each call in credits. Sign-up by email runs on a
// server of its own, mailing a real SMTP server on loopback; the shared
// server lets accounts in by the operator's approval.

const operator = async () => `labs_op=${await sealOperatorSession()}`;
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

type Account = { id: number; plan: string; status: string; credits_remaining: number; credits_reset_at: string };

describe("SIGNUP=off, the default", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({});
  }, OWN_SERVER_TIMEOUT_MS);
  afterAll(async () => {
    await server?.stop();
  });

  it("answers sign-up, sign-in and the account's own routes with 404, as if they did not exist", async () => {
    const signUp = await api("/labs/api/signup", {
      server: server.url,
      method: "POST",
      json: { email: uniqueEmail(), name: "Nobody" },
    });
    expect(signUp.status).toBe(404);
    expect(signUp.data).toMatchObject({ ok: false, error: { code: "not_found" } });
    expect((await api("/labs/signin?token=x", { server: server.url })).status).toBe(404);
    expect((await api("/labs/api/account", { server: server.url })).status).toBe(404);
    expect((await api("/labs/signup", { server: server.url })).status).toBe(404);
    expect((await api("/labs/account", { server: server.url })).status).toBe(404);
  });
});

describe("SIGNUP=email without SMTP_URL", () => {
  it(
    "refuses to start, and says what is missing",
    async () => {
      await expect(startServer({ SIGNUP: "email" })).rejects.toThrow(/SMTP_URL[^\n]*SIGNUP=email/);
    },
    OWN_SERVER_TIMEOUT_MS,
  );
});

describe("sign-up by email (SIGNUP=email)", () => {
  let mail: MailServer;
  let server: RunningServer;
  beforeAll(async () => {
    mail = await startMailServer();
    server = await startServer({
      SIGNUP: "email",
      SMTP_URL: mail.url,
      MAIL_FROM: "Labs <labs@household.example>",
      TRIAL_CREDITS: "50",
      ACCOUNT_MAX_KEYS: "2",
      TRUSTED_PROXIES: "loopback",
    });
  }, OWN_SERVER_TIMEOUT_MS);
  afterAll(async () => {
    await server?.stop();
    await mail?.stop();
  });

  const call = (path: string, init: Parameters<typeof api>[1] = {}) => api(path, { server: server.url, ...init });
  const signUp = (email: string, client = uniqueClientAddress()) =>
    call("/labs/api/signup", {
      method: "POST",
      headers: { "x-forwarded-for": client },
      json: { email, name: "Rita" },
    });
  const mailedLink = async (email: string, count = 1) =>
    signInLinkOf(
      (
        await until(
          () => mail.mailTo(email),
          (mails) => mails.length >= count,
          `mail ${count} to ${email}`,
        )
      )[count - 1]!,
    );

  it("answers a new address and a known one alike, and mails each a single-use link", async () => {
    const email = uniqueEmail();
    const first = await signUp(email);
    const again = await signUp(email.toUpperCase());
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect(again.text).toBe(first.text);
    const link = await mailedLink(email, 2);
    expect(mail.mailTo(email)[0]).toMatchObject({
      from: "labs@household.example",
      subject: "Your sign-in link for Labs",
    });
    expect(link.startsWith(server.url)).toBe(true);
    // Nothing the person typed is mailed: a stranger cannot write to an address through us.
    expect(mail.mailTo(email)[0]!.text).not.toContain("Rita");

    // The link's page asks to confirm; only the confirmation uses it.
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('action="/labs/signin"');
    const cookie = await signInWith(link);
    await expect(signInWith(link)).rejects.toThrow(/404/);
    expect((await fetch(link)).status).toBe(404);

    const { status, data } = await call("/labs/api/account", { headers: { cookie } });
    expect(status).toBe(200);
    const account = (data as { account: Account }).account;
    expect(account).toMatchObject({ plan: "trial", status: "active", credits_remaining: 50 });
    const days = (Date.parse(account.credits_reset_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it("mails the page's language, and refuses what is not an email address", async () => {
    const email = uniqueEmail();
    await call("/labs/api/signup", {
      method: "POST",
      headers: { "x-forwarded-for": uniqueClientAddress(), "accept-language": "pt-PT" },
      json: { email, name: "Rita" },
    });
    await mailedLink(email);
    expect(mail.mailTo(email)[0]!.subject).toBe("A sua ligação para entrar no Labs");
    const bad = await signUp("not an address");
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ ok: false, error: { code: "validation_failed" } });
  });

  it("limits sign-ups per client and per email domain, the same for known and unknown addresses", async () => {
    const client = uniqueClientAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await signUp(uniqueEmail(), client)).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);

    const domain = `${crypto.randomUUID().slice(0, 8)}.example`;
    const perDomain: number[] = [];
    for (let i = 0; i < 21; i++) perDomain.push((await signUp(`p${i}@${domain}`)).status);
    expect(perDomain.filter((status) => status === 202)).toHaveLength(20);
    expect(perDomain.at(-1)).toBe(429);
  });

  it("lets an account mint keys its plan allows, up to ACCOUNT_MAX_KEYS, and revoke them", async () => {
    const email = uniqueEmail();
    await signUp(email);
    const cookie = await signInWith(await mailedLink(email));
    const write = { cookie, origin: server.url };
    const mint = (scopes: string[]) =>
      call("/labs/api/account/keys", { method: "POST", headers: write, json: { name: "agent", scopes } });

    const first = await mint(["research:read"]);
    expect(first.status).toBe(201);
    expect(first.data).toMatchObject({ ok: true, scopes: ["research:read"] });
    expect((await mint(["scan"])).status).toBe(400);
    expect((await mint(["products:read"])).status).toBe(201);
    const third = await mint(["products:read"]);
    expect(third.status).toBe(409);
    expect(third.data).toMatchObject({ ok: false, error: { code: "conflict" } });

    const { id, key } = first.data as { id: number; key: string };
    expect((await call("/base-research/api/state", { headers: bearer(key) })).status).toBe(200);
    expect((await call(`/labs/api/account/keys/${id}`, { method: "DELETE", headers: write })).status).toBe(200);
    expect((await call("/base-research/api/state", { headers: bearer(key) })).status).toBe(401);
    expect((await mint(["products:read"])).status).toBe(201);

    // Another account's key reads as not found.
    const other = await makeAccountByMail();
    const theirs = (await call("/labs/api/account/keys", { headers: { cookie: other.cookie } })).data as {
      keys: { id: number }[];
    };
    const stranger = await call(`/labs/api/account/keys/${theirs.keys[0]!.id}`, { method: "DELETE", headers: write });
    expect(stranger.status).toBe(404);
  });

  it("charges each call its route's price, says what is left, and answers 402 when none is", async () => {
    const account = await makeAccountByMail();
    const snapshot = await call("/base-research/api/state", { headers: bearer(account.key) });
    expect(snapshot.status).toBe(200);
    expect(snapshot.headers.get("x-credits-remaining")).toBe("45");
    expect(snapshot.headers.get("ratelimit-policy")).toMatch(/^"minute";q=60;w=60, "credits";q=0;w=\d+$/);
    expect(snapshot.headers.get("ratelimit")).toMatch(/^"minute";r=59;t=\d+, "credits";r=45;t=\d+$/);
    const search = await call("/base-scan/api/products/search?q=leite", { headers: bearer(account.key) });
    expect(search.headers.get("x-credits-remaining")).toBe("44");

    // Refused before it ran: costs nothing.
    const refused = await call("/base-scan/api/cards", { headers: bearer(account.key) });
    expect(refused.status).toBe(403);
    const badInput = await call("/base-scan/api/prices?limit=nope", { headers: bearer(account.key) });
    expect(badInput.status).toBe(400);
    const after = await call("/labs/api/account", { headers: { cookie: account.cookie } });
    expect((after.data as { account: Account }).account.credits_remaining).toBe(44);

    // Spend the rest, then one more.
    await spendTo(account, 1);
    expect((await call("/base-scan/api/products/search?q=a", { headers: bearer(account.key) })).status).toBe(200);
    const broke = await call("/base-scan/api/products/search?q=a", { headers: bearer(account.key) });
    expect(broke.status).toBe(402);
    expect(broke.data).toMatchObject({ ok: false, error: { code: "credits_exhausted" } });
    const resetsAt = (broke.data as { error: { resets_at: string } }).error.resets_at;
    expect(Date.parse(resetsAt)).toBeGreaterThan(Date.now());
    expect(broke.headers.get("x-credits-remaining")).toBe("0");
    // A snapshot costs five: with four left it is refused, a search is not.
    await spendTo(account, 4);
    expect((await call("/base-research/api/state", { headers: bearer(account.key) })).status).toBe(402);
    expect((await call("/base-scan/api/products/search?q=a", { headers: bearer(account.key) })).status).toBe(200);
  });

  it("answers exactly as many of 100 parallel calls as there are credits, and 402 the rest", async () => {
    const account = await makeAccountByMail();
    await raiseLimit(account.id);
    const statuses = await Promise.all(
      Array.from({ length: 100 }, () =>
        call("/base-scan/api/products/search?q=x", { headers: bearer(account.key) }).then((result) => result.status),
      ),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(50);
    expect(statuses.filter((status) => status === 402)).toHaveLength(50);
    const left = await call("/labs/api/account", { headers: { cookie: account.cookie } });
    expect((left.data as { account: Account }).account.credits_remaining).toBe(0);
  });

  it("lets the operator upgrade, grant credits and suspend, each at once", async () => {
    const account = await makeAccountByMail();
    await spendTo(account, 0);
    const search = () => call("/base-scan/api/products/search?q=a", { headers: bearer(account.key) });
    expect((await search()).status).toBe(402);

    const write = { cookie: await operator(), origin: server.url };
    const granted = await call(`/labs/api/accounts/${account.id}/credits`, {
      method: "POST",
      headers: write,
      json: { credits: 3 },
    });
    expect(granted.data).toMatchObject({ ok: true, account: { credits_remaining: 3 } });
    expect((await search()).headers.get("x-credits-remaining")).toBe("2");

    const upgraded = await call(`/labs/api/accounts/${account.id}`, {
      method: "PATCH",
      headers: write,
      json: { plan: "pro" },
    });
    // A new plan starts its month at once: its credits are there on the next call.
    expect(upgraded.data).toMatchObject({ ok: true, account: { plan: "pro", credits_remaining: 100_000 } });
    expect((await search()).headers.get("ratelimit-policy")).toContain('"minute";q=600;w=60');

    const suspended = await call(`/labs/api/accounts/${account.id}`, {
      method: "PATCH",
      headers: write,
      json: { status: "suspended" },
    });
    expect(suspended.status).toBe(200);
    const refused = await search();
    expect(refused.status).toBe(403);
    expect(refused.data).toMatchObject({ ok: false, error: { code: "forbidden" } });
    await call(`/labs/api/accounts/${account.id}`, { method: "PATCH", headers: write, json: { status: "active" } });
    expect((await search()).status).toBe(200);
  });

  it("exports and deletes an account on its own request, and never another's", async () => {
    const account = await makeAccountByMail();
    const other = await makeAccountByMail();
    await call("/base-scan/api/products/search?q=a", { headers: bearer(account.key) });
    const write = { cookie: account.cookie, origin: server.url };

    const theirs = await call(`/labs/api/accounts/${other.id}/export`, { headers: { cookie: account.cookie } });
    expect(theirs.status).toBe(404);
    expect((await call(`/labs/api/accounts/${other.id}`, { method: "DELETE", headers: write })).status).toBe(404);
    // The operator's own routes stay the operator's.
    expect((await call("/labs/api/accounts", { headers: { cookie: account.cookie } })).status).toBe(401);

    const exported = await until(
      async () => (await call(`/labs/api/accounts/${account.id}/export`, { headers: { cookie: account.cookie } })).data,
      (data) => {
        const usage = (data as { usage?: { key_id: number | null; path: string }[] }).usage ?? [];
        const logged = (path: string) => usage.some((line) => line.key_id === null && line.path === path);
        return (
          usage.some((line) => line.key_id !== null) &&
          logged(`/labs/api/accounts/${other.id}`) &&
          logged(`/labs/api/accounts/${other.id}/export`)
        );
      },
      "the usage lines of the account's call and of what it tried",
    );
    expect(exported).toMatchObject({
      ok: true,
      account: { id: account.id, email: account.email },
      keys: [{ name: "outsider's agent" }],
    });
    // Its key's call, and what it tried signed in: another's export and deletion, refused.
    expect((exported as { usage: unknown[] }).usage).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: "GET", path: "/base-scan/api/products/search", status: 200 }),
        expect.objectContaining({ key_id: null, path: `/labs/api/accounts/${other.id}/export`, status: 404 }),
        expect.objectContaining({
          key_id: null,
          method: "DELETE",
          path: `/labs/api/accounts/${other.id}`,
          status: 404,
        }),
      ]),
    );

    const deleted = await call(`/labs/api/accounts/${account.id}`, { method: "DELETE", headers: write });
    expect(deleted.data).toEqual({ ok: true, deleted: account.id });
    expect((await call("/labs/api/account", { headers: { cookie: account.cookie } })).status).toBe(401);
    expect((await call("/base-scan/api/products/search?q=a", { headers: bearer(account.key) })).status).toBe(401);
    expect((await call("/base-scan/api/products/search?q=a", { headers: bearer(other.key) })).status).toBe(200);
  });

  it("shows an account research without the household's notes, sessions or names", async () => {
    const household = { origin: server.url, "user-agent": "agent" };
    await call("/base-research/api/observe", {
      method: "POST",
      headers: { ...household, cookie: await operator() },
      json: { item_name: "Frigorífico", source: "worten", price: 499, session_slug: "cozinha-da-maria" },
    });
    await call("/base-research/api/note", {
      method: "POST",
      headers: { ...household, cookie: await operator() },
      json: { content: "Maria prefers white", session_slug: "cozinha-da-maria" },
    });
    const account = await makeAccountByMail();
    const { status, data, text } = await call("/base-research/api/state", { headers: bearer(account.key) });
    expect(status).toBe(200);
    expect(data).toMatchObject({ sessions: [], notes: [], counts: { notes: 0, sessions: 0 } });
    expect((data as { recent: unknown[] }).recent).toContainEqual(
      expect.objectContaining({ item_name: "Frigorífico", origin: "household", session_slug: null }),
    );
    expect(text).not.toContain("Maria");
    expect(text).not.toContain("cozinha");
  });

  /** A verified account with one key of both scopes, made through the mail. */
  async function makeAccountByMail() {
    const email = uniqueEmail();
    await signUp(email);
    const cookie = await signInWith(await mailedLink(email));
    const me = (await call("/labs/api/account", { headers: { cookie } })).data as { account: { id: number } };
    const minted = await call("/labs/api/account/keys", {
      method: "POST",
      headers: { cookie, origin: server.url },
      json: { name: "outsider's agent", scopes: ["research:read", "products:read"] },
    });
    return { id: me.account.id, email, cookie, key: (minted.data as { key: string }).key };
  }

  /** Brings what an account has left to `credits`: by spending (a search costs 1) or by the operator's grant. */
  async function spendTo(account: { id: number; cookie: string; key: string }, credits: number) {
    const read = await call("/labs/api/account", { headers: { cookie: account.cookie } });
    let left = (read.data as { account: Account }).account.credits_remaining;
    if (left < credits) {
      await call(`/labs/api/accounts/${account.id}/credits`, {
        method: "POST",
        headers: { cookie: await operator(), origin: server.url },
        json: { credits: credits - left },
      });
      return;
    }
    while (left > credits) {
      const spent = await call("/base-scan/api/products/search?q=z", { headers: bearer(account.key) });
      expect(spent.status).toBe(200);
      left = Number(spent.headers.get("x-credits-remaining"));
    }
  }

  /**
   * A plan of the household's with room for a burst, so the minute's limit is
   * not what answers, and 50 credits a month: moving to it starts a month with 50.
   */
  async function raiseLimit(id: number) {
    const write = { cookie: await operator(), origin: server.url };
    await call("/labs/api/plans/burst", {
      method: "PUT",
      headers: write,
      json: { requests_per_minute: 10_000, credits_per_month: 50, scopes: ["research:read", "products:read"] },
    });
    await call(`/labs/api/accounts/${id}`, { method: "PATCH", headers: write, json: { plan: "burst" } });
  }
});

// Credits are taken in the database, so they hold across instances: two
// servers on one PostgreSQL, a burst split between them, exactly the credits
// there are answered.
describe.runIf(inject("postgresBase"))("credits on two instances sharing PostgreSQL", () => {
  it(
    "answers exactly 50 of 100 parallel calls across both, 402 the other 50, and a suspension on both",
    async () => {
      const database = await createTestDatabase(inject("postgresBase")!, "credits");
      const env = { DATABASE_URL: database.url, SIGNUP: "approval", TRIAL_CREDITS: "50" };
      const [a, b] = await Promise.all([startServer(env), startServer(env)]);
      try {
        const account = await makeAccount(a.url);
        const write = { cookie: await operator(), origin: a.url };
        await api("/labs/api/plans/burst", {
          server: a.url,
          method: "PUT",
          headers: write,
          json: { requests_per_minute: 10_000, credits_per_month: 50, scopes: ["research:read", "products:read"] },
        });
        await api(`/labs/api/accounts/${account.id}`, {
          server: a.url,
          method: "PATCH",
          headers: write,
          json: { plan: "burst" },
        });
        const statuses = await Promise.all(
          Array.from({ length: 100 }, (_, i) =>
            api("/base-scan/api/products/search?q=x", {
              server: i % 2 ? a.url : b.url,
              headers: bearer(account.key),
            }).then((result) => result.status),
          ),
        );
        expect(statuses.filter((status) => status === 200)).toHaveLength(50);
        expect(statuses.filter((status) => status === 402)).toHaveLength(50);

        // Suspended on one instance, refused on the other from the next call.
        await api(`/labs/api/accounts/${account.id}`, {
          server: a.url,
          method: "PATCH",
          headers: write,
          json: { status: "suspended" },
        });
        const onB = await api("/base-scan/api/products/search?q=x", { server: b.url, headers: bearer(account.key) });
        expect(onB.status).toBe(403);
      } finally {
        await Promise.all([a.stop(), b.stop()]);
        await database.drop();
      }
    },
    OWN_SERVER_TIMEOUT_MS,
  );
});

describe("an account's key through the MCP door (the shared server)", () => {
  it("calls the tools of its scopes, paying what their routes cost, and no other", async () => {
    const account = await makeAccount(baseUrl, { scopes: ["research:read"] });
    const credits = async () =>
      ((await api("/labs/api/account", { headers: { cookie: account.cookie } })).data as { account: Account }).account
        .credits_remaining;
    const before = await credits();
    const client = await connectMcp(baseUrl, account.key);
    try {
      const snapshot = await client.callTool({ name: "research_snapshot", arguments: {} });
      expect(snapshot.isError).toBeFalsy();
      expect(toolJson(snapshot)).toMatchObject({ ok: true, notes: [], sessions: [] });
      expect(await credits()).toBe(before - 5);
      const refused = await client.callTool({ name: "search_products", arguments: { q: "leite" } });
      expect(refused.isError).toBe(true);
      expect(toolJson(refused)).toMatchObject({ ok: false, error: { code: "forbidden" } });
      const household = await client.callTool({ name: "list_pending", arguments: {} });
      expect(toolJson(household)).toMatchObject({ ok: false, error: { code: "forbidden" } });
      expect(await credits()).toBe(before - 5);
    } finally {
      await client.close();
    }
  });
});
