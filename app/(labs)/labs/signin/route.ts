// GET /labs/signin?token=… – the page a mailed sign-in link opens (a button to confirm)
// POST /labs/signin – use the link: the browser gets its `labs_account` cookie
import { peekSignInLink, redeemSignInLink } from "@/lib/accounts/sign-up";
import { startAccountSession } from "@/lib/accounts/sessions";
import { signInPageHtml } from "@/lib/accounts/sign-in-page";
import { assertSignUpOpen } from "@/lib/accounts/sign-up-mode";
import { signInBody, signInQuery } from "@/lib/accounts/schemas";
import { isHttps } from "@/lib/http/client-address";
import { errorResponse, type AppError } from "@/lib/http/errors";
import { handMadePageOf, handMadeResponse } from "@/lib/http/hand-made-page";
import { readFormOrJson, sentJson } from "@/lib/http/read-body";
import { htmlRoute, parseInput } from "@/lib/http/route";

export const GET = htmlRoute(
  { auth: "anyone" },
  async (request) => {
    assertSignUpOpen();
    const { token } = parseInput(signInQuery, Object.fromEntries(new URL(request.url).searchParams), "query");
    const live = token ? await peekSignInLink({ token }) : false;
    return handMadeResponse(signInPageHtml({ ...handMadePageOf(request), token, gone: !live }), live ? 200 : 404);
  },
  refuse,
);

export const POST = htmlRoute(
  { auth: "anyone" },
  async (request) => {
    assertSignUpOpen();
    const { token } = parseInput(signInBody, await readFormOrJson(request), "body");
    const accountId = await redeemSignInLink({ token });
    const headers = new Headers({ location: "/labs/account" });
    headers.append("set-cookie", await startAccountSession({ accountId, secure: isHttps(request) }));
    return new Response(null, { status: 303, headers });
  },
  refuse,
);

function refuse(error: AppError, request: Request): Response {
  if (sentJson(request) || error.code !== "not_found") return errorResponse(error, request);
  return handMadeResponse(signInPageHtml({ ...handMadePageOf(request), gone: true }), 404);
}
