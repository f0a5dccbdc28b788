// PATCH /labs/api/accounts/[id] – move an account to another plan, suspend it or let it in
// DELETE /labs/api/accounts/[id] – delete an account and all kept of it (the operator, or the account itself)
import { deleteAccount, updateAccount } from "@/lib/accounts/manage-accounts";
import { assertReaches } from "@/lib/accounts/sign-up-mode";
import { deleteAccountResponse, getAccountResponse, updateAccountBody } from "@/lib/accounts/schemas";
import { idParams } from "@/lib/http/wire";
import { route } from "@/lib/http/route";

export const PATCH = route(
  {
    auth: "operator",
    logged: true,
    summary: "Change an account's plan or status (active lets a waiting account in; suspended stops its keys)",
    params: idParams,
    body: updateAccountBody,
    response: getAccountResponse,
  },
  async ({ params, body }) => ({ account: await updateAccount({ id: params.id, changes: body }) }),
);

export const DELETE = route(
  {
    auth: "operator",
    logged: true,
    accountSelf: true,
    summary: "Delete an account with its keys, usage, links and sessions",
    params: idParams,
    response: deleteAccountResponse,
  },
  async ({ caller, params }) => {
    assertReaches(caller, params.id);
    return deleteAccount({ id: params.id });
  },
);
