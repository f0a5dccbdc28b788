import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { clientNetwork } from "@/lib/http/client-address";
import { AppError, errorText } from "@/lib/http/errors";
import { readAtMost } from "@/lib/http/read-body";
import { nextCounterValue } from "@/lib/db/daily-counter";
import { offFields, readOffProduct, type OffProduct } from "@/lib/scan/off-product";
import { ensureProduct } from "@/lib/scan/products";
import { searchTextOf } from "@/lib/scan/search-text";
import { productJson } from "@/lib/scan/shapes";

// Product data from Open Food Facts (docs/open-food-facts.md): the v2
// product API, called only when someone asks (never on a plain scan), with a
// descriptive User-Agent and a timeout. Every answer — found or not found — is
// cached on the product (`off_status`, `enriched_at`) and served from there
// until `refresh` is asked for. On any failure the stored product is left as
// it was.
//
// Rate limit: OFF allows about 15 product reads a minute per IP. We count our
// calls per UTC minute in `daily_counter` (one atomic upsert), so the limit
// holds across app instances sharing a database; call 16 within a minute is
// refused with 429 and Retry-After before OFF is contacted. A fixed window is
// coarse (it allows a burst of 15), but it never exceeds OFF's budget per
// minute, needs no background timer and no process memory.
//
// Those 15 are the household's. An anonymous client (no API key, not this
// machine itself) gets a share of them, 5 a minute per address (an IPv6
// client per /64: docs/decisions/020-ipv6-and-login-budget.md),
// counted the same way under its own scope and checked first: its sixth call is refused
// before OFF is asked and before the household's count moves, so a stranger
// can spend at most a third of the budget, never all of it.
//
// What comes back is bounded too. Redirects are not followed: the product
// lives at the address we asked, and a redirect could point this server at
// any address, the household's own network included. At most
// OFF_ANSWER_MAX_BYTES of an answer are read (a product with our `fields=` is
// a few KB), so a broken or hostile server cannot fill our memory or keep us
// reading; the timeout covers the body as well as the headers.

export const OFF_USER_AGENT = "Labs/0.1 (self-hosted; household use)";
export const OFF_CALLS_PER_MINUTE = 15;
/** An anonymous client's share of OFF_CALLS_PER_MINUTE, per address (IPv6: per /64). */
export const OFF_CALLS_PER_CLIENT_PER_MINUTE = 5;
/** The most of an OFF answer we read; a product answer is a few KB. */
export const OFF_ANSWER_MAX_BYTES = 1024 * 1024;
const OFF_SCOPE = "off-calls";
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

// Only the envelope is checked here; what is inside the product is read
// field by field, whatever its shape (lib/scan/off-product.ts). OFF has sent
// `status` as a number and as a string.
const offAnswer = z.object({
  status: z.coerce.number(),
  product: z.record(z.string(), z.unknown()).optional(),
});

export type EnrichProductOptions = {
  code: string;
  refresh?: boolean;
  /** Who asks, for their share of the OFF budget: an address, or null for a trusted caller (a key, this machine). */
  client: string | null;
  /** The asker's languages, best first (their Accept-Language); the name is stored in the first OFF has. */
  languages?: readonly string[];
  now?: Date;
};

export async function enrichProduct({
  code,
  refresh = false,
  client,
  languages = [],
  now = new Date(),
}: EnrichProductOptions) {
  const existing = await db().product.findUnique({ where: { code } });
  if (existing?.offStatus && !refresh) {
    if (existing.offStatus === "not_found") throw notFound(code);
    return { product: productJson(existing), cached: true };
  }

  await acquireOffSlot({ client, now });
  const found = await fetchOffProduct({ code, languages });

  const { id } = await ensureProduct({ code });
  if (!found) {
    await db().product.update({ where: { id }, data: { offStatus: "not_found", enrichedAt: now } });
    throw notFound(code);
  }
  const current = existing ?? (await db().product.findUniqueOrThrow({ where: { id } }));
  const name = found.name || current.name;
  const brand = found.brand || current.brand;
  const product = await db().product.update({
    where: { id },
    data: {
      name,
      brand,
      quantity: found.quantity || current.quantity,
      imageUrl: found.imageUrl ?? current.imageUrl,
      categories: found.categories || current.categories,
      source: current.source === "manual" ? "manual" : "off",
      searchText: searchTextOf({ name, brand, code }),
      offStatus: "found",
      enrichedAt: now,
    },
  });
  return { product: productJson(product), cached: false };
}

export type AcquireOffSlotOptions = {
  /** An anonymous client's address (its share applies), or null for a trusted caller. */
  client: string | null;
  now?: Date;
  limit?: number;
  clientLimit?: number;
};

