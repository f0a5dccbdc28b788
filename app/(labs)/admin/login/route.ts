// GET /admin/login – the login form; POST /admin/login – check the password,
// set labs_op, 303 to `next` (docs/contract.md, "Labs and auth decisions")
import { logIn, loginBody } from "@/lib/auth/log-in";
import { loginPageHtml, safeNextPath } from "@/lib/auth/login-page";
import { errorResponse, type AppError } from "@/lib/http/errors";
import { handMadePageOf, handMadeResponse } from "@/lib/http/hand-made-page";
import { readFormOrJson, sentJson } from "@/lib/http/read-body";
import { htmlRoute, parseInput } from "@/lib/http/route";
import { toAppError } from "@/lib/http/to-app-error";

export const GET = htmlRoute({ auth: "anyone" }, (request) => {
  const next = safeNextPath(new URL(request.url).searchParams.get("next"));
  return handMadeResponse(loginPageHtml({ next, ...handMadePageOf(request) }), 200);
});

export const POST = htmlRoute(
  { auth: "anyone" },
  async (request) => {
    const body = parseInput(loginBody, await readFormOrJson(request), "body");
    const next = safeNextPath(body.next);
    const headers = new Headers({ location: next });
    try {
      await logIn(request, body.password, headers);
    } catch (error) {
      // The form again, keeping where the operator was going.
      if (sentJson(request)) throw error;
      return loginForm(request, toAppError(error), next);
    }
    return new Response(null, { status: 303, headers });
  },
  (error, request) => (sentJson(request) ? errorResponse(error, request) : loginForm(request, error)),
);

function loginForm(request: Request, error: AppError, next = safeNextPath(null)): Response {
  return handMadeResponse(loginPageHtml({ next, error, ...handMadePageOf(request) }), error.status, error.headers);
}
