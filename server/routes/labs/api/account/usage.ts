// GET /labs/api/account/usage – the signed-in account's calls a day and by route, 30 days
import { accountUsage } from "@/lib/accounts/manage-accounts";
import { accountOf } from "@/lib/accounts/sign-up-mode";
import { accountUsageResponse } from "@/lib/accounts/schemas";
import { route } from "@/lib/http/route";

export const GET = route(
  { auth: "account", summary: "The signed-in account's calls a day and by route", response: accountUsageResponse },
  async ({ caller }) => accountUsage({ id: accountOf(caller) }),
);
