// DELETE /labs/api/account/keys/[id] – revoke one of the signed-in account's keys
import { revokeAccountKey } from "@/lib/accounts/account-keys";
import { accountOf } from "@/lib/accounts/sign-up-mode";
import { revokeAccountKeyResponse } from "@/lib/accounts/schemas";
import { idParams } from "@/lib/http/wire";
import { route } from "@/lib/http/route";

export const DELETE = route(
  {
    auth: "account",
    logged: true,
    summary: "Revoke one of the signed-in account's keys",
    params: idParams,
    response: revokeAccountKeyResponse,
  },
  async ({ caller, params }) => ({ key: await revokeAccountKey({ accountId: accountOf(caller), id: params.id }) }),
);
