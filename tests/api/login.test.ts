import { describe, expect, inject, it } from "vitest";
import { startOfRoomyMinute } from "@/tests/support/minute-window";
import { createTestDatabase } from "@/tests/support/postgres";
import { OWN_SERVER_TIMEOUT_MS, startServer, TEST_OPERATOR_PASSWORD, type RunningServer } from "@/tests/support/server";
import { api, baseUrl, operatorCookie, uniqueClientAddress, uniqueIpv6Network } from "./client";

// Each test logs in from its own client address so the slow-down of one test
// never reaches another.
const client = () => ({ "x-forwarded-for": uniqueClientAddress() });
const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded", ...client() },
  body: new URLSearchParams(fields).toString(),
});

function sessionCookie(headers: Headers): string {
  const setCookie = headers.get("set-cookie") ?? "";
  const match = /labs_op=([^;]+)/.exec(setCookie);
  if (!match) throw new Error(`no labs_op in ${setCookie}`);
  return `labs_op=${match[1]}`;
}

describe("POST /admin/login", () => {
  it("sets labs_op and answers 303 to next for the right password", async () => {
    const { status, headers } = await api(
      "/admin/login",
      form({ password: TEST_OPERATOR_PASSWORD, next: "/base-ask/" }),
    );
    expect(status).toBe(303);
    expect(headers.get("location")).toBe("/base-ask/");
    const setCookie = headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);

    const page = await api("/admin/operator", {
      cookie: sessionCookie(headers),
      headers: { "accept-language": "en" },
    });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Log out");
  });

  it("marks the cookie Secure when served over https", async () => {
    const { headers } = await api("/admin/login", {
      ...form({ password: TEST_OPERATOR_PASSWORD }),
      headers: { ...form({}).headers, "x-forwarded-proto": "https" },
    });
    expect(headers.get("set-cookie")).toMatch(/Secure/i);
  });

  it("defaults next to /admin/operator and refuses other hosts", async () => {
    for (const next of ["", "//evil.example/", "https://evil.example/", "/\\evil.example"]) {
      const { headers } = await api("/admin/login", form({ password: TEST_OPERATOR_PASSWORD, next }));
      expect(headers.get("location")).toBe("/admin/operator");
    }
  });

  it("answers 401 with the form again for a wrong password", async () => {
    const { status, text, headers } = await api("/admin/login", {
      ...form({ password: "wrong" }),
      headers: { ...form({}).headers, "accept-language": "en" },
    });
    expect(status).toBe(401);
    expect(headers.get("set-cookie")).toBeNull();
    expect(text).toContain('name="password"');
    expect(text).toContain("That password is not right.");
    expect(text).toContain('<html lang="en"');
  });

  it("answers in Portuguese to a browser that asks for nothing else", async () => {
    // The test client asks for English unless told otherwise: ask for nothing.
    const request = form({ password: "wrong" });
    const { status, text } = await api("/admin/login", {
      ...request,
      headers: { ...request.headers, "accept-language": "" },
    });
    expect(status).toBe(401);
    expect(text).toContain('<html lang="pt-PT"');
    expect(text).toContain("Essa palavra-passe não está certa.");
  });

  it("takes JSON and answers errors with the envelope", async () => {
    const wrong = await api("/admin/login", { method: "POST", json: { password: "nope" }, headers: client() });
    expect(wrong.status).toBe(401);
    expect(wrong.data).toEqual({ ok: false, error: { code: "unauthorized", message: "That password is not right." } });

    const right = await api("/admin/login", {
      method: "POST",
      json: { password: TEST_OPERATOR_PASSWORD },
      headers: client(),
    });
    expect(right.status).toBe(303);

    const broken = await api("/admin/login", {
      method: "POST",
      body: "{not json",
      headers: { "content-type": "application/json", ...client() },
    });
    expect(broken.status).toBe(400);
    expect(broken.data).toMatchObject({ ok: false, error: { code: "bad_json" } });

    const missing = await api("/admin/login", { method: "POST", json: {}, headers: client() });
    expect(missing.status).toBe(400);
    expect(missing.data).toMatchObject({
      ok: false,
      error: { code: "validation_failed", issues: [{ path: "password" }] },
    });
  });

  it("slows down repeated wrong passwords, even before the right one", async () => {
    const from = client();
    for (let attempt = 0; attempt < 5; attempt++) {
      const { status } = await api("/admin/login", { method: "POST", json: { password: "guess" }, headers: from });
      expect(status).toBe(401);
    }
    const blocked = await api("/admin/login", {
      method: "POST",
      json: { password: TEST_OPERATOR_PASSWORD },
      headers: from,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.data).toMatchObject({ ok: false, error: { code: "rate_limited" } });
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(blocked.headers.get("set-cookie")).toBeNull();
  });

  it("counts an IPv6 client by its /64: a fresh address of the same network buys no fresh guesses", async () => {
    const network = uniqueIpv6Network();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const { status } = await api("/admin/login", {
        method: "POST",
        json: { password: "guess" },
        headers: { "x-forwarded-for": `${network}::${attempt}` },
      });
      expect(status).toBe(401);
    }
    const rotated = await api("/admin/login", {
      method: "POST",
      json: { password: TEST_OPERATOR_PASSWORD },
      headers: { "x-forwarded-for": `${network}:ffff:ffff:ffff:ffff` },
    });
    expect(rotated.status).toBe(429);
    expect(Number(rotated.headers.get("retry-after"))).toBeGreaterThan(0);
    // The next /64 is another home: its first attempt goes in.
    const neighbour = await api("/admin/login", {
      method: "POST",
      json: { password: TEST_OPERATOR_PASSWORD },
      headers: { "x-forwarded-for": `${uniqueIpv6Network()}::1` },
    });
    expect(neighbour.status).toBe(303);
  });

  it("refuses a cross-site form post with 403", async () => {
    const { status } = await api("/admin/login", {
      ...form({ password: TEST_OPERATOR_PASSWORD }),
      headers: { ...form({}).headers, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(status).toBe(403);
  });

  it("accepts a same-origin browser post", async () => {
    const { status } = await api("/admin/login", {
      ...form({ password: TEST_OPERATOR_PASSWORD }),
      headers: { ...form({}).headers, origin: baseUrl, "sec-fetch-site": "same-origin" },
    });
    expect(status).toBe(303);
  });
});

describe("GET /admin/login", () => {
  it("serves the form carrying next", async () => {
    const { status, text } = await api("/admin/login?next=%2Fbase-research%2F");
    expect(status).toBe(200);
    expect(text).toContain('value="/base-research/"');
  });

  it("escapes what it echoes", async () => {
    const { text } = await api(`/admin/login?next=${encodeURIComponent('/"><script>alert(1)</script>')}`);
    expect(text).not.toContain("<script>alert(1)</script>");
  });
});

describe("POST /admin/logout", () => {
  it("clears the cookie and returns to the login form", async () => {
    const cookie = await operatorCookie();
    expect((await api("/admin/operator", { cookie })).status).toBe(200);
    const { status, headers } = await api("/admin/logout", { method: "POST", cookie });
    expect(status).toBe(303);
    expect(headers.get("location")).toBe("/admin/login");
    expect(headers.get("set-cookie")).toMatch(/labs_op=;.*Max-Age=0/i);
  });

  it("refuses a cross-site logout", async () => {
    const { status } = await api("/admin/logout", {
      method: "POST",
      cookie: await operatorCookie(),
      headers: { origin: "https://evil.example" },
    });
    expect(status).toBe(403);
  });
});

describe("operator cookie", () => {
  it("a forged or stale cookie does not open the admin", async () => {
    const { status } = await api("/admin/operator", { cookie: "labs_op=Fe26.2*1*forged" });
    expect(status).toBe(303);
  });
});

// The wrong passwords of every client together, a UTC minute at a time
// (lib/auth/login-throttle.ts): an attacker with many addresses, or many
// /64s, spends the budget, and from then on every wrong password waits. The
// right password from an address that has not failed still logs in. Each
// test starts its own server with a budget of 3, so the shared server's
// other logins never count.
const BUDGET = 3;

function logInAs(server: RunningServer, password: string, client: string) {
  return fetch(`${server.url}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/json", "accept-language": "en", "x-forwarded-for": client },
    body: JSON.stringify({ password }),
  });
}

async function expectWaits(answer: Response) {
  expect(answer.status).toBe(429);
  expect(Number(answer.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  expect(answer.headers.get("set-cookie")).toBeNull();
  expect(await answer.json()).toMatchObject({
    ok: false,
    error: { code: "rate_limited", message: expect.stringMatching(/in the last minute/) },
  });
}

describe("the budget of wrong passwords a minute", () => {
  it(
    "past it, a wrong password from a fresh address waits; the right one from a fresh address logs in",
    async () => {
      const server = await startServer({ TRUSTED_PROXIES: "loopback", LOGIN_FAILURES_PER_MINUTE: String(BUDGET) });
      try {
        await startOfRoomyMinute();
        // Each guess from a network of its own: the per-client throttle never sees a second one.
        for (let guess = 0; guess < BUDGET; guess++) {
          expect((await logInAs(server, "guess", `${uniqueIpv6Network()}::1`)).status).toBe(401);
        }
        const beyond = `${uniqueIpv6Network()}::1`;
        await expectWaits(await logInAs(server, "guess", beyond));
        // That address has failed now: even the right password waits.
        await expectWaits(await logInAs(server, TEST_OPERATOR_PASSWORD, beyond));
        await expectWaits(await logInAs(server, "guess", uniqueClientAddress()));

        const operator = await logInAs(server, TEST_OPERATOR_PASSWORD, uniqueClientAddress());
        expect(operator.status).toBe(303);
        expect(operator.headers.get("set-cookie")).toMatch(/labs_op=/);
      } finally {
        await server.stop();
      }
    },
    OWN_SERVER_TIMEOUT_MS,
  );
});

describe.runIf(inject("postgresBase"))("the budget of wrong passwords on two instances", () => {
  it(
    "is one count for both",
    async () => {
      const database = await createTestDatabase(inject("postgresBase")!, "loginbudget");
      const env = {
        DATABASE_URL: database.url,
        TRUSTED_PROXIES: "loopback",
        LOGIN_FAILURES_PER_MINUTE: String(BUDGET),
      };
      const [a, b] = await Promise.all([startServer(env), startServer(env)]);
      try {
        await startOfRoomyMinute();
        for (let guess = 0; guess < BUDGET; guess++) {
          const server = guess % 2 ? a : b;
          expect((await logInAs(server, "guess", uniqueClientAddress())).status).toBe(401);
        }
        await expectWaits(await logInAs(a, "guess", uniqueClientAddress()));
        await expectWaits(await logInAs(b, "guess", uniqueClientAddress()));
        expect((await logInAs(b, TEST_OPERATOR_PASSWORD, uniqueClientAddress())).status).toBe(303);
      } finally {
        await Promise.all([a.stop(), b.stop()]);
        await database.drop();
      }
    },
    OWN_SERVER_TIMEOUT_MS,
  );
});
