import type { z } from "zod";
import { chargeCall } from "@/lib/accounts/credits";
import { reserveAnonymousText } from "@/lib/auth/anonymous-text";
import { consumeAnonymousWrite } from "@/lib/auth/anonymous-writes";
import type { Access, AuthPolicy } from "@/lib/auth/authenticate";
import { recordApiUsage } from "@/lib/auth/api-usage";
import { runAfterResponse } from "@/lib/auth/keyed-request";
import { originLabel, type Origin } from "@/lib/auth/origin";
import type { AccountScope, ApiScope } from "@/lib/auth/scopes";
import { clientAddress } from "@/lib/http/client-address";
import { errorResponse, type AppError } from "@/lib/http/errors";
import { readJsonBody } from "@/lib/http/read-body";
import { runIdempotently } from "@/lib/http/idempotency";
import { handleRequest, type Caller } from "@/lib/http/request-core";
import { validationError } from "@/lib/http/to-app-error";
import { undeclaredFields } from "@/lib/http/wire";

export type RouteSpec<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = {
  /** Who may call it: `anyone`, the household (`public`) or the `operator` (lib/auth/authenticate.ts). */
  auth: AuthPolicy;
  /** The API-key scope that lets the operator's keys in; without one, they are not taken here. */
  scope?: ApiScope;
  /**
   * The account scope that lets an account's keys in (phase 2); without one,
   * they are not taken here. Never on a route that reaches the household's
   * own data (docs/decisions/034-accounts-and-credits.md).
   */
  accountScope?: AccountScope;
  /** What a call with an account's key costs, in credits (default 1). */
  credits?: number;
  /**
   * A write a key may retry with `Idempotency-Key`: the retry gets the first
   * answer back instead of writing (and costing) twice (lib/http/idempotency.ts).
   */
  idempotent?: true;
  /**
   * An action the usage log keeps whoever takes it, with a cookie as with a
   * key (accounts and plans): a key's calls are logged anyway, and a line
   * without one names its actor (lib/auth/api-usage.ts).
   */
  logged?: true;
  /** An operator route an account may also call about itself, with its `labs_account` cookie. */
  accountSelf?: true;
  /** One line for the API reference (GET /api/openapi.json). */
  summary?: string;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * The handler reads the body itself (multipart uploads); no JSON parsing
   * here. With `body` beside it, that schema says what the JSON fields are:
   * the API reference shows it, and another door (an MCP tool) hands the
   * handler those fields parsed, where this one hands it `body` undefined.
   */
  rawBody?: true;
  /** For the API reference: what a raw body is (its media types) and the most it may be. */
  upload?: { types: string[]; description: string; limit?: string };
  /** The success status (default 200): used for a plain object result and in the API reference. */
  status?: number;
  /**
   * The success body, for the API reference. With LABS_CHECK_RESPONSES=1 (the
   * test servers set it) every 2xx JSON answer is checked against it, so the
   * reference cannot drift from what the handler really sends.
   */
  response?: z.ZodType;
  /** The success body is a stored file with its own content type, not JSON (attachments). */
  file?: true;
  /** The success body is a stream of Server-Sent Events (text/event-stream), not JSON. */
  eventStream?: true;
  /**
   * Refuse a GET from another site's page as a write is refused (the
   * backup's download): a cross-site navigation carries the operator's cookie.
   */
  sameOriginReads?: true;
};

const BODYLESS_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export type HandlerContext<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = {
  request: Request;
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
  /** Operator routes: who called. Public routes: the API key if one was sent, else null. */
  caller: Caller;
  /** Who is writing, as recorded with what they write (lib/auth/origin.ts). */
  origin: Origin;
};

type NextRouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

export type RouteHandler = ((request: Request, context: NextRouteContext) => Promise<Response>) & {
  auth: AuthPolicy;
  scope?: ApiScope;
  accountScope?: AccountScope;
  spec: RouteSpec<z.ZodType, z.ZodType, z.ZodType>;
  /**
   * The handler behind the HTTP wrapping, for another door onto the same
   * operation (the MCP tools, lib/mcp/route-tool.ts): it takes input already
   * parsed by the spec's schemas and a caller already authenticated.
   */
  handle: (context: HandlerContext<z.ZodType, z.ZodType, z.ZodType>) => Promise<Response | object> | Response | object;
  /** A refusal that comes before auth and parsing (the research browser guard), else null. */
  guard?: (request: Request) => AppError | null;
};

/**
 * The one wrapper every route handler goes through: auth, then params, query
 * and body parsed by their zod schemas, then the handler; whatever is thrown
 * becomes the error envelope. A plain object returned is sent as JSON, with
 * `ok: true` added (the envelope's success half, written here once).
 */
export function route<
  P extends z.ZodType = z.ZodUnknown,
  Q extends z.ZodType = z.ZodUnknown,
  B extends z.ZodType = z.ZodUnknown,
