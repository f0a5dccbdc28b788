// GET /admin/login – the login form; POST /admin/login – check the password,
// set labs_op, 303 to `next` (docs/contract.md, "Labs and auth decisions")
import { logIn, loginBody } from "@/lib/auth/log-in";
import { loginPageHtml, safeNextPath } from "@/lib/auth/login-page";
import { errorResponse, type AppError } from "@/lib/http/errors";
import { readFormOrJson, sentJson } from "@/lib/http/read-body";
import { htmlRoute, parseInput } from "@/lib/http/route";
import { requestLocale } from "@/lib/i18n/locales";
import { toAppError } from "@/lib/http/to-app-error";
import { parseVariant } from "@/lib/labs/variants";

export const GET = htmlRoute({ auth: "anyone" }, (request) => {
  const next = safeNextPath(new URL(request.url).searchParams.get("next"));
  return html(loginPageHtml({ next, locale: requestLocale(request), variant: variantOf(request) }), 200);
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
  const page = loginPageHtml({ next, locale: requestLocale(request), error, variant: variantOf(request) });
  return html(page, error.status, error.headers);
}

function variantOf(request: Request): string {
  return parseVariant(request.headers.get("x-ui-version")) ?? "a";
}

function html(body: string, status: number, headers?: Record<string, string>) {
  return new Response(body, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}
