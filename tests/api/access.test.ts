import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, statSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { pngOfSize } from "@/tests/support/ask-files";
import { sealOperatorSession } from "@/tests/support/operator-seal";
import { createTestDatabase } from "@/tests/support/postgres";
import { OWN_SERVER_TIMEOUT_MS, startServer, TEST_OPERATOR_PASSWORD, type RunningServer } from "@/tests/support/server";
import { api, baseUrl, operatorCookie, pairPhone, uniqueClientAddress } from "./client";

// Access and identity, attacked over HTTP against real production servers
// (server/main.ts; docs/decisions/001-client-address.md,
// 002-operator-sessions.md, 003-key-scopes.md). The shared test server
// trusts a proxy on loopback, so X-Forwarded-For names the client there;
// `direct` below is a server with the defaults, where no header is believed.

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; text: string };

/** node:http, so Host and every other header go out exactly as written. */
function raw(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<Raw>((resolve, reject) => {
    const request = httpRequest(url, { method: options.method ?? "GET", headers: options.headers }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    request.on("error", reject);
    request.end(options.body);
  });
}

const loginForm = (password: string, extra: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded", ...extra },
  body: new URLSearchParams({ password }).toString(),
});

async function logIn(url: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(`${url}/admin/login`, {
    ...loginForm(TEST_OPERATOR_PASSWORD, headers),
    redirect: "manual",
  });
  expect(response.status).toBe(303);
  const match = /labs_op=([^;]+)/.exec(response.headers.get("set-cookie") ?? "");
  if (!match) throw new Error("no labs_op cookie");
  return `labs_op=${match[1]}`;
}

let direct: RunningServer;
beforeAll(async () => {
  direct = await startServer();
});
afterAll(async () => {
  await direct?.stop();
});

describe("who is calling", () => {
  it("without trusted proxies, a rotated X-Forwarded-For buys no fresh guesses", async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await fetch(`${direct.url}/admin/login`, {
        ...loginForm("guess", { "x-forwarded-for": `203.0.113.${attempt}` }),
        redirect: "manual",
      });
      expect(response.status).toBe(401);
    }
    const rotated = await fetch(`${direct.url}/admin/login`, {
      ...loginForm("guess", { "x-forwarded-for": "203.0.113.99", "x-real-ip": "203.0.113.98" }),
      redirect: "manual",
    });
    expect(rotated.status).toBe(429);
    expect(Number(rotated.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("behind a trusted proxy, a client claiming the operator's address cannot lock the operator out", async () => {
    const operator = uniqueClientAddress();
    const attacker = uniqueClientAddress();
    // The proxy appends the attacker's real address after whatever it wrote.
    for (let attempt = 0; attempt < 5; attempt++) {
      const forged = { "x-forwarded-for": `${operator}, ${attacker}` };
      expect((await api("/admin/login", loginForm("guess", forged))).status).toBe(401);
    }
    const locked = await api("/admin/login", loginForm("guess", { "x-forwarded-for": `10.1.2.3, ${attacker}` }));
    expect(locked.status).toBe(429);
    // The operator, from their own address, with the right password: in.
    const right = await api("/admin/login", loginForm(TEST_OPERATOR_PASSWORD, { "x-forwarded-for": operator }));
    expect(right.status).toBe(303);
    expect(right.headers.get("set-cookie")).toMatch(/labs_op=/);
  });

  it("counts racing wrong passwords once each: no burst slips past the throttle", async () => {
    const from = { "x-forwarded-for": uniqueClientAddress() };
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: 12 }, () => api("/admin/login", { ...loginForm("guess", from) })),
    );
    const seconds = (Date.now() - started) / 1000;
    const statuses = results.map((result) => result.status);
    // Five free attempts, then waits of 1, 2, 4… s (lib/auth/login-throttle.ts):
    // a burst that lasts T s on a busy machine may honestly earn the attempts
    // whose waits fit in T, and not one more.
    const earned = Math.floor(Math.log2(seconds + 1));
    const wrong = statuses.filter((status) => status === 401).length;
    expect(wrong).toBeGreaterThanOrEqual(5);
    expect(wrong).toBeLessThanOrEqual(5 + earned);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - wrong);
  });
});

