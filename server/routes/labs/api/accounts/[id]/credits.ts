// POST /labs/api/accounts/[id]/credits – grant an account credits for this month
import { grantCredits } from "@/lib/accounts/manage-accounts";
import { getAccountResponse, grantCreditsBody } from "@/lib/accounts/schemas";
import { idParams } from "@/lib/http/wire";
import { route } from "@/lib/http/route";

export const POST = route(
  {
    auth: "operator",
    logged: true,
    summary: "Grant an account credits on top of what it has left",
    params: idParams,
    body: grantCreditsBody,
    response: getAccountResponse,
  },
  async ({ params, body }) => ({ account: await grantCredits({ id: params.id, credits: body.credits }) }),
);
