import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HTTP_METHODS } from "@/lib/platform/openapi";
import { listPageFiles, urlPatternOf } from "@/lib/platform/route-files";
import { ACCOUNT_SCOPES } from "@/lib/auth/scopes";
import { listRoutes } from "@/tests/support/routes";
import { makeAccount } from "@/tests/support/accounts";
import { ACCOUNT_ROUTES, concretePath, isListedPublic, listedScope, pagePolicy } from "@/tests/support/route-policy";
import { startServer, type RunningServer } from "@/tests/support/server";
import { api, baseUrl, operatorCookie, pairPhone } from "./client";

// Every route (the front door's table and app/'s files, checked against
// the disk by tests/api/front-door.test.ts) has a declared auth policy (STYLE
// "Habits" 10): handlers carry `.auth` (route(), formRoute(), htmlRoute(), or any wrapper
// exposing it), public ones are listed in tests/support/route-policy.ts, pages
// are listed there too. Operator routes are then called anonymously over HTTP.

type Handler = { method: string; path: string; file: string; auth: unknown; scope: unknown; accountScope: unknown };

const handlers: Handler[] = [];
for (const { file, path: pattern } of listRoutes()) {
  const routeModule = (await import(path.resolve(file))) as Record<string, unknown>;
  for (const method of HTTP_METHODS) {
    const handler = routeModule[method];
    if (handler === undefined) continue;
    const { auth, scope, accountScope } = handler as { auth?: unknown; scope?: unknown; accountScope?: unknown };
    handlers.push({ method, path: pattern, file, auth, scope, accountScope });
  }
}
const pages = listPageFiles().map((file) => ({
  file,
  path: urlPatternOf(file),
  policy: pagePolicy(urlPatternOf(file)),
}));
const label = (handler: Handler) => `${handler.method} ${handler.path}`;

describe("route handlers", () => {
  it("are found on disk", () => {
    expect(handlers.map(label)).toContain("POST /labs/api/keys");
    expect(handlers.length).toBeGreaterThan(20);
  });

  it.each(handlers.map((handler) => [label(handler), handler] as const))("%s declares its policy", (_, handler) => {
    expect(
      ["anyone", "public", "operator", "key", "account"],
      `${handler.file} ${handler.method}: wrap it in route(), formRoute() or htmlRoute()`,
    ).toContain(handler.auth);
  });

  const publicOnes = handlers.filter((handler) => handler.auth === "public" || handler.auth === "anyone");
  it.each(publicOnes.map((handler) => [label(handler), handler] as const))(
    "%s is public, and listed as such",
    (_, handler) => {
      expect(isListedPublic(handler.method, handler.path), "add it to PUBLIC_ROUTES with the reason").toBe(true);
    },
  );

  const operatorOnes = handlers.filter((handler) => ["operator", "key", "account"].includes(handler.auth as string));
  it.each(operatorOnes.map((handler) => [label(handler), handler] as const))(
    "%s refuses an anonymous caller",
    async (_, handler) => {
      const result = await api(concretePath(handler.path), {
        method: handler.method,
        ...(handler.method === "GET" ? {} : { json: {} }),
      });
      const toLogin = result.status === 303 && result.headers.get("location")?.startsWith("/admin/login");
      if (!toLogin) {
        expect(result.status).toBe(401);
        if (result.headers.get("content-type")?.includes("json")) {
          expect(result.data).toMatchObject({ ok: false, error: { code: "unauthorized" } });
        }
      }
    },
  );
});

