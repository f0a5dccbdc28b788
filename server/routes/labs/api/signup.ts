// POST /labs/api/signup – ask for an account, or a new sign-in link (SIGNUP=email|approval)
import { signUp } from "@/lib/accounts/sign-up";
import { assertSignUpOpen } from "@/lib/accounts/sign-up-mode";
import { signUpBody, signUpResponse } from "@/lib/accounts/schemas";
import { clientAddress } from "@/lib/http/client-address";
import { route } from "@/lib/http/route";
import { requestLocale } from "@/lib/i18n/locales";

export const POST = route(
  {
    auth: "anyone",
    summary: "Sign up, or sign in again: a link by email (or the operator's approval); the same answer for any address",
    body: signUpBody,
    status: 202,
    response: signUpResponse,
  },
  async ({ request, body }) => {
    assertSignUpOpen();
    await signUp({
      email: body.email,
      name: body.name,
      request,
      client: clientAddress(request),
      locale: requestLocale(request),
    });
    return { sent: true as const };
  },
);
