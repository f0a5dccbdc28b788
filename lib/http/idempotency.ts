import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { AppError, errorText } from "@/lib/http/errors";

// Writes a key may retry (draft-ietf-httpapi-idempotency-key-header): an
// agent that lost the answer to a write sends it again with the same
// `Idempotency-Key` and gets the first answer back, with
// `Idempotent-Replayed: true`, instead of a second write and, for an
// account's key, a second charge (docs/decisions/034-accounts-and-credits.md).

/** How long an answer is kept for a retry. */
export const IDEMPOTENCY_HOURS = 24;
/**
 * A claim with no answer after this long was left by a server that stopped
 * mid-write (no request runs longer: docs/contract.md, "Limits"); a retry
 * takes it over instead of waiting a day.
 */
export const ABANDONED_MINUTES = 5;
const TOKEN_MAX = 255;

/**
 * Runs a write (`run`) once per key and Idempotency-Key: the first request
 * claims the pair with one INSERT (its primary key orders parallel requests
 * on any instance), runs and keeps its answer if it succeeded; a retry with
 * the same method, path and body is answered with the kept one without
 * running; the same key with another request is 422
 * `idempotency_key_reused`, and a retry while the first still runs 409
 * `conflict`. A write that fails keeps nothing, so its retry runs again.
 * Without the header, or without a key, it just runs it.
 *
 * At most once within ABANDONED_MINUTES, at least once after: a server that
 * stops mid-write leaves a claim a later retry takes over, and whether the
 * first write committed is not known then. Each claim is a random id, so a
 * request taken over late can neither store its answer over the new one nor
 * let go of the new claim.
 */
export async function runIdempotently(options: {
  request: Request;
  keyId: number | null;
  body: unknown;
  run: () => Promise<Response>;
}): Promise<Response> {
  const { request, keyId, body, run } = options;
  const token = request.headers.get("idempotency-key");
  if (keyId === null || token === null) return run();
  if (!token.trim() || token.length > TOKEN_MAX) {
    throw new AppError("validation_failed", errorText("request.idempotencyKeyInvalid", { max: TOKEN_MAX }));
  }
  const fingerprint = createHash("sha256")
    .update(`${request.method} ${new URL(request.url).pathname}\n${JSON.stringify(body ?? null)}`)
    .digest("hex");
  const claim = randomUUID();
  // A pair whose answer is older than the window is claimed again, as new;
  // one whose first request was abandoned, by a retry of the same request.
  const claimed = await db().$queryRaw<unknown[]>`
    INSERT INTO idempotent_request (key_id, token, fingerprint, claim)
    VALUES (${keyId}, ${token}, ${fingerprint}, ${claim})
    ON CONFLICT (key_id, token) DO UPDATE
      SET fingerprint = EXCLUDED.fingerprint, claim = EXCLUDED.claim, status = NULL, body = NULL, created_at = now()
      WHERE idempotent_request.created_at <= now() - make_interval(hours => ${IDEMPOTENCY_HOURS}::int)
         OR (idempotent_request.status IS NULL AND idempotent_request.fingerprint = EXCLUDED.fingerprint
             AND idempotent_request.created_at <= now() - make_interval(mins => ${ABANDONED_MINUTES}::int))
    RETURNING 1`;
  if (claimed.length === 0) return keptAnswer(keyId, token, fingerprint);
  let response: Response;
  try {
    response = await run();
  } catch (error) {
    await letGo(keyId, token, claim);
    throw error;
  }
  if (!response.ok) {
    await letGo(keyId, token, claim);
    return response;
  }
  try {
    await db().$executeRaw`
      UPDATE idempotent_request SET status = ${response.status}, body = ${await response.clone().text()}
      WHERE key_id = ${keyId} AND token = ${token} AND claim = ${claim}`;
  } catch (error) {
    // The write is done (and paid for): its answer goes out even when keeping
    // it failed; a retry then finds the claim running, until it is abandoned.
    console.error("[idempotency] keeping an answer failed:", error);
  }
  return response;
}

async function keptAnswer(keyId: number, token: string, fingerprint: string): Promise<Response> {
  const kept = await db().idempotentRequest.findUnique({
    where: { keyId_token: { keyId, token } },
    select: { fingerprint: true, status: true, body: true },
  });
  if (kept && kept.fingerprint !== fingerprint) {
    throw new AppError("idempotency_key_reused", errorText("request.idempotencyKeyReused"));
  }
  // Still running (or it failed and let go of the pair a moment ago): try again.
  if (!kept || kept.status === null || kept.body === null) {
    throw new AppError("conflict", errorText("request.idempotencyKeyRunning"));
  }
  return new Response(kept.body, {
    status: kept.status,
    headers: { "content-type": "application/json", "idempotent-replayed": "true" },
  });
}

/** Gives up this request's claim, and only its own. */
async function letGo(keyId: number, token: string, claim: string): Promise<void> {
  await db().idempotentRequest.deleteMany({ where: { keyId, token, claim } });
}

/**
 * Deletes the answers kept past the window, in one statement on the
 * created_at index; returns how many went. The usage log's pruning runs it
 * (lib/auth/api-usage.ts), so no sweep of its own is scheduled.
 */
export async function pruneIdempotentAnswers({ now = new Date() }: { now?: Date } = {}): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_HOURS * 3_600_000);
  const { count } = await db().idempotentRequest.deleteMany({ where: { createdAt: { lte: cutoff } } });
  return count;
}