>(
  spec: RouteSpec<P, Q, B>,
  handler: (context: HandlerContext<P, Q, B>) => Promise<Response | object> | Response | object,
): RouteHandler {
  const access: Access = {
    auth: spec.auth,
    scope: spec.scope,
    accountScope: spec.accountScope,
    accountSelf: spec.accountSelf,
    sameOriginReads: spec.sameOriginReads,
  };
  // What every door answers: a plain object is a success, and says so.
  const handle = async (context: HandlerContext<P, Q, B>) => {
    const result = await handler(context);
    return result instanceof Response ? result : { ok: true, ...result };
  };
  const wrapped = async (request: Request, context: NextRouteContext) => {
    // Who took a logged action with a cookie, and when, once the auth check let them in.
    let action: { actor: string; at: Date } | null = null;
    const response = await handleRequest(
      request,
      access,
      async (caller, origin) => {
        if (spec.logged && caller?.kind !== "key") {
          // Anyone may sign up, so an account's signed-in actions are counted
          // like a stranger's writes: none fills the log (a refusal is not logged).
          if (caller?.kind === "account") await consumeAnonymousWrite(originLabel(origin));
          action = { actor: originLabel(origin), at: new Date() };
        }
        const params = spec.params ? parseInput(spec.params, await context.params, "params") : undefined;
        const query = spec.query
          ? parseInput(spec.query, Object.fromEntries(new URL(request.url).searchParams), "query")
          : undefined;
        let body: unknown;
        if (spec.rawBody) body = undefined;
        else if (spec.body) body = parseInput(spec.body, await readJsonBody(request), "body");
        // A write without fields still refuses a malformed or oversized body,
        // so every POST answers bad input the same way.
        else if (!BODYLESS_METHODS.has(request.method)) await readJsonBody(request);
        // The text a stranger's write stores counts against its day (lib/auth/anonymous-text.ts).
        await reserveAnonymousText({ origin, input: body });
        const run = async () => {
          // An account's key pays for the call now that it will run, not before
          // (a refusal above costs nothing; a retry answered from idempotency, nothing either).
          await chargeCall(request, caller, spec.credits);
          const result = await handle({ request, params, query, body, caller, origin } as HandlerContext<P, Q, B>);
          const response = result instanceof Response ? result : Response.json(result, { status: spec.status ?? 200 });
          if (spec.response && process.env.LABS_CHECK_RESPONSES === "1") await checkResponse(spec, response);
          return response;
        };
        if (!spec.idempotent) return run();
        return runIdempotently({ request, keyId: caller?.kind === "key" ? caller.keyId : null, body, run });
      },
      errorResponse,
    );
    if (action) logAction(request, response, action);
    return response;
  };
  return Object.assign(wrapped, {
    auth: spec.auth,
    scope: spec.scope,
    accountScope: spec.accountScope,
    spec: spec as RouteSpec<z.ZodType, z.ZodType, z.ZodType>,
    handle: handle as RouteHandler["handle"],
  });
}

/**
 * Handlers that answer HTML or redirects of their own (the login form):
 * the same pipeline as route(), with their own `refuse`. `.auth` is read by
 * the auth-policy test.
 */
export function htmlRoute(
  access: Access,
  run: (request: Request, caller: Caller) => Promise<Response> | Response,
  refuse: (error: AppError, request: Request) => Response = errorResponse,
): ((request: Request) => Promise<Response>) & Access {
  const wrapped = (request: Request) => handleRequest(request, access, async (caller) => run(request, caller), refuse);
  return Object.assign(wrapped, { auth: access.auth, scope: access.scope });
}

function logAction(request: Request, response: Response, { actor, at }: { actor: string; at: Date }): void {
  runAfterResponse(() =>
    recordApiUsage({
      keyId: null,
      actor,
      method: request.method,
      path: new URL(request.url).pathname,
      status: response.status,
      client: clientAddress(request),
      at,
    }),
  );
}

/**
 * Test servers only: a success body that does not match its declared schema,
 * or sends a field the schema does not name, is a bug → 500. So the API
 * reference says all an answer holds, and no shape leaks a column by accident.
 */
async function checkResponse(spec: { response?: z.ZodType; status?: number }, response: Response): Promise<void> {
  if (!spec.response || !response.ok || !response.headers.get("content-type")?.includes("json")) return;
  if (spec.status && response.status !== spec.status) {
    throw new Error(`answered ${response.status}, but its spec declares ${spec.status}`);
  }
  const sent: unknown = await response.clone().json();
  const result = spec.response.safeParse(sent);
  if (!result.success) {
    throw new Error(`response does not match its schema: ${JSON.stringify(result.error.issues.slice(0, 5))}`);
  }
  const undeclared = undeclaredFields(sent, result.data);
  if (undeclared.length > 0)
    throw new Error(`response sends fields its schema does not name: ${undeclared.join(", ")}`);
}

export function parseInput<S extends z.ZodType>(schema: S, input: unknown, where: string): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error, where === "body" ? undefined : where);
  return result.data;
}
