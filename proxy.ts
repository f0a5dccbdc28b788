// Redirects, rewrites and a convenience login redirect for pages. Never the
// security boundary: every operator route checks the session itself
// (lib/auth/require-operator.ts). Security headers come from next.config.ts so
// they also cover the API paths this proxy does not run on.
import { NextResponse, type NextRequest } from "next/server";
import { isOperatorSeal, SESSION_COOKIE } from "@/lib/auth/session";
import { parseVariant, splitVariantPath, UI_HEADER, UI_PREFIX_HEADER } from "@/lib/labs/variants";

const PUBLIC_ADMIN_PATHS = new Set(["/admin/login", "/admin/logout"]);

export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;

  if (pathname === "/api/legacy-ask/log") {
    return NextResponse.redirect(new URL(`/api/base-ask/log${search}`, request.url), 308);
  }
  if (request.method === "GET" && (pathname === "/legacy-ask" || pathname === "/legacy-ask/")) {
    return NextResponse.redirect(new URL(`/base-ask/${search}`, request.url), 308);
  }

  const prefixed = splitVariantPath(pathname);
  const path = prefixed?.path ?? pathname;
  const variant = prefixed?.variant ?? parseVariant(request.headers.get(UI_HEADER));

  if (needsOperator(path) && !(await isOperatorSeal(request.cookies.get(SESSION_COOKIE)?.value))) {
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

  const response = prefixed
    ? NextResponse.rewrite(new URL(`${path}${search}`, request.url), { request: { headers: requestHeaders } })
    : NextResponse.next({ request: { headers: requestHeaders } });
  if (variant) response.headers.set("X-UI-Version", variant);
  return response;
}

// Pages only the operator sees (DESIGN §2); each page checks again itself.
const OPERATOR_PAGE_PREFIXES = ["/admin", "/base-research", "/base-ask/queue"];

function needsOperator(path: string): boolean {
  if (path === "/") return true;
  const bare = path.replace(/\/$/, "") || "/";
  if (PUBLIC_ADMIN_PATHS.has(bare)) return false;
  return OPERATOR_PAGE_PREFIXES.some((prefix) => bare === prefix || bare.startsWith(`${prefix}/`));
}

export const config = {
  // JSON APIs are left out: the proxy would buffer their bodies (up to 10 MB)
  // before our own size limits could refuse them, and they need none of this.
  matcher: [
    "/((?!_next/static|_next/image|api/core-ask|api/base-ask|base-scan/api|base-research/api|labs/api|favicon\\.ico).*)",
  ],
};
