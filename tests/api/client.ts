import { inject } from "vitest";
import { makeAccount } from "@/tests/support/accounts";
import { sealOperatorSession } from "@/tests/support/operator-seal";

export const baseUrl = inject("baseUrl");

export type ApiResult<T = Record<string, unknown>> = { status: number; data: T; headers: Headers; text: string };

/** One HTTP call to the test server (or `server`, one of a file's own); `data` is the parsed JSON body when there is one. */
export async function api<T = Record<string, unknown>>(
  path: string,
  init: RequestInit & { json?: unknown; cookie?: string; server?: string } = {},
): Promise<ApiResult<T>> {
  const { json, cookie, server = baseUrl, headers, ...rest } = init;
  const response = await fetch(`${server}${path}`, {
    redirect: "manual",
    ...rest,
    headers: {
      // The suites read English messages; error-language.test.ts checks the others.
      "accept-language": "en",
      ...(json !== undefined ? { "content-type": "application/json" } : {}),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  const text = await response.text();
  let data: unknown = null;
  try {
    data = JSON.parse(text);
  } catch {
    data = null;
  }
  return { status: response.status, data: data as T, headers: response.headers, text };
}

/** A valid `labs_op` cookie header, sealed directly like the login route would. */
export async function operatorCookie(): Promise<string> {
  return `labs_op=${await sealOperatorSession()}`;
}

// A range of client addresses for this test file, so the login throttle of
// one test never reaches another (the API test server trusts a proxy on
// loopback: X-Forwarded-For names the client).
let clientSeed = Math.floor(Math.random() * 2 ** 22);

/** A fresh client address in 100.64.0.0/10, for `X-Forwarded-For`. */
export function uniqueClientAddress(): string {
  const n = clientSeed++ % 2 ** 22;
  return `100.${64 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * A fresh IPv6 /64 in 2001:db8::/32 (documentation space), as its first four
 * groups: `${network}::1` and `${network}::2` are two addresses of one home.
 */
export function uniqueIpv6Network(): string {
  const group = () => Math.floor(Math.random() * 0x10000).toString(16);
  return `2001:db8:${group()}:${group()}`;
}

/**
 * Pairs a phone with a household server as the operator would: a pairing
 * link from the admin API, then the phone's POST of its code. Answers the
 * phone's `labs_member` cookie and its device id.
 */
export async function pairPhone(url: string, name: string): Promise<{ cookie: string; deviceId: number }> {
  const operator = await operatorCookie();
  const made = await fetch(`${url}/labs/api/devices/pairings`, {
    method: "POST",
    headers: { cookie: operator, "content-type": "application/json" },
    body: JSON.stringify({ name }),
  });
  if (made.status !== 201) throw new Error(`pairing link: ${made.status} ${await made.text()}`);
  const link = new URL(((await made.json()) as { url: string }).url);
  const paired = await fetch(`${url}/labs/pair`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ code: link.searchParams.get("code") ?? "" }).toString(),
  });
  const cookie = /labs_member=([^;]+)/.exec(paired.headers.get("set-cookie") ?? "")?.[1];
  if (paired.status !== 303 || !cookie) throw new Error(`pairing: ${paired.status}`);
  const devices = await fetch(`${url}/labs/api/devices`, { headers: { cookie: operator } });
  const { devices: list } = (await devices.json()) as { devices: { id: number; name: string }[] };
  return { cookie: `labs_member=${cookie}`, deviceId: list.find((device) => device.name === name)!.id };
}

/**
 * Every row of a paged list (lib/http/paging.ts): `path`, then the `next` of
 * each answer as `cursor`, until an answer has none. Throws on a non-200 or
 * a page that does not advance, so a broken cursor cannot loop forever.
 */
export async function allPages<T>(
  path: string,
  rows: (data: Record<string, unknown>) => T[],
  { cursor = "cursor", next = "next" }: { cursor?: string; next?: string } = {},
): Promise<{ rows: T[]; pages: T[][] }> {
  const pages: T[][] = [];
  const seen = new Set<string>();
  let url = path;
  for (;;) {
    const answer = await api(url);
    if (answer.status !== 200) throw new Error(`${url}: ${answer.status} ${answer.text.slice(0, 300)}`);
    pages.push(rows(answer.data));
    const following = answer.data[next];
    if (typeof following !== "string") break;
    if (seen.has(following)) throw new Error(`${url}: the cursor ${following} came back`);
    seen.add(following);
    url = `${path}${path.includes("?") ? "&" : "?"}${cursor}=${encodeURIComponent(following)}`;
  }
  return { rows: pages.flat(), pages };
}

/** Paths only an API key opens (policy `key`): the suites that call every route send one there. */
const KEY_ONLY_PATHS = new Set(["/api/mcp"]);
/** Paths only a signed-in account opens (policy `account`). */
const ACCOUNT_ONLY_PREFIX = "/labs/api/account/";
let agentKey: Promise<string> | undefined;
let accountCookie: Promise<string> | undefined;

/**
 * The headers a suite calling every route sends to `path` so the check under
 * test is reached, not auth first: a key with every scope (minted once per
 * file) where only a key gets past auth; the operator's cookie with an
 * account's session (made once per file) where only an account does;
 * nothing elsewhere.
 */
export async function authHeadersFor(path: string): Promise<Record<string, string>> {
  if (path.startsWith(ACCOUNT_ONLY_PREFIX) || path === "/labs/api/account") {
    accountCookie ??= makeAccount(baseUrl).then((account) => account.cookie);
    return { cookie: `${await operatorCookie()}; ${await accountCookie}` };
  }
  if (!KEY_ONLY_PATHS.has(path)) return {};
  agentKey ??= api<{ key: string }>("/labs/api/keys", {
    method: "POST",
    cookie: await operatorCookie(),
    json: { name: "every-route agent", plan: "pro", scopes: ["research", "ask", "scan"] },
  }).then(({ data }) => data.key);
  return { authorization: `Bearer ${await agentKey}` };
}
