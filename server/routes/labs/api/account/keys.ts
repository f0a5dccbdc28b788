// GET /labs/api/account/keys – the account's keys (no secrets)
// POST /labs/api/account/keys – mint one, with scopes its plan allows; the secret is in this answer only
import { listAccountKeys, mintAccountKey } from "@/lib/accounts/account-keys";
import { accountOf } from "@/lib/accounts/sign-up-mode";
import { createAccountKeyBody, createAccountKeyResponse, listAccountKeysResponse } from "@/lib/accounts/schemas";
import { route } from "@/lib/http/route";

export const GET = route(
  { auth: "account", summary: "The signed-in account's keys, without secrets", response: listAccountKeysResponse },
  async ({ caller }) => ({ keys: await listAccountKeys({ accountId: accountOf(caller) }) }),
);

export const POST = route(
  {
    auth: "account",
    logged: true,
    summary: "Mint a key of the signed-in account; the key is shown in this answer only",
    body: createAccountKeyBody,
    status: 201,
    response: createAccountKeyResponse,
  },
  async ({ caller, body }) => mintAccountKey({ accountId: accountOf(caller), name: body.name, scopes: body.scopes }),
);