describe("Host allowlist", () => {
  const port = () => new URL(baseUrl).port;

  it.each(["/labs/healthz", "/base-scan/api/stores", "/base-scan/", "/admin/login", "/labs/status"])(
    "answers 421 to a foreign Host on %s",
    async (target) => {
      const { status, text } = await raw(`${baseUrl}${target}`, { headers: { host: `evil.example:${port()}` } });
      expect(status).toBe(421);
      expect(JSON.parse(text)).toMatchObject({ ok: false, error: { code: "misdirected_request" } });
    },
  );

  it("answers 421 to a foreign X-Forwarded-Host, and serves localhost and IP literals", async () => {
    const forwarded = await raw(`${baseUrl}/labs/healthz`, { headers: { "x-forwarded-host": "evil.example" } });
    expect(forwarded.status).toBe(421);
    for (const host of [`localhost:${port()}`, `127.0.0.1:${port()}`, `[::1]:${port()}`, "192.0.2.10"]) {
      expect((await raw(`${baseUrl}/labs/healthz`, { headers: { host } })).status, host).toBe(200);
    }
  });

  it(
    "serves the names in LABS_HOSTS, and only same-origin cookie writes from them",
    async () => {
      const named = await startServer({ LABS_HOSTS: "labs.home.arpa" });
      try {
        const host = `labs.home.arpa:${named.port}`;
        expect((await raw(`${named.url}/labs/healthz`, { headers: { host } })).status).toBe(200);
        expect((await raw(`${named.url}/labs/healthz`, { headers: { host: "other.home.arpa" } })).status).toBe(421);

        const cookie = `labs_op=${await sealOperatorSession()}`;
        const write = (origin: string) =>
          raw(`${named.url}/api/core-ask/tips`, {
            method: "POST",
            headers: { host, cookie, origin, "content-type": "application/json" },
            body: JSON.stringify({ text: `tip ${randomUUID()}` }),
          });
        expect((await write(`http://${host}`)).status).toBe(200);
        // An origin that merely equals the Host it claims is not enough.
        const rebound = await raw(`${named.url}/api/core-ask/tips`, {
          method: "POST",
          headers: { host: "evil.example", cookie, origin: "http://evil.example", "content-type": "application/json" },
          body: JSON.stringify({ text: "rebound" }),
        });
        expect(rebound.status).toBe(421);
        expect((await write("http://evil.example")).status).toBe(403);
        expect((await write(`http://labs.home.arpa:1`)).status).toBe(403);
      } finally {
        await named.stop();
      }
    },
    OWN_SERVER_TIMEOUT_MS,
  );
});

describe("login", () => {
  it("never sends the operator to another host, whatever `next` hides", async () => {
    for (const next of ["/\t/evil.example", "/\n/evil.example", "/\\evil.example", "//evil.example", "/ /x"]) {
      const body = new URLSearchParams({ password: TEST_OPERATOR_PASSWORD, next }).toString();
      const { status, headers } = await api("/admin/login", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": uniqueClientAddress() },
        body,
      });
      expect(status).toBe(303);
      const location = headers.get("location") ?? "";
      expect(new URL(location, "http://labs.invalid").host, JSON.stringify(next)).toBe("labs.invalid");
      expect(location).not.toMatch(/[\t\n\\]/);
    }
    // The raw query form of the same trick.
    const page = await raw(`${baseUrl}/admin/login?next=/%09/evil.example`);
    expect(page.text).toContain('name="next" value="/admin/operator"');
  });

  it("keeps a form route's way back on our own origin", async () => {
    const todo = await api<{ id: number }>("/api/core-ask/log", { method: "POST", json: { text: "back trick" } });
    const claimed = await api(`/core-ask/${todo.data.id}/claim`, {
      method: "POST",
      cookie: await operatorCookie(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ back: "/\t/evil.example" }).toString(),
    });
    expect(claimed.status).toBe(303);
    expect(claimed.headers.get("location")).toMatch(/^\/base-ask\/queue\?notice=.*#todo-\d+$/);
  });

  it("reads a malformed labs_op as no session, never a 500", async () => {
    const cookie = "labs_op=%E0%A4%A";
    const keys = await api("/labs/api/keys", { cookie });
    expect(keys.status).toBe(401);
    expect(keys.data).toMatchObject({ ok: false, error: { code: "unauthorized" } });
    expect((await api("/admin/operator", { cookie })).status).toBe(303);
    expect((await api("/labs/status", { cookie })).status).toBe(200);
    const logout = await api("/admin/logout", { method: "POST", cookie });
    expect(logout.status).toBe(303);
    // …and leaves no stack in the server's log.
    for (const target of ["/labs/api/keys", "/admin/operator", "/base-scan/", "/labs/status"]) {
      expect((await fetch(`${direct.url}${target}`, { headers: { cookie }, redirect: "manual" })).status).not.toBe(500);
    }
    expect(direct.output()).not.toMatch(/URIError|malformed/i);
  });

  it.each([
    ["a short OPERATOR_PASSWORD", { OPERATOR_PASSWORD: "short-pw" }, /OPERATOR_PASSWORD: must be at least 12/],
    [
      "a hash whose key decodes to nothing",
      { OPERATOR_PASSWORD: undefined, OPERATOR_PASSWORD_HASH: "scrypt$c2FsdHNhbHQ$=" },
      /OPERATOR_PASSWORD_HASH: must be scrypt/,
    ],
    ["a TRUSTED_PROXIES entry that is not an address", { TRUSTED_PROXIES: "loopback, example.com" }, /TRUSTED_PROXIES/],
  ])(
    "refuses to start in production with %s",
    async (_label, env, message) => {
      await expect(startServer(env)).rejects.toThrow(message);
    },
    OWN_SERVER_TIMEOUT_MS,
  );
});

