// GET /labs/api/account – the signed-in account: plan, credits left and when they renew
import { getAccountOrThrow } from "@/lib/accounts/manage-accounts";
import { accountOf } from "@/lib/accounts/sign-up-mode";
import { getAccountResponse } from "@/lib/accounts/schemas";
import { route } from "@/lib/http/route";

export const GET = route(
  { auth: "account", summary: "The signed-in account, its plan and its credits", response: getAccountResponse },
  async ({ caller }) => ({ account: await getAccountOrThrow({ id: accountOf(caller) }) }),
);
