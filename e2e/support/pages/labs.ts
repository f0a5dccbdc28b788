import { sealOperatorSession } from "../../../tests/support/operator-seal";
import type { Api, PageState } from "./types";

// The operator's pages: the dashboard, admin (and its MCP snippets, its
// accounts and plans), the API reference, the login page, the pairing page a
// stranger meets, sign-up and an account's own page (the e2e servers let
// accounts in by approval), and a page that does not exist.

/**
 * An account from outside the household, let in by the operator, with a key
 * and a call made with it: its page has keys and usage to show.
 */
export async function seedLabs(api: Api, tag: string): Promise<{ accountCookie: string }> {
  const operator = { cookie: `labs_op=${await sealOperatorSession()}` };
  const email = `conta-${tag}@${tag}.example`;
  // From an address of its own: every suite seeds one, and sign-ups are counted per client.
  const client = `100.64.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
  const signedUp = await api.request.post("/labs/api/signup", {
    headers: { "x-forwarded-for": client },
    data: { email, name: "Rita Outsider" },
  });
  if (signedUp.status() !== 202) throw new Error(`seeding an account: sign-up answered ${signedUp.status()}`);
  const listed = await api.request.get("/labs/api/accounts", { headers: operator });
  const { accounts } = (await listed.json()) as { accounts: { id: number; email: string }[] };
  const id = accounts.find((account) => account.email === email)!.id;
  const linked = await api.request.post(`/labs/api/accounts/${id}/sign-in-link`, { headers: operator, data: {} });
  const { url } = (await linked.json()) as { url: string };
  const signedIn = await api.request.post("/labs/signin", {
    data: { token: new URL(url).searchParams.get("token") },
    maxRedirects: 0,
  });
  const accountCookie = /labs_account=([^;]+)/.exec(signedIn.headers()["set-cookie"] ?? "")?.[1];
  if (!accountCookie) throw new Error(`seeding an account: sign-in answered ${signedIn.status()}`);
  const minted = await api.request.post("/labs/api/account/keys", {
    headers: { cookie: `labs_account=${accountCookie}` },
    data: { name: "agente de preços", scopes: ["research:read", "products:read"] },
  });
  const { key } = (await minted.json()) as { key: string };
  await api.request.get("/base-scan/api/products/search?q=leite", { headers: { authorization: `Bearer ${key}` } });
  return { accountCookie };
}

export function labsPages({ accountCookie = "" }: { accountCookie?: string } = {}): PageState[] {
  return [
    { name: "labs-dashboard", path: "/", operator: true },
    { name: "labs-admin", path: "/admin/operator", operator: true },
    {
      name: "labs-admin-mcp",
      path: "/admin/operator",
      operator: true,
      // How to connect an agent, folded until wanted.
      open: async (page) => {
        await page.locator("summary").filter({ hasText: "MCP" }).first().click();
        await page.locator("#mcp-json").waitFor();
      },
    },
    {
      name: "labs-admin-plans",
      path: "/admin/operator",
      operator: true,
      // The plans, folded until wanted, beside the accounts.
      open: async (page) => {
        await page
          .locator("summary")
          .filter({ hasText: /^(Plans|Planos)$/ })
          .first()
          .click();
        await page.locator("#plan-free-rpm").waitFor();
      },
    },
    { name: "labs-api-docs", path: "/api/docs" },
    { name: "labs-signup", path: "/labs/signup" },
    { name: "labs-account", path: "/labs/account", cookies: [{ name: "labs_account", value: accountCookie }] },
    { name: "labs-login", path: "/admin/login" },
    { name: "labs-pair", path: "/labs/pair" },
    { name: "labs-not-found", path: "/no-such-page" },
  ];
}