/**
 * Takes one of this minute's OFF calls or refuses with 429: the client's
 * share first, so a refused client leaves the household's count alone. The
 * first call of a minute drops older windows, the clients' too.
 */
export async function acquireOffSlot({
  client,
  now = new Date(),
  limit = OFF_CALLS_PER_MINUTE,
  clientLimit = OFF_CALLS_PER_CLIENT_PER_MINUTE,
}: AcquireOffSlotOptions) {
  const window = now.toISOString().slice(0, 16);
  const retryAfter = String(60 - now.getUTCSeconds());
  if (client !== null) {
    const usedByClient = await nextCounterValue({ scope: `${OFF_SCOPE}:${clientNetwork(client)}`, day: window });
    if (usedByClient > clientLimit) {
      throw new AppError(
        "rate_limited",
        errorText("scan.off.clientRateLimited", { limit: clientLimit, seconds: retryAfter }),
        { headers: { "Retry-After": retryAfter } },
      );
    }
  }
  const used = await nextCounterValue({ scope: OFF_SCOPE, day: window });
  if (used === 1) {
    await db().dailyCounter.deleteMany({
      where: { OR: [{ scope: OFF_SCOPE }, { scope: { startsWith: `${OFF_SCOPE}:` } }], day: { lt: window } },
    });
  }
  if (used <= limit) return;
  throw new AppError("rate_limited", errorText("scan.off.rateLimited", { limit, seconds: retryAfter }), {
    headers: { "Retry-After": retryAfter },
  });
}

export type FetchOffProductOptions = { code: string; languages?: readonly string[] };

/** The product as OFF knows it, or null when OFF does not know the code. Throws 502/504 otherwise. */
export async function fetchOffProduct({ code, languages = [] }: FetchOffProductOptions): Promise<OffProduct | null> {
  const url = new URL(`/api/v2/product/${encodeURIComponent(code)}.json`, env().OFF_BASE_URL);
  url.searchParams.set("fields", offFields(languages));
  // One signal for the whole exchange: headers and body alike.
  const signal = AbortSignal.timeout(env().OFF_TIMEOUT_MS);

  let status: number;
  let text: string;
  try {
    ({ status, text } = await requestOff(url, signal));
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (signal.aborted) {
      throw new AppError("upstream_timeout", errorText("scan.off.timeout", { seconds: env().OFF_TIMEOUT_MS / 1000 }), {
        cause: error,
      });
    }
    throw new AppError("upstream_failed", errorText("scan.off.unreachable"), { cause: error });
  }

  // OFF answers an unknown barcode with 404 and {"status":0}; some mirrors with 200.
  if (status !== 200 && status !== 404) {
    throw new AppError("upstream_failed", errorText("scan.off.httpStatus", { status }), {
      ...(status === 429 || status === 503 ? { headers: { "Retry-After": "60" } } : {}),
    });
  }
  let answer: z.infer<typeof offAnswer>;
  try {
    answer = offAnswer.parse(JSON.parse(text));
  } catch (error) {
    throw new AppError("upstream_failed", errorText("scan.off.unreadable"), {
      cause: error,
    });
  }
  // Status 0 is every "not found" OFF has: "product not found", "no code or invalid code".
  if (answer.status === 0) return null;
  if (answer.status !== 1 || !answer.product) {
    throw new AppError("upstream_failed", errorText("scan.off.unexpected"));
  }
  return readOffProduct(answer.product, languages);
}

/** OFF's status and body, read to at most OFF_ANSWER_MAX_BYTES; throws on a redirect or a longer answer. */
async function requestOff(url: URL, signal: AbortSignal): Promise<{ status: number; text: string }> {
  const response = await fetch(url, {
    headers: { "User-Agent": OFF_USER_AGENT, Accept: "application/json" },
    redirect: "manual",
    signal,
  });
  if (REDIRECT_STATUSES.has(response.status)) {
    await response.body?.cancel();
    throw new AppError("upstream_failed", errorText("scan.off.redirect", { status: response.status }), {
      cause: new Error(`OFF redirected ${url.pathname} to ${response.headers.get("location") ?? "nowhere"}`),
    });
  }
  const bytes = await readAtMost(response, OFF_ANSWER_MAX_BYTES);
  if (bytes === null) {
    throw new AppError("upstream_failed", errorText("scan.off.tooLarge", { mib: OFF_ANSWER_MAX_BYTES / 1024 / 1024 }));
  }
  return { status: response.status, text: new TextDecoder().decode(bytes) };
}

function notFound(code: string): AppError {
  return new AppError("not_found", errorText("scan.off.unknownBarcode", { code }));
}
