import { createTranslator } from "use-intl/core";
import type { z } from "zod";
import { reserveAnonymousText } from "@/lib/auth/anonymous-text";
import type { AuthPolicy, OperatorCaller } from "@/lib/auth/authenticate";
import type { Origin } from "@/lib/auth/origin";
import type { ApiScope } from "@/lib/auth/scopes";
import { errorResponse, type AppError } from "@/lib/http/errors";
import { escapeHtml } from "@/lib/http/hand-made-page";
import { localPath } from "@/lib/http/local-path";
import { readFormOrJson } from "@/lib/http/read-body";
import { handleRequest } from "@/lib/http/request-core";
import { parseInput } from "@/lib/http/route";
import { requestLocale, type Locale } from "@/lib/i18n/locales";
import { messagesFor } from "@/lib/i18n/messages";

// Form posts of the HTML pages (docs/contract.md, "Ask": routes without /api answer HTML).
// Same auth as the JSON routes (cookie with the same-origin check, or an API
// key); success is a 303 back to the page, so they work with JavaScript off.
// A refusal is a small readable page for a browser, the JSON envelope for
// anything else (agents, tests that send no Accept: text/html).

export type FormRouteSpec<P extends z.ZodType, B extends z.ZodType> = {
  auth: AuthPolicy;
  /** The API-key scope that lets a key in (see route()). */
  scope?: ApiScope;
  summary: string;
  params?: P;
  body?: B;
  /** The page a refusal links back to before the route's params are known. */
  home: string;
  /** Where to go back to when the form names no (valid) `back` path. */
  back: (params: z.output<P>) => string;
};

type FormContext<P extends z.ZodType, B extends z.ZodType> = {
  request: Request;
  params: z.output<P>;
  body: z.output<B>;
  caller: OperatorCaller | null;
  /** Who is writing (lib/auth/origin.ts). */
  origin: Origin;
};

type NextRouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

export type FormRouteHandler = ((request: Request, context: NextRouteContext) => Promise<Response>) & {
  auth: AuthPolicy;
  scope?: ApiScope;
  kind: "form";
  summary: string;
};

/** The handler returns a short notice for the page ("Claimed #12."), or nothing. */
export function formRoute<P extends z.ZodType = z.ZodUnknown, B extends z.ZodType = z.ZodUnknown>(
  spec: FormRouteSpec<P, B>,
  handler: (context: FormContext<P, B>) => Promise<string | void>,
): FormRouteHandler {
  const wrapped = (request: Request, context: NextRouteContext) => {
    let back = spec.home;
    return handleRequest(
      request,
      { auth: spec.auth, scope: spec.scope },
      async (caller, origin) => {
        const params = spec.params ? parseInput(spec.params, await context.params, "params") : undefined;
        back = spec.back(params as z.output<P>);
        const fields = await readFormOrJson(request);
        back = localPath((fields as { back?: unknown } | null)?.back) ?? back;
        const body = spec.body ? parseInput(spec.body, fields, "body") : undefined;
        await reserveAnonymousText({ origin, input: body });
        const notice = await handler({ request, params, body, caller, origin } as FormContext<P, B>);
        return new Response(null, { status: 303, headers: { location: withNotice(back, notice) } });
      },
      (error) => (wantsHtml(request) ? errorPage(error, back, requestLocale(request)) : errorResponse(error, request)),
    );
  };
  return Object.assign(wrapped, { auth: spec.auth, scope: spec.scope, kind: "form" as const, summary: spec.summary });
}

/** `back` (already a local path) with the notice in its query, before any #fragment. */
function withNotice(back: string, notice: string | void): string {
  if (!notice) return back;
  const url = new URL(back, "http://labs.invalid");
  url.searchParams.set("notice", notice);
  return `${url.pathname}${url.search}${url.hash}`;
}

function wantsHtml(request: Request): boolean {
  return (request.headers.get("accept") ?? "").includes("text/html");
}

function errorPage(error: AppError, back: string, locale: Locale): Response {
  const t = createTranslator({ locale, messages: messagesFor(locale), namespace: "common.errorPage" });
  const login =
    error.code === "unauthorized"
      ? `<p><a href="/admin/login?next=${encodeURIComponent(back)}">${escapeHtml(t("login"))}</a></p>`
      : "";
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t("title"))} · Labs</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#0f172a}
h1{font-size:1.4rem}a{color:#1d4ed8;display:inline-block;padding:.5rem 0}.code{color:#475569;font-size:.85rem}</style>
</head><body><main>
<h1>${escapeHtml(t("title"))}</h1>
<p role="alert">${escapeHtml(error.messageIn(locale))}</p>
<p class="code">${error.status} ${escapeHtml(error.code)}</p>
${login}<p><a href="${escapeHtml(back)}">${escapeHtml(t("back"))}</a></p>
</main></body></html>`;
  return new Response(html, {
    status: error.status,
    headers: { "content-type": "text/html; charset=utf-8", ...error.headers },
  });
}