describe("sessions end", () => {
  it("logout ends that session: a copied cookie stops working", async () => {
    const cookie = await logIn(baseUrl, { "x-forwarded-for": uniqueClientAddress() });
    const copy = cookie;
    expect((await api("/labs/api/keys", { cookie: copy })).status).toBe(200);
    const out = await api("/admin/logout", { method: "POST", cookie });
    expect(out.status).toBe(303);
    expect((await api("/labs/api/keys", { cookie: copy })).status).toBe(401);
    const page = await api("/admin/operator", { cookie: copy });
    expect([303, 307]).toContain(page.status);
    expect(page.headers.get("location")).toMatch(/^\/admin\/login\?next=/);
  });

  it(
    "log out everywhere ends every session, and a new login works again",
    async () => {
      const server = await startServer();
      try {
        const [phone, laptop] = [await logIn(server.url), await logIn(server.url)];
        const keys = (cookie: string) => fetch(`${server.url}/labs/api/keys`, { headers: { cookie } });
        expect((await keys(laptop)).status).toBe(200);
        const out = await fetch(`${server.url}/admin/logout`, {
          method: "POST",
          headers: { cookie: phone, "content-type": "application/x-www-form-urlencoded" },
          body: "everywhere=1",
          redirect: "manual",
        });
        expect(out.status).toBe(303);
        expect((await keys(laptop)).status).toBe(401);
        expect((await keys(phone)).status).toBe(401);
        expect((await keys(await logIn(server.url))).status).toBe(200);
      } finally {
        await server.stop();
      }
    },
    OWN_SERVER_TIMEOUT_MS,
  );

  it(
    "a changed password ends every session",
    async () => {
      const server = await startServer({ OPERATOR_PASSWORD: "a brand new operator password" });
      try {
        const before = `labs_op=${await sealOperatorSession()}`;
        const after = `labs_op=${await sealOperatorSession({ password: "a brand new operator password" })}`;
        const keys = (cookie: string) => fetch(`${server.url}/labs/api/keys`, { headers: { cookie } });
        expect((await keys(before)).status).toBe(401);
        expect((await keys(after)).status).toBe(200);
      } finally {
        await server.stop();
      }
    },
    OWN_SERVER_TIMEOUT_MS,
  );

  it.runIf(inject("postgresBase"))(
    "a logout on one instance holds on another",
    async () => {
      const database = await createTestDatabase(inject("postgresBase")!, "sessions");
      const [a, b] = await Promise.all([
        startServer({ DATABASE_URL: database.url }),
        startServer({ DATABASE_URL: database.url }),
      ]);
      try {
        const cookie = await logIn(a.url);
        expect((await fetch(`${b.url}/labs/api/keys`, { headers: { cookie } })).status).toBe(200);
        await fetch(`${a.url}/admin/logout`, { method: "POST", headers: { cookie }, redirect: "manual" });
        expect((await fetch(`${b.url}/labs/api/keys`, { headers: { cookie } })).status).toBe(401);
      } finally {
        await Promise.all([a.stop(), b.stop()]);
        await database.drop();
      }
      // Two servers of its own, started at once on a new database.
    },
    OWN_SERVER_TIMEOUT_MS,
  );
});

