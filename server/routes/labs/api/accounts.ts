// GET /labs/api/accounts – every account, the ones waiting for approval first
import { listAccounts } from "@/lib/accounts/manage-accounts";
import { listAccountsResponse } from "@/lib/accounts/schemas";
import { route } from "@/lib/http/route";

export const GET = route(
  { auth: "operator", summary: "List accounts: state, plan, credits, last use", response: listAccountsResponse },
  async () => ({ accounts: await listAccounts() }),
);
