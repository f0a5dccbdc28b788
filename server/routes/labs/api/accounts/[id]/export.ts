// GET /labs/api/accounts/[id]/export – all kept of an account (the operator, or the account itself)
import { exportAccount } from "@/lib/accounts/manage-accounts";
import { assertReaches } from "@/lib/accounts/sign-up-mode";
import { accountExportResponse } from "@/lib/accounts/schemas";
import { idParams } from "@/lib/http/wire";
import { route } from "@/lib/http/route";

export const GET = route(
  {
    auth: "operator",
    logged: true,
    accountSelf: true,
    summary: "Everything kept of an account: itself, its keys (no secrets), its usage",
    params: idParams,
    response: accountExportResponse,
  },
  async ({ caller, params }) => {
    assertReaches(caller, params.id);
    return exportAccount({ id: params.id });
  },
);