describe("small leaks", () => {
  it("shows a stranger the release and health only; the operator sees the rest", async () => {
    const anonymous = await api<Record<string, unknown>>("/labs/status");
    expect(anonymous.status).toBe(200);
    expect(Object.keys(anonymous.data).sort()).toEqual(["ok", "release", "service"]);
    const operator = await api<Record<string, unknown>>("/labs/status", { cookie: await operatorCookie() });
    expect(operator.data).toMatchObject({ database: { ok: true }, migrations: { ok: true }, counts: {} });
    expect(operator.data).toHaveProperty("commit");
  });

  it("serves attachments with their own sandboxed CSP, pages with the site's", async () => {
    const form = new FormData();
    form.set("text", "attachment csp");
    form.append("attachments", new Blob([new Uint8Array(pngOfSize(2000))], { type: "image/png" }), "shot.png");
    const logged = await fetch(`${baseUrl}/api/core-ask/log`, { method: "POST", body: form });
    const { todo } = (await logged.json()) as { todo: { attachments: { id: number }[] } };
    const download = await api(`/api/core-ask/attachments/${todo.attachments[0]!.id}`, {
      cookie: await operatorCookie(),
    });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    const page = await api("/base-scan/");
    expect(page.headers.get("content-security-policy")).toContain("default-src 'self'");
  });

  it("gives every page a fresh script nonce instead of 'unsafe-inline', and puts it on every script", async () => {
    const nonces: string[] = [];
    for (const target of ["/base-scan/", "/base-scan/", "/b/base-scan/", "/base-ask/", "/api/docs", "/admin/login"]) {
      const { headers, text } = await api(target);
      const policy = headers.get("content-security-policy") ?? "";
      const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1] ?? "";
      expect(scriptSrc, target).not.toContain("'unsafe-inline'");
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(scriptSrc)?.[1];
      expect(nonce, target).toBeDefined();
      nonces.push(nonce!);
      const scripts = [...text.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
      for (const script of scripts) expect(script, target).toContain(`nonce="${nonce}"`);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
    const json = await api("/base-scan/api/stores");
    expect(json.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("sends HSTS over https only, and believes x-forwarded-proto only from a trusted proxy", async () => {
    const https = { "x-forwarded-proto": "https" };
    for (const target of ["/labs/healthz", "/base-scan/"]) {
      expect((await api(target, { headers: https })).headers.get("strict-transport-security"), target).toMatch(
        /max-age=\d+/,
      );
      expect((await api(target)).headers.get("strict-transport-security"), target).toBeNull();
      const untrusted = await fetch(`${direct.url}${target}`, { headers: https });
      expect(untrusted.headers.get("strict-transport-security"), target).toBeNull();
    }
  });

  it(
    "keeps the database files and DATA_DIR private to the server's user",
    async () => {
      const root = mkdtempSync(path.join(tmpdir(), "labs-private-"));
      const dataDir = path.join(root, "data");
      const server = await startServer({ PGLITE_DIR: path.join(dataDir, "pglite"), DATA_DIR: dataDir });
      await server.stop();
      const open: string[] = [];
      const files = readdirSync(dataDir, { recursive: true, withFileTypes: true });
      expect(files.length).toBeGreaterThan(10);
      for (const entry of [{ parentPath: root, name: "data" }, ...files]) {
        const file = path.join(entry.parentPath, entry.name);
        if (statSync(file).mode & 0o077) open.push(file);
      }
      expect(open).toEqual([]);
    },
    OWN_SERVER_TIMEOUT_MS,
  );
});

describe("household mode", () => {
  const STRANGER = { "x-forwarded-for": "203.0.113.7" };
  let household: RunningServer;
  beforeAll(async () => {
    household = await startServer({ LABS_ACCESS: "household" });
  });
  afterAll(async () => {
    await household?.stop();
  });
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${household.url}${path}`, { headers, redirect: "manual" });

  it("keeps the health checks and the login form open, and serves the host itself", async () => {
    expect((await get("/labs/healthz", STRANGER)).status).toBe(200);
    expect((await get("/admin/login", STRANGER)).status).toBe(200);
    expect((await get("/base-scan/api/stores", STRANGER)).status).toBe(401);
    // The research agent on this machine: no forwarding header.
    expect((await get("/base-research/api/state")).status).toBe(200);
    expect((await get("/base-scan/")).status).toBe(200);
  });

  it("pairs a phone once from the operator's code, and the phone then gets in", async () => {
    const operator = await operatorCookie();
    const made = await fetch(`${household.url}/labs/api/devices/pairings`, {
      method: "POST",
      headers: { cookie: operator, "content-type": "application/json" },
      body: JSON.stringify({ name: "Maria's phone" }),
    });
    expect(made.status).toBe(201);
    const { url, expires_at } = (await made.json()) as { url: string; expires_at: string };
    expect(url).toMatch(new RegExp(`^${household.url}/labs/pair\\?code=[A-Za-z0-9_-]{43}$`));
    expect(Date.parse(expires_at) - Date.now()).toBeLessThanOrEqual(10 * 60_000);

    // Opening the link only shows what it would do; the code is used by the POST.
    const shown = await get(new URL(url).pathname + new URL(url).search, STRANGER);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain("Maria&#39;s phone");
    const code = new URL(url).searchParams.get("code")!;
    const pair = () =>
      fetch(`${household.url}/labs/pair`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", ...STRANGER },
        body: new URLSearchParams({ code }).toString(),
      });
    const [first, second] = await Promise.all([pair(), pair()]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([303, 404]);
    const winner = first.status === 303 ? first : second;
    const setCookie = winner.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/labs_member=[^;]+;.*Max-Age=\d{8}/);
    expect(setCookie).toMatch(/HttpOnly/i);
    const member = `labs_member=${/labs_member=([^;]+)/.exec(setCookie)![1]}`;

    expect((await get("/base-scan/api/stores", { ...STRANGER, cookie: member })).status).toBe(200);
    expect((await get("/base-scan/", { ...STRANGER, cookie: member })).status).toBe(200);
    // A family member is not the operator.
    expect((await get("/labs/api/keys", { ...STRANGER, cookie: member })).status).toBe(401);
    expect((await get("/base-research/", { ...STRANGER, cookie: member })).status).toBe(303);
    // Nor can another site write with the phone's cookie.
    const crossSite = await fetch(`${household.url}/base-scan/api/stores`, {
      method: "POST",
      headers: { ...STRANGER, cookie: member, "content-type": "application/json", "sec-fetch-site": "cross-site" },
      body: JSON.stringify({ name: "Cross-site store" }),
    });
    expect(crossSite.status).toBe(403);

    const listed = await get("/labs/api/devices", { cookie: operator });
    const { devices } = (await listed.json()) as { devices: { name: string; last_used_at: string | null }[] };
    expect(devices.find((device) => device.name === "Maria's phone")?.last_used_at).toMatch(/Z$/);
  });

  it("shuts a revoked phone out at once, and only that one", async () => {
    const [revoked, kept] = [await pairPhone(household.url, "old phone"), await pairPhone(household.url, "new phone")];
    const revoke = await fetch(`${household.url}/labs/api/devices/${revoked.deviceId}/revoke`, {
      method: "POST",
      headers: { cookie: await operatorCookie() },
    });
    expect(revoke.status).toBe(200);
    expect((await get("/base-scan/api/stores", { ...STRANGER, cookie: revoked.cookie })).status).toBe(401);
    const page = await get("/base-scan/", { ...STRANGER, cookie: revoked.cookie });
    expect(page.headers.get("location")).toBe("/labs/pair");
    expect((await get("/base-scan/api/stores", { ...STRANGER, cookie: kept.cookie })).status).toBe(200);
  });

  it("refuses unknown codes, and lets a scoped key in from anywhere", async () => {
    const unknown = await fetch(`${household.url}/labs/pair`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", ...STRANGER },
      body: "code=" + "A".repeat(43),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("set-cookie")).toBeNull();

    const minted = await fetch(`${household.url}/labs/api/keys`, {
      method: "POST",
      headers: { cookie: await operatorCookie(), "content-type": "application/json" },
      body: JSON.stringify({ name: "agent", scopes: ["scan"] }),
    });
    const { key } = (await minted.json()) as { key: string };
    const bearer = { ...STRANGER, authorization: `Bearer ${key}` };
    expect((await get("/base-scan/api/stores", bearer)).status).toBe(200);
    expect((await get("/labs/status", bearer)).status).toBe(200);
    expect((await get("/base-research/api/state", bearer)).status).toBe(403);
  });
});
