// POST /labs/api/accounts/[id]/sign-in-link – a sign-in link for the operator to hand over;
// an account waiting for approval is let in by it (SIGNUP=approval)
import { handOverSignInLink } from "@/lib/accounts/manage-accounts";
import { signInLinkResponse } from "@/lib/accounts/schemas";
import { requestOrigin } from "@/lib/http/allowed-hosts";
import { idParams } from "@/lib/http/wire";
import { route } from "@/lib/http/route";

export const POST = route(
  {
    auth: "operator",
    logged: true,
    summary: "Make a single-use sign-in link for an account (24 hours); lets a waiting account in",
    params: idParams,
    status: 201,
    response: signInLinkResponse,
  },
  async ({ request, params }) => {
    const { url, expiresAt } = await handOverSignInLink({ id: params.id, origin: requestOrigin(request) });
    return { url, expires_at: expiresAt.toISOString() };
  },
);
