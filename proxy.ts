// Redirects, rewrites, the Host allowlist and the per-request CSP nonce for
// pages, and a convenience login redirect. Never the security boundary: every
// route and page checks its caller itself (lib/auth/authenticate.ts). The
// other security headers come from next.config.ts. The JSON APIs never reach
// Next: the server's front door answers them (server/front-door.ts).
import { NextResponse, type NextRequest } from "next/server";
import { readOperatorSeal, SESSION_COOKIE } from "@/lib/auth/session";
import { assertAllowedHost } from "@/lib/http/allowed-hosts";
import { isHttps } from "@/lib/http/client-address";
import { errorBody, errorResponse, errorText, AppError } from "@/lib/http/errors";
import { pageBodyRefusal } from "@/lib/http/read-body";
import { requestLocale } from "@/lib/i18n/locales";
import { HSTS, newNonce, pagePolicy } from "@/lib/http/security-headers";
import {
  parseVariant,
  splitVariantPath,
  UI_COOKIE,
  UI_COOKIE_MAX_AGE,
  UI_HEADER,
  UI_PREFIX_HEADER,
} from "@/lib/labs/variants";

const PUBLIC_ADMIN_PATHS = new Set(["/admin/login", "/admin/logout"]);

export async function proxy(request: NextRequest) {
  // Next reads the nonce for its scripts from the request's policy; the
  // browser enforces the response's. One nonce, fresh for every request.
  const policy = pagePolicy({ production: process.env.NODE_ENV === "production", nonce: newNonce() });
  const response = await answer(request, policy);
  response.headers.set("Content-Security-Policy", policy);
  if (isHttps(request)) response.headers.set("Strict-Transport-Security", HSTS);
  return response;
}

async function answer(request: NextRequest, policy: string): Promise<Response> {
  const { pathname, search, searchParams } = request.nextUrl;

  // A body no page takes. Next has read it into memory for this proxy, up to
  // next.config.ts's bound, and would hand a longer one on cut short; the
  // server refuses it before that (server/main.ts): this is the second line.
  const longBody = pageBodyRefusal(request.headers.get("content-length"), request.headers.get("transfer-encoding"));
  if (longBody) return errorResponse(longBody, request);
  // Next answers a dynamic segment that is not valid UTF-8 (…/preferences/%FF)
  // with its own plain 500 before any handler runs (vercel/next.js#92557):
  // refuse such paths here with the error envelope instead.
  if (!isDecodable(pathname)) return invalidPath(request);
  // Pages answer only hosts we serve (DNS rebinding); route handlers check
  // again in the request core, which this proxy does not replace.
  try {
    assertAllowedHost(request);
  } catch (error) {
    const refusal = error as AppError;
    return Response.json(errorBody(refusal, requestLocale(request)), { status: refusal.status });
  }

  if (pathname === "/api/legacy-ask/log") {
    return NextResponse.redirect(new URL(`/api/base-ask/log${search}`, request.url), 308);
  }
  if (request.method === "GET" && (pathname === "/legacy-ask" || pathname === "/legacy-ask/")) {
    return NextResponse.redirect(new URL(`/base-ask/${search}`, request.url), 308);
  }

  const prefixed = splitVariantPath(pathname);
  const path = prefixed?.path ?? pathname;
  // QA override: ?ui=<letter> pins a variant for this browser, ?ui=a unpins it.
  const requested = parseVariant(searchParams.get("ui"));
  const pinned = requested === null ? parseVariant(request.cookies.get(UI_COOKIE)?.value) : null;
  const variant =
    prefixed?.variant ??
    (requested && requested !== "a" ? requested : null) ??
    parseVariant(request.headers.get(UI_HEADER)) ??
    pinned;

  if (needsOperator(path) && !(await readOperatorSeal(request.cookies.get(SESSION_COOKIE)?.value))) {
    const login = new URL("/admin/login", request.url);
    login.searchParams.set("next", `${pathname}${search}`);
    return NextResponse.redirect(login, 303);
  }

  const requestHeaders = new Headers(request.headers);
  if (variant) requestHeaders.set(UI_HEADER, variant);
  else requestHeaders.delete(UI_HEADER);
  // Not cleared otherwise: a rewrite can pass through this proxy a second
  // time, and the layout only accepts /b…/l anyway.
  if (prefixed) requestHeaders.set(UI_PREFIX_HEADER, `/${prefixed.variant}`);
  requestHeaders.set("content-security-policy", policy);

  const response = prefixed
    ? NextResponse.rewrite(new URL(`${path}${search}`, request.url), { request: { headers: requestHeaders } })
    : NextResponse.next({ request: { headers: requestHeaders } });
  if (variant) response.headers.set("X-UI-Version", variant);
  if (requested === "a") response.cookies.delete(UI_COOKIE);
  else if (requested) {
    response.cookies.set(UI_COOKIE, requested, {
      path: "/",
      maxAge: UI_COOKIE_MAX_AGE,
      sameSite: "lax",
      httpOnly: true,
      secure: isHttps(request),
    });
  }
  return response;
}

// Pages only the operator sees (docs/contract.md, "Paths"); each page checks again itself.
const OPERATOR_PAGE_PREFIXES = ["/admin", "/base-research", "/base-ask/queue"];

function needsOperator(path: string): boolean {
  if (path === "/") return true;
  const bare = path.replace(/\/$/, "") || "/";
  if (PUBLIC_ADMIN_PATHS.has(bare)) return false;
  return OPERATOR_PAGE_PREFIXES.some((prefix) => bare === prefix || bare.startsWith(`${prefix}/`));
}

function isDecodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

function invalidPath(request: Request): Response {
  const error = new AppError("validation_failed", errorText("request.badPath"), {
    issues: [{ path: "path", message: errorText("request.badPathIssue") }],
  });
  return Response.json(errorBody(error, requestLocale(request)), { status: error.status });
}

export const config = {
  matcher: [
    // Every path but the front door's (server/api-routes.ts, API_AREAS: it
    // answers them before Next sees them), Next's own files, and the JSON
    // API areas under a variant prefix (/b/api/…): no route at all, a 404 at
    // once. A literal, as Next requires; tests/api/front-door.test.ts checks
    // it against API_AREAS.
    "/((?!_next/static|_next/image|(?:[b-l]/)?(?:api/core-ask/|api/base-ask/|api/mcp$|api/openapi\\.json$|base-scan/api/|base-research/api/|labs/api/|(?:labs|base-scan|core-ask|base-ask)/healthz$)|favicon\\.ico).*)",
  ],
};
