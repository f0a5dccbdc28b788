import { findActiveApiKey, type KeyCaller } from "@/lib/auth/api-keys";
import { recordApiUsage } from "@/lib/auth/api-usage";
import { consumeRateLimit, type RateLimitResult } from "@/lib/auth/rate-limit";
import { clientAddress } from "@/lib/http/client-address";
import { AppError, errorText } from "@/lib/http/errors";

// Requests made with an API key, from the moment the key is known until the
// answer is sent: the request core (lib/http/request-core.ts) finishes them
// with finishKeyedRequest, which adds the rate-limit headers and writes the
// usage line. Keyed by the Request object, so nothing outlives the request.
const keyedRequests = new WeakMap<
  Request,
  {
    caller: KeyCaller;
    /** The plan's count, once taken (a suspended account's key never counts). */
    rate?: RateLimitResult;
    /** An account's credits after this call was charged (lib/accounts/credits.ts). */
    credits?: CreditsLeft;
    at: Date;
    operation?: string;
    status?: number;
  }
>();

/** What an account has left after a charge, for the answer's headers. */
export type CreditsLeft = { remaining: number; resetsAt: Date; perMonth: number };

/** The token of `Authorization: Bearer <token>`, or null for any other scheme. */
export function bearerToken(authorization: string): string | null {
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] ?? null;
}

/**
 * Checks a bearer token and counts the request against its key's plan:
 * unknown or revoked → 401 `unauthorized`, its account suspended → 403
 * `forbidden`, over the plan → 429 `rate_limited` with Retry-After. Either
 * way a known key's request is logged.
 */
export async function authenticateApiKey(request: Request, token: string | null): Promise<KeyCaller> {
  const at = new Date();
  const caller = token ? await findActiveApiKey(token) : null;
  if (!caller) throw new AppError("unauthorized", errorText("auth.unknownKey"));
  if (caller.suspended) {
    keyedRequests.set(request, { caller, at });
    throw new AppError("forbidden", errorText("auth.accountSuspended"));
  }
  const rate = await consumeRateLimit({
    keyId: caller.keyId,
    accountId: caller.accountId,
    limit: caller.requestsPerMinute,
  });
  keyedRequests.set(request, { caller, rate, at });
  if (!rate.allowed) {
    throw new AppError(
      "rate_limited",
      errorText("auth.keyRateLimited", { limit: rate.limit, seconds: rate.resetSeconds }),
      { headers: { "retry-after": String(rate.resetSeconds) } },
    );
  }
  return caller;
}

/** Notes an account's credits after this request's charge, for its headers. */
export function noteCreditsLeft(request: Request, credits: CreditsLeft): void {
  const keyed = keyedRequests.get(request);
  if (keyed) keyed.credits = credits;
}

/**
 * Names what a keyed request did when its path alone does not say: an MCP
 * call is logged as `/api/mcp#claim_todo`, so the usage log shows an agent's
 * tool calls like its JSON requests. `status` is what the call came to when
 * the HTTP answer cannot say it (a refused tool call is a tool error inside
 * a 200): the line shows what the JSON door would have answered.
 */
export function nameKeyedOperation(request: Request, operation: string, status?: number): void {
  const keyed = keyedRequests.get(request);
  if (!keyed) return;
  keyed.operation = operation;
  keyed.status = status;
}

/**
 * Call with the answer of any request that may carry a key: adds the
 * rate-limit headers and logs the request once the answer is on its way, so
 * logging never delays or breaks it.
 */
export function finishKeyedRequest(request: Request, response: Response): Response {
  const keyed = keyedRequests.get(request);
  if (!keyed) return response;
  keyedRequests.delete(request);
  const { caller, rate, credits, at, operation, status } = keyed;
  try {
    if (rate) setRateHeaders(response.headers, rate, credits);
  } catch {
    // Response.redirect() answers have immutable headers; the log still counts.
  }
  const { pathname } = new URL(request.url);
  runAfterResponse(() =>
    recordApiUsage({
      keyId: caller.keyId,
      method: request.method,
      path: operation ? `${pathname}#${operation}` : pathname,
      status: status ?? response.status,
      client: clientAddress(request),
      at,
    }),
  );
  return response;
}

/**
 * The plan's count in the headers clients read: X-RateLimit-* as before, the
 * IETF RateLimit and RateLimit-Policy fields (draft-ietf-httpapi-ratelimit-headers),
 * and for an account's key its credits as a second policy and X-Credits-Remaining.
 */
function setRateHeaders(headers: Headers, rate: RateLimitResult, credits: CreditsLeft | undefined): void {
  headers.set("x-ratelimit-limit", String(rate.limit));
  headers.set("x-ratelimit-remaining", String(rate.remaining));
  headers.set("x-ratelimit-reset", String(rate.resetSeconds));
  const policies = [`"minute";q=${rate.limit};w=60`];
  const limits = [`"minute";r=${rate.remaining};t=${rate.resetSeconds}`];
  if (credits) {
    const seconds = Math.max(0, Math.ceil((credits.resetsAt.getTime() - Date.now()) / 1000));
    policies.push(`"credits";q=${credits.perMonth};w=${MONTH_SECONDS}`);
    limits.push(`"credits";r=${credits.remaining};t=${seconds}`);
    headers.set("x-credits-remaining", String(credits.remaining));
  }
  headers.set("ratelimit-policy", policies.join(", "));
  headers.set("ratelimit", limits.join(", "));
}

const MONTH_SECONDS = 30 * 24 * 3600;

/**
 * Once the answer is on its way: the task runs on a later turn of the event
 * loop, after the handler has returned its response, and is not awaited.
 * (Next's after() works only inside Next's own request handling; the front
 * door is not, server/front-door.ts.)
 */
export function runAfterResponse(task: () => Promise<unknown>): void {
  setImmediate(
    () =>
      void task().then(
        () => undefined,
        (error: unknown) => console.error("[after response]", error),
      ),
  );
}
