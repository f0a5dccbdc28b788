// GET /admin/login – the login form; POST /admin/login – check the password,
// set labs_op, 303 to `next` (DESIGN §4 "Labs aggregator and auth")
import { logIn, loginBody } from "@/lib/auth/log-in";
import { loginPageHtml, safeNextPath } from "@/lib/auth/login-page";
import { errorResponse } from "@/lib/http/errors";
import { readFormOrJson } from "@/lib/http/read-body";
import { declareAuth, parseInput } from "@/lib/http/route";
import { toAppError } from "@/lib/http/to-app-error";
import { parseVariant } from "@/lib/labs/variants";

export const GET = declareAuth("public", (request) => {
  const next = safeNextPath(new URL(request.url).searchParams.get("next"));
  return html(loginPageHtml({ next, variant: variantOf(request) }), 200);
});

export const POST = declareAuth("public", async (request) => {
  const wantsJson = (request.headers.get("content-type") ?? "").includes("json");
  let next = "/admin/operator";
  try {
    const body = parseInput(loginBody, await readFormOrJson(request), "body");
    next = safeNextPath(body.next);
    const headers = new Headers({ location: next });
    await logIn(request, body.password, headers);
    return new Response(null, { status: 303, headers });
  } catch (error) {
    const appError = toAppError(error);
    if (appError.status >= 500 && appError.code !== "unavailable") console.error("[POST /admin/login]", error);
    if (wantsJson) return errorResponse(appError);
    const page = loginPageHtml({ next, error: appError.message, variant: variantOf(request) });
    return html(page, appError.status, appError.headers);
  }
});

function variantOf(request: Request): string {
  return parseVariant(request.headers.get("x-ui-version")) ?? "a";
}

function html(body: string, status: number, headers?: Record<string, string>) {
  return new Response(body, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}