describe("API keys and their scopes", () => {
  it.each(handlers.map((handler) => [label(handler), handler] as const))(
    "%s takes keys of the listed scope only",
    (_, handler) => {
      expect(handler.scope, "list its scope in KEY_SCOPES, or take it out").toBe(listedScope(handler.path));
    },
  );

  const mintKey = async (scopes: string[]) => {
    const { status, data } = await api<{ key: string }>("/labs/api/keys", {
      method: "POST",
      cookie: await operatorCookie(),
      json: { name: `policy ${scopes.join("+")}`, plan: "pro", scopes },
    });
    expect(status).toBe(201);
    return data.key;
  };
  const keyedCall = (handler: Handler, key: string) =>
    api(concretePath(handler.path), {
      method: handler.method,
      headers: { authorization: `Bearer ${key}` },
      ...(handler.method === "GET" ? {} : { json: {} }),
    });

  const keyed = handlers.filter((handler) => handler.scope !== undefined);
  it.each(keyed.map((handler) => [label(handler), handler] as const))(
    "%s refuses a key without its scope",
    async (_, handler) => {
      const others = ["research", "ask", "scan"].filter((scope) => scope !== handler.scope);
      const result = await keyedCall(handler, await mintKey(others));
      expect(result.status).toBe(403);
      expect(result.data).toMatchObject({ ok: false, error: { code: "forbidden" } });
    },
  );

  const cookieOnly = handlers.filter((handler) => handler.auth === "operator" && handler.scope === undefined);
  it("lists the operator's own routes", () => {
    expect(cookieOnly.map(label)).toEqual(
      expect.arrayContaining(["POST /labs/api/keys", "GET /labs/api/keys", "GET /labs/api/usage"]),
    );
  });
  it.each(cookieOnly.map((handler) => [label(handler), handler] as const))(
    "%s refuses a key with every scope: only the operator's cookie opens it",
    async (_, handler) => {
      const result = await keyedCall(handler, await mintKey(["research", "ask", "scan"]));
      expect(result.status).toBe(403);
      expect(result.data).toMatchObject({ ok: false, error: { code: "forbidden" } });
    },
  );
});

describe("accounts' keys (phase 2)", () => {
  // Two accounts from outside the household: one with every account scope, one with none of a route's.
  let everything: string;
  const onlyScope = new Map<string, string>();
  beforeAll(async () => {
    everything = (await makeAccount(baseUrl, { scopes: [...ACCOUNT_SCOPES] })).key;
    for (const scope of ACCOUNT_SCOPES) {
      const others = ACCOUNT_SCOPES.filter((other) => other !== scope);
      onlyScope.set(scope, (await makeAccount(baseUrl, { scopes: others })).key);
    }
  }, 60_000);

  const call = (handler: Handler, key: string) =>
    api(concretePath(handler.path), {
      method: handler.method,
      headers: { authorization: `Bearer ${key}` },
      ...(handler.method === "GET" ? {} : { json: {} }),
    });

  it.each(handlers.map((handler) => [label(handler), handler] as const))(
    "%s takes an account's key only as ACCOUNT_ROUTES lists it",
    (_, handler) => {
      expect(handler.accountScope, "list it in ACCOUNT_ROUTES, or take accountScope out").toBe(
        ACCOUNT_ROUTES[label(handler)],
      );
    },
  );

  const open = handlers.filter((handler) => handler.accountScope !== undefined);
  it.each(open.map((handler) => [label(handler), handler] as const))(
    "%s answers an account's key of its scope, and refuses one without it",
    async (_, handler) => {
      expect([401, 402, 403]).not.toContain((await call(handler, everything)).status);
      const refused = await call(handler, onlyScope.get(handler.accountScope as string)!);
      expect(refused.status).toBe(403);
      expect(refused.data).toMatchObject({ ok: false, error: { code: "forbidden" } });
    },
  );

  // The household's own data, the operator's routes, the agent's queue: an
  // account's key, with every scope an account may hold, opens none of them.
  // (The MCP door takes any key; its tools are held to their routes' scopes,
  // tests/api/accounts.test.ts.)
  const closed = handlers.filter(
    (handler) => handler.accountScope === undefined && handler.auth !== "anyone" && handler.auth !== "key",
  );
  it.each(closed.map((handler) => [label(handler), handler] as const))(
    "%s refuses an account's key with every account scope",
    async (_, handler) => {
      const result = await call(handler, everything);
      expect(result.status, result.text).toBe(403);
      expect(result.data).toMatchObject({ ok: false, error: { code: "forbidden" } });
    },
  );
});

