import { randomUUID } from "node:crypto";
import { ACCOUNT_SCOPES } from "@/lib/auth/scopes";
import { sealOperatorSession } from "@/tests/support/operator-seal";

// An account from outside the household, made over HTTP as a person and the
// operator make one on a server with SIGNUP=approval: sign up, the operator
// lets it in and hands over a link, the link signs a browser in, the account
// mints its key.

/** The plan an account that needs `research:write` is moved to. */
export const EVERY_SCOPE_PLAN = "every-scope";

export type TestAccount = { id: number; email: string; cookie: string; key: string };

const json = { "content-type": "application/json" };

/** A fresh address at a domain of its own, so no sign-up limit of a domain is shared. */
export function uniqueEmail(): string {
  const id = randomUUID().slice(0, 8);
  return `person-${id}@${id}.example`;
}

/** The `labs_account` cookie a sign-in link gives, as a browser's confirming POST gets it. */
export async function signInWith(link: string): Promise<string> {
  const { origin, searchParams } = new URL(link);
  const response = await fetch(`${origin}/labs/signin`, {
    method: "POST",
    redirect: "manual",
    headers: { ...json, origin },
    body: JSON.stringify({ token: searchParams.get("token") }),
  });
  if (response.status !== 303) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  const cookie = /labs_account=[^;]+/.exec(response.headers.get("set-cookie") ?? "")?.[0];
  if (!cookie) throw new Error("sign-in set no labs_account cookie");
  return cookie;
}

export async function makeAccount(
  server: string,
  options: { scopes?: string[]; client?: string } = {},
): Promise<TestAccount> {
  const email = uniqueEmail();
  const operator = { cookie: `labs_op=${await sealOperatorSession()}` };
  // From an address of its own (where the server trusts a proxy on loopback):
  // sign-ups are counted per client, and every suite makes some.
  const client = options.client ?? `100.127.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
  const signedUp = await fetch(`${server}/labs/api/signup`, {
    method: "POST",
    headers: { ...json, "x-forwarded-for": client },
    body: JSON.stringify({ email, name: "Outsider" }),
  });
  if (signedUp.status !== 202) throw new Error(`sign-up answered ${signedUp.status}: ${await signedUp.text()}`);
  const listed = (await (await fetch(`${server}/labs/api/accounts`, { headers: operator })).json()) as {
    accounts: { id: number; email: string }[];
  };
  const account = listed.accounts.find((candidate) => candidate.email === email);
  if (!account) throw new Error(`${email} is not among the accounts`);
  const linked = await fetch(`${server}/labs/api/accounts/${account.id}/sign-in-link`, {
    method: "POST",
    headers: { ...operator, ...json, origin: server },
    body: "{}",
  });
  const { url } = (await linked.json()) as { url: string };
  const cookie = await signInWith(url);
  // The trial plan gives its keys no write; a plan with every account scope does.
  if (options.scopes?.includes("research:write")) {
    const plan = { requests_per_minute: 600, credits_per_month: 1000, scopes: ACCOUNT_SCOPES, price_label: "" };
    for (const [path, method, body] of [
      [`/labs/api/plans/${EVERY_SCOPE_PLAN}`, "PUT", plan],
      [`/labs/api/accounts/${account.id}`, "PATCH", { plan: EVERY_SCOPE_PLAN }],
    ] as const) {
      const changed = await fetch(`${server}${path}`, {
        method,
        headers: { ...operator, ...json, origin: server },
        body: JSON.stringify(body),
      });
      if (!changed.ok) throw new Error(`${method} ${path} answered ${changed.status}: ${await changed.text()}`);
    }
  }
  const minted = await fetch(`${server}/labs/api/account/keys`, {
    method: "POST",
    headers: { cookie, ...json, origin: server },
    body: JSON.stringify({ name: "outsider's agent", scopes: options.scopes ?? ["research:read", "products:read"] }),
  });
  if (minted.status !== 201) throw new Error(`minting answered ${minted.status}: ${await minted.text()}`);
  const { key } = (await minted.json()) as { key: string };
  return { id: account.id, email, cookie, key };
}