describe("pages", () => {
  it("are found on disk", () => {
    expect(pages.map((page) => page.path)).toContain("/admin/operator");
  });

  it.each(pages.map((page) => [page.path, page] as const))("%s has a declared policy", (_, page) => {
    expect(page.policy, `${page.file}: add its pattern to PAGE_POLICIES`).not.toBeNull();
  });

  const operatorPages = pages.filter((page) => page.policy === "operator");
  it.each(operatorPages.map((page) => [page.path, page] as const))(
    "%s sends an anonymous visitor to the login form, and checks the session itself",
    async (_, page) => {
      const url = concretePath(page.path);
      const { status, headers } = await api(url);
      expect(status).toBe(303);
      expect(headers.get("location")).toBe(`/admin/login?next=${encodeURIComponent(url)}`);
      // The proxy's redirect is a convenience; the page must not rely on it.
      expect(readFileSync(page.file, "utf8")).toContain("requireOperatorPage(");
    },
  );

  const publicPages = pages.filter((page) => page.policy === "public" || page.policy === "anyone");
  it.each(publicPages.map((page) => [page.path, page] as const))("%s opens without a login", async (_, page) => {
    const { status } = await api(concretePath(page.path));
    expect([200, 404]).toContain(status);
  });

  const accountPages = pages.filter((page) => page.policy === "account");
  it.each(accountPages.map((page) => [page.path, page] as const))(
    "%s sends a visitor without an account's session to sign up, and checks the session itself",
    async (_, page) => {
      const { status, headers } = await api(concretePath(page.path));
      expect([303, 307]).toContain(status);
      expect(headers.get("location")).toMatch(/\/labs\/signup$/);
      expect(readFileSync(page.file, "utf8")).toContain("findAccountSession(");
    },
  );
});

describe("household mode (LABS_ACCESS=household)", () => {
  // A stranger reaches this machine through a proxy, so its request carries a
  // forwarding header; the host itself (the research agent) sends none.
  const STRANGER = { "x-forwarded-for": "203.0.113.7" };
  let household: RunningServer;
  let member: string;

  beforeAll(async () => {
    household = await startServer({ LABS_ACCESS: "household" });
    member = (await pairPhone(household.url, "policy phone")).cookie;
  }, 120_000);
  afterAll(async () => {
    await household?.stop();
  });

  const call = (path: string, method: string, headers: Record<string, string>) =>
    fetch(`${household.url}${path}`, {
      method,
      redirect: "manual",
      headers: { ...headers, ...(method === "GET" ? {} : { "content-type": "application/json" }) },
      body: method === "GET" ? undefined : "{}",
    });

  const publicOnes = handlers.filter((handler) => handler.auth === "public");
  it.each(publicOnes.map((handler) => [label(handler), handler] as const))(
    "%s turns a stranger away, and lets a paired phone and the host itself in",
    async (_, handler) => {
      const path = concretePath(handler.path);
      const stranger = await call(path, handler.method, STRANGER);
      expect(stranger.status).toBe(401);
      expect(await stranger.json()).toMatchObject({ ok: false, error: { code: "unauthorized" } });
      for (const headers of [{ ...STRANGER, cookie: member }, {}]) {
        expect([401, 403]).not.toContain((await call(path, handler.method, headers)).status);
      }
    },
  );

  const anyoneOnes = handlers.filter((handler) => handler.auth === "anyone");
  const anyonePages = pages.filter((page) => page.policy === "anyone");
  it.each(anyonePages.map((page) => [page.path, page] as const))("%s stays open to a stranger", async (_, page) => {
    expect((await call(concretePath(page.path), "GET", STRANGER)).status).not.toBe(401);
    expect([200, 404]).toContain((await call(concretePath(page.path), "GET", STRANGER)).status);
  });
  it.each(anyoneOnes.map((handler) => [label(handler), handler] as const))(
    "%s stays open to a stranger",
    async (_, handler) => {
      const stranger = await call(concretePath(handler.path), handler.method, STRANGER);
      expect(stranger.status).not.toBe(401);
    },
  );

  const publicPages = pages.filter((page) => page.policy === "public");
  it.each(publicPages.map((page) => [page.path, page] as const))(
    "%s sends a stranger to pairing, and checks the device itself",
    async (_, page) => {
      const url = concretePath(page.path);
      const stranger = await call(url, "GET", STRANGER);
      expect([303, 307]).toContain(stranger.status);
      expect(stranger.headers.get("location")).toMatch(/\/labs\/pair$/);
      expect((await call(url, "GET", { ...STRANGER, cookie: member })).status).toBe(200);
      expect(readFileSync(page.file, "utf8")).toContain("requireHouseholdPage(");
    },
  );
});
